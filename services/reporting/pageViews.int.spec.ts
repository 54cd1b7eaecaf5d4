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
  const view = (event: string, userAgent: string, headers: Record<string, string> = {}) =>
    t.client()<{ counted: boolean }>('POST', `/api/public/events/${event}/page-views`, {
      headers: { 'User-Agent': userAgent, ...headers },
    });

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    const api = t.client(await t.login(t.admin.email, t.admin.password));
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Pier' },
    });
    const create = () =>
      api<{ data: { id: string } }>('POST', '/api/events', {
        json: {
          organizer_id: organizer.body.data.id,
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
