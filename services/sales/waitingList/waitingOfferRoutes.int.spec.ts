import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  settle,
  startTestPlatform,
  type ApiResponse,
  type StorageKind,
  type TestPlatform,
} from '../../api/testing';
import { findHold, inventoryDecider } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { ManualClock } from '../../kit/clock';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing';
import { orderHoldId } from '../orders/orderWorkflows';
import { waitingClaimDecider, waitingEntryDecider } from './waitingEntryDecider';
import { waitingClaimStream, waitingEntryStream } from './waitingListEvents';
import { waitingOfferHoldId, waitingOfferOrderId } from './waitingListWorkflow';

type Problem = { status: number; reason: string };
type Claimed = {
  data: { entry_id: string; event_id: string; order_id: string; order_short_id: string; expires_at: string };
};

function expectProblem(response: ApiResponse, status: number, reason: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
}

/**
 * The offer link on real stores: a wrong id or token, another browser, an offer past its expiry are refused
 * with their reasons; the first browser gets the order the offered hold is held for, and completing it
 * converts the entry.
 */
function offerRouteSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-02-01T12:00:00.000Z'));
  let t: TestPlatform;
  let sink: SmtpSink;
  let eventId: string;
  const commands = () => t.platform.services.commands;
  const entry = async (entryId: string) =>
    (await commands().load(waitingEntryDecider, waitingEntryStream(entryId))).state;
  const inventory = async () => (await commands().load(inventoryDecider, inventoryStream(eventId))).state;
  const claimPath = (entryId: string) => `/api/public/waiting-offers/${entryId}/claim`;
  const drive = async () => {
    for (let round = 0; round < 3; round += 1) {
      expect(await settle(t.platform)).toBe(true);
      await t.platform.worker.waitingList.sweep();
    }
    expect(await settle(t.platform)).toBe(true);
  };

  /** A sold-out ticket with its list on (offers hold 2 hours) and one entry waiting for both its units. */
  async function waitingEntry(title: string, email: string) {
    const api = t.client(await t.login(t.admin.email, t.admin.password));
    const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title, quantity: 2 },
    });
    const ticketId = ticket.body.data.id;
    await api('PUT', `/api/events/${eventId}/tickets/${ticketId}/waiting-list`, {
      json: { enabled: true, offer_hours: 2 },
    });
    const sold = await t.client()<{ data: { id: string } }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity: 2 }] },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const joined = await t.client()<{ data: { entry_id: string } }>(
      'POST',
      `/api/public/events/${eventId}/tickets/${ticketId}/waiting-list`,
      { json: { name: 'Olga Offered', email, quantity: 2, locale: 'en' } },
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const release = () =>
      commands().handle(
        inventoryDecider,
        inventoryStream(eventId),
        { type: 'ReleaseHold', eventId, holdId: orderHoldId(sold.body.data.id), now: clock.now() },
        { correlationId: `release-${title}`, actor: 'system' },
      );
    return { api, entryId: joined.body.data.entry_id, ticketId, release };
  }

  const tokenFromMail = async (email: string, entryId: string): Promise<string> => {
    const mail = await sink.waitFor((received) => received.to.includes(email));
    const link = new RegExp(`/e/open-doors/waiting/${entryId}\\?t=([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    return link?.[1] ?? '';
  };

  /** The same, with the sold units released: the worker offers them, and the mail's link carries the token. */
  async function offeredEntry(title: string, email: string) {
    const { entryId, ticketId, release } = await waitingEntry(title, email);
    await release();
    await drive();
    return { entryId, ticketId, token: await tokenFromMail(email, entryId) };
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, {
      clock,
      config: { smtpUrl: sink.url, publicUrl: 'http://tickets.example.test' },
    });
    const api = t.client(await t.login(t.admin.email, t.admin.password));
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Queue Collective' },
    });
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Open Doors',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    await api('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Foyer', quantity: 5 },
    });
    expect((await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('answers waiting_entry_not_found for an unknown entry or a wrong token', async () => {
    const { entryId, token } = await offeredEntry('Balcony', 'wrong@example.test');
    expectProblem(
      await t.client()('POST', claimPath('wl_unknown'), { json: { token } }),
      404,
      'waiting_entry_not_found',
    );
    expectProblem(
      await t.client()('POST', claimPath(entryId), { json: { token: `${token}x` } }),
      404,
      'waiting_entry_not_found',
    );
    expectProblem(await t.client()('POST', claimPath(entryId), { json: {} }), 400, 'validation_failed');
  });

  it('binds the offer to the first browser, refuses another, and converts the entry once the order completes', async () => {
    const { entryId, ticketId, token } = await offeredEntry('Stalls', 'first@example.test');
    const holdId = waitingOfferHoldId(entryId, 1);
    const buyer = t.client();
    const claimed = await buyer<Claimed>('POST', claimPath(entryId), { json: { token } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data).toMatchObject({
      entry_id: entryId,
      event_id: eventId,
      order_id: waitingOfferOrderId(holdId),
      expires_at: '2027-02-01T14:00:00.000Z',
    });
    const cookie = /waiting_offer_[^=]+=[^;]+/.exec(claimed.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeDefined();
    const again = await buyer<Claimed>('POST', claimPath(entryId), {
      json: { token },
      headers: { cookie: cookie ?? '' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.order_short_id).toBe(claimed.body.data.order_short_id);
    expectProblem(
      await t.client()('POST', claimPath(entryId), { json: { token } }),
      403,
      'waiting_offer_not_yours',
    );

    const shortId = claimed.body.data.order_short_id;
    const detailed = await buyer('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Olga',
        last_name: 'Offered',
        email: 'first@example.test',
        locale: 'en',
        attendees: [
          { first_name: 'Olga', last_name: 'Offered', email: 'first@example.test' },
          { first_name: 'Otto', last_name: 'Offered', email: 'first@example.test' },
        ],
        terms_agreed: true,
      },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const done = await buyer('POST', `/api/public/events/${eventId}/orders/${shortId}/complete`, {
      json: { payment_method: 'FREE' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The link opened again after the order, before the worker marked the entry: the offer is used up.
    expectProblem(
      await buyer('POST', claimPath(entryId), { json: { token }, headers: { cookie: cookie ?? '' } }),
      409,
      'waiting_list_closed',
    );
    await drive();
    expect(await entry(entryId)).toMatchObject({ status: 'CONVERTED' });
    expect(findHold(await inventory(), holdId)).toMatchObject({ status: 'SOLD' });
    const { state: claim } = await commands().load(
      waitingClaimDecider,
      waitingClaimStream(eventId, ticketId, 'first@example.test'),
    );
    expect(claim.claimedBy).toBeNull();
  });

  it('answers waiting_offer_expired once the offer ran out, and never extends the order past the offer', async () => {
    const { entryId, token } = await offeredEntry('Gallery', 'late@example.test');
    const buyer = t.client();
    const claimed = await buyer<Claimed>('POST', claimPath(entryId), { json: { token } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const offerEnds = claimed.body.data.expires_at;
    clock.advance(2 * 60 * 60_000 - 60_000);
    const orderPath = `/api/public/events/${eventId}/orders/${claimed.body.data.order_short_id}`;
    const order = await buyer<{ data: { expires_at: string; reservation_ends_at: string } }>(
      'GET',
      orderPath,
    );
    expect(order.body.data).toMatchObject({ expires_at: offerEnds, reservation_ends_at: offerEnds });
    expectProblem(await buyer('POST', `${orderPath}/extend`), 409, 'extension_limit_reached');
    clock.advance(60_000 + 1);
    // The checkout keeper may record the offer's order as expired before the entry hears of the expiry.
    await t.platform.worker.checkout.sweep();
    expect(await settle(t.platform)).toBe(true);
    expectProblem(
      await t.client()('POST', claimPath(entryId), { json: { token } }),
      409,
      'waiting_offer_expired',
    );
    await drive();
    expect(await entry(entryId)).toMatchObject({ status: 'EXPIRED' });
    expectProblem(
      await t.client()('POST', claimPath(entryId), { json: { token } }),
      409,
      'waiting_offer_expired',
    );
  });

  it("lets the organizer offer an entry when its units are free, and answers another account's admin 404", async () => {
    const { api, entryId, release } = await waitingEntry('Circle', 'manual@example.test');
    const offerPath = `/api/events/${eventId}/waiting-list/${entryId}/offer`;
    expectProblem(await api('POST', offerPath), 409, 'sold_out');
    expect(await entry(entryId)).toMatchObject({ status: 'WAITING' });
    const other = await t.otherAccount();
    expectProblem(await t.client(other.token)('POST', offerPath), 404, 'event_not_found');
    expectProblem(
      await api('POST', `/api/events/${eventId}/waiting-list/wl_unknown/offer`),
      404,
      'waiting_entry_not_found',
    );
    await release();
    const offered = await api<{ data: { entry_id: string; status: string; expires_at: string } }>(
      'POST',
      offerPath,
    );
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.data).toEqual({
      entry_id: entryId,
      status: 'OFFERED',
      expires_at: new Date(clock.now().getTime() + 2 * 3_600_000).toISOString(),
    });
    // Asked again (a double click), or offered by the worker meanwhile: the same offer.
    const again = await api<{ data: { expires_at: string } }>('POST', offerPath);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.expires_at).toBe(offered.body.data.expires_at);
    await drive();
    const token = await tokenFromMail('manual@example.test', entryId);
    expect(token).not.toBe('');
    expect(sink.messages.filter((received) => received.to.includes('manual@example.test'))).toHaveLength(1);
  });
}

describe('waiting offer routes (SQLite)', () => offerRouteSuite('sqlite'));
describeWithPostgres('waiting offer routes (PostgreSQL)', () => offerRouteSuite('postgres'));
