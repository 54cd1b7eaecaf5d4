import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { eventDecider, slugify } from './eventDecider';
import type { DuplicateOptions, EventCreated, EventDetails, EventEvent, EventImage } from './eventEvents';
import { defaultEventSettings } from './eventSettings';
import { eventDetails as details } from './testing';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(eventDecider);

function created(overrides: Partial<EventDetails> = {}): EventCreated {
  return {
    type: 'EventCreated',
    data: {
      eventId: 'ev_1',
      accountId: 'ac_1',
      organizerId: 'or_1',
      slug: slugify(overrides.title ?? 'Winter Jazz Night'),
      ...details(overrides),
      settings: defaultEventSettings,
      createdAt: at,
    },
  };
}

const published: EventEvent = { type: 'EventPublished', data: { eventId: 'ev_1', publishedAt: at } };
const archived: EventEvent = {
  type: 'EventArchived',
  data: { eventId: 'ev_1', previousStatus: 'DRAFT', archivedAt: at },
};
const cover: EventImage = {
  imageId: 'im_1',
  type: 'EVENT_COVER',
  key: `${'a'.repeat(64)}.png`,
  contentType: 'image/png',
  size: 1234,
  width: 2160,
  height: 1080,
  uploadedAt: at,
};
const coverUploaded: EventEvent = {
  type: 'EventImageUploaded',
  data: { eventId: 'ev_1', image: cover, replacedImageId: null },
};

const create = (overrides: Partial<EventDetails> = {}) => ({
  type: 'CreateEvent' as const,
  eventId: 'ev_1',
  accountId: 'ac_1',
  organizerId: 'or_1',
  details: details(overrides),
  settings: defaultEventSettings,
  now,
});

describe('CreateEvent', () => {
  it('creates a draft with a slug from the title, its organizer and the default settings', () => {
    spec.given([]).when(create()).then([created()]);
  });

  it('refuses to create the same event twice, also after it was deleted', () => {
    spec.given([created()]).when(create()).thenRefused('event_already_exists');
    spec
      .given([
        created(),
        { type: 'EventDeleted', data: { eventId: 'ev_1', accountId: 'ac_1', deletedAt: at } },
      ])
      .when(create())
      .thenRefused('event_already_exists');
  });

  it('refuses an end that is not after the start', () => {
    spec
      .given([])
      .when(create({ endDate: '2026-12-12T18:30:00.000Z' }))
      .thenRefused('event_dates_invalid', ['end_date']);
  });

  it('accepts an event without an end', () => {
    spec
      .given([])
      .when(create({ endDate: null }))
      .then([created({ endDate: null })]);
  });

  it('refuses an unknown time zone', () => {
    spec
      .given([])
      .when(create({ timezone: 'Mars/Olympus' }))
      .thenRefused('invalid_timezone', ['timezone']);
  });

  it('refuses an unknown currency', () => {
    spec
      .given([])
      .when(create({ currency: 'XYZQ' }))
      .thenRefused('invalid_currency', ['currency']);
  });

  it('refuses an empty or overlong title with a field error', () => {
    spec
      .given([])
      .when(create({ title: '   ' }))
      .thenRefused('validation_failed', ['title']);
    spec
      .given([])
      .when(create({ title: 'x'.repeat(150) }))
      .thenRefused('validation_failed', ['title']);
  });

  it('refuses a description of 50,000 characters or more', () => {
    spec
      .given([])
      .when(create({ description: 'x'.repeat(50_000) }))
      .thenRefused('validation_failed', ['description']);
  });

  it('refuses a map link that is not a web address', () => {
    spec
      .given([])
      .when(create({ mapUrl: 'javascript:alert(1)' }))
      .thenRefused('validation_failed', ['map_url']);
    spec
      .given([])
      .when(create({ mapUrl: 'https://maps.example/"onmouseover=alert(1)' }))
      .thenRefused('validation_failed', ['map_url']);
  });

  it('refuses settings with a colour that is not hex', () => {
    spec
      .given([])
      .when({ ...create(), settings: { ...defaultEventSettings, homepagePrimaryColor: 'blue' } })
      .thenRefused('validation_failed', ['homepage_primary_color']);
  });
});

describe('UpdateEventDetails', () => {
  it('records only the fields that changed, with a new slug when the title changes', () => {
    spec
      .given([created()])
      .when({
        type: 'UpdateEventDetails',
        eventId: 'ev_1',
        changes: { title: 'Spring Jazz', currency: 'EUR' },
        now,
      })
      .then([
        {
          type: 'EventDetailsUpdated',
          data: { eventId: 'ev_1', changes: { title: 'Spring Jazz', slug: 'spring-jazz' }, updatedAt: at },
        },
      ]);
  });

  it('moves the event to another organizer and records its location with a map link', () => {
    const location = {
      venueName: 'Hall',
      addressLine1: 'Street 1',
      addressLine2: null,
      city: 'Berlin',
      stateOrRegion: null,
      zipOrPostalCode: '10115',
      country: 'DE',
    };
    spec
      .given([created()])
      .when({
        type: 'UpdateEventDetails',
        eventId: 'ev_1',
        changes: { organizerId: 'or_2', location, mapUrl: 'https://maps.example/hall' },
        now,
      })
      .then([
        {
          type: 'EventDetailsUpdated',
          data: {
            eventId: 'ev_1',
            changes: { organizerId: 'or_2', location, mapUrl: 'https://maps.example/hall' },
            updatedAt: at,
          },
        },
      ]);
  });

  it('does nothing when nothing changes', () => {
    spec
      .given([created()])
      .when({
        type: 'UpdateEventDetails',
        eventId: 'ev_1',
        changes: { title: 'Winter Jazz Night', organizerId: 'or_1' },
        now,
      })
      .thenNothingHappened();
  });

  it('checks the dates against the stored ones', () => {
    spec
      .given([created()])
      .when({
        type: 'UpdateEventDetails',
        eventId: 'ev_1',
        changes: { startDate: '2026-12-13T00:00:00.000Z' },
        now,
      })
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

describe('UpdateEventSettings', () => {
  it('records only the settings that changed', () => {
    spec
      .given([created()])
      .when({
        type: 'UpdateEventSettings',
        eventId: 'ev_1',
        changes: {
          seoTitle: 'Jazz in winter',
          allowSearchEngineIndexing: true,
          homepagePrimaryColor: '#ff0000',
        },
        now,
      })
      .then([
        {
          type: 'EventSettingsUpdated',
          data: {
            eventId: 'ev_1',
            changes: { seoTitle: 'Jazz in winter', homepagePrimaryColor: '#ff0000' },
            updatedAt: at,
          },
        },
      ]);
  });

  it('refuses colours that are not valid hex, naming each field', () => {
    spec
      .given([created()])
      .when({
        type: 'UpdateEventSettings',
        eventId: 'ev_1',
        changes: { homepageTextColor: '#12345', widgetTextColor: 'red' },
        now,
      })
      .thenRefused('validation_failed', ['homepage_text_color', 'widget_text_color']);
  });

  it('refuses an order timeout outside 1 to 1440 minutes', () => {
    spec
      .given([created()])
      .when({ type: 'UpdateEventSettings', eventId: 'ev_1', changes: { orderTimeoutMinutes: 0 }, now })
      .thenRefused('validation_failed', ['order_timeout_minutes']);
  });

  it('refuses settings of an archived event', () => {
    spec
      .given([created(), archived])
      .when({ type: 'UpdateEventSettings', eventId: 'ev_1', changes: { seoTitle: 'x' }, now })
      .thenRefused('event_archived');
  });
});

describe('images', () => {
  const { uploadedAt: _uploadedAt, ...upload } = cover;

  it('records an uploaded cover', () => {
    spec
      .given([created()])
      .when({ type: 'UploadEventImage', eventId: 'ev_1', image: upload, now })
      .then([coverUploaded]);
  });

  it('replaces the previous cover with a new one', () => {
    spec
      .given([created(), coverUploaded])
      .when({ type: 'UploadEventImage', eventId: 'ev_1', image: { ...upload, imageId: 'im_2' }, now })
      .then([
        {
          type: 'EventImageUploaded',
          data: { eventId: 'ev_1', image: { ...cover, imageId: 'im_2' }, replacedImageId: 'im_1' },
        },
      ]);
  });

  it('removes an image it has and refuses one it does not', () => {
    spec
      .given([created(), coverUploaded])
      .when({ type: 'RemoveEventImage', eventId: 'ev_1', imageId: 'im_1', now })
      .then([{ type: 'EventImageRemoved', data: { eventId: 'ev_1', imageId: 'im_1', removedAt: at } }]);
    spec
      .given([created()])
      .when({ type: 'RemoveEventImage', eventId: 'ev_1', imageId: 'im_1', now })
      .thenRefused('image_not_found');
  });
});

describe('status (ChangeEventStatus)', () => {
  const to = (status: 'DRAFT' | 'LIVE' | 'ARCHIVED') => ({
    type: 'ChangeEventStatus' as const,
    eventId: 'ev_1',
    to: status,
    emailVerified: true,
    ticketCount: null,
    now,
  });
  const publish = to('LIVE');

  it('publishes a draft when the acting user has verified their email', () => {
    spec.given([created()]).when(publish).then([published]);
  });

  it('refuses to publish for a user whose email is not verified', () => {
    spec
      .given([created()])
      .when({ ...publish, emailVerified: false })
      .thenRefused('email_not_verified');
  });

  it('refuses to publish without tickets once tickets can be counted', () => {
    spec
      .given([created()])
      .when({ ...publish, ticketCount: 0 })
      .thenRefused('no_tickets');
    spec
      .given([created()])
      .when({ ...publish, ticketCount: 2 })
      .then([published]);
  });

  it('asking for the current status changes nothing', () => {
    spec.given([created(), published]).when(publish).thenNothingHappened();
    spec.given([created()]).when(to('DRAFT')).thenNothingHappened();
    spec.given([created(), archived]).when(to('ARCHIVED')).thenNothingHappened();
  });

  it('refuses to publish an archived event', () => {
    spec.given([created(), archived]).when(publish).thenRefused('invalid_status_transition');
  });

  it('moves a live event back to draft', () => {
    spec
      .given([created(), published])
      .when(to('DRAFT'))
      .then([{ type: 'EventMovedToDraft', data: { eventId: 'ev_1', movedAt: at } }]);
  });

  it('archives a live event, remembering it was live', () => {
    spec
      .given([created(), published])
      .when(to('ARCHIVED'))
      .then([{ type: 'EventArchived', data: { eventId: 'ev_1', previousStatus: 'LIVE', archivedAt: at } }]);
  });

  it('restores an archived event to draft', () => {
    spec
      .given([created(), archived])
      .when(to('DRAFT'))
      .then([{ type: 'EventRestored', data: { eventId: 'ev_1', restoredAt: at } }]);
  });

  it('does not publish without the verified-email fact when only archiving or drafting', () => {
    spec
      .given([created(), published])
      .when({ ...to('ARCHIVED'), emailVerified: false })
      .then([{ type: 'EventArchived', data: { eventId: 'ev_1', previousStatus: 'LIVE', archivedAt: at } }]);
  });
});

describe('status (the earlier one-way commands, kept for projection tests)', () => {
  it('decides them with the same machine', () => {
    spec
      .given([created()])
      .when({ type: 'PublishEvent', eventId: 'ev_1', emailVerified: true, ticketCount: null, now })
      .then([published]);
    spec
      .given([created(), published])
      .when({ type: 'MoveEventToDraft', eventId: 'ev_1', now })
      .then([{ type: 'EventMovedToDraft', data: { eventId: 'ev_1', movedAt: at } }]);
    spec
      .given([created(), published])
      .when({ type: 'ArchiveEvent', eventId: 'ev_1', now })
      .then([{ type: 'EventArchived', data: { eventId: 'ev_1', previousStatus: 'LIVE', archivedAt: at } }]);
    spec
      .given([created(), archived])
      .when({ type: 'RestoreEvent', eventId: 'ev_1', now })
      .then([{ type: 'EventRestored', data: { eventId: 'ev_1', restoredAt: at } }]);
  });

  it('refuses to restore an event that is not archived, or to draft an archived one', () => {
    spec
      .given([created()])
      .when({ type: 'RestoreEvent', eventId: 'ev_1', now })
      .thenRefused('invalid_status_transition');
    spec
      .given([created(), archived])
      .when({ type: 'MoveEventToDraft', eventId: 'ev_1', now })
      .thenRefused('invalid_status_transition');
  });
});

describe('DeleteEvent', () => {
  const remove = { type: 'DeleteEvent' as const, eventId: 'ev_1', orderCount: 0, now };

  it('deletes a draft without orders, after which the event is gone', () => {
    const deleted: EventEvent = {
      type: 'EventDeleted',
      data: { eventId: 'ev_1', accountId: 'ac_1', deletedAt: at },
    };
    spec.given([created()]).when(remove).then([deleted]);
    spec
      .given([created(), deleted])
      .when({ type: 'ArchiveEvent', eventId: 'ev_1', now })
      .thenRefused('event_not_found');
  });

  it('refuses to delete an event with orders (archive it instead)', () => {
    spec
      .given([created()])
      .when({ ...remove, orderCount: 1 })
      .thenRefused('event_has_orders');
  });

  it('refuses to delete a live or archived event', () => {
    spec.given([created(), published]).when(remove).thenRefused('event_not_draft');
    spec.given([created(), archived]).when(remove).thenRefused('event_not_draft');
  });
});

describe('DuplicateEvent', () => {
  const everything: DuplicateOptions = {
    tickets: true,
    questions: true,
    promoCodes: true,
    capacityAssignments: true,
    checkInLists: true,
    settings: true,
    images: true,
  };
  const sourceSettings = { ...defaultEventSettings, seoTitle: 'Source SEO', homepagePrimaryColor: '#123456' };
  const duplicate = (copy: DuplicateOptions) => ({
    type: 'DuplicateEvent' as const,
    eventId: 'ev_2',
    accountId: 'ac_1',
    source: {
      eventId: 'ev_1',
      organizerId: 'or_1',
      details: details(),
      settings: sourceSettings,
      images: [cover],
    },
    title: 'Winter Jazz Night II',
    startDate: '2027-01-09T18:30:00.000Z',
    endDate: '2027-01-09T22:00:00.000Z',
    copy,
    defaultSettings: defaultEventSettings,
    imageIds: ['im_9'],
    now,
  });
  const copyCreated = (settings: typeof defaultEventSettings, copy: DuplicateOptions): EventEvent => ({
    type: 'EventCreated',
    data: {
      eventId: 'ev_2',
      accountId: 'ac_1',
      organizerId: 'or_1',
      slug: 'winter-jazz-night-ii',
      ...details({
        title: 'Winter Jazz Night II',
        startDate: '2027-01-09T18:30:00.000Z',
        endDate: '2027-01-09T22:00:00.000Z',
      }),
      settings,
      createdAt: at,
      duplicatedFrom: { eventId: 'ev_1', requested: copy },
    },
  });

  it('creates a draft copy with the settings and images, recording what was asked', () => {
    spec
      .given([])
      .when(duplicate(everything))
      .then([
        copyCreated(sourceSettings, everything),
        {
          type: 'EventImageUploaded',
          data: { eventId: 'ev_2', image: { ...cover, imageId: 'im_9' }, replacedImageId: null },
        },
      ]);
  });

  it('leaves settings and images behind when asked to', () => {
    const bare = { ...everything, settings: false, images: false, tickets: false };
    spec
      .given([])
      .when(duplicate(bare))
      .then([copyCreated(defaultEventSettings, bare)]);
  });

  it('the copy is a draft even when the source was live', () => {
    const events = eventDecider.decide(duplicate(everything), eventDecider.initialState());
    const folded = events.reduce(
      (state, event) => eventDecider.evolve(state, event),
      eventDecider.initialState(),
    );
    expect(folded).toMatchObject({ exists: true, status: 'DRAFT', images: [{ imageId: 'im_9' }] });
  });
});

describe('slugify', () => {
  it('folds accents and punctuation', () => {
    expect(slugify('Café Müller: Live! 2026')).toBe('cafe-muller-live-2026');
    expect(slugify('東京')).toBe('event');
  });
});
