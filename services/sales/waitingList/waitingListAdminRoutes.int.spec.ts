import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  settle,
  startTestPlatform,
  type ApiResponse,
  type StorageKind,
  type TestPlatform,
} from '../../api/testing';
import { inventoryDecider } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { ManualClock } from '../../kit/clock';
import { describeWithPostgres } from '../../kit/testing/postgres';

type Joined = { data: { entry_id: string } };
type Entry = {
  id: string;
  position: number | null;
  status: string;
  name: string;
  email: string;
  ticket_id: string;
};
type Page = { data: Entry[]; meta: { total: number } };

function expectReason(response: ApiResponse, status: number, reason: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as { reason: string }).reason).toBe(reason);
}

/** The organizer's waiting list: the list with queue positions, its export, and taking an entry off it. */
function adminSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-02-01T12:00:00.000Z'));
  let t: TestPlatform;
  let token: string;
  let api: ReturnType<TestPlatform['client']>;
  let eventId: string;
  let ticketId: string;
  let otherTicketId: string;
  const entries: Record<string, string> = {};
  const listPath = () => `/api/events/${eventId}/waiting-list`;

  async function soldOutTicketWithList(title: string): Promise<string> {
    const created = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title, quantity: 0 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const set = await api('PUT', `/api/events/${eventId}/tickets/${created.body.data.id}/waiting-list`, {
      json: { enabled: true },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return created.body.data.id;
  }

  async function join(ticket: string, who: string): Promise<string> {
    const joined = await t.client()<Joined>(
      'POST',
      `/api/public/events/${eventId}/tickets/${ticket}/waiting-list`,
      { json: { name: `Person ${who}`, email: `${who}@example.test`, quantity: 1, locale: 'fr' } },
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    return joined.body.data.entry_id;
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
    api = t.client(token);
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Queue Keepers' },
    });
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Packed Hall',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    ticketId = await soldOutTicketWithList('Standing');
    otherTicketId = await soldOutTicketWithList('Balcony');
    const published = await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    expect(published.status, JSON.stringify(published.body)).toBeLessThan(300);
    entries.ada = await join(ticketId, 'ada');
    entries.ben = await join(otherTicketId, 'ben');
    entries.cleo = await join(ticketId, 'cleo');
    expect(await settle(t.platform)).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("tells the public page which sold-out tickets' lists are on, and the organizer the ticket's switch", async () => {
    const closed = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'No queue', quantity: 0 },
    });
    const page = await t.client()<{ data: { tickets: { id: string; waiting_list: boolean }[] } }>(
      'GET',
      `/api/public/events/${eventId}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const listOn = Object.fromEntries(
      page.body.data.tickets.map((ticket) => [ticket.id, ticket.waiting_list]),
    );
    expect(listOn).toMatchObject({ [ticketId]: true, [otherTicketId]: true, [closed.body.data.id]: false });

    const setting = await api<{ data: unknown }>(
      'GET',
      `/api/events/${eventId}/tickets/${ticketId}/waiting-list`,
    );
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    expect(setting.body.data).toEqual({ ticket_id: ticketId, enabled: true, offer_hours: 24 });
  });

  it('lists the entries first come first, numbered per ticket, filtered by status and ticket', async () => {
    const all = await api<Page>('GET', listPath());
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.map((entry) => [entry.email, entry.position, entry.status])).toEqual([
      ['ada@example.test', 1, 'WAITING'],
      ['ben@example.test', 1, 'WAITING'],
      ['cleo@example.test', 2, 'WAITING'],
    ]);
    expect(all.body.data[0]).toMatchObject({ name: 'Person ada', ticket_id: ticketId, id: entries.ada });

    const ofOther = await api<Page>('GET', `${listPath()}?filter_fields[ticket_id][eq]=${otherTicketId}`);
    expect(ofOther.body.data.map((entry) => entry.id)).toEqual([entries.ben]);
    expectReason(await api('GET', `${listPath()}?filter_fields[status][eq]=LOST`), 400, 'validation_failed');
  });

  it('exports the list as CSV and XLSX', async () => {
    const csv = await fetch(`${t.baseUrl}${listPath()}/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Entry ID,Position,Status,Ticket ID,Tier ID,Quantity,Name,Email,Language,Joined at,Offered at,Offer expires at,Expired at,Converted at,Order ID,Removed at',
    );
    expect(lines.slice(1).map((line) => line.split(',')[7])).toEqual([
      'ada@example.test',
      'ben@example.test',
      'cleo@example.test',
    ]);
    const xlsx = await fetch(`${t.baseUrl}${listPath()}/export?format=xlsx`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('removes an entry: its units are no longer owed, the queue moves up and the address may join again', async () => {
    const removed = await api('DELETE', `${listPath()}/${entries.ada}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    const { state } = await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId));
    expect(state.waiting[entries.ada!]).toBeUndefined();
    expect(state.waiting[entries.cleo!]).toBeDefined();

    const waiting = await api<Page>('GET', `${listPath()}?filter_fields[ticket_id][eq]=${ticketId}`);
    expect(waiting.body.data.map((entry) => [entry.email, entry.position, entry.status])).toEqual([
      ['ada@example.test', null, 'REMOVED'],
      ['cleo@example.test', 1, 'WAITING'],
    ]);

    expect((await api('DELETE', `${listPath()}/${entries.ada}`)).status).toBe(204);
    const again = await join(ticketId, 'ada');
    expect(again).not.toBe(entries.ada);
  });

  it('erases the name and address of an entry that left the list, never of one still waiting', async () => {
    const erase = (entryId: string | undefined) =>
      api('POST', `${listPath()}/${entryId}/erase-personal-data`);
    expectReason(await erase(entries.cleo), 409, 'waiting_entry_still_open');
    const erased = await erase(entries.ada);
    expect(erased.status, JSON.stringify(erased.body)).toBe(204);
    expect((await erase(entries.ada)).status).toBe(204);
    const rows = await api<Page>('GET', `${listPath()}?filter_fields[ticket_id][eq]=${ticketId}`);
    const byId = new Map(rows.body.data.map((entry) => [entry.id, entry]));
    expect(byId.get(entries.ada!)).toMatchObject({ name: '[erased]', email: 'erased@erased.invalid' });
    expect(byId.get(entries.cleo!)).toMatchObject({ email: 'cleo@example.test' });
    const csv = await fetch(`${t.baseUrl}${listPath()}/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const erasedLine = (await csv.text()).split('\r\n').find((line) => line.startsWith(`${entries.ada},`));
    expect(erasedLine).toContain('[erased],erased@erased.invalid');
  });

  it('answers an unknown entry, or one of another event, with waiting_entry_not_found', async () => {
    expectReason(await api('DELETE', `${listPath()}/wl_nonexistent`), 404, 'waiting_entry_not_found');
    expectReason(await api('DELETE', `${listPath()}/not an id`), 404, 'waiting_entry_not_found');
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Elsewhere' },
    });
    const second = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Another Night',
        start_date: '2027-03-06T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    expectReason(
      await api('DELETE', `/api/events/${second.body.data.id}/waiting-list/${entries.cleo}`),
      404,
      'waiting_entry_not_found',
    );
  });

  it("answers another account's admin with 404 for the list, the export and a removal, and changes nothing", async () => {
    const other = await t.otherAccount();
    const stranger = t.client(other.token);
    for (const path of [listPath(), `${listPath()}/export`])
      expectReason(await stranger('GET', path), 404, 'event_not_found');
    expectReason(await stranger('DELETE', `${listPath()}/${entries.cleo}`), 404, 'event_not_found');
    expectReason(
      await stranger('POST', `${listPath()}/${entries.ada}/erase-personal-data`),
      404,
      'event_not_found',
    );
    const { state } = await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId));
    expect(state.waiting[entries.cleo!]).toBeDefined();
  });
}

describe('waiting list admin routes (SQLite)', () => adminSuite('sqlite'));
describeWithPostgres('waiting list admin routes (PostgreSQL)', () => adminSuite('postgres'));
