import { describe, expect, it } from 'vitest';
import { decideOffline, type OfflineFacts } from './offline';

const attendee = {
  id: 'at_1',
  shortId: '0000000000000000a001',
  firstName: 'Ada',
  lastName: 'Lovelace',
  ticketId: 'tk_1',
  ticketTitle: 'Standing',
  orderReference: '4K7Q2M9X',
  status: 'ACTIVE' as const,
  payment: 'PAID' as const,
};
const facts = (over: Partial<OfflineFacts> = {}): OfflineFacts => ({
  list: { activates_at: '2030-06-01T18:00:00Z', expires_at: '2030-06-02T02:00:00Z', ticket_ids: ['tk_1'] },
  ticketId: 'tk_1',
  attendee,
  admission: undefined,
  now: new Date('2030-06-01T20:00:00Z'),
  ...over,
});

describe('the offline decision', () => {
  it('admits a paid, active attendee of the list not yet admitted on this device', () => {
    expect(decideOffline(facts())).toBe('admitted');
  });

  it('admits a genuine code of a ticket on the list for an attendee newer than the cache', () => {
    expect(decideOffline(facts({ attendee: undefined }))).toBe('admitted');
    expect(decideOffline(facts({ attendee: undefined, ticketId: null }))).toBe('ticket_not_found');
  });

  it('answers a known admission as a duplicate', () => {
    const admission = { checkInId: 'ci_1', at: '2030-06-01T19:00:00Z', deviceId: 'dev-a', gate: null };
    expect(decideOffline(facts({ admission }))).toBe('already_checked_in');
  });

  it('refuses by the cached state and the list window at the device time', () => {
    expect(decideOffline(facts({ attendee: { ...attendee, status: 'CANCELLED' } }))).toBe(
      'attendee_cancelled',
    );
    expect(decideOffline(facts({ attendee: { ...attendee, payment: 'UNPAID' } }))).toBe('attendee_unpaid');
    expect(decideOffline(facts({ attendee: { ...attendee, ticketId: 'tk_2' } }))).toBe('not_on_this_list');
    expect(decideOffline(facts({ now: new Date('2030-06-01T17:59:59Z') }))).toBe('list_not_active');
    expect(decideOffline(facts({ now: new Date('2030-06-02T02:00:00Z') }))).toBe('list_expired');
  });
});
