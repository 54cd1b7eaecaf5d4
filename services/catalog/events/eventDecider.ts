import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import { replacingSameKind } from '../images/storedImage';
import { isWebAddress } from '../webAddress';
import type { DuplicateOptions, EventDetails, EventEvent, EventImage, EventStatus } from './eventEvents';
import { checkSettings, defaultEventSettings, type EventSettings } from './eventSettings';

/** Decisions of the events module: commands, the state they are decided on, and the status machine. */

// ---------- commands

export type CreateEvent = {
  type: 'CreateEvent';
  eventId: string;
  accountId: string;
  organizerId: string;
  details: EventDetails;
  /** The account's event defaults, resolved by the caller. */
  settings: EventSettings;
  now: Date;
};
/** The copy's own stream: what to copy comes from the source's state, read by the caller. */
export type DuplicateEvent = {
  type: 'DuplicateEvent';
  eventId: string;
  accountId: string;
  source: {
    eventId: string;
    organizerId: string | null;
    details: EventDetails;
    settings: EventSettings;
    images: readonly EventImage[];
  };
  title: string;
  startDate: string;
  endDate: string | null;
  copy: DuplicateOptions;
  /** Settings used when `copy.settings` is false (the account's defaults). */
  defaultSettings: EventSettings;
  /** One new id per source image. */
  imageIds: readonly string[];
  now: Date;
};
export type UpdateEventDetails = {
  type: 'UpdateEventDetails';
  eventId: string;
  changes: Partial<EventDetails> & { organizerId?: string };
  now: Date;
};
export type UpdateEventSettings = {
  type: 'UpdateEventSettings';
  eventId: string;
  changes: Partial<EventSettings>;
  now: Date;
};
export type UploadEventImage = {
  type: 'UploadEventImage';
  eventId: string;
  image: Omit<EventImage, 'uploadedAt'>;
  now: Date;
};
export type RemoveEventImage = { type: 'RemoveEventImage'; eventId: string; imageId: string; now: Date };
/** What publishing needs to know besides the event: advisory facts the route reads and passes in. */
export interface PublishFacts {
  /** Whether the acting user's email address is verified. */
  emailVerified: boolean;
  /** The event's ticket count, or null while the platform has no tickets feature to count them in. */
  ticketCount: number | null;
}
/** The one status command: the decider picks publish, draft, archive or restore from the current status. */
export type ChangeEventStatus = PublishFacts & {
  type: 'ChangeEventStatus';
  eventId: string;
  to: EventStatus;
  now: Date;
};
/**
 * The earlier one-way commands, kept only because projection tests (projections/events) still build their
 * histories with them; they are decided by the same status machine. New code sends ChangeEventStatus.
 */
export type PublishEvent = PublishFacts & { type: 'PublishEvent'; eventId: string; now: Date };
export type MoveEventToDraft = { type: 'MoveEventToDraft'; eventId: string; now: Date };
export type ArchiveEvent = { type: 'ArchiveEvent'; eventId: string; now: Date };
export type RestoreEvent = { type: 'RestoreEvent'; eventId: string; now: Date };
export type DeleteEvent = { type: 'DeleteEvent'; eventId: string; orderCount: number; now: Date };

export type EventCommand =
  | CreateEvent
  | DuplicateEvent
  | UpdateEventDetails
  | UpdateEventSettings
  | UploadEventImage
  | RemoveEventImage
  | ChangeEventStatus
  | PublishEvent
  | MoveEventToDraft
  | ArchiveEvent
  | RestoreEvent
  | DeleteEvent;

// ---------- state

export interface ExistingEvent {
  exists: true;
  accountId: string;
  organizerId: string | null;
  status: EventStatus;
  details: EventDetails;
  slug: string;
  settings: EventSettings;
  images: readonly EventImage[];
}

export type EventState = { exists: false; deleted?: boolean } | ExistingEvent;

const withDetailDefaults = (details: EventDetails): EventDetails => ({
  ...details,
  onlineConnectionDetails: details.onlineConnectionDetails ?? null,
  mapUrl: details.mapUrl ?? null,
});

export const eventDecider: Decider<EventCommand, EventEvent, EventState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    if (event.type === 'EventCreated') {
      const {
        eventId: _eventId,
        accountId,
        organizerId,
        slug,
        createdAt: _createdAt,
        settings,
        duplicatedFrom: _duplicatedFrom,
        ...details
      } = event.data;
      return {
        exists: true,
        accountId,
        organizerId,
        status: 'DRAFT',
        details: withDetailDefaults(details),
        slug,
        settings: { ...defaultEventSettings, ...settings },
        images: [],
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'EventDetailsUpdated': {
        const { slug, organizerId, ...changes } = event.data.changes;
        return {
          ...state,
          details: { ...state.details, ...changes },
          slug: slug ?? state.slug,
          organizerId: organizerId ?? state.organizerId,
        };
      }
      case 'EventSettingsUpdated':
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      case 'EventImageUploaded': {
        const kept = state.images.filter((image) => image.imageId !== event.data.replacedImageId);
        return { ...state, images: [...kept, event.data.image] };
      }
      case 'EventImageRemoved':
        return { ...state, images: state.images.filter((image) => image.imageId !== event.data.imageId) };
      case 'EventPublished':
        return { ...state, status: 'LIVE' };
      case 'EventMovedToDraft':
      case 'EventRestored':
        return { ...state, status: 'DRAFT' };
      case 'EventArchived':
        return { ...state, status: 'ARCHIVED' };
      case 'EventDeleted':
        return { exists: false, deleted: true };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateEvent' || command.type === 'DuplicateEvent') {
      if (state.exists || state.deleted) refuse('event_already_exists');
      return command.type === 'CreateEvent' ? create(command) : duplicate(command);
    }
    if (!state.exists) refuse('event_not_found');
    const at = command.now.toISOString();
    switch (command.type) {
      case 'UpdateEventDetails': {
        if (state.status === 'ARCHIVED') refuse('event_archived');
        const changes = changedFields<EventDetails & { organizerId?: string }>(
          { ...state.details, ...(state.organizerId === null ? {} : { organizerId: state.organizerId }) },
          command.changes,
        );
        if (Object.keys(changes).length === 0) return [];
        const { organizerId: _organizerId, ...detailChanges } = changes;
        checkDetails({ ...state.details, ...detailChanges });
        const slug = changes.title === undefined ? undefined : slugify(changes.title);
        return [
          {
            type: 'EventDetailsUpdated',
            data: {
              eventId: command.eventId,
              changes: slug && slug !== state.slug ? { ...changes, slug } : changes,
              updatedAt: at,
            },
          },
        ];
      }
      case 'UpdateEventSettings': {
        if (state.status === 'ARCHIVED') refuse('event_archived');
        const changes = changedFields(state.settings, command.changes);
        if (Object.keys(changes).length === 0) return [];
        checkSettings({ ...state.settings, ...changes });
        return [{ type: 'EventSettingsUpdated', data: { eventId: command.eventId, changes, updatedAt: at } }];
      }
      case 'UploadEventImage': {
        if (state.status === 'ARCHIVED') refuse('event_archived');
        // One cover per event: a new one replaces the old.
        return [
          {
            type: 'EventImageUploaded',
            data: { eventId: command.eventId, ...replacingSameKind(state.images, command.image, at) },
          },
        ];
      }
      case 'RemoveEventImage':
        if (state.status === 'ARCHIVED') refuse('event_archived');
        if (!state.images.some((image) => image.imageId === command.imageId)) refuse('image_not_found');
        return [
          {
            type: 'EventImageRemoved',
            data: { eventId: command.eventId, imageId: command.imageId, removedAt: at },
          },
        ];
      case 'ChangeEventStatus':
        return changeStatus(state, command.eventId, command.to, command, at);
      case 'PublishEvent':
        return changeStatus(state, command.eventId, 'LIVE', command, at);
      case 'MoveEventToDraft':
        // Only ever from a draft or a live event: an archived one is restored, not moved.
        if (state.status === 'ARCHIVED')
          refuse('invalid_status_transition', 'Restore an archived event to make it a draft');
        return changeStatus(state, command.eventId, 'DRAFT', noFacts, at);
      case 'ArchiveEvent':
        return changeStatus(state, command.eventId, 'ARCHIVED', noFacts, at);
      case 'RestoreEvent':
        if (state.status !== 'ARCHIVED')
          refuse('invalid_status_transition', 'Only an archived event can be restored');
        return changeStatus(state, command.eventId, 'DRAFT', noFacts, at);
      case 'DeleteEvent':
        if (command.orderCount > 0) refuse('event_has_orders');
        if (state.status !== 'DRAFT') refuse('event_not_draft');
        return [
          {
            type: 'EventDeleted',
            data: { eventId: command.eventId, accountId: state.accountId, deletedAt: at },
          },
        ];
    }
  },
};

const noFacts: PublishFacts = { emailVerified: false, ticketCount: null };

/**
 * The status machine. DRAFT ⇄ LIVE, either → ARCHIVED, ARCHIVED → DRAFT (a restore); an archived event is
 * restored before it is published. Asking for the current status changes nothing.
 */
function changeStatus(
  state: ExistingEvent,
  eventId: string,
  to: EventStatus,
  facts: PublishFacts,
  at: string,
): EventEvent[] {
  if (state.status === to) return [];
  switch (to) {
    case 'LIVE':
      if (state.status === 'ARCHIVED')
        refuse('invalid_status_transition', 'Restore an archived event before publishing it');
      if (!facts.emailVerified) refuse('email_not_verified');
      if (facts.ticketCount !== null && facts.ticketCount < 1) refuse('no_tickets');
      return [{ type: 'EventPublished', data: { eventId, publishedAt: at } }];
    case 'DRAFT':
      return state.status === 'ARCHIVED'
        ? [{ type: 'EventRestored', data: { eventId, restoredAt: at } }]
        : [{ type: 'EventMovedToDraft', data: { eventId, movedAt: at } }];
    case 'ARCHIVED':
      return [{ type: 'EventArchived', data: { eventId, previousStatus: state.status, archivedAt: at } }];
  }
}

function create(command: CreateEvent): EventEvent[] {
  const details = withDetailDefaults(command.details);
  checkDetails(details);
  checkSettings(command.settings);
  return [
    {
      type: 'EventCreated',
      data: {
        eventId: command.eventId,
        accountId: command.accountId,
        organizerId: command.organizerId,
        slug: slugify(details.title),
        ...details,
        settings: command.settings,
        createdAt: command.now.toISOString(),
      },
    },
  ];
}

function duplicate(command: DuplicateEvent): EventEvent[] {
  const details = withDetailDefaults({
    ...command.source.details,
    title: command.title,
    startDate: command.startDate,
    endDate: command.endDate,
  });
  checkDetails(details);
  const at = command.now.toISOString();
  const settings = command.copy.settings ? command.source.settings : command.defaultSettings;
  const created: EventEvent = {
    type: 'EventCreated',
    data: {
      eventId: command.eventId,
      accountId: command.accountId,
      organizerId: command.source.organizerId,
      slug: slugify(details.title),
      ...details,
      settings,
      createdAt: at,
      duplicatedFrom: { eventId: command.source.eventId, requested: command.copy },
    },
  };
  if (!command.copy.images) return [created];
  const images: EventEvent[] = command.source.images.map((image, index) => ({
    type: 'EventImageUploaded',
    data: {
      eventId: command.eventId,
      image: { ...image, imageId: command.imageIds[index] ?? `${image.imageId}c`, uploadedAt: at },
      replacedImageId: null,
    },
  }));
  return [created, ...images];
}

export const maxTitleLength = 149;
export const maxDescriptionLength = 49_999;

function checkDetails(details: EventDetails): void {
  const errors: FieldErrors = {};
  const title = details.title.trim();
  if (title.length === 0) errors.title = ['The title is required'];
  else if (title.length > maxTitleLength)
    errors.title = [`The title must be under ${maxTitleLength + 1} characters`];
  if (details.description !== null && details.description.length > maxDescriptionLength) {
    errors.description = [`The description must be under ${maxDescriptionLength + 1} characters`];
  }
  if ((details.onlineConnectionDetails?.length ?? 0) > maxDescriptionLength) {
    errors.online_connection_details = [
      `The connection details must be under ${maxDescriptionLength + 1} characters`,
    ];
  }
  if (details.mapUrl && !isWebAddress(details.mapUrl))
    errors.map_url = ['Enter a web address starting with http:// or https://'];
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  if (!isTimeZone(details.timezone))
    refuse('invalid_timezone', undefined, { timezone: ['Unknown time zone'] });
  if (!isCurrency(details.currency))
    refuse('invalid_currency', undefined, { currency: ['Unknown currency'] });
  if (details.endDate !== null && Date.parse(details.endDate) <= Date.parse(details.startDate)) {
    refuse('event_dates_invalid', undefined, { end_date: ['The event must end after it starts'] });
  }
}

function changedFields<Current extends object>(
  current: Current,
  requested: Partial<Current>,
): Partial<Current> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(requested)) {
    if (value === undefined) continue;
    if (JSON.stringify(current[key as keyof Current] ?? null) !== JSON.stringify(value)) changes[key] = value;
  }
  return changes as Partial<Current>;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const currencies = new Set(Intl.supportedValuesOf('currency'));

export function isCurrency(code: string): boolean {
  return currencies.has(code);
}

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'event';
}
