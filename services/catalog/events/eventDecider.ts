import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';

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
  description: string | null;
  /** UTC instants as ISO strings; shown in the event's time zone. */
  startDate: string;
  endDate: string | null;
  timezone: string;
  currency: string;
  isOnline: boolean;
  location: EventLocation | null;
}

export const eventStream = (eventId: string): string => `event-${eventId}`;

// ---------- events

export type EventCreated = {
  type: 'EventCreated';
  data: EventDetails & { eventId: string; accountId: string; organizerId: string | null; slug: string; createdAt: string };
};
export type EventDetailsUpdated = {
  type: 'EventDetailsUpdated';
  data: { eventId: string; changes: Partial<EventDetails> & { slug?: string }; updatedAt: string };
};
export type EventPublished = { type: 'EventPublished'; data: { eventId: string; publishedAt: string } };
export type EventMovedToDraft = { type: 'EventMovedToDraft'; data: { eventId: string; movedAt: string } };
export type EventArchived = { type: 'EventArchived'; data: { eventId: string; previousStatus: EventStatus; archivedAt: string } };
export type EventRestored = { type: 'EventRestored'; data: { eventId: string; restoredAt: string } };

export type EventEvent =
  | EventCreated
  | EventDetailsUpdated
  | EventPublished
  | EventMovedToDraft
  | EventArchived
  | EventRestored;

export const eventEventTypes: readonly EventEvent['type'][] = [
  'EventCreated',
  'EventDetailsUpdated',
  'EventPublished',
  'EventMovedToDraft',
  'EventArchived',
  'EventRestored',
];

// ---------- commands

export type CreateEvent = {
  type: 'CreateEvent';
  eventId: string;
  accountId: string;
  organizerId: string | null;
  details: EventDetails;
  now: Date;
};
export type UpdateEventDetails = { type: 'UpdateEventDetails'; eventId: string; changes: Partial<EventDetails>; now: Date };
export type PublishEvent = { type: 'PublishEvent'; eventId: string; now: Date };
export type MoveEventToDraft = { type: 'MoveEventToDraft'; eventId: string; now: Date };
export type ArchiveEvent = { type: 'ArchiveEvent'; eventId: string; now: Date };
export type RestoreEvent = { type: 'RestoreEvent'; eventId: string; now: Date };

export type EventCommand = CreateEvent | UpdateEventDetails | PublishEvent | MoveEventToDraft | ArchiveEvent | RestoreEvent;

// ---------- state

export type EventState =
  | { exists: false }
  | { exists: true; accountId: string; status: EventStatus; details: EventDetails; slug: string };

export const eventDecider: Decider<EventCommand, EventEvent, EventState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'EventCreated': {
        const { eventId: _eventId, accountId, organizerId: _organizerId, slug, createdAt: _createdAt, ...details } = event.data;
        return { exists: true, accountId, status: 'DRAFT', details, slug };
      }
      case 'EventDetailsUpdated': {
        if (!state.exists) return state;
        const { slug, ...changes } = event.data.changes;
        return { ...state, details: { ...state.details, ...changes }, slug: slug ?? state.slug };
      }
      case 'EventPublished':
        return state.exists ? { ...state, status: 'LIVE' } : state;
      case 'EventMovedToDraft':
      case 'EventRestored':
        return state.exists ? { ...state, status: 'DRAFT' } : state;
      case 'EventArchived':
        return state.exists ? { ...state, status: 'ARCHIVED' } : state;
    }
  },

  decide(command, state) {
    if (command.type === 'CreateEvent') {
      if (state.exists) refuse('event_already_exists');
      checkDetails(command.details);
      return [
        {
          type: 'EventCreated',
          data: {
            eventId: command.eventId,
            accountId: command.accountId,
            organizerId: command.organizerId,
            slug: slugify(command.details.title),
            ...command.details,
            createdAt: command.now.toISOString(),
          },
        },
      ];
    }
    if (!state.exists) refuse('event_not_found');
    switch (command.type) {
      case 'UpdateEventDetails': {
        if (state.status === 'ARCHIVED') refuse('event_archived');
        const changes = changedFields(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        checkDetails({ ...state.details, ...changes });
        const slug = changes.title === undefined ? undefined : slugify(changes.title);
        return [
          {
            type: 'EventDetailsUpdated',
            data: {
              eventId: command.eventId,
              changes: slug && slug !== state.slug ? { ...changes, slug } : changes,
              updatedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'PublishEvent':
        if (state.status === 'LIVE') return [];
        if (state.status === 'ARCHIVED') refuse('invalid_status_transition', 'Restore an archived event before publishing it');
        return [{ type: 'EventPublished', data: { eventId: command.eventId, publishedAt: command.now.toISOString() } }];
      case 'MoveEventToDraft':
        if (state.status === 'DRAFT') return [];
        if (state.status === 'ARCHIVED') refuse('invalid_status_transition', 'Restore an archived event to make it a draft');
        return [{ type: 'EventMovedToDraft', data: { eventId: command.eventId, movedAt: command.now.toISOString() } }];
      case 'ArchiveEvent':
        if (state.status === 'ARCHIVED') return [];
        return [
          {
            type: 'EventArchived',
            data: { eventId: command.eventId, previousStatus: state.status, archivedAt: command.now.toISOString() },
          },
        ];
      case 'RestoreEvent':
        if (state.status !== 'ARCHIVED') refuse('invalid_status_transition', 'Only an archived event can be restored');
        return [{ type: 'EventRestored', data: { eventId: command.eventId, restoredAt: command.now.toISOString() } }];
    }
  },
};

export const maxTitleLength = 149;
export const maxDescriptionLength = 49_999;

function checkDetails(details: EventDetails): void {
  const errors: FieldErrors = {};
  const title = details.title.trim();
  if (title.length === 0) errors.title = ['The title is required'];
  else if (title.length > maxTitleLength) errors.title = [`The title must be under ${maxTitleLength + 1} characters`];
  if (details.description !== null && details.description.length > maxDescriptionLength) {
    errors.description = [`The description must be under ${maxDescriptionLength + 1} characters`];
  }
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  if (!isTimeZone(details.timezone)) refuse('invalid_timezone', undefined, { timezone: ['Unknown time zone'] });
  if (!isCurrency(details.currency)) refuse('invalid_currency', undefined, { currency: ['Unknown currency'] });
  if (details.endDate !== null && Date.parse(details.endDate) <= Date.parse(details.startDate)) {
    refuse('event_dates_invalid', undefined, { end_date: ['The event must end after it starts'] });
  }
}

function changedFields(current: EventDetails, requested: Partial<EventDetails>): Partial<EventDetails> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(requested)) {
    if (value === undefined) continue;
    if (JSON.stringify(current[key as keyof EventDetails]) !== JSON.stringify(value)) changes[key] = value;
  }
  return changes;
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
