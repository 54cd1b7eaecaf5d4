import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseListQuery } from '../../services/kit/listQuery';
import type { WaitingEntryEvent } from '../../services/sales/waitingList/waitingListEvents';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import {
  exportWaitingListEntries,
  findWaitingListEntry,
  listWaitingListEntries,
  waitingListProjection,
  waitingListSpec,
} from '.';

const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

const joined = (
  entryId: string,
  ticketId: string,
  minute: number,
  eventId = 'ev_1',
): GivenEvent<WaitingEntryEvent> => ({
  stream: `waitingEntry-${entryId}`,
  type: 'WaitingEntryJoined',
  data: {
    eventId,
    entryId,
    ticketId,
    tierId: null,
    quantity: 2,
    name: `Name of ${entryId}`,
    email: `${entryId}@example.test`,
    locale: 'de',
    joinedAt: at(minute),
  },
});

describeEachStorage('waiting list read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('follows each entry through offer, expiry, conversion and removal, the same when replayed or rebuilt', async () => {
    const { rows, keys } = await projectionSpec<WaitingEntryEvent>(storage, waitingListProjection)
      .given([
        joined('wl_a', 'tk_1', 1),
        joined('wl_b', 'tk_1', 2),
        joined('wl_c', 'tk_1', 3),
        joined('wl_d', 'tk_1', 4),
        joined('wl_other', 'tk_other', 5, 'ev_2'),
        {
          stream: 'waitingEntry-wl_a',
          type: 'WaitingEntryOffered',
          data: {
            eventId: 'ev_1',
            entryId: 'wl_a',
            holdId: 'offer-wl_a-1',
            tokenHash: 'hash',
            expiresAt: at(40),
            offeredAt: at(10),
          },
        },
        {
          stream: 'waitingEntry-wl_a',
          type: 'WaitingEntryConverted',
          data: {
            eventId: 'ev_1',
            entryId: 'wl_a',
            holdId: 'offer-wl_a-1',
            orderId: 'or_1',
            convertedAt: at(20),
          },
        },
        {
          stream: 'waitingEntry-wl_b',
          type: 'WaitingEntryOffered',
          data: {
            eventId: 'ev_1',
            entryId: 'wl_b',
            holdId: 'offer-wl_b-1',
            tokenHash: 'hash',
            expiresAt: at(41),
            offeredAt: at(11),
          },
        },
        {
          stream: 'waitingEntry-wl_b',
          type: 'WaitingOfferExpired',
          data: { eventId: 'ev_1', entryId: 'wl_b', holdId: 'offer-wl_b-1', expiredAt: at(42) },
        },
        {
          stream: 'waitingEntry-wl_c',
          type: 'WaitingEntryRemoved',
          data: { eventId: 'ev_1', entryId: 'wl_c', holdId: null, removedBy: 'ORGANIZER', removedAt: at(43) },
        },
      ])
      .then({ waiting_list_entries: ['id'] });

    expect(rows.waiting_list_entries).toEqual([
      expect.objectContaining({
        id: 'wl_a',
        event_id: 'ev_1',
        ticket_id: 'tk_1',
        quantity: 2,
        name: 'Name of wl_a',
        email: 'wl_a@example.test',
        locale: 'de',
        status: 'CONVERTED',
        joined_at: at(1),
        hold_id: 'offer-wl_a-1',
        offered_at: at(10),
        offer_expires_at: at(40),
        converted_at: at(20),
        order_id: 'or_1',
      }),
      expect.objectContaining({ id: 'wl_b', status: 'EXPIRED', offered_at: at(11), expired_at: at(42) }),
      expect.objectContaining({ id: 'wl_c', status: 'REMOVED', removed_at: at(43), removed_by: 'ORGANIZER' }),
      expect.objectContaining({ id: 'wl_d', status: 'WAITING', offered_at: null, removed_at: null }),
      expect.objectContaining({ id: 'wl_other', event_id: 'ev_2', status: 'WAITING' }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['waitingEntry:wl_a', 'event:ev_1']));
  });

  it('numbers the waiting entries per ticket in join order, lists, filters and exports one event only', async () => {
    await projectionSpec<WaitingEntryEvent>(storage, waitingListProjection)
      .given([
        joined('wl_1', 'tk_1', 1),
        joined('wl_2', 'tk_2', 2),
        joined('wl_3', 'tk_1', 3),
        joined('wl_4', 'tk_1', 4),
        joined('wl_5', 'tk_1', 5, 'ev_2'),
        {
          stream: 'waitingEntry-wl_1',
          type: 'WaitingEntryRemoved',
          data: { eventId: 'ev_1', entryId: 'wl_1', holdId: null, removedBy: 'BUYER', removedAt: at(9) },
        },
      ])
      .then({ waiting_list_entries: ['id'] });

    const all = await listWaitingListEntries(storage.db, 'ev_1', parseListQuery({}, waitingListSpec));
    expect(all.rows.map((row) => [row.id, row.position])).toEqual([
      ['wl_1', null],
      ['wl_2', 1],
      ['wl_3', 1],
      ['wl_4', 2],
    ]);
    expect(all.meta.total).toBe(4);

    const waitingForOne = await listWaitingListEntries(
      storage.db,
      'ev_1',
      parseListQuery(
        { 'filter_fields[status][eq]': 'WAITING', 'filter_fields[ticket_id][eq]': 'tk_1' },
        waitingListSpec,
      ),
    );
    expect(waitingForOne.rows.map((row) => row.id)).toEqual(['wl_3', 'wl_4']);
    expect(waitingForOne.meta.total).toBe(2);

    const pages: string[][] = [];
    for await (const page of exportWaitingListEntries(
      storage.db,
      'ev_1',
      parseListQuery({}, waitingListSpec),
      2,
    ))
      pages.push(page.map((row) => row.id));
    expect(pages).toEqual([
      ['wl_1', 'wl_2'],
      ['wl_3', 'wl_4'],
    ]);

    expect(await findWaitingListEntry(storage.db, 'ev_1', 'wl_4')).toMatchObject({ id: 'wl_4', position: 2 });
    expect(await findWaitingListEntry(storage.db, 'ev_1', 'wl_5')).toBeUndefined();
  });
});
