import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { inventoryDecider } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { ManualClock } from '../../kit/clock';
import type { CommandContext } from '../../kit/commandHandler';
import { Refusal } from '../../kit/refusal';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { runChain } from '../../kit/workflow';
import { waitingClaimDecider, waitingEntryDecider, type JoinWaitingList } from './waitingEntryDecider';
import { waitingClaimStream, waitingEntryStream } from './waitingListEvents';
import { waitingListJoin } from './waitingListWorkflow';

/**
 * The join chain on real stores: claim, entry and the units owed in the inventory, all or nothing; a second
 * join with the same address and a join while the list is closed write nothing.
 */
function joinSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-02-01T12:00:00.000Z'));
  let t: TestPlatform;
  let eventId: string;
  let ticketId: string;
  const context = (id: string): CommandContext => ({ correlationId: `join-${id}`, actor: 'public' });

  const join = (entryId: string, overrides: Partial<JoinWaitingList> = {}): JoinWaitingList => ({
    type: 'JoinWaitingList',
    eventId,
    entryId,
    ticketId,
    tierId: null,
    quantity: 2,
    name: 'Wim Waiter',
    email: 'wim@example.test',
    locale: 'en',
    waitingListEnabled: true,
    soldOut: true,
    maxPerOrder: 10,
    now: clock.now(),
    ...overrides,
  });
  const refusalOf = async (promise: Promise<unknown>): Promise<string> => {
    const error: unknown = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Refusal);
    return (error as Refusal).reason;
  };
  const load = () => t.platform.services.commands;

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    const api = t.client(await t.login(t.admin.email, t.admin.password));
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Queue Collective' },
    });
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Full House',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Standing', quantity: 5 },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    ticketId = ticket.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('claims the address, records the entry and owes its units in the inventory', async () => {
    const outcome = await runChain(load(), waitingListJoin(join('wle_join_1')), context('1'));
    expect(outcome.position).not.toBeNull();
    const { state: entry } = await load().load(waitingEntryDecider, waitingEntryStream('wle_join_1'));
    expect(entry).toMatchObject({ exists: true, status: 'WAITING', ticketId });
    const { state: claim } = await load().load(
      waitingClaimDecider,
      waitingClaimStream(eventId, ticketId, 'wim@example.test'),
    );
    expect(claim.claimedBy).toBe('wle_join_1');
    const { state: inventory } = await load().load(inventoryDecider, inventoryStream(eventId));
    expect(inventory.waiting.wle_join_1).toEqual({ ticketId, tierId: null, quantity: 2 });
  });

  it('refuses a second join with the same address (any case) and writes nothing', async () => {
    const reason = await refusalOf(
      runChain(load(), waitingListJoin(join('wle_join_2', { email: ' WIM@example.test ' })), context('2')),
    );
    expect(reason).toBe('waiting_list_duplicate');
    const { state: entry, revision } = await load().load(
      waitingEntryDecider,
      waitingEntryStream('wle_join_2'),
    );
    expect(entry.exists).toBe(false);
    expect(revision).toBe(-1n);
    const { state: inventory } = await load().load(inventoryDecider, inventoryStream(eventId));
    expect(Object.keys(inventory.waiting)).toEqual(['wle_join_1']);
  });

  it('refuses a join while the ticket is not sold out or the list is off, claiming nothing', async () => {
    for (const [entryId, facts] of [
      ['wle_join_3', { soldOut: false }],
      ['wle_join_4', { waitingListEnabled: false }],
    ] as const) {
      const email = `${entryId}@example.test`;
      const reason = await refusalOf(
        runChain(load(), waitingListJoin(join(entryId, { ...facts, email })), context(entryId)),
      );
      expect(reason).toBe('waiting_list_closed');
      const { revision } = await load().load(
        waitingClaimDecider,
        waitingClaimStream(eventId, ticketId, email),
      );
      expect(revision).toBe(-1n);
    }
  });
}

describe('waiting list join (SQLite)', () => joinSuite('sqlite'));
describeWithPostgres('waiting list join (PostgreSQL)', () => joinSuite('postgres'));
