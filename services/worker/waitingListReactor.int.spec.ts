import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { findHold, inventoryDecider } from '../inventory/inventoryDecider';
import { inventoryStream } from '../inventory/inventoryEvents';
import { ManualClock } from '../kit/clock';
import { describeWithPostgres } from '../kit/testing/postgres';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../messaging/testing';
import { orderHoldId } from '../sales/orders/orderWorkflows';
import {
  waitingClaimDecider,
  waitingEntryDecider,
  waitingTokenHash,
} from '../sales/waitingList/waitingEntryDecider';
import { waitingClaimStream, waitingEntryStream } from '../sales/waitingList/waitingListEvents';
import { waitingOfferHoldId } from '../sales/waitingList/waitingListWorkflow';

type Joined = { data: { entry_id: string; status: string } };

/**
 * The waiting list's reactor on real stores: units that come back are offered to the oldest entry (a hold the
 * public cannot take, one mail with a working link in the entry's language), the checkout keeper leaves the
 * offer hold alone, and an offer that runs out passes to the next entry.
 */
function reactorSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-02-01T12:00:00.000Z'));
  let t: TestPlatform;
  let sink: SmtpSink;
  let api: ReturnType<TestPlatform['client']>;
  let eventId: string;
  let ticketId: string;
  let soldOrderId: string;
  let first: string;
  let second: string;
  const commands = () => t.platform.services.commands;
  const entry = async (entryId: string) =>
    (await commands().load(waitingEntryDecider, waitingEntryStream(entryId))).state;
  const inventory = async () => (await commands().load(inventoryDecider, inventoryStream(eventId))).state;
  const publicOrder = () =>
    t.client()('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity: 1 }] },
    });
  const join = async (email: string, locale: string) => {
    const joined = await t.client()<Joined>(
      'POST',
      `/api/public/events/${eventId}/tickets/${ticketId}/waiting-list`,
      { json: { name: 'Wim Waiter', email, quantity: 2, locale } },
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    return joined.body.data.entry_id;
  };
  /** Lets the reactor note what came, the keeper act on it, and the reactor see what the keeper did. */
  const drive = async () => {
    for (let round = 0; round < 3; round += 1) {
      expect(await settle(t.platform)).toBe(true);
      await t.platform.worker.waitingList.sweep();
    }
    expect(await settle(t.platform)).toBe(true);
  };
  const tokenIn = (mail: ReceivedMail, entryId: string): string => {
    const match = new RegExp(
      `https?://[^\\s"'<>]+/e/full-house/waiting/${entryId}\\?t=([A-Za-z0-9_-]+)`,
    ).exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return match?.[1] ?? '';
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, {
      clock,
      config: { smtpUrl: sink.url, publicUrl: 'http://tickets.example.test' },
    });
    api = t.client(await t.login(t.admin.email, t.admin.password));
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
      json: { type: 'FREE', title: 'Standing', quantity: 2 },
    });
    ticketId = ticket.body.data.id;
    const list = await api('PUT', `/api/events/${eventId}/tickets/${ticketId}/waiting-list`, {
      json: { enabled: true, offer_hours: 2 },
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect((await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    const sold = await t.client()<{ data: { id: string } }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity: 2 }] },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    soldOrderId = sold.body.data.id;
    first = await join('first@example.test', 'de');
    second = await join('second@example.test', 'fr');
    expect(await settle(t.platform)).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('leaves the entries waiting while nothing is free', async () => {
    expect(await entry(first)).toMatchObject({ status: 'WAITING' });
    expect(Object.keys((await inventory()).waiting)).toEqual([first, second]);
  });

  it('offers released units to the oldest entry, which the public can then not take', async () => {
    await commands().handle(
      inventoryDecider,
      inventoryStream(eventId),
      { type: 'ReleaseHold', eventId, holdId: orderHoldId(soldOrderId), now: clock.now() },
      { correlationId: 'test-release', actor: 'system' },
    );
    await drive();
    const offered = await entry(first);
    expect(offered).toMatchObject({ status: 'OFFERED' });
    const holdId = waitingOfferHoldId(first, 1);
    expect(offered.exists && offered.offer?.holdId).toBe(holdId);
    expect(offered.exists && offered.offer?.expiresAt).toBe('2027-02-01T14:00:00.000Z');
    const hold = findHold(await inventory(), holdId);
    expect(hold).toMatchObject({ status: 'HELD', lines: [{ ticketId, tierId: null, quantity: 2 }] });
    expect(await entry(second)).toMatchObject({ status: 'WAITING' });
    const refused = await publicOrder();
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect((refused.body as { reason: string }).reason).toBe('sold_out');
  });

  it('mails the offer once, in the entry language, with a link whose token opens the offer', async () => {
    const mail = await sink.waitFor((received) => received.to.includes('first@example.test'));
    expect(mail.subject).toBe('Tickets für Full House warten auf Sie');
    expect(mail.text).toContain('1. Februar 2027');
    const token = tokenIn(mail, first);
    const offered = await entry(first);
    expect(offered.exists && offered.offer?.tokenHash).toBe(waitingTokenHash(token));
    // The token is in the mail only, never in the log.
    const logged: string[] = [];
    for await (const recorded of t.platform.services.store.readStream(waitingEntryStream(first)))
      logged.push(JSON.stringify(recorded.data));
    expect(logged.join('\n')).not.toContain(token);
    await drive();
    expect(sink.messages.filter((received) => received.to.includes('first@example.test'))).toHaveLength(1);
  });

  it('keeps the offer hold when the checkout keeper sweeps for holds without an order', async () => {
    clock.advance(60 * 60_000);
    await t.platform.worker.checkout.sweep();
    expect(findHold(await inventory(), waitingOfferHoldId(first, 1))).toMatchObject({ status: 'HELD' });
    await drive();
    expect(await entry(first)).toMatchObject({ status: 'OFFERED' });
    expect(await entry(second)).toMatchObject({ status: 'WAITING' });
  });

  it('passes an offer that ran out to the next entry and lets the first address join again', async () => {
    clock.advance(61 * 60_000);
    await drive();
    expect(await entry(first)).toMatchObject({ status: 'EXPIRED' });
    expect(findHold(await inventory(), waitingOfferHoldId(first, 1))).toMatchObject({ status: 'RELEASED' });
    const { state: claim } = await commands().load(
      waitingClaimDecider,
      waitingClaimStream(eventId, ticketId, 'first@example.test'),
    );
    expect(claim.claimedBy).toBeNull();
    expect(await entry(second)).toMatchObject({ status: 'OFFERED' });
    const mail = await sink.waitFor((received) => received.to.includes('second@example.test'));
    expect(mail.subject).toBe('Des billets pour Full House vous attendent');
    tokenIn(mail, second);
    // More sweeps (another worker, a replay) change nothing.
    await drive();
    expect(await entry(second)).toMatchObject({ status: 'OFFERED' });
    expect(sink.messages.filter((received) => received.to.includes('second@example.test'))).toHaveLength(1);
  });
}

describe('waiting list reactor (SQLite)', () => reactorSuite('sqlite'));
describeWithPostgres('waiting list reactor (PostgreSQL)', () => reactorSuite('postgres'));
