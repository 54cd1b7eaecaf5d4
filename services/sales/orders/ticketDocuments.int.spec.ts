import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { pngImage } from '../../catalog/images/testing';
import { qrMatrix } from '../../messaging/qrMatrix';

type Attendee = { short_id: string; ticket_code: string | null; first_name: string | null };
type Order = { short_id: string; reference: string; attendees: Attendee[] };

/** The content streams of a PDF, inflated: what its pages draw. */
function pageContents(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const pattern = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // a font or an image: not a page's drawing
    }
    pattern.lastIndex = end;
  }
  return streams.filter((content) => content.includes(' re'));
}

/** The dark modules a page draws: every rectangle but the band and the code's white ground. */
const drawnModules = (content: string) => (content.match(/ re\n/g) ?? []).length - 2;
const darkModules = (code: string) => qrMatrix(code, 'M').modules.reduce((sum, m) => sum + m, 0);
/** The text a page writes in Helvetica (hex strings, kerning apart), one line per text operator. */
const textOf = (content: string) =>
  [...content.matchAll(/\[(.*)\] TJ/g)]
    .map(([, parts]) =>
      [...(parts ?? '').matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => Buffer.from(hex ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');

function documentsSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let organizerId: string;
  const api = () => t.client(token);
  const buyer = () => t.client();
  const download = (path: string) => fetch(`${t.baseUrl}${path}`);

  async function soldOrder(quantity: number, method: 'FREE' | 'OFFLINE' = 'FREE', organizer = organizerId) {
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const eventId = created.body.data.id;
    if (method === 'OFFLINE') {
      const saved = await api()('PUT', `/api/events/${eventId}/settings`, {
        json: { offline_payments_enabled: true, offline_payment_instructions: '<p>Pay to IBAN DE00</p>' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const ticket = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json:
        method === 'FREE'
          ? { type: 'FREE', title: 'Entry', quantity: 10, tax_and_fee_ids: [] }
          : { type: 'PAID', title: 'Entry', price: 1000, quantity: 10, tax_and_fee_ids: [] },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    const placed = await buyer()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticket.body.data.id, quantity }] },
    });
    const shortId = placed.body.data.short_id;
    await buyer()('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        attendees: Array.from({ length: quantity }, (_, i) => ({
          first_name: `Guest${i}`,
          last_name: 'Lee',
          email: `guest${i}@example.com`,
        })),
        terms_agreed: true,
      },
    });
    const done = await buyer()<{ data: Order }>(
      'POST',
      `/api/public/events/${eventId}/orders/${shortId}/complete`,
      { json: { payment_method: method } },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return { eventId, order: done.body.data };
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind, {
      clock,
      config: { reservations: { holdsPerClient: 0, perClientPerMinute: 0, lifetimeFactor: 2 } },
    });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a ticket's PDF draws the signed code its ticket page shows, with the attendee and the event", async () => {
    const { eventId, order } = await soldOrder(2);
    const attendee = order.attendees[0];
    if (!attendee) throw new Error('no attendee');
    const page = await buyer()<{ data: { attendee: Attendee } }>(
      'GET',
      `/api/public/events/${eventId}/attendees/${attendee.short_id}`,
    );
    const code = page.body.data.attendee.ticket_code;
    expect(code).toBeTruthy();

    const response = await download(
      `/api/public/events/${eventId}/attendees/${attendee.short_id}/ticket.pdf`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="ticket-${attendee.short_id}.pdf"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pageContents(pdf);
    expect(pages).toHaveLength(1);
    const content = pages[0] ?? '';
    expect(drawnModules(content)).toBe(darkModules(code ?? ''));
    const text = textOf(content);
    expect(text).toContain('Guest0 Lee');
    expect(text).toContain('Harbour Lights');
    expect(text).toContain(order.reference);
    expect(text).toContain(attendee.short_id);
    // The band in the event's primary colour (the default #2d72d2).
    expect(content).toMatch(/^0\.176470\d* 0\.447058\d* 0\.823529\d* scn$/m);
  });

  it("draws the organizer's logo in the band on a white tile, and the code as before", async () => {
    const logoOrganizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Logo Collective' },
    });
    const form = new FormData();
    form.append('type', 'ORGANIZER_LOGO');
    form.append(
      'image',
      new Blob([new Uint8Array(pngImage(300, 150, { gradient: true }))], { type: 'image/png' }),
      'logo.png',
    );
    const uploaded = await fetch(`${t.baseUrl}/api/organizers/${logoOrganizer.body.data.id}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.text()).toBe(201);
    const { eventId, order } = await soldOrder(1, 'FREE', logoOrganizer.body.data.id);
    const attendee = order.attendees[0];
    if (!attendee) throw new Error('no attendee');

    const response = await download(
      `/api/public/events/${eventId}/attendees/${attendee.short_id}/ticket.pdf`,
    );
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    // The logo is embedded once, at its own size, and drawn on the page (an image XObject).
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*?\/Width 300[\s\S]*?\/Height 150/);
    const content = pageContents(pdf)[0] ?? '';
    expect(content).toMatch(/\/I\d+ Do/);
    // 144 × 72 points (its proportions kept), scaled into place on the page.
    expect(content).toMatch(/^144 0 0 -72 [\d.]+ [\d.]+ cm$/m);
    // The white tile adds one rectangle to the band and the code's ground.
    expect(drawnModules(content) - 1).toBe(darkModules(attendee.ticket_code ?? ''));
    expect(textOf(content)).toContain('Harbour Lights');
  });

  it("the order's PDF has a page per valid ticket, each with its own code", async () => {
    const { eventId, order } = await soldOrder(3);
    const response = await download(`/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="tickets-${order.reference}.pdf"`,
    );
    const pages = pageContents(Buffer.from(await response.arrayBuffer()));
    expect(pages).toHaveLength(3);
    order.attendees.forEach((attendee, i) => {
      expect(drawnModules(pages[i] ?? '')).toBe(darkModules(attendee.ticket_code ?? ''));
      expect(textOf(pages[i] ?? '')).toContain(`Guest${i} Lee`);
    });
  });

  it('an unpaid ticket has no document; unknown ids and ids of another event answer 404', async () => {
    const { eventId, order } = await soldOrder(1, 'OFFLINE');
    const attendee = order.attendees[0];
    if (!attendee) throw new Error('no attendee');
    const unpaid = await buyer()<{ reason: string }>(
      'GET',
      `/api/public/events/${eventId}/attendees/${attendee.short_id}/ticket.pdf`,
    );
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.reason).toBe('attendee_unpaid');
    const unpaidOrder = await buyer()<{ reason: string }>(
      'GET',
      `/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`,
    );
    expect(unpaidOrder.status).toBe(409);

    const other = await soldOrder(1);
    const otherAttendee = other.order.attendees[0];
    if (!otherAttendee) throw new Error('no attendee');
    const cases: [string, string][] = [
      [`/api/public/events/${eventId}/attendees/${otherAttendee.short_id}/ticket.pdf`, 'attendee_not_found'],
      [`/api/public/events/${eventId}/orders/${other.order.short_id}/tickets.pdf`, 'order_not_found'],
      [`/api/public/events/${eventId}/attendees/not-a-short-id/ticket.pdf`, 'attendee_not_found'],
      [`/api/public/events/${eventId}/orders/0000000000000000000a/tickets.pdf`, 'order_not_found'],
    ];
    for (const [path, reason] of cases) {
      const response = await buyer()<{ reason: string }>('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.body.reason).toBe(reason);
    }
  });
}

describe('ticket documents on SQLite', () => documentsSuite('sqlite'));
describeWithPostgres('ticket documents on PostgreSQL', () => documentsSuite('postgres'));
