import type { StoredImage } from '../images/storedImage';
import type { EventSettings } from './eventSettings';

/**
 * The published shape of what the events module records: the event types, their union and list, and the
 * stream they live in. Projections and reactors read these; recorded events never change shape or name
 * (a new shape is a new type, docs/adding-a-feature.md).
 */

/** The event people attend (not to be confused with the event-sourcing events it is made of). */
export type EventStatus = 'DRAFT' | 'LIVE' | 'ARCHIVED';

export interface EventLocation {
  venueName: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  stateOrRegion: string | null;
  zipOrPostalCode: string | null;
  country: string | null;
}

export interface EventDetails {
  title: string;
  /** Sanitised HTML (the route sanitises before the command). */
  description: string | null;
  /** UTC instants as ISO strings; shown in the event's time zone. */
  startDate: string;
  endDate: string | null;
  timezone: string;
  currency: string;
  isOnline: boolean;
  location: EventLocation | null;
  /** How online attendees join (sanitised HTML); recorded only since organizers arrived, so optional in old events. */
  onlineConnectionDetails?: string | null;
  /** A custom map link shown with the location. */
  mapUrl?: string | null;
}

export type EventImageType = 'EVENT_COVER';

export type EventImage = StoredImage<EventImageType>;

/** What a duplicate copies; tickets and the rest are recorded as asked until those features exist. */
export interface DuplicateOptions {
  tickets: boolean;
  questions: boolean;
  promoCodes: boolean;
  capacityAssignments: boolean;
  checkInLists: boolean;
  settings: boolean;
  images: boolean;
}

export const eventStream = (eventId: string): string => `event-${eventId}`;

export type EventCreated = {
  type: 'EventCreated';
  data: EventDetails & {
    eventId: string;
    accountId: string;
    organizerId: string | null;
    slug: string;
    createdAt: string;
    /** Absent in events recorded before settings existed: those read as the defaults. */
    settings?: EventSettings;
    duplicatedFrom?: { eventId: string; requested: DuplicateOptions };
  };
};
export type EventDetailsUpdated = {
  type: 'EventDetailsUpdated';
  data: {
    eventId: string;
    changes: Partial<EventDetails> & { slug?: string; organizerId?: string };
    updatedAt: string;
  };
};
export type EventSettingsUpdated = {
  type: 'EventSettingsUpdated';
  data: { eventId: string; changes: Partial<EventSettings>; updatedAt: string };
};
export type EventImageUploaded = {
  type: 'EventImageUploaded';
  data: { eventId: string; image: EventImage; replacedImageId: string | null };
};
export type EventImageRemoved = {
  type: 'EventImageRemoved';
  data: { eventId: string; imageId: string; removedAt: string };
};
export type EventPublished = { type: 'EventPublished'; data: { eventId: string; publishedAt: string } };
export type EventMovedToDraft = { type: 'EventMovedToDraft'; data: { eventId: string; movedAt: string } };
export type EventArchived = {
  type: 'EventArchived';
  data: { eventId: string; previousStatus: EventStatus; archivedAt: string };
};
export type EventRestored = { type: 'EventRestored'; data: { eventId: string; restoredAt: string } };
export type EventDeleted = {
  type: 'EventDeleted';
  data: { eventId: string; accountId: string; deletedAt: string };
};

export type EventEvent =
  | EventCreated
  | EventDetailsUpdated
  | EventSettingsUpdated
  | EventImageUploaded
  | EventImageRemoved
  | EventPublished
  | EventMovedToDraft
  | EventArchived
  | EventRestored
  | EventDeleted;

export const eventEventTypes: readonly EventEvent['type'][] = [
  'EventCreated',
  'EventDetailsUpdated',
  'EventSettingsUpdated',
  'EventImageUploaded',
  'EventImageRemoved',
  'EventPublished',
  'EventMovedToDraft',
  'EventArchived',
  'EventRestored',
  'EventDeleted',
];
