import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';

const ownUpload = `/uploads/${'c3'.repeat(32)}.jpg`;
const pixel = 'https://tracker.example/pixel.gif?who=buyer';

/** What organizers write that buyers' pages show: the organizer's website and rich text. */
function organizerContentSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Organizer = { data: { id: string; website: string | null; description_html: string | null } };
  type Refused = { reason: string; errors?: Record<string, string[]> };

  it('refuses a website that would break out of the link it is shown in, with a field error', async () => {
    const api = t.client(token);
    const created = await api<Refused>('POST', '/api/organizers', {
      json: { name: 'Quote Hall', website: 'https://x.example/"onmouseover=alert(1)' },
    });
    expect(created.status).toBe(400);
    expect(created.body.reason).toBe('validation_failed');
    expect(Object.keys(created.body.errors ?? {})).toEqual(['website']);

    const organizer = await api<Organizer>('POST', '/api/organizers', {
      json: { name: 'Quote Hall', website: 'https://quote-hall.example/about?lang=de' },
    });
    expect(organizer.status).toBe(201);
    const path = `/api/organizers/${organizer.body.data.id}`;
    for (const website of ['https://x.example/<b>', "https://x.example/'x", 'https://x.example/a b']) {
      const edited = await api<Refused>('PUT', path, { json: { website } });
      expect(edited.status, website).toBe(400);
      expect(edited.body.errors?.website, website).toBeDefined();
    }
    const stored = await api<Organizer>('GET', path);
    expect(stored.body.data.website).toBe('https://quote-hall.example/about?lang=de');
  });

  it('keeps only the platform’s own images in a description buyers see', async () => {
    const api = t.client(token);
    const organizer = await api<Organizer>('POST', '/api/organizers', {
      json: {
        name: 'Pixel Hall',
        description: `<p>Welcome<img src="${pixel}" width="1" height="1"><img src="${ownUpload}" alt="Hall"></p>`,
      },
    });
    expect(organizer.status).toBe(201);
    expect(organizer.body.data.description_html).toBe(`<p>Welcome<img src="${ownUpload}" alt="Hall" /></p>`);
  });

  it('keeps tracking pixels out of the checkout messages too', async () => {
    const api = t.client(token);
    const organizer = await api<Organizer>('POST', '/api/organizers', { json: { name: 'Message Hall' } });
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Quiet night',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const settings = await api<{ data: { post_checkout_message: string | null } }>(
      'PUT',
      `/api/events/${event.body.data.id}/settings`,
      { json: { post_checkout_message: `<p>See you there!<img src="${pixel}"></p>` } },
    );
    expect(settings.status).toBe(200);
    expect(settings.body.data.post_checkout_message).toBe('<p>See you there!</p>');
  });

  it('answers another account’s organizer as unknown', async () => {
    const mine = await t
      .client(token)<Organizer>('POST', '/api/organizers', { json: { name: 'Mine' } })
      .then((answer) => answer.body.data.id);
    const other = await t.otherAccount();
    const edited = await t.client(other.token)<Refused>('PUT', `/api/organizers/${mine}`, {
      json: { website: 'https://other.example/' },
    });
    expect(edited.status).toBe(404);
    expect(edited.body.reason).toBe('organizer_not_found');
  });
}

describe('organizer content on SQLite', () => organizerContentSuite('sqlite'));
describeWithPostgres('organizer content on PostgreSQL', () => organizerContentSuite('postgres'));
