import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { eventsProjection } from '../../projections/events';
import { eventPagesProjection } from '../../projections/events/pages';
import { eventDefaultsProjection } from '../../projections/eventDefaults';
import { organizersProjection } from '../../projections/organizers';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { dumpTable, recordingLogger } from '../../projections/runner/testing';
import { eventStream } from './events/eventEvents';
import { pngImage } from './images/testing';

type Problem = { status: number; reason: string; errors?: Record<string, string[]>; detail?: string };
type Organizer = {
  id: string;
  name: string;
  website: string | null;
  description_html: string | null;
  logo_url: string | null;
};
type Image = { id: string; type: string; url: string; width: number; height: number };
type EventDetail = {
  id: string;
  title: string;
  slug: string;
  status: string;
  organizer_id: string;
  description_html: string | null;
  map_url: string | null;
  online_connection_details?: string | null;
  account_id?: string;
  settings: Record<string, unknown>;
  images: Image[];
  cover_image_url: string | null;
  organizer: { name: string } | null;
};

function expectProblem(
  response: { status: number; headers: Headers; body: unknown },
  status: number,
  reason: string,
): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

function catalogSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let organizer: Organizer;
  let uploadsDir: string;

  const api = () => t.client(token);
  const uploads = () => {
    try {
      return readdirSync(uploadsDir).sort();
    } catch {
      return [];
    }
  };
  const newEvent = (overrides: Record<string, unknown> = {}) => ({
    organizer_id: organizer.id,
    title: 'Harbour Lights Festival',
    start_date: '2027-03-05T18:00:00+01:00',
    end_date: '2027-03-05T23:30:00+01:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    ...overrides,
  });
  /** Publishing needs a ticket (`no_tickets` otherwise). */
  const giveTicket = (eventId: string) =>
    api()('POST', `/api/events/${eventId}/tickets`, { json: { type: 'FREE', title: 'Entry' } });
  const createEvent = async (overrides: Record<string, unknown> = {}) => {
    const response = await api()<{ data: EventDetail }>('POST', '/api/events', { json: newEvent(overrides) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  async function upload(
    path: string,
    content: Buffer,
    options: {
      type?: string;
      filename?: string;
      contentType?: string;
      client?: ReturnType<TestPlatform['client']>;
    } = {},
  ) {
    const form = new FormData();
    form.append('type', options.type ?? 'EVENT_COVER');
    form.append(
      'image',
      new Blob([new Uint8Array(content)], { type: options.contentType ?? 'image/png' }),
      options.filename ?? 'cover.png',
    );
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as unknown,
    };
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    uploadsDir = join(t.platform.services.config.dataDir, 'uploads');
    const created = await api()<{ data: Organizer }>('POST', '/api/organizers', {
      json: {
        name: 'Harbour Arts',
        email: 'hello@harbour.test',
        website: 'https://harbour.test',
        description: '<p>We run <b>festivals</b><script>alert(1)</script></p>',
      },
    });
    expect(created.status).toBe(201);
    organizer = created.body.data;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('organizers', () => {
    it('creates, lists, reads and edits an organizer, sanitising its description', async () => {
      expect(organizer).toMatchObject({ name: 'Harbour Arts', website: 'https://harbour.test' });
      expect(organizer.description_html).toBe('<p>We run <b>festivals</b></p>');
      const list = await api()<{ data: Organizer[]; meta: { total: number } }>(
        'GET',
        '/api/organizers?query=harbour',
      );
      expect(list.body.data.map((o) => o.id)).toContain(organizer.id);
      const edited = await api()<{ data: Organizer }>('PUT', `/api/organizers/${organizer.id}`, {
        json: { website: '' },
      });
      expect(edited.body.data.website).toBeNull();
      const read = await api()<{ data: Organizer }>('GET', `/api/organizers/${organizer.id}`);
      expect(read.body.data).toMatchObject({ name: 'Harbour Arts', website: null });
    });

    it('refuses a bad organizer with field errors', async () => {
      const problem = expectProblem(
        await api()('POST', '/api/organizers', {
          json: { name: 'x'.repeat(150), email: 'nope', website: 'ftp://x' },
        }),
        400,
        'validation_failed',
      );
      expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['email', 'name', 'website']);
      expectProblem(await api()('POST', '/api/organizers', { json: {} }), 400, 'validation_failed');
    });

    it('uploads a logo, refusing a logo that is too small', async () => {
      const refused = expectProblem(
        await upload(`/api/organizers/${organizer.id}/images`, pngImage(50, 50), { type: 'ORGANIZER_LOGO' }),
        422,
        'image_dimensions_invalid',
      );
      expect(refused.errors?.image?.[0]).toContain('100×100');
      const logo = await upload(`/api/organizers/${organizer.id}/images`, pngImage(400, 400), {
        type: 'ORGANIZER_LOGO',
      });
      expect(logo.status).toBe(201);
      const read = await api()<{ data: Organizer }>('GET', `/api/organizers/${organizer.id}`);
      expect(read.body.data.logo_url).toBe((logo.body as { data: Image }).data.url);
    });
  });

  describe('creating an event', () => {
    it('requires an organizer of the same account', async () => {
      const missing = expectProblem(
        await api()('POST', '/api/events', { json: newEvent({ organizer_id: undefined }) }),
        400,
        'validation_failed',
      );
      expect(missing.errors).toHaveProperty('organizer_id');
      const unknown = expectProblem(
        await api()('POST', '/api/events', { json: newEvent({ organizer_id: 'or_doesnotexist' }) }),
        404,
        'organizer_not_found',
      );
      expect(unknown.errors).toHaveProperty('organizer_id');
      const other = await t.otherAccount();
      const theirs = await t.client(other.token)<{ data: Organizer }>('POST', '/api/organizers', {
        json: { name: 'Theirs' },
      });
      expectProblem(
        await api()('POST', '/api/events', { json: newEvent({ organizer_id: theirs.body.data.id }) }),
        404,
        'organizer_not_found',
      );
    });

    it('stores every field of the event, sanitised, with the default settings', async () => {
      const event = await createEvent({
        description: '<p onmouseover="x()">Music <a href="javascript:alert(1)">here</a></p>',
        is_online: true,
        online_connection_details: '<p>Join at https://meet.test/abc</p>',
        map_url: 'https://maps.test/harbour',
        location: { venue_name: 'Pier 3', address_line_1: 'Kai 1', city: 'Hamburg', country: 'DE' },
      });
      expect(event).toMatchObject({
        status: 'DRAFT',
        organizer_id: organizer.id,
        description_html: '<p>Music <a>here</a></p>',
        online_connection_details: '<p>Join at https://meet.test/abc</p>',
        map_url: 'https://maps.test/harbour',
        organizer: { name: 'Harbour Arts' },
      });
      expect(event.settings).toMatchObject({
        order_timeout_minutes: 15,
        price_display_mode: 'INCLUSIVE',
        allow_search_engine_indexing: true,
      });
      expectProblem(
        await api()('POST', '/api/events', { json: newEvent({ map_url: 'javascript:alert(1)' }) }),
        400,
        'validation_failed',
      );
    });

    it('applies the account’s event defaults to new events; only admins change them', async () => {
      const saved = await api()<{ data: Record<string, unknown> }>('PUT', '/api/event-defaults', {
        json: {
          order_timeout_minutes: 30,
          price_display_mode: 'EXCLUSIVE',
          allow_search_engine_indexing: false,
          invoices_enabled: true,
          timezone: 'Europe/Lisbon',
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({
        order_timeout_minutes: 30,
        timezone: 'Europe/Lisbon',
        invoices_enabled: true,
      });
      // The account's own zone and currency stand behind the defaults (the first admin's account: EUR, UTC).
      expect(saved.body.data.account).toEqual({ currency: 'EUR', timezone: 'UTC' });
      const event = await createEvent({ title: 'With Defaults' });
      expect(event.settings).toMatchObject({
        order_timeout_minutes: 30,
        price_display_mode: 'EXCLUSIVE',
        allow_search_engine_indexing: false,
        invoices_enabled: true,
      });
      expectProblem(
        await api()('PUT', '/api/event-defaults', { json: { timezone: 'Mars/Base' } }),
        422,
        'invalid_timezone',
      );
      expectProblem(
        await api()('PUT', '/api/event-defaults', { json: { order_timeout_minutes: 0 } }),
        400,
        'validation_failed',
      );
      await api()('PUT', '/api/event-defaults', {
        json: {
          order_timeout_minutes: 15,
          price_display_mode: 'INCLUSIVE',
          allow_search_engine_indexing: true,
          invoices_enabled: false,
        },
      });
    });
  });

  describe('event settings', () => {
    it('saves each section on its own and refuses colours that are not hex', async () => {
      const event = await createEvent({ title: 'Settings Test' });
      const seo = await api()<{ data: Record<string, unknown> }>('PUT', `/api/events/${event.id}/settings`, {
        json: {
          seo_title: 'Harbour SEO',
          seo_description: 'Lights on the water',
          seo_keywords: 'harbour, lights',
          allow_search_engine_indexing: false,
        },
      });
      expect(seo.status).toBe(200);
      const misc = await api()<{ data: Record<string, unknown> }>('PUT', `/api/events/${event.id}/settings`, {
        json: {
          order_timeout_minutes: 20,
          show_available_quantity: true,
          pre_checkout_message: '<p>Bring ID<script>x()</script></p>',
        },
      });
      expect(misc.body.data).toMatchObject({
        seo_title: 'Harbour SEO',
        allow_search_engine_indexing: false,
        order_timeout_minutes: 20,
        show_available_quantity: true,
        pre_checkout_message: '<p>Bring ID</p>',
      });
      const colours = expectProblem(
        await api()('PUT', `/api/events/${event.id}/settings`, {
          json: { homepage_primary_color: 'blue', widget_text_color: '#12' },
        }),
        400,
        'validation_failed',
      );
      expect(Object.keys(colours.errors ?? {}).sort()).toEqual([
        'homepage_primary_color',
        'widget_text_color',
      ]);
      expectProblem(
        await api()('PUT', `/api/events/${event.id}/settings`, { json: { unknown: 1 } }),
        400,
        'validation_failed',
      );
      const read = await api()<{ data: Record<string, unknown> }>('GET', `/api/events/${event.id}/settings`);
      expect(read.body.data).toMatchObject({
        seo_keywords: 'harbour, lights',
        homepage_primary_color: '#2d72d2',
      });
    });
  });

  describe('images', () => {
    it('uploads a cover served with long cache headers, replacing the previous one', async () => {
      const event = await createEvent({ title: 'Cover Test' });
      const first = await upload(`/api/events/${event.id}/images`, pngImage(2160, 1080));
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const image = (first.body as { data: Image }).data;
      expect(image).toMatchObject({ type: 'EVENT_COVER', width: 2160, height: 1080 });
      expect(image.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
      const served = await fetch(`${t.baseUrl}${image.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(pngImage(2160, 1080))).toBe(true);

      const second = await upload(`/api/events/${event.id}/images`, pngImage(1200, 600));
      const list = await api()<{ data: Image[] }>('GET', `/api/events/${event.id}/images`);
      expect(list.body.data.map((i) => i.id)).toEqual([(second.body as { data: Image }).data.id]);
      const detail = await api()<{ data: EventDetail }>('GET', `/api/events/${event.id}`);
      expect(detail.body.data.cover_image_url).toBe((second.body as { data: Image }).data.url);

      const deleted = await api()(
        'DELETE',
        `/api/events/${event.id}/images/${(second.body as { data: Image }).data.id}`,
      );
      expect(deleted.status).toBe(204);
      expect((await api()<{ data: Image[] }>('GET', `/api/events/${event.id}/images`)).body.data).toEqual([]);
      expectProblem(
        await api()('DELETE', `/api/events/${event.id}/images/im_nothere`),
        404,
        'image_not_found',
      );
    });

    it('refuses oversize, non-image and wrongly sized uploads, storing nothing', async () => {
      const event = await createEvent({ title: 'Refused Uploads' });
      const before = uploads();
      expectProblem(
        await upload(`/api/events/${event.id}/images`, pngImage(1400, 1300, { noise: true })),
        413,
        'image_too_large',
      );
      const notImage = expectProblem(
        await upload(`/api/events/${event.id}/images`, Buffer.from('<script>alert(1)</script>'), {
          filename: 'cover.png',
        }),
        415,
        'unsupported_image_type',
      );
      expect(notImage.errors).toHaveProperty('image');
      const small = expectProblem(
        await upload(`/api/events/${event.id}/images`, pngImage(400, 200)),
        422,
        'image_dimensions_invalid',
      );
      expect(small.detail).toContain('600×300');
      expectProblem(
        await upload(`/api/events/${event.id}/images`, pngImage(800, 400), { type: 'ORGANIZER_LOGO' }),
        400,
        'validation_failed',
      );
      const noFile = await fetch(`${t.baseUrl}/api/events/${event.id}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: (() => {
          const form = new FormData();
          form.append('type', 'EVENT_COVER');
          return form;
        })(),
      });
      expect(noFile.status).toBe(400);
      await api()('PUT', `/api/events/${event.id}/status`, { json: { status: 'ARCHIVED' } });
      expectProblem(
        await upload(`/api/events/${event.id}/images`, pngImage(1001, 501)),
        409,
        'event_archived',
      );
      expect(uploads()).toEqual(before);
      expect((await api()<{ data: Image[] }>('GET', `/api/events/${event.id}/images`)).body.data).toEqual([]);
    });
  });

  describe('status, duplicate and delete', () => {
    it('publishes for a verified admin and shows the public page with its design, without private fields', async () => {
      const event = await createEvent({
        title: 'Public Design',
        online_connection_details: '<p>secret link</p>',
        is_online: true,
      });
      await api()('PUT', `/api/events/${event.id}/settings`, {
        json: { homepage_background_color: '#101820', homepage_primary_color: '#fee715' },
      });
      await giveTicket(event.id);
      const live = await api()<{ data: EventDetail }>('PUT', `/api/events/${event.id}/status`, {
        json: { status: 'LIVE' },
      });
      expect(live.body.data.status).toBe('LIVE');
      const publicEvent = await t.client()<{ data: EventDetail }>('GET', `/api/public/events/${event.id}`);
      expect(publicEvent.body.data.settings).toMatchObject({
        homepage_background_color: '#101820',
        homepage_primary_color: '#fee715',
      });
      expect(publicEvent.body.data).not.toHaveProperty('online_connection_details');
      expect(publicEvent.body.data).not.toHaveProperty('account_id');
      expect(publicEvent.body.data.settings).not.toHaveProperty('reply_to_email');
      expect(publicEvent.body.data.organizer).toMatchObject({ name: 'Harbour Arts' });
    });

    it('duplicates an event as a draft with what was asked, recording the options', async () => {
      const source = await createEvent({ title: 'Original Night' });
      await api()('PUT', `/api/events/${source.id}/settings`, { json: { seo_title: 'Original SEO' } });
      await upload(`/api/events/${source.id}/images`, pngImage(900, 450));
      await giveTicket(source.id);
      await api()('PUT', `/api/events/${source.id}/status`, { json: { status: 'LIVE' } });

      const copy = await api()<{ data: EventDetail }>('POST', `/api/events/${source.id}/duplicate`, {
        json: {
          title: 'Second Night',
          start_date: '2027-04-05T18:00:00Z',
          copy: { tickets: false, images: true, settings: true },
        },
      });
      expect(copy.status).toBe(201);
      expect(copy.body.data).toMatchObject({
        title: 'Second Night',
        status: 'DRAFT',
        organizer_id: organizer.id,
      });
      expect(copy.body.data.settings.seo_title).toBe('Original SEO');
      expect(copy.body.data.images).toHaveLength(1);

      const bare = await api()<{ data: EventDetail }>('POST', `/api/events/${source.id}/duplicate`, {
        json: { copy: { settings: false, images: false } },
      });
      expect(bare.body.data).toMatchObject({
        title: 'Original Night (copy)',
        status: 'DRAFT',
        images: [],
        cover_image_url: null,
      });
      expect(bare.body.data.settings.seo_title).toBeNull();

      const recorded = [];
      for await (const event of t.platform.services.store.readStream(eventStream(copy.body.data.id)))
        recorded.push(event);
      expect(recorded[0]?.data).toMatchObject({
        duplicatedFrom: {
          eventId: source.id,
          requested: {
            tickets: false,
            questions: true,
            promoCodes: true,
            capacityAssignments: true,
            checkInLists: true,
            settings: true,
            images: true,
          },
        },
      });
      expectProblem(
        await api()('POST', `/api/events/${source.id}/duplicate`, { json: { copy: { tickets: 'yes' } } }),
        400,
        'validation_failed',
      );
    });

    it('deletes a draft without orders, refusing a live one', async () => {
      const draft = await createEvent({ title: 'Delete Me' });
      expect((await api()('DELETE', `/api/events/${draft.id}`)).status).toBe(204);
      expectProblem(await api()('GET', `/api/events/${draft.id}`), 404, 'event_not_found');
      const live = await createEvent({ title: 'Keep Me' });
      await giveTicket(live.id);
      await api()('PUT', `/api/events/${live.id}/status`, { json: { status: 'LIVE' } });
      expectProblem(await api()('DELETE', `/api/events/${live.id}`), 409, 'event_not_draft');
    });
  });

  describe('another account', () => {
    it('gets a 404 for every id of this account and never its data', async () => {
      const event = await createEvent({ title: 'Private Matter' });
      const image = await upload(`/api/events/${event.id}/images`, pngImage(800, 400));
      const imageId = (image.body as { data: Image }).data.id;
      const other = await t.otherAccount();
      const theirs = t.client(other.token);
      expectProblem(await theirs('GET', `/api/events/${event.id}/settings`), 404, 'event_not_found');
      expectProblem(
        await theirs('PUT', `/api/events/${event.id}/settings`, { json: { seo_title: 'x' } }),
        404,
        'event_not_found',
      );
      expectProblem(await theirs('GET', `/api/events/${event.id}/images`), 404, 'event_not_found');
      expectProblem(
        await theirs('DELETE', `/api/events/${event.id}/images/${imageId}`),
        404,
        'event_not_found',
      );
      expectProblem(
        await theirs('POST', `/api/events/${event.id}/duplicate`, { json: {} }),
        404,
        'event_not_found',
      );
      expectProblem(await theirs('DELETE', `/api/events/${event.id}`), 404, 'event_not_found');
      expectProblem(await theirs('GET', `/api/organizers/${organizer.id}`), 404, 'organizer_not_found');
      expectProblem(
        await theirs('PUT', `/api/organizers/${organizer.id}`, { json: { name: 'Mine now' } }),
        404,
        'organizer_not_found',
      );
      expectProblem(
        await theirs('GET', `/api/organizers/${organizer.id}/images`),
        404,
        'organizer_not_found',
      );
      const list = await theirs<{ data: Organizer[] }>('GET', '/api/organizers');
      expect(list.body.data).toEqual([]);
      const upload403 = await fetch(`${t.baseUrl}/api/events/${event.id}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.token}` },
        body: (() => {
          const form = new FormData();
          form.append(
            'image',
            new Blob([new Uint8Array(pngImage(800, 400))], { type: 'image/png' }),
            'x.png',
          );
          return form;
        })(),
      });
      expect(upload403.status).toBe(404);
      expect((await api()<{ data: EventDetail }>('GET', `/api/events/${event.id}`)).body.data.title).toBe(
        'Private Matter',
      );
    });
  });

  describe('the public page HTML and the sitemap', () => {
    it('carries the SEO head for /e/ and /event/ without JavaScript, and lists indexable live events', async () => {
      const webDist = t.platform.services.config.webDist;
      mkdirSync(webDist, { recursive: true });
      writeFileSync(
        join(webDist, 'index.html'),
        '<!doctype html><html><head><title>Ticket Shop</title></head><body><div id="root"></div></body></html>',
      );

      const event = await createEvent({
        title: 'Lantern Parade',
        description: '<p>Lanterns &amp; music by the water.</p>',
      });
      await upload(`/api/events/${event.id}/images`, pngImage(2160, 1080));
      await api()('PUT', `/api/events/${event.id}/settings`, {
        json: { seo_title: 'Lantern Parade 2027', seo_keywords: 'lanterns, parade' },
      });
      await giveTicket(event.id);
      await api()('PUT', `/api/events/${event.id}/status`, { json: { status: 'LIVE' } });
      const hidden = await createEvent({ title: 'Hidden Gathering' });
      await api()('PUT', `/api/events/${hidden.id}/settings`, {
        json: { allow_search_engine_indexing: false },
      });
      await giveTicket(hidden.id);
      await api()('PUT', `/api/events/${hidden.id}/status`, { json: { status: 'LIVE' } });

      for (const path of [`/e/${event.id}/${event.slug}`, `/event/${event.id}/${event.slug}`]) {
        const page = await fetch(`${t.baseUrl}${path}`);
        const html = await page.text();
        expect(page.headers.get('cache-control')).toBe('no-cache');
        expect(html).toContain('<title>Lantern Parade 2027</title>');
        expect(html).toContain('<meta name="description" content="Lanterns &amp; music by the water." />');
        expect(html).toContain('<meta name="keywords" content="lanterns, parade" />');
        expect(html).toMatch(
          /<meta property="og:image" content="http:\/\/localhost:\d+\/uploads\/[0-9a-f]{64}\.png" \/>/,
        );
        expect(html).not.toContain('noindex');
      }
      const hiddenHtml = await (await fetch(`${t.baseUrl}/event/${hidden.id}/${hidden.slug}`)).text();
      expect(hiddenHtml).toContain('<meta name="robots" content="noindex, nofollow" />');
      const draft = await createEvent({ title: 'Still A Draft' });
      const draftHtml = await (await fetch(`${t.baseUrl}/event/${draft.id}/${draft.slug}`)).text();
      expect(draftHtml).toContain('<title>Ticket Shop</title>');

      const sitemap = await fetch(`${t.baseUrl}/sitemap.xml`);
      const xml = await sitemap.text();
      expect(sitemap.headers.get('content-type')).toContain('application/xml');
      expect(xml).toContain(`/event/${event.id}/${event.slug}</loc>`);
      expect(xml).not.toContain(hidden.id);
      expect(xml).not.toContain(draft.id);
    });
  });

  describe('read models', () => {
    it('rebuild from the log into exactly the rows the incremental run produced', async () => {
      const { store, db } = t.platform.services;
      const keys: Record<string, string[]> = {
        events: ['id'],
        event_pages: ['event_id'],
        event_images: ['id'],
        organizers: ['id'],
        event_defaults: ['account_id'],
      };
      for (const projection of [
        eventsProjection,
        eventPagesProjection,
        organizersProjection,
        eventDefaultsProjection,
      ]) {
        const tables = projection.tables.map((table) => table.name);
        const incremental = await Promise.all(
          tables.map((name) => dumpTable(db, name, keys[name] ?? ['id'])),
        );
        expect(
          incremental.some((rows) => rows.length > 0),
          projection.name,
        ).toBe(true);
        await rebuildProjection(store, db, projection, { logger: recordingLogger() });
        const rebuilt = await Promise.all(tables.map((name) => dumpTable(db, name, keys[name] ?? ['id'])));
        expect(rebuilt, projection.name).toEqual(incremental);
      }
    });
  });
}

describe('catalog API on SQLite', () => catalogSuite('sqlite'));
describeWithPostgres('catalog API on PostgreSQL', () => catalogSuite('postgres'));
