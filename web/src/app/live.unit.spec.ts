import { describe, expect, it } from 'vitest';
import { eventQueries } from '../features/events/queries';
import { ticketQueries } from '../features/tickets/queries';
import { statsQueries } from '../features/dashboard/queries';
import { NoticePositions } from '../shared/live/positions';
import { liveMap } from './live';

describe('live updates declared per feature', () => {
  it('invalidates exactly the declared queries for a notice naming event ev_1', () => {
    const keys = liveMap.invalidates({ readModel: 'events', keys: ['event:ev_1'], position: '7' });
    expect(keys).toEqual([eventQueries.detail('ev_1').queryKey, eventQueries.lists()]);
  });

  it('refreshes the event a homepage change names, and its lists', () => {
    const keys = liveMap.invalidates({
      readModel: 'eventPages',
      keys: ['event:ev_1', 'account:ac_1'],
      position: '9',
    });
    expect(keys).toEqual([eventQueries.detail('ev_1').queryKey, eventQueries.lists()]);
  });

  it('invalidates nothing for a read model no feature shows', () => {
    expect(liveMap.invalidates({ readModel: 'mailOutbox', keys: ['event:ev_1'], position: '1' })).toEqual([]);
  });

  it('refetches every fed query once after a reconnect', () => {
    expect(liveMap.feeds).toEqual([
      ['events'],
      ['organizers'],
      ['eventDefaults'],
      ['users'],
      ['taxesAndFees'],
      ['tickets'],
      ['orders'],
      ['promoCodes'],
      ['affiliates'],
      ['capacityAssignments'],
      ['questions'],
      ['payment'],
      ['stats'],
      ['checkIn'],
      ['messages'],
      ['webhooks'],
      ['audit'],
    ]);
  });

  it('refreshes the message history and the webhooks of the event a notice names', () => {
    expect(liveMap.invalidates({ readModel: 'messages', keys: ['event:ev_1'], position: '3' })).toEqual([
      ['messages', 'list', 'ev_1'],
    ]);
    expect(liveMap.invalidates({ readModel: 'webhooks', keys: ['event:ev_1'], position: '4' })).toEqual([
      ['webhooks', 'list', 'ev_1'],
    ]);
  });

  it('refreshes the check-in lists and stats of the event a check-in notice names', () => {
    const keys = liveMap.invalidates({
      readModel: 'checkIn',
      keys: ['event:ev_1', 'check-in-list:cl_1', 'check-in:cl_1:at_1'],
      position: '9',
    });
    expect(keys).toEqual([
      ['checkIn', 'lists', 'ev_1'],
      ['checkIn', 'stats', 'ev_1'],
    ]);
  });

  it("leaves an event's stats to its dashboard (position-aware, coalesced) and refreshes the account's overview", () => {
    expect(liveMap.invalidates({ readModel: 'stats', keys: ['event:ev_1'], position: '3' })).toEqual([]);
    expect(
      liveMap.invalidates({ readModel: 'stats', keys: ['event:ev_1', 'account:ac_1'], position: '4' }),
    ).toEqual([statsQueries.overview().queryKey, statsQueries.account().queryKey]);
  });

  it('refreshes the taxes and fees list when the taxes-and-fees read model moves', () => {
    const keys = liveMap.invalidates({
      readModel: 'taxesAndFees',
      keys: ['tax:tx_1', 'account:ac_1'],
      position: '4',
    });
    expect(keys).toEqual([['taxesAndFees']]);
  });

  it('refreshes the tickets of the event a tickets notice names, and its capacities they fill', () => {
    const keys = liveMap.invalidates({ readModel: 'tickets', keys: ['event:ev_1'], position: '5' });
    expect(keys).toEqual([ticketQueries.list('ev_1').queryKey, ['capacityAssignments', 'list', 'ev_1']]);
  });

  it('refreshes the promo codes, questions and capacity assignments of the event a notice names', () => {
    const of = (readModel: string) =>
      liveMap.invalidates({ readModel, keys: ['promo_code:pc_1', 'event:ev_1'], position: '6' });
    expect(of('promo_codes')).toEqual([['promoCodes', 'list', 'ev_1']]);
    expect(of('questions')).toEqual([['questions', 'list', 'ev_1']]);
    expect(of('capacityAssignments')).toEqual([['capacityAssignments', 'list', 'ev_1']]);
  });
});

describe('notice positions', () => {
  it('keeps the newest position per key and read model, so a snapshot can tell newer deltas', () => {
    const positions = new NoticePositions();
    positions.record({ readModel: 'events', keys: ['event:ev_1'], position: '12' });
    positions.record({ readModel: 'events', keys: ['event:ev_1'], position: '10' });
    positions.record({ readModel: 'eventPages', keys: ['event:ev_1'], position: '3' });
    expect(positions.positionOf('event:ev_1', 'events')).toBe('12');
    expect(positions.positionOf('event:ev_1', 'eventPages')).toBe('3');
    expect(positions.positionOf('event:ev_2', 'events')).toBeNull();
    expect(positions.isBehind('event:ev_1', 'events', '11')).toBe(true);
    expect(positions.isBehind('event:ev_1', 'events', '12')).toBe(false);
  });
});
