import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EventCreated, EventEvent } from '../../services/catalog/events/eventEvents';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { eventsProjection } from '.';
import { eventPagesProjection } from './pages';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;

const created = (eventId: string): GivenEvent<EventCreated> => ({
  stream: `event-${eventId}`,
  type: 'EventCreated',
  data: {
    eventId,
    accountId: 'ac_1',
    organizerId: 'or_1',
    slug: 'jazz-night',
    title: 'Jazz night',
    description: '<p>Live</p><script>alert(1)</script>',
    startDate: '2027-03-01T19:00:00.000Z',
    endDate: null,
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    isOnline: false,
    location: {
      venueName: 'Blue Hall',
      addressLine1: null,
      addressLine2: null,
      city: 'Berlin',
      stateOrRegion: null,
      zipOrPostalCode: null,
      country: 'DE',
    },
    mapUrl: 'https://maps.example.test/blue-hall',
    createdAt: at(1),
  },
});

/** One event through its life (edited, given settings and a cover, published, archived, restored), one deleted. */
const history: GivenEvent<EventEvent>[] = [
  created('ev_1'),
  {
    stream: 'event-ev_1',
    type: 'EventDetailsUpdated',
    data: { eventId: 'ev_1', changes: { title: 'Jazz night live', mapUrl: null }, updatedAt: at(2) },
  },
  {
    stream: 'event-ev_1',
    type: 'EventSettingsUpdated',
    data: { eventId: 'ev_1', changes: { supportEmail: 'help@example.test' }, updatedAt: at(3) },
  },
  {
    stream: 'event-ev_1',
    type: 'EventImageUploaded',
    data: {
      eventId: 'ev_1',
      image: {
        imageId: 'im_1',
        type: 'EVENT_COVER',
        key: 'cover.png',
        contentType: 'image/png',
        width: 1200,
        height: 600,
        size: 4321,
        uploadedAt: at(4),
      },
      replacedImageId: null,
    },
  },
  { stream: 'event-ev_1', type: 'EventPublished', data: { eventId: 'ev_1', publishedAt: at(5) } },
  {
    stream: 'event-ev_1',
    type: 'EventArchived',
    data: { eventId: 'ev_1', previousStatus: 'LIVE', archivedAt: at(6) },
  },
  { stream: 'event-ev_1', type: 'EventRestored', data: { eventId: 'ev_1', restoredAt: at(7) } },
  created('ev_2'),
  {
    stream: 'event-ev_2',
    type: 'EventDeleted',
    data: { eventId: 'ev_2', accountId: 'ac_1', deletedAt: at(8) },
  },
];

describeEachStorage('event read models', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps the event row through its life, and forgets a deleted event', async () => {
    const { rows, keys } = await projectionSpec<EventEvent>(storage, eventsProjection)
      .given(history)
      .then({ events: ['id'] });

    expect(rows.events).toEqual([
      expect.objectContaining({
        id: 'ev_1',
        title: 'Jazz night live',
        description: '<p>Live</p>',
        status: 'DRAFT',
        published_at: at(5),
        updated_at: at(7),
        revision: 6,
      }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['event:ev_1', 'event:ev_2', 'account:ac_1']));
  });

  it('keeps the event page with its settings and images, and forgets a deleted event', async () => {
    const { rows, keys } = await projectionSpec<EventEvent>(storage, eventPagesProjection)
      .given(history)
      .then({ event_pages: ['event_id'], event_images: ['id'] });

    expect(rows.event_pages).toEqual([
      expect.objectContaining({ event_id: 'ev_1', map_url: null, updated_at: at(4) }),
    ]);
    const settings = JSON.parse((rows.event_pages?.[0] as { settings: string }).settings) as object;
    expect(settings).toMatchObject({ supportEmail: 'help@example.test', allowSearchEngineIndexing: true });
    expect(rows.event_images).toEqual([
      expect.objectContaining({ id: 'im_1', event_id: 'ev_1', storage_key: 'cover.png', account_id: 'ac_1' }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['event:ev_1', 'event:ev_2']));
  });
});
