import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { describeWithPostgres } from '../kit/testing/postgres';
import { eventually } from '../messaging/testing';
import { inventoryDecider } from '../inventory/inventoryDecider';
import { inventoryStream } from '../inventory/inventoryEvents';
import { catalogueCopierName, copiedId } from './catalogueCopier';

type Ticket = {
  id: string;
  title: string;
  type: string;
  quantity: number | null;
  tiers: { tier_id: string; label: string; price: number }[];
};
type Question = { id: string; title: string; is_default: boolean; applicable_ticket_ids: string[] };
type PromoCode = {
  id: string;
  code: string;
  discount: number | null;
  max_allowed_usages: number | null;
  applicable_ticket_ids: string[];
};
type Assignment = { id: string; name: string; capacity: number; ticket_ids: string[] };

function copierSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let sourceId: string;
  let paid: string;
  let tiered: string;
  const api = () => t.client(token);

  async function post<T>(path: string, json: object): Promise<T> {
    const response = await api()<{ data: T }>('POST', path, { json });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  }
  const list = async <T>(eventId: string, what: string): Promise<T[]> =>
    (await api()<{ data: T[] }>('GET', `/api/events/${eventId}/${what}`)).body.data;

  const counts = async (eventId: string) =>
    [
      (await list<Ticket>(eventId, 'tickets')).length,
      (await list<Question>(eventId, 'questions')).length,
      (await list<PromoCode>(eventId, 'promo-codes')).length,
      (await list<Assignment>(eventId, 'capacity-assignments')).length,
    ].join('/');

  async function duplicate(copy: object): Promise<string> {
    return (await post<{ id: string }>(`/api/events/${sourceId}/duplicate`, { copy })).id;
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const events = await api()<{ data: { id: string; organizer_id: string }[] }>('GET', '/api/events');
    sourceId = (
      await post<{ id: string }>('/api/events', {
        organizer_id: events.body.data[0]!.organizer_id,
        title: 'Harbour Lights Festival',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      })
    ).id;
    paid = (
      await post<Ticket>(`/api/events/${sourceId}/tickets`, {
        type: 'PAID',
        title: 'Standard',
        price: 2500,
        quantity: 100,
      })
    ).id;
    tiered = (
      await post<Ticket>(`/api/events/${sourceId}/tickets`, {
        type: 'TIERED',
        title: 'Festival pass',
        tiers: [
          { label: 'Early bird', price: 4000, hidden: false, quantity: 20 },
          { label: 'Regular', price: 5500, hidden: false, quantity: null },
        ],
      })
    ).id;
    await post(`/api/events/${sourceId}/questions`, {
      title: 'T-shirt size',
      type: 'DROPDOWN',
      options: ['S', 'M', 'L'],
      applicable_ticket_ids: [tiered],
    });
    await post(`/api/events/${sourceId}/questions`, { title: 'Dietary needs', type: 'MULTI_LINE_TEXT' });
    await post(`/api/events/${sourceId}/promo-codes`, {
      code: 'PASS10',
      discount_type: 'PERCENT',
      discount: 10,
      max_allowed_usages: 5,
      applicable_ticket_ids: [tiered],
    });
    await post(`/api/events/${sourceId}/promo-codes`, {
      code: 'FRIENDS',
      discount_type: 'FIXED',
      discount: 500,
    });
    await post(`/api/events/${sourceId}/capacity-assignments`, {
      name: 'Main hall',
      capacity: 80,
      ticket_ids: [paid, tiered],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('copies the tickets with their tiers and stock, the questions, promo codes and capacity assignments', async () => {
    const copyId = await duplicate({});
    // Each read model catches up on its own: wait until all four show the whole copy.
    await eventually(async () => ((await counts(copyId)) === '2/5/2/1' ? true : undefined));
    const assignments = await list<Assignment>(copyId, 'capacity-assignments');
    const tickets = await list<Ticket>(copyId, 'tickets');
    expect(tickets.map((ticket) => [ticket.title, ticket.type, ticket.quantity])).toEqual([
      ['Standard', 'PAID', 100],
      ['Festival pass', 'TIERED', null],
    ]);
    const [copiedPaid, copiedTiered] = tickets.map((ticket) => ticket.id);
    expect(copiedPaid).toBe(copiedId('tk', copyId, paid));
    expect(copiedTiered).not.toBe(tiered);
    expect(tickets[1]!.tiers.map((tier) => [tier.label, tier.price])).toEqual([
      ['Early bird', 4000],
      ['Regular', 5500],
    ]);
    // The copy's stock is its own: the copied tickets and tiers are defined in the copy's inventory.
    const inventory = (await t.platform.services.commands.load(inventoryDecider, inventoryStream(copyId)))
      .state;
    expect(Object.keys(inventory.tickets).sort()).toEqual([copiedPaid, copiedTiered].sort());
    expect(Object.keys(inventory.tickets[copiedTiered!]?.tiers ?? {})).toHaveLength(2);

    const questions = (await list<Question>(copyId, 'questions')).filter((question) => !question.is_default);
    expect(questions.map((question) => [question.title, question.applicable_ticket_ids])).toEqual([
      ['T-shirt size', [copiedTiered]],
      ['Dietary needs', []],
    ]);
    const codes = await list<PromoCode>(copyId, 'promo-codes');
    expect(codes.map((code) => [code.code, code.max_allowed_usages, code.applicable_ticket_ids])).toEqual([
      ['FRIENDS', null, []],
      ['PASS10', 5, [copiedTiered]],
    ]);
    expect(
      assignments.map((assignment) => [assignment.name, assignment.capacity, assignment.ticket_ids]),
    ).toEqual([['Main hall', 80, [copiedPaid, copiedTiered]]]);
    // The source is untouched.
    expect(await list<Ticket>(sourceId, 'tickets')).toHaveLength(2);
  });

  it('copies only what the organizer chose; without tickets, what named tickets is left out', async () => {
    const copyId = await duplicate({ tickets: false, capacity_assignments: true });
    const codes = await eventually(async () => {
      const found = await list<PromoCode>(copyId, 'promo-codes');
      return found.length > 0 ? found : undefined;
    });
    await eventually(async () =>
      (await list<Question>(copyId, 'questions')).some((question) => !question.is_default) ? true : undefined,
    );
    expect(codes.map((code) => code.code)).toEqual(['FRIENDS']);
    expect(await list<Ticket>(copyId, 'tickets')).toEqual([]);
    expect(await list<Assignment>(copyId, 'capacity-assignments')).toEqual([]);
    const questions = (await list<Question>(copyId, 'questions')).filter((question) => !question.is_default);
    expect(questions.map((question) => question.title)).toEqual(['Dietary needs']);

    const onlyTickets = await duplicate({
      questions: false,
      promo_codes: false,
      capacity_assignments: false,
    });
    await eventually(async () =>
      (await list<Ticket>(onlyTickets, 'tickets')).length === 2 ? true : undefined,
    );
    expect(await list<PromoCode>(onlyTickets, 'promo-codes')).toEqual([]);
    expect(await list<Assignment>(onlyTickets, 'capacity-assignments')).toEqual([]);
  });

  it('copies nothing twice when it replays every event from the start', async () => {
    const copyId = await duplicate({});
    await eventually(async () => ((await counts(copyId)) === '2/5/2/1' ? true : undefined));
    const headBefore = await t.platform.services.store.head();

    const { runner } = t.platform.worker;
    await runner.stop();
    await t.platform.services
      .db('projection_checkpoints')
      .where({ name: catalogueCopierName })
      .update({ position: '0' });
    await runner.start();
    expect(await runner.waitFor(await t.platform.services.store.head(), 20_000)).toBe(true);

    expect(await counts(copyId)).toBe('2/5/2/1');
    expect(await t.platform.services.store.head()).toBe(headBefore);
  });
}

describe('the catalogue copier on SQLite', () => copierSuite('sqlite'));
describeWithPostgres('the catalogue copier on PostgreSQL', () => copierSuite('postgres'));
