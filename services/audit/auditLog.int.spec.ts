import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../api/testing';
import { describeWithPostgres } from '../kit/testing/postgres';
import { linkIn, startSmtpSink, type SmtpSink } from '../messaging/testing';

type Entry = {
  position: string;
  at: string;
  type: string;
  actor: { id: string; kind: string; name: string | null };
  ip: string | null;
  entity: { kind: string; id: string; name: string | null };
  event: { id: string; title: string | null } | null;
  fields: string[];
  detail: string | null;
};
type Page = { data: Entry[]; meta: { total: number; current_page: number; last_page: number } };
type Problem = { status: number; reason: string; errors?: Record<string, string[]> };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

const password = 'a long enough password';

/** Issue 30 item 3: the account's audit log, on real storage, built through the API once. */
function auditLogSuite(kind: StorageKind) {
  let t: TestPlatform;
  let sink: SmtpSink;
  let admin: string;
  let adminId: string;
  let organizer: string;
  let organizerId: string;
  let invitedId: string;
  let eventId: string;
  let ticketId: string;
  let taxId: string;
  let promoCodeId: string;
  let webhookId: string;
  let other: Awaited<ReturnType<TestPlatform['otherAccount']>>;
  let otherTaxId: string;
  const api = () => t.client(admin);
  const ok = async <T>(method: string, path: string, json: unknown, status: number) => {
    const response = await api()<{ data: T }>(method, path, { json });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(status);
    return response.body.data;
  };
  const audit = (query = '', token = admin) => t.client(token)<Page>('GET', `/api/account/audit${query}`);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, { config: { smtpUrl: sink.url, webhooksAllowPrivate: true } });
    admin = await t.login(t.admin.email, t.admin.password);
    adminId = (await api()<{ data: { id: string } }>('GET', '/api/users/me')).body.data.id;

    const email = 'oscar@example.test';
    await ok('POST', '/api/users', { email, role: 'ORGANIZER', first_name: 'Oscar' }, 201);
    const mail = await sink.waitFor((received) => received.to.includes(email));
    const invitation = linkIn(mail, '/auth/accept-invitation/').split('/').at(-1)!;
    const accepted = await t.client()('POST', `/api/auth/invitation/${invitation}`, {
      json: { first_name: 'Oscar', last_name: 'Org', password, password_confirmation: password },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    organizer = await t.login(email, password);
    organizerId = (await t.client(organizer)<{ data: { id: string } }>('GET', '/api/users/me')).body.data.id;

    const organizerOfEvents = await ok<{ id: string }>(
      'POST',
      '/api/organizers',
      { name: 'Night Owls' },
      201,
    );
    eventId = (
      await ok<{ id: string }>(
        'POST',
        '/api/events',
        {
          organizer_id: organizerOfEvents.id,
          title: 'Moth Hour',
          start_date: '2027-09-01T20:00:00Z',
          timezone: 'UTC',
          currency: 'EUR',
        },
        201,
      )
    ).id;
    ticketId = (
      await ok<{ id: string }>(
        'POST',
        `/api/events/${eventId}/tickets`,
        { type: 'FREE', title: 'Entry' },
        201,
      )
    ).id;
    // The organizer renames the ticket: the log names them as its actor.
    const renamed = await t.client(organizer)('PUT', `/api/events/${eventId}/tickets/${ticketId}`, {
      json: { title: 'Early entry' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    taxId = (
      await ok<{ id: string }>(
        'POST',
        '/api/account/taxes-and-fees',
        { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19, is_default: false },
        201,
      )
    ).id;
    promoCodeId = (
      await ok<{ id: string }>(
        'POST',
        `/api/events/${eventId}/promo-codes`,
        { code: 'HALF', discount_type: 'PERCENT', discount: 50 },
        201,
      )
    ).id;
    webhookId = (
      await ok<{ id: string }>(
        'POST',
        `/api/events/${eventId}/webhooks`,
        { url: 'http://127.0.0.1:9/hooks?token=secret', event_types: ['order.created'] },
        201,
      )
    ).id;
    invitedId = (
      await ok<{ id: string }>('POST', '/api/users', { email: 'petra@example.test', role: 'ORGANIZER' }, 201)
    ).id;
    await ok('PUT', `/api/users/${invitedId}`, { role: 'ADMIN' }, 200);

    other = await t.otherAccount();
    const otherTax = await t.client(other.token)<{ data: { id: string } }>(
      'POST',
      '/api/account/taxes-and-fees',
      {
        json: { name: 'Other VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 7, is_default: false },
      },
    );
    expect(otherTax.status).toBe(201);
    otherTaxId = otherTax.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('lists every change of the account newest first, with its actor, entity and event', async () => {
    const response = await audit('?per_page=100');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const entries = response.body.data;
    const positions = entries.map((entry) => BigInt(entry.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const find = (type: string, entityId: string) =>
      entries.find((entry) => entry.type === type && entry.entity.id === entityId);

    expect(find('EventCreated', eventId)).toMatchObject({
      actor: { id: adminId, kind: 'member' },
      entity: { kind: 'event', name: 'Moth Hour' },
      event: { id: eventId, title: 'Moth Hour' },
    });
    expect(find('EventCreated', eventId)?.actor.name).toBeTruthy();
    expect(find('TicketCreated', ticketId)).toMatchObject({ entity: { kind: 'ticket', name: 'Entry' } });
    expect(find('TicketUpdated', ticketId)).toMatchObject({
      actor: { id: organizerId, kind: 'member', name: 'Oscar Org' },
      entity: { kind: 'ticket', name: 'Early entry' },
      fields: expect.arrayContaining(['title']) as string[],
    });
    expect(find('TaxCreated', taxId)).toMatchObject({ entity: { kind: 'tax', name: 'VAT' }, event: null });
    expect(find('PromoCodeCreated', promoCodeId)).toMatchObject({
      entity: { kind: 'promo_code', name: 'HALF' },
    });
    expect(find('WebhookCreated', webhookId)).toMatchObject({
      entity: { kind: 'webhook', name: 'http://127.0.0.1:9/hooks' },
    });
    expect(find('MemberRoleChanged', invitedId)).toMatchObject({
      actor: { id: adminId },
      entity: { kind: 'member' },
      detail: 'ADMIN',
    });
    expect(find('MemberInvited', organizerId)).toMatchObject({ entity: { name: 'Oscar Org' } });
    expect(entries.every((entry) => entry.entity.id !== otherTaxId)).toBe(true);
    expect(entries.some((entry) => entry.ip !== null)).toBe(true);
  });

  it('filters by actor, entity, type and date, and pages', async () => {
    const byOrganizer = await audit(`?actor=${organizerId}`);
    expect(byOrganizer.body.data.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['TicketUpdated', 'InvitationAccepted']),
    );
    expect(byOrganizer.body.data.every((entry) => entry.actor.id === organizerId)).toBe(true);

    const ticket = await audit(`?entity_kind=ticket&entity_id=${ticketId}`);
    expect(ticket.body.data.map((entry) => entry.type)).toEqual(['TicketUpdated', 'TicketCreated']);

    const types = await audit('?type=TaxCreated,PromoCodeCreated');
    expect(types.body.data.map((entry) => entry.type).sort()).toEqual(['PromoCodeCreated', 'TaxCreated']);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).body.meta.total).toBeGreaterThan(5);
    expect((await audit('?to=2000-01-01')).body.meta.total).toBe(0);

    const all = (await audit()).body.meta.total;
    const first = await audit('?per_page=2&page=1');
    const second = await audit('?per_page=2&page=2');
    expect(first.body.meta).toMatchObject({ total: all, last_page: Math.ceil(all / 2) });
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data.map((entry) => entry.position)).not.toContain(first.body.data[0]!.position);
    expect(BigInt(second.body.data[0]!.position)).toBeLessThan(BigInt(first.body.data[1]!.position));

    const actors = await api()<{ data: { id: string; kind: string; name: string | null }[] }>(
      'GET',
      '/api/account/audit/actors',
    );
    expect(actors.status).toBe(200);
    expect(actors.body.data).toEqual(
      expect.arrayContaining([{ id: organizerId, kind: 'member', name: 'Oscar Org' }]),
    );
  });

  it("never shows another account's entries, whatever the filter names", async () => {
    const mine = await audit(`?entity_kind=tax&entity_id=${otherTaxId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([]);
    const theirs = await audit('', other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((entry) => entry.entity.id)).toContain(otherTaxId);
    expect(
      theirs.body.data.some((entry) => [eventId, ticketId, taxId, webhookId].includes(entry.entity.id)),
    ).toBe(false);
    expect((await audit(`?entity_id=${eventId}`, other.token)).body.data).toEqual([]);
    expect((await audit(`?actor=${adminId}`, other.token)).body.data).toEqual([]);
    const actors = await t.client(other.token)<{ data: { id: string }[] }>(
      'GET',
      '/api/account/audit/actors',
    );
    expect(actors.body.data.map((actor) => actor.id)).not.toContain(adminId);
  });

  it('refuses organizers and the logged out', async () => {
    expectProblem(await audit('', organizer), 403, 'forbidden');
    expectProblem(await t.client(organizer)('GET', '/api/account/audit/export'), 403, 'forbidden');
    expectProblem(await t.client(organizer)('GET', '/api/account/audit/actors'), 403, 'forbidden');
    expectProblem(await t.client()('GET', '/api/account/audit'), 401, 'unauthenticated');
  });

  it('answers bad filters with field errors', async () => {
    const cases: [string, string][] = [
      ['?type=OrderPlaced', 'type'],
      ['?type=Nope,TaxCreated', 'type'],
      ['?entity_kind=attendee', 'entity_kind'],
      ['?entity_id=../../etc', 'entity_id'],
      ['?actor=somebody%20else', 'actor'],
      ['?from=2026-02-30', 'from'],
      ['?from=yesterday', 'from'],
      ['?from=2026-05-02&to=2026-05-01', 'to'],
      ['?page=0', 'page'],
    ];
    for (const [query, field] of cases) {
      const problem = expectProblem(await audit(query), 400, 'validation_failed');
      expect(problem.errors, query).toHaveProperty(field);
    }
    expectProblem(await audit('?colour=red'), 400, 'validation_failed');
    expectProblem(await audit('?type=TaxCreated&type=TicketCreated'), 400, 'validation_failed');
    expectProblem(await audit('?sort_by=actor'), 400, 'unsupported_sort');
    const format = expectProblem(
      await api()('GET', '/api/account/audit/export?format=pdf'),
      400,
      'validation_failed',
    );
    expect(format.errors).toBeDefined();
  });

  it('exports the filtered log as CSV and as XLSX', async () => {
    const csv = await fetch(
      `${t.baseUrl}/api/account/audit/export?format=csv&entity_kind=ticket&entity_id=${ticketId}`,
      {
        headers: { authorization: `Bearer ${admin}` },
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Recorded at,Event type,Actor kind,Actor ID,Actor name,IP,Entity kind/);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['TicketUpdated', 'TicketCreated']);
    expect(lines[1]).toContain('Oscar Org');
    expect(lines[1]).toContain('Early entry');

    const xlsx = await fetch(`${t.baseUrl}/api/account/audit/export?format=xlsx&type=TaxCreated`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet('Audit log')!;
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toBe('TaxCreated');
    expect(row.getCell(8).value).toBe(taxId);
    expect(row.getCell(9).value).toBe('VAT');

    const theirs = await fetch(`${t.baseUrl}/api/account/audit/export?format=csv`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    const text = await theirs.text();
    expect(text).toContain(otherTaxId);
    expect(text).not.toContain(eventId);
  });
}

describe('account audit log on SQLite', () => auditLogSuite('sqlite'));
describeWithPostgres('account audit log on PostgreSQL', () => auditLogSuite('postgres'));
