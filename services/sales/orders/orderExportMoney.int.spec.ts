import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { findOrder, orderPayments } from '../../../projections/orders';
import { minorUnitDigits } from '../../pricing/money';

type Cell = string | number | null;
type Sheet = { header: string[]; rows: Cell[][] };

/** The export's money columns and the read model's amount each one shows (minor units). */
const moneyColumns = {
  Subtotal: (order: ReadModelOrder) => order.subtotal,
  Discount: (order: ReadModelOrder) => order.discount_total,
  Fees: (order: ReadModelOrder) => order.fee_total,
  Tax: (order: ReadModelOrder) => order.tax_total,
  Total: (order: ReadModelOrder) => order.total,
  Refunded: (order: ReadModelOrder) => order.refunded,
  Remaining: (order: ReadModelOrder) => order.total - order.refunded,
} as const;
const moneyNames = Object.keys(moneyColumns);

interface ReadModelOrder {
  id: string;
  status: string;
  currency: string;
  subtotal: number;
  discount_total: number;
  fee_total: number;
  tax_total: number;
  total: number;
  refunded: number;
}

/** RFC 4180, as the export writes it (quoted cells, doubled quotes, CRLF), after the byte order mark. */
function parseCsv(text: string): Sheet {
  const lines: string[][] = [];
  let cell = '';
  let line: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      line.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      line.push(cell);
      lines.push(line);
      line = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  const [header = [], ...rows] = lines;
  return { header, rows: rows.map((row) => row.map((value) => (value === '' ? null : value))) };
}

async function parseXlsx(bytes: ArrayBuffer, name: string): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const all: Cell[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as Cell[]).slice(1);
    all.push(values.map((value) => (value === undefined ? null : value)));
  });
  const [header = [], ...rows] = all;
  return { header: header.map(String), rows };
}

/**
 * Issue 26 item 4: every money column of the orders export, CSV and Excel, is the order read model's amount
 * (orders and order_payments), for orders with percentage and fixed codes, taxes and fees in both price display
 * modes, after a partial refund and a full one; the attendees export carries no amounts.
 */
function exportMoneySuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  const api = () => t.client(token);
  const buyer = () => t.client();
  const events: { eventId: string; orderIds: string[] }[] = [];

  async function ok<T>(method: string, path: string, json?: unknown, status = 200) {
    const answer = await api()<T>(method, path, json === undefined ? {} : { json });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  }

  async function buy(eventId: string, ticketId: string, quantity: number, promoCode?: string) {
    const placed = await buyer()<{ data: { id: string; short_id: string } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      {
        json: { lines: [{ ticket_id: ticketId, quantity }], ...(promoCode ? { promo_code: promoCode } : {}) },
      },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { id, short_id: shortId } = placed.body.data;
    const people = Array.from({ length: quantity }, (_, i) => ({
      first_name: `Guest${i}`,
      last_name: 'Lee',
      email: `guest${i}.${id.slice(-6)}@example.com`,
    }));
    const details = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', attendees: people };
    const detailed = await buyer()('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: { ...details, terms_agreed: true },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const completed = await buyer()('POST', `/api/public/events/${eventId}/orders/${shortId}/complete`, {
      json: { payment_method: 'OFFLINE' },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    return id;
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await ok<{ data: { id: string } }>('POST', '/api/organizers', { name: 'Harbour' }, 201);
    const charge = async (json: Record<string, unknown>) =>
      (await ok<{ data: { id: string } }>('POST', '/api/account/taxes-and-fees', json, 201)).data.id;
    const taxesAndFees = [
      await charge({ name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19 }),
      await charge({ name: 'Booking fee', type: 'FEE', calculation_type: 'FIXED', amount: 150 }),
      await charge({ name: 'Service fee', type: 'FEE', calculation_type: 'PERCENTAGE', rate: 3.5 }),
    ];
    for (const mode of ['EXCLUSIVE', 'INCLUSIVE'] as const) {
      const event = await ok<{ data: { id: string } }>(
        'POST',
        '/api/events',
        {
          organizer_id: organizer.data.id,
          title: `Harbour Lights ${mode}`,
          start_date: '2027-03-05T18:00:00+01:00',
          timezone: 'Europe/Berlin',
          currency: 'EUR',
        },
        201,
      );
      const eventId = event.data.id;
      await ok('PUT', `/api/events/${eventId}/settings`, {
        offline_payments_enabled: true,
        price_display_mode: mode,
      });
      const ticket = await ok<{ data: { id: string } }>(
        'POST',
        `/api/events/${eventId}/tickets`,
        { type: 'PAID', title: 'Seat', price: 2499, quantity: 50, tax_and_fee_ids: taxesAndFees },
        201,
      );
      const promo = (code: string, discount_type: string, discount: number) =>
        ok('POST', `/api/events/${eventId}/promo-codes`, { code, discount_type, discount }, 201);
      await promo('TENOFF', 'PERCENT', 12.5);
      await promo('THREEOFF', 'FIXED', 300);
      await ok('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
      const ticketId = ticket.data.id;
      const partly = await buy(eventId, ticketId, 3, 'TENOFF');
      const fully = await buy(eventId, ticketId, 1, 'THREEOFF');
      const unpaid = await buy(eventId, ticketId, 2);
      for (const orderId of [partly, fully])
        await ok('POST', `/api/events/${eventId}/orders/${orderId}/mark-paid`);
      await ok('POST', `/api/events/${eventId}/orders/${partly}/refunds`, { amount: 1001 }, 201);
      const total = (await findOrder(t.platform.services.db, fully))!.total;
      await ok(
        'POST',
        `/api/events/${eventId}/orders/${fully}/refunds`,
        { amount: total, cancel_order: true },
        201,
      );
      events.push({ eventId, orderIds: [partly, fully, unpaid] });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function download(eventId: string, what: 'orders' | 'attendees', format: 'csv' | 'xlsx') {
    const response = await fetch(`${t.baseUrl}/api/events/${eventId}/${what}/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return format === 'csv'
      ? parseCsv(await response.text())
      : parseXlsx(await response.arrayBuffer(), what === 'orders' ? 'Orders' : 'Attendees');
  }

  async function readModel(orderId: string): Promise<ReadModelOrder> {
    const db = t.platform.services.db;
    const row = await findOrder(db, orderId);
    if (!row) throw new Error(`no order ${orderId}`);
    const payment = (await orderPayments(db, [orderId])).get(orderId);
    return { ...row, refunded: payment?.refunded_total ?? 0 };
  }

  for (const format of ['csv', 'xlsx'] as const)
    it(`orders export (${format}): each money column is the read model's amount, refunds included`, async () => {
      const seen = { partial: 0, full: 0 };
      for (const { eventId, orderIds } of events) {
        const sheet = await download(eventId, 'orders', format);
        expect(sheet.header.filter((name) => moneyNames.includes(name))).toEqual(moneyNames);
        const column = (name: string) => sheet.header.indexOf(name);
        expect(sheet.rows).toHaveLength(orderIds.length);
        for (const orderId of orderIds) {
          const row = sheet.rows.find((cells) => cells[column('Order ID')] === orderId);
          expect(row, orderId).toBeDefined();
          const order = await readModel(orderId);
          const digits = minorUnitDigits(order.currency);
          for (const [name, amountOf] of Object.entries(moneyColumns))
            expect(Number(row![column(name)]), `${name} of ${orderId}`).toBeCloseTo(
              amountOf(order) / 10 ** digits,
              digits,
            );
          expect(row![column('Status')]).toBe(order.status);
          if (order.refunded > 0 && order.refunded < order.total) seen.partial++;
          if (order.refunded > 0 && order.refunded === order.total) seen.full++;
        }
      }
      // A partial and a full refund in each display mode; the full one was cancelled too and still reads refunded.
      expect(seen).toEqual({ partial: 2, full: 2 });
      for (const { orderIds } of events) expect((await readModel(orderIds[1]!)).status).toBe('REFUNDED');
    });

  for (const format of ['csv', 'xlsx'] as const)
    it(`attendees export (${format}): no money column, one row per attendee of the read model`, async () => {
      for (const { eventId } of events) {
        const sheet = await download(eventId, 'attendees', format);
        expect(sheet.header.filter((name) => moneyNames.includes(name))).toEqual([]);
        expect(sheet.rows).toHaveLength(6);
        const statuses = sheet.rows.map((row) => row[sheet.header.indexOf('Status')]).sort();
        // The fully refunded order was cancelled: its one attendee is.
        expect(statuses).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'CANCELLED']);
      }
    });
}

describe('export money on SQLite', () => exportMoneySuite('sqlite'));
describeWithPostgres('export money on PostgreSQL', () => exportMoneySuite('postgres'));
