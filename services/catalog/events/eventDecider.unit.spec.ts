import { describe, it } from 'vitest';
import { expect } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { eventDecider, slugify, type EventCreated, type EventDetails, type EventEvent } from './eventDecider';

const now = new Date('2026-11-22T10:00:00.000Z');
const spec = deciderSpec(eventDecider);

function details(overrides: Partial<EventDetails> = {}): EventDetails {
  return {
    title: 'Winter Jazz Night',
    description: 'Three bands, one night.',
    startDate: '2026-12-12T18:30:00.000Z',
    endDate: '2026-12-12T22:00:00.000Z',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    isOnline: false,
    location: null,
    ...overrides,
  };
}

function created(overrides: Partial<EventDetails> = {}): EventCreated {
  return {
    type: 'EventCreated',
    data: {
      eventId: 'ev_1',
      accountId: 'ac_1',
      organizerId: null,
      slug: slugify(overrides.title ?? 'Winter Jazz Night'),
      ...details(overrides),
      createdAt: now.toISOString(),
    },
  };
}

const published: EventEvent = { type: 'EventPublished', data: { eventId: 'ev_1', publishedAt: now.toISOString() } };
const archived: EventEvent = {
  type: 'EventArchived',
  data: { eventId: 'ev_1', previousStatus: 'DRAFT', archivedAt: now.toISOString() },
};

describe('CreateEvent', () => {
  const create = (overrides: Partial<EventDetails> = {}) => ({
    type: 'CreateEvent' as const,
    eventId: 'ev_1',
    accountId: 'ac_1',
    organizerId: null,
    details: details(overrides),
    now,
  });

  it('creates a draft with a slug from the title', () => {
    spec.given([]).when(create()).then([created()]);
  });

  it('refuses to create the same event twice', () => {
    spec.given([created()]).when(create()).thenRefused('event_already_exists');
  });

  it('refuses an end that is not after the start', () => {
    spec
      .given([])
      .when(create({ endDate: '2026-12-12T18:30:00.000Z' }))
      .thenRefused('event_dates_invalid', ['end_date']);
  });

  it('accepts an event without an end', () => {
    spec.given([]).when(create({ endDate: null })).then([created({ endDate: null })]);
  });

  it('refuses an unknown time zone', () => {
    spec.given([]).when(create({ timezone: 'Mars/Olympus' })).thenRefused('invalid_timezone', ['timezone']);
  });

  it('refuses an unknown currency', () => {
    spec.given([]).when(create({ currency: 'XYZQ' })).thenRefused('invalid_currency', ['currency']);
  });

  it('refuses an empty or overlong title with a field error', () => {
    spec.given([]).when(create({ title: '   ' })).thenRefused('validation_failed', ['title']);
    spec.given([]).when(create({ title: 'x'.repeat(150) })).thenRefused('validation_failed', ['title']);
  });
});

describe('UpdateEventDetails', () => {
  it('records only the fields that changed, with a new slug when the title changes', () => {
    spec
      .given([created()])
      .when({ type: 'UpdateEventDetails', eventId: 'ev_1', changes: { title: 'Spring Jazz', currency: 'EUR' }, now })
      .then([
        {
          type: 'EventDetailsUpdated',
          data: { eventId: 'ev_1', changes: { title: 'Spring Jazz', slug: 'spring-jazz' }, updatedAt: now.toISOString() },
        },
      ]);
  });

  it('does nothing when nothing changes', () => {
    spec
      .given([created()])
      .when({ type: 'UpdateEventDetails', eventId: 'ev_1', changes: { title: 'Winter Jazz Night' }, now })
      .thenNothingHappened();
  });

  it('checks the dates against the stored ones', () => {
    spec
      .given([created()])
      .when({ type: 'UpdateEventDetails', eventId: 'ev_1', changes: { startDate: '2026-12-13T00:00:00.000Z' }, now })
      .thenRefused('event_dates_invalid');
  });

  it('refuses changes to an archived event', () => {
    spec
      .given([created(), archived])
      .when({ type: 'UpdateEventDetails', eventId: 'ev_1', changes: { title: 'New' }, now })
      .thenRefused('event_archived');
  });

  it('refuses an event that does not exist', () => {
    spec
      .given([])
      .when({ type: 'UpdateEventDetails', eventId: 'ev_1', changes: { title: 'New' }, now })
      .thenRefused('event_not_found');
  });
});

describe('status', () => {
  it('publishes a draft', () => {
    spec.given([created()]).when({ type: 'PublishEvent', eventId: 'ev_1', now }).then([published]);
  });

  it('publishing a live event changes nothing', () => {
    spec.given([created(), published]).when({ type: 'PublishEvent', eventId: 'ev_1', now }).thenNothingHappened();
  });

  it('refuses to publish an archived event', () => {
    spec.given([created(), archived]).when({ type: 'PublishEvent', eventId: 'ev_1', now }).thenRefused('invalid_status_transition');
  });

  it('moves a live event back to draft', () => {
    spec
      .given([created(), published])
      .when({ type: 'MoveEventToDraft', eventId: 'ev_1', now })
      .then([{ type: 'EventMovedToDraft', data: { eventId: 'ev_1', movedAt: now.toISOString() } }]);
  });

  it('archives a live event, remembering it was live', () => {
    spec
      .given([created(), published])
      .when({ type: 'ArchiveEvent', eventId: 'ev_1', now })
      .then([{ type: 'EventArchived', data: { eventId: 'ev_1', previousStatus: 'LIVE', archivedAt: now.toISOString() } }]);
  });

  it('restores an archived event to draft', () => {
    spec
      .given([created(), archived])
      .when({ type: 'RestoreEvent', eventId: 'ev_1', now })
      .then([{ type: 'EventRestored', data: { eventId: 'ev_1', restoredAt: now.toISOString() } }]);
  });

  it('refuses to restore an event that is not archived', () => {
    spec.given([created()]).when({ type: 'RestoreEvent', eventId: 'ev_1', now }).thenRefused('invalid_status_transition');
  });
});

describe('slugify', () => {
  it('folds accents and punctuation', () => {
    expect(slugify('Café Müller: Live! 2026')).toBe('cafe-muller-live-2026');
    expect(slugify('東京')).toBe('event');
  });
});
