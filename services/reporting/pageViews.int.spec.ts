import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { ManualClock } from '../kit/clock';
import { describeWithPostgres } from '../kit/testing/postgres';
import { pageViewsPerMinute, totalPageViews } from './pageViews';

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

function pageViewSuite(kind: StorageKind) {
  let t: TestPlatform;
  let eventId: string;
  let draftId: string;
  const clock = new ManualClock(new Date('2026-11-22T10:00:10.000Z'));
  let api: ReturnType<TestPlatform['client']>;
  let organizerId: string;
  const view = (
    event: string,
    userAgent: string,
    headers: Record<string, string> = {},
    json?: Record<string, unknown>,
  ) =>
    t.client()<{ counted: boolean }>('POST', `/api/public/events/${event}/page-views`, {
      headers: { 'User-Agent': userAgent, ...headers },
      ...(json ? { json } : {}),
    });
  /** A visit id as the page makes one: 32 random hex digits, kept for the browser tab. */
  const visit = (n: number) => ({ visit: n.toString(16).padStart(32, 'a') });

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    api = t.client(await t.login(t.admin.email, t.admin.password));
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Pier' },
    });
    organizerId = organizer.body.data.id;
    const create = () =>
      api<{ data: { id: string } }>('POST', '/api/events', {
        json: {
          organizer_id: organizerId,
          title: 'Pier Nights',
          start_date: '2027-03-05T18:00:00+01:00',
          timezone: 'Europe/Berlin',
          currency: 'EUR',
        },
      });
    eventId = (await create()).body.data.id;
    draftId = (await create()).body.data.id;
    await api('POST', `/api/events/${eventId}/tickets`, { json: { type: 'FREE', title: 'Entry' } });
    const live = await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts a reader once per half hour, drops bots and previews, and keeps minute buckets', async () => {
    expect((await view(eventId, browser)).body).toEqual({ counted: true });
    expect((await view(eventId, browser)).body).toEqual({ counted: false });
    expect((await view(eventId, phone)).body).toEqual({ counted: true });
    for (const bot of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
      '',
    ]) {
      const answer = await view(eventId, bot);
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ counted: false });
    }
    expect((await view(eventId, browser.replace('131', '132'), { 'Sec-Purpose': 'prefetch' })).body).toEqual({
      counted: false,
    });

    clock.advance(31 * 60_000);
    expect((await view(eventId, browser)).body).toEqual({ counted: true });

    await expect.poll(() => totalPageViews(t.platform.services.db, eventId), { timeout: 5_000 }).toBe(3);
    expect(await pageViewsPerMinute(t.platform.services.db, eventId)).toEqual([
      { minute: '2026-11-22T10:00:00.000Z', views: 2 },
      { minute: '2026-11-22T10:31:00.000Z', views: 1 },
    ]);
  });

  it('counts each buyer behind one address by their own visit, and conversion is orders per view, uncapped', async () => {
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Pier Afternoons',
        start_date: '2027-03-06T14:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const id = event.body.data.id;
    const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${id}/tickets`, {
      json: { type: 'FREE', title: 'Entry' },
    });
    expect((await api('PUT', `/api/events/${id}/status`, { json: { status: 'LIVE' } })).status).toBe(200);

    // Three buyers on the venue's wifi: one address, the same phone and browser, each their own tab.
    for (const n of [1, 2, 3]) expect((await view(id, phone, {}, visit(n))).body).toEqual({ counted: true });
    // A reload in the same tab within half an hour counts once.
    expect((await view(id, phone, {}, visit(2))).body).toEqual({ counted: false });
    // A beacon without a visit id (an older page) falls back to the address and the user agent.
    expect((await view(id, phone)).body).toEqual({ counted: true });
    expect((await view(id, phone)).body).toEqual({ counted: false });
    const bad = await view(id, phone, {}, { visit: 'short' });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { errors: Record<string, string[]> }).errors).toHaveProperty('visit');
    expect((await view(id, phone, {}, { ...visit(4), extra: 1 })).status).toBe(400);
    await expect.poll(() => totalPageViews(t.platform.services.db, id), { timeout: 5_000 }).toBe(4);

    // Five orders, one of them without a view of the page (a second order of the same buyer, say).
    for (const n of [1, 2, 3, 4, 5]) {
      const buyer = t.client();
      const placed = await buyer<{ data: { short_id: string } }>('POST', `/api/public/events/${id}/orders`, {
        json: { lines: [{ ticket_id: ticket.body.data.id, quantity: 1 }] },
      });
      const shortId = placed.body.data.short_id;
      const person = { first_name: `Buyer${n}`, last_name: 'Pier', email: `buyer${n}@example.test` };
      await buyer('PUT', `/api/public/events/${id}/orders/${shortId}/details`, {
        json: { ...person, attendees: [person], terms_agreed: true },
      });
      const done = await buyer('POST', `/api/public/events/${id}/orders/${shortId}/complete`, {
        json: { payment_method: 'FREE' },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }
    const totals = async () =>
      (
        await api<{ data: { totals: { orders: number; page_views: number; conversion: number | null } } }>(
          'GET',
          `/api/events/${id}/stats`,
        )
      ).body.data.totals;
    await expect.poll(async () => (await totals()).orders, { timeout: 5_000 }).toBe(5);
    expect(await totals()).toMatchObject({ page_views: 4, conversion: 1.25 });
  });

  it('refuses a draft or unknown event without counting it', async () => {
    for (const id of [draftId, 'ev_doesnotexist', '..%2F..%2Fadmin']) {
      const answer = await view(id, browser);
      expect(answer.status).toBe(404);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await totalPageViews(t.platform.services.db, draftId)).toBe(0);
  });
}

describe('public page views on SQLite', () => pageViewSuite('sqlite'));
describeWithPostgres('public page views on PostgreSQL', () => pageViewSuite('postgres'));
