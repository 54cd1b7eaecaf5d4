import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { openEventStore, wallClock } from '../eventstore';
import { withPlatformPersonalData } from './personalDataStore';
import { buildAuditedShop, copyStorage, type AuditedShop, type StorageCopy } from '../api/auditTesting';
import { verifyLog, type AuditReport } from './verify';
import { chainHash, genesisHash } from './notary';

type Json = Record<string, unknown>;
interface EventRow {
  position: number | string;
  stream: string;
  type: string;
  data: string | Json;
}
const dataOf = (row: EventRow): Json =>
  typeof row.data === 'string' ? (JSON.parse(row.data) as Json) : row.data;

/** Each finding as one line: its kind, position (or -) and message. */
const linesOf = (report: AuditReport): string[] =>
  report.findings.map(({ kind, position, message }) => `${kind} ${position ?? '-'} ${message}`);

function auditSuite(kind: StorageKind) {
  let t: TestPlatform;
  let shop: AuditedShop;
  let copy: StorageCopy | undefined;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    shop = await buildAuditedShop(t);
  });
  afterAll(async () => {
    await copy?.close();
    await t?.close();
  });
  /** A copy of the platform's store that verifies clean before it is tampered with. */
  const freshCopy = async (): Promise<StorageCopy> => {
    await copy?.close();
    copy = await copyStorage(kind, t.storage);
    expect(linesOf(await copy.verify())).toEqual([]);
    return copy;
  };
  const eventAt = async (c: StorageCopy, where: Partial<EventRow>): Promise<EventRow> => {
    const row = (await c.events('es_events').where(where).orderBy('position').first()) as
      EventRow | undefined;
    if (!row) throw new Error(`no event ${JSON.stringify(where)}`);
    return row;
  };
  const rewrite = (c: StorageCopy, row: EventRow, data: Json) =>
    c
      .events('es_events')
      .where({ position: row.position })
      .update({ data: JSON.stringify(data) });

  it('a log built through the API (refund, cancellation, check-in) verifies clean, chain and all', async () => {
    // As `npm run audit:verify` opens it: personal fields opened with the platform's keys.
    const store = withPlatformPersonalData(
      await openEventStore(t.storage.eventStore),
      t.platform.services.db,
      wallClock,
    );
    try {
      const report = await verifyLog({ store, db: t.platform.services.db });
      expect(linesOf(report)).toEqual([]);
      expect(report.orders).toBe(3);
      expect(report.tickets).toBeGreaterThanOrEqual(1);
      expect(report.events).toBe(Number(await store.head()));
      expect(report.chain).toMatchObject({ notarised: report.events, verified: report.events, pending: 0 });
      expect(report.chain.head?.hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await store.close();
    }
  });

  it('an event whose data was changed in a copy of the store is found at its position', async () => {
    const c = await freshCopy();
    const organizer = await eventAt(c, { type: 'OrganizerCreated' });
    await rewrite(c, organizer, { ...dataOf(organizer), name: 'Rewritten Hall' });

    expect(linesOf(await c.verify())).toEqual([
      `chain ${organizer.position} the event at position ${organizer.position} (OrganizerCreated on ${organizer.stream}) differs from the one notarised`,
    ]);
  });

  it('an event removed from a copy of the store is found at its position, with the stock it leaves wrong', async () => {
    const c = await freshCopy();
    // The cancelled order's stock coming back: the inventory then counts a seat sold that no order holds.
    const returned = await eventAt(c, { type: 'StockReturned' });
    await c.events('es_events').where({ position: returned.position }).delete();
    const p = returned.position;

    expect(linesOf(await c.verify())).toEqual(
      expect.arrayContaining([
        `position ${p} position ${p} is missing from the log`,
        `chain ${p} the event notarised at position ${p} is missing from the log`,
        `stock - ticket ${shop.ticketId}: its orders hold 3 sold tickets, the inventory counts 4`,
      ]),
    );
  });

  it('an event appended to a copy with an unknown type and a skipped revision is found, and counted as not notarised', async () => {
    const c = await freshCopy();
    const organizer = await eventAt(c, { type: 'OrganizerCreated' });
    const last = (await c.events('es_events').max('position as head').first()) as { head: number | string };
    const p = BigInt(last.head) + 1n;
    await c.events('es_events').insert({
      position: p.toString(),
      id: 'injected-1',
      stream: organizer.stream,
      revision: 2,
      type: 'OrganizerRenamedByMagic',
      data: '{}',
      metadata: JSON.stringify({ correlationId: 'x', causationId: 'x', actor: 'system' }),
      recorded_at: kind === 'postgres' ? new Date() : Date.now(),
    });

    const report = await c.verify();
    expect(linesOf(report)).toEqual([
      `revision ${p} stream ${organizer.stream} has revision 2 where 1 was due (a gap or a duplicate)`,
      `schema ${p} unknown event type OrganizerRenamedByMagic`,
    ]);
    expect(report.chain.pending).toBe(1);
  });

  it('a log and chain rewritten together pass on their own, and are found against the head written down before', async () => {
    const c = await freshCopy();
    const head = (await c.verify()).chain.head!;
    const written = { position: BigInt(head.position), hash: head.hash };
    const organizer = await eventAt(c, { type: 'OrganizerCreated' });
    await rewrite(c, organizer, { ...dataOf(organizer), name: 'Rewritten Hall' });
    // Whoever can write both recomputes every link from the rewritten log.
    const store = await openEventStore(c.storage.eventStore);
    try {
      let previous = genesisHash;
      for await (const event of store.readAll()) {
        previous = chainHash(previous, event);
        await c
          .readModels('audit_chain')
          .where({ position: event.position.toString() })
          .update({ hash: previous });
      }
    } finally {
      await store.close();
    }

    expect(linesOf(await c.verify())).toEqual([]);
    const against = linesOf(await c.verify(written));
    expect(against).toHaveLength(1);
    expect(against[0]).toMatch(
      new RegExp(
        `^chain ${head.position} the chain's link at position ${head.position} is [0-9a-f]{64}, not the ${head.hash} written down$`,
      ),
    );
    await c.readModels('audit_chain').delete();
    expect(linesOf(await c.verify(written))).toEqual([
      `chain ${head.position} the chain has no link at position ${head.position}, where ${head.hash} was written down`,
    ]);
  });

  it("an order's total altered in the read model is a finding naming the order", async () => {
    const c = await freshCopy();
    await c.readModels('orders').where({ id: shop.refundedOrder }).increment('total', 100);
    const placed = await eventAt(c, { type: 'OrderPlaced', stream: `order-${shop.refundedOrder}` });

    expect(linesOf(await c.verify())).toEqual([
      `order ${placed.position} order ${shop.refundedOrder}: total is 5000 by its events, 5100 in the read model`,
    ]);
  });

  it('a refund changed in the read model and a total rewritten in the log are both found', async () => {
    const c = await freshCopy();
    await c
      .readModels('order_payments')
      .where({ order_id: shop.refundedOrder })
      .update({ refunded_total: 0 });
    const refunded = await eventAt(c, { type: 'OrderPlaced', stream: `order-${shop.refundedOrder}` });
    const placed = await eventAt(c, { type: 'OrderPlaced', stream: `order-${shop.checkedInOrder}` });
    const data = dataOf(placed);
    await rewrite(c, placed, { ...data, totals: { ...(data.totals as Json), total: 1 } });

    const p = placed.position;
    expect(linesOf(await c.verify())).toEqual([
      `chain ${p} the event at position ${p} (OrderPlaced on ${placed.stream}) differs from the one notarised`,
      `order ${refunded.position} order ${shop.refundedOrder}: refunded 1000 by its events, 0 in the read model`,
      `order ${p} order ${shop.checkedInOrder}: its lines make a total of 2500, the order records 1`,
      `order ${p} order ${shop.checkedInOrder}: total is 1 by its events, 2500 in the read model`,
    ]);
  });
}

describe('audit:verify on SQLite', () => auditSuite('sqlite'));
describeWithPostgres('audit:verify on PostgreSQL', () => auditSuite('postgres'));
