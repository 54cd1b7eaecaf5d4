import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port';
import { initialInventoryState, inventoryDecider, type InventoryState } from '../inventory/inventoryDecider';
import type { InventoryEvent } from '../inventory/inventoryEvents';
import { inventoryEventTypes } from '../inventory/inventoryEvents';
import type { OrderCharge, OrderLine, OrderPlaced } from '../sales/orders/orderEvents';
import { orderStream } from '../sales/orders/orderEvents';
import { orderHistoryTypes, type OrderStreamEvent } from '../sales/orders/orderHistory';
import {
  orderPaymentDecider,
  paidAmount,
  refundedTotal,
  type OrderPaymentState,
} from '../sales/orders/orderPaymentDecider';
import {
  listLinesOfOrders,
  listOrderIds,
  listOrdersByIds,
  orderPayments,
  type OrderLineRow,
} from '../../projections/orders';
import { parseRecordedEvent } from './eventSchemas';
import { auditChainTable, chainHash, genesisHash, type ChainLink } from './notary';

/**
 * `npm run audit:verify` (docs/audit.md): one pass over the whole log that checks its positions and stream
 * revisions, every event against today's schema, the notary's hash chain, every order's money against its
 * events and the read model, and every ticket's sold count against the inventory.
 */

export type FindingKind = 'position' | 'revision' | 'schema' | 'chain' | 'order' | 'stock';

export interface Finding {
  kind: FindingKind;
  /** The global position the finding is about, when it is about one event. */
  position: bigint | null;
  message: string;
}

export interface AuditReport {
  store: EventStore['kind'];
  events: number;
  streams: number;
  orders: number;
  tickets: number;
  lastPosition: bigint;
  chain: {
    /** Links in the notary's table. */
    notarised: number;
    /** Links whose event is in the log and still hashes to them. */
    verified: number;
    /** Events newer than the last link: the notary has not reached them yet. */
    pending: number;
    head: { position: string; hash: string } | null;
  };
  findings: Finding[];
}

export interface VerifyOptions {
  store: EventStore;
  db: Knex;
  /** A link an auditor wrote down earlier: it must still be in the chain with this hash. */
  expectedLink?: { position: bigint; hash: string };
}

const orderTypes: ReadonlySet<string> = new Set(orderHistoryTypes);
const inventoryTypes: ReadonlySet<string> = new Set(inventoryEventTypes);
const PAGE = 1000;

async function* chainLinks(db: Knex): AsyncGenerator<ChainLink> {
  let after = 0;
  for (;;) {
    const rows: ChainLink[] = await db<ChainLink>(auditChainTable.name)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(PAGE);
    for (const row of rows) yield { ...row, seq: Number(row.seq) };
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = Number(last.seq);
  }
}

interface FoldedOrder {
  state: OrderPaymentState;
  placedAt: bigint;
}

export async function verifyLog({ store, db, expectedLink }: VerifyOptions): Promise<AuditReport> {
  const findings: Finding[] = [];
  const find = (kind: FindingKind, position: bigint | null, message: string) =>
    findings.push({ kind, position, message });
  // EventStoreDB's positions are commit positions: increasing, never contiguous.
  const contiguous = store.kind !== 'esdb';
  const nextRevision = new Map<string, bigint>();
  const orders = new Map<string, FoldedOrder>();
  const inventories = new Map<string, InventoryState>();

  const links = chainLinks(db);
  const nextLink = async () => (await links.next()).value as ChainLink | undefined;
  const lastLinkRow: ChainLink | undefined = await db<ChainLink>(auditChainTable.name)
    .orderBy('seq', 'desc')
    .first();
  const lastNotarised = lastLinkRow ? BigInt(lastLinkRow.position) : 0n;
  let link = await nextLink();
  let previousHash = genesisHash;
  let previousSeq = 0;
  let notarised = 0;
  let verified = 0;
  let pending = 0;
  let expectedLinkSeen = false;
  const followLink = (current: ChainLink) => {
    notarised++;
    if (current.seq !== previousSeq + 1)
      find(
        'chain',
        BigInt(current.position),
        `chain links ${previousSeq + 1}…${current.seq - 1} are missing`,
      );
    previousSeq = current.seq;
    previousHash = current.hash;
    if (expectedLink && BigInt(current.position) === expectedLink.position) {
      expectedLinkSeen = true;
      if (current.hash !== expectedLink.hash)
        find(
          'chain',
          expectedLink.position,
          `the chain's link at position ${expectedLink.position} is ${current.hash}, not the ${expectedLink.hash} written down`,
        );
    }
  };

  let events = 0;
  let previousPosition = 0n;
  for await (const recorded of store.readAll()) {
    events++;
    const { position, stream } = recorded;

    if (position <= previousPosition)
      find(
        'position',
        position,
        `position ${position} follows ${previousPosition}: duplicate or out of order`,
      );
    else if (contiguous && position !== previousPosition + 1n)
      find(
        'position',
        previousPosition + 1n,
        position - previousPosition === 2n
          ? `position ${previousPosition + 1n} is missing from the log`
          : `positions ${previousPosition + 1n}…${position - 1n} are missing from the log`,
      );
    previousPosition = position > previousPosition ? position : previousPosition;

    const expected = nextRevision.get(stream) ?? 0n;
    if (recorded.revision !== expected)
      find(
        'revision',
        position,
        `stream ${stream} has revision ${recorded.revision} where ${expected} was due (a gap or a duplicate)`,
      );
    nextRevision.set(stream, recorded.revision + 1n);

    while (link && BigInt(link.position) < position) {
      find(
        'chain',
        BigInt(link.position),
        `the event notarised at position ${link.position} is missing from the log`,
      );
      followLink(link);
      link = await nextLink();
    }
    if (link && BigInt(link.position) === position) {
      if (chainHash(previousHash, recorded) === link.hash) verified++;
      else
        find(
          'chain',
          position,
          `the event at position ${position} (${recorded.type} on ${stream}) differs from the one notarised`,
        );
      followLink(link);
      link = await nextLink();
    } else if (position <= lastNotarised) {
      find('chain', position, `the event at position ${position} was never notarised: it was inserted later`);
    } else {
      pending++;
    }

    const parsed = parseRecordedEvent(recorded);
    if (!parsed.ok) {
      find('schema', position, parsed.problem);
      continue;
    }
    const event = parsed.event;
    if (orderTypes.has(event.type)) {
      const orderId = (event.data as { orderId: string }).orderId;
      if (stream !== orderStream(orderId)) {
        find('order', position, `${event.type} of order ${orderId} is on stream ${stream}`);
        continue;
      }
      const folded = orders.get(orderId) ?? { state: orderPaymentDecider.initialState(), placedAt: position };
      folded.state = orderPaymentDecider.evolve(folded.state, event as unknown as OrderStreamEvent);
      if (event.type === 'OrderPlaced') folded.placedAt = position;
      orders.set(orderId, folded);
    } else if (inventoryTypes.has(event.type) && stream.startsWith('inventory-')) {
      const state = inventories.get(stream) ?? initialInventoryState();
      inventories.set(stream, inventoryDecider.evolve(state, event as unknown as InventoryEvent));
    }
  }
  while (link) {
    find(
      'chain',
      BigInt(link.position),
      `the event notarised at position ${link.position} is missing from the log`,
    );
    followLink(link);
    link = await nextLink();
  }

  if (expectedLink && !expectedLinkSeen)
    find(
      'chain',
      expectedLink.position,
      `the chain has no link at position ${expectedLink.position}, where ${expectedLink.hash} was written down`,
    );

  await checkOrders(db, orders, find);
  const tickets = checkStock(orders, inventories, find);

  return {
    store: store.kind,
    events,
    streams: nextRevision.size,
    orders: [...orders.values()].filter((order) => order.state.order.exists).length,
    tickets,
    lastPosition: previousPosition,
    chain: {
      notarised,
      verified,
      pending,
      head: lastLinkRow ? { position: lastLinkRow.position, hash: lastLinkRow.hash } : null,
    },
    findings,
  };
}

type Find = (kind: FindingKind, position: bigint | null, message: string) => void;

const sum = (items: readonly { amount: number }[]) => items.reduce((total, item) => total + item.amount, 0);

function rolledUp(charges: readonly OrderCharge[]): string {
  const byName = new Map<string, number>();
  for (const { name, amount } of charges) byName.set(name, (byName.get(name) ?? 0) + amount);
  return JSON.stringify([...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The order's totals as its lines add up, and each line's own parts; the problems found. */
function recomputeTotals(placed: OrderPlaced['data']): string[] {
  const problems: string[] = [];
  placed.lines.forEach((line: OrderLine, index) => {
    const at = `line ${index + 1}`;
    if (line.base - line.discount !== line.price)
      problems.push(`${at}: base ${line.base} − discount ${line.discount} ≠ price ${line.price}`);
    if (sum(line.fees) !== line.feeTotal)
      problems.push(`${at}: its fees add up to ${sum(line.fees)}, not ${line.feeTotal}`);
    if (sum(line.taxes) !== line.taxTotal)
      problems.push(`${at}: its taxes add up to ${sum(line.taxes)}, not ${line.taxTotal}`);
    if (placed.displayMode === 'EXCLUSIVE' && line.price + line.feeTotal + line.taxTotal !== line.total)
      problems.push(
        `${at}: price, fees and taxes add up to ${line.price + line.feeTotal + line.taxTotal}, not ${line.total}`,
      );
  });
  const lines = placed.lines;
  const totals = placed.totals;
  const parts: [string, number, number][] = [
    ['subtotal', lines.reduce((s, l) => s + l.price, 0), totals.subtotal],
    ['discount', lines.reduce((s, l) => s + l.discount, 0), totals.discountTotal],
    ['fees', lines.reduce((s, l) => s + l.feeTotal, 0), totals.feeTotal],
    ['taxes', lines.reduce((s, l) => s + l.taxTotal, 0), totals.taxTotal],
    ['total', lines.reduce((s, l) => s + l.total, 0), totals.total],
  ];
  for (const [name, recomputed, recorded] of parts)
    if (recomputed !== recorded)
      problems.push(`its lines make a ${name} of ${recomputed}, the order records ${recorded}`);
  if (rolledUp(lines.flatMap((l) => l.taxes)) !== rolledUp(totals.taxes))
    problems.push('its taxes by name are not the sum of its lines’ taxes');
  if (rolledUp(lines.flatMap((l) => l.fees)) !== rolledUp(totals.fees))
    problems.push('its fees by name are not the sum of its lines’ fees');
  return problems;
}

async function inChunks<T>(ids: readonly string[], query: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += 500) rows.push(...(await query(ids.slice(i, i + 500))));
  return rows;
}

async function checkOrders(db: Knex, orders: Map<string, FoldedOrder>, find: Find): Promise<void> {
  const placed = [...orders].filter(([, folded]) => folded.state.order.exists);
  const ids = placed.map(([id]) => id);
  const rows = new Map(
    (await inChunks(ids, (chunk) => listOrdersByIds(db, chunk))).map((row) => [row.id, row]),
  );
  const payments = new Map(
    (await inChunks(ids, async (chunk) => [...(await orderPayments(db, chunk)).values()])).map((row) => [
      row.order_id,
      row,
    ]),
  );
  const lines = new Map<string, OrderLineRow[]>();
  for (const row of await inChunks(ids, (chunk) => listLinesOfOrders(db, chunk)))
    lines.set(row.order_id, [...(lines.get(row.order_id) ?? []), row]);

  for (const [orderId, { state, placedAt }] of placed) {
    const order = state.order;
    if (!order.exists) continue;
    const { totals, currency } = order.placed;
    for (const problem of recomputeTotals(order.placed))
      find('order', placedAt, `order ${orderId}: ${problem}`);

    const row = rows.get(orderId);
    if (!row) {
      find('order', placedAt, `order ${orderId} is missing from the read model`);
      continue;
    }
    const compared: [string, unknown, number | string][] = [
      ['currency', currency, row.currency],
      ['subtotal', totals.subtotal, Number(row.subtotal)],
      ['discount', totals.discountTotal, Number(row.discount_total)],
      ['fees', totals.feeTotal, Number(row.fee_total)],
      ['taxes', totals.taxTotal, Number(row.tax_total)],
      ['total', totals.total, Number(row.total)],
    ];
    for (const [name, fromEvents, inReadModel] of compared)
      if (fromEvents !== inReadModel)
        find(
          'order',
          placedAt,
          `order ${orderId}: ${name} is ${String(fromEvents)} by its events, ${String(inReadModel)} in the read model`,
        );

    const lineRows = [...(lines.get(orderId) ?? [])].sort((a, b) => Number(a.position) - Number(b.position));
    const lineTotals = (items: { quantity: number | string; total: number | string }[]) =>
      JSON.stringify(items.map((item) => [Number(item.quantity), Number(item.total)]));
    if (lineTotals(order.placed.lines) !== lineTotals(lineRows))
      find('order', placedAt, `order ${orderId}: its lines in the read model differ from its events`);

    const payment = payments.get(orderId);
    const refunded = refundedTotal(state);
    if (payment) {
      if (Number(payment.refunded_total) !== refunded)
        find(
          'order',
          placedAt,
          `order ${orderId}: refunded ${refunded} by its events, ${Number(payment.refunded_total)} in the read model`,
        );
      const received = state.payment.received;
      if (received && Number(payment.paid_total) !== received.amount)
        find(
          'order',
          placedAt,
          `order ${orderId}: paid ${received.amount} by its events, ${Number(payment.paid_total)} in the read model`,
        );
    } else if (refunded > 0 || state.payment.received) {
      find('order', placedAt, `order ${orderId}: its payment is missing from the read model`);
    }
    if (refunded > paidAmount(state) && paidAmount(state) > 0)
      find(
        'order',
        placedAt,
        `order ${orderId}: refunded ${refunded}, more than the ${paidAmount(state)} paid`,
      );
  }

  const known = new Set(ids);
  const stray = (await listOrderIds(db)).filter((id) => !known.has(id));
  for (const id of stray) find('order', null, `the read model has order ${id}, which no event placed`);
}

/** Sold tickets per ticket by the orders (active attendees of completed orders) against the inventory; returns how many tickets. */
function checkStock(
  orders: Map<string, FoldedOrder>,
  inventories: Map<string, InventoryState>,
  find: Find,
): number {
  const byOrders = new Map<string, number>();
  for (const { state } of orders.values()) {
    const order = state.order;
    if (!order.exists) continue;
    for (const attendee of order.attendees)
      if (attendee.active && attendee.payment !== 'PENDING')
        byOrders.set(attendee.ticketId, (byOrders.get(attendee.ticketId) ?? 0) + 1);
  }
  const byInventory = new Map<string, number>();
  for (const inventory of inventories.values())
    for (const [ticketId, stock] of Object.entries(inventory.tickets))
      byInventory.set(ticketId, (byInventory.get(ticketId) ?? 0) + stock.sold);
  const tickets = new Set([...byOrders.keys(), ...byInventory.keys()]);
  for (const ticketId of [...tickets].sort()) {
    const sold = byOrders.get(ticketId) ?? 0;
    const counted = byInventory.get(ticketId) ?? 0;
    if (sold !== counted)
      find(
        'stock',
        null,
        `ticket ${ticketId}: its orders hold ${sold} sold tickets, the inventory counts ${counted}`,
      );
  }
  return tickets.size;
}

/** The report as the command prints it. */
export function formatReport(report: AuditReport): string {
  const lines = [
    `audit:verify on the ${report.store} event store`,
    `  events checked  ${report.events} (last position ${report.lastPosition})`,
    `  streams         ${report.streams}`,
    `  orders          ${report.orders}`,
    `  tickets         ${report.tickets}`,
    `  hash chain      ${report.chain.verified} of ${report.chain.notarised} links verified, ${report.chain.pending} events not notarised yet`,
  ];
  if (report.chain.head)
    lines.push(`  chain head      position ${report.chain.head.position} ${report.chain.head.hash}`);
  if (report.findings.length === 0) {
    lines.push('no findings');
  } else {
    lines.push(`${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}:`);
    for (const finding of report.findings)
      lines.push(
        `  [${finding.kind}] ${finding.position === null ? '' : `position ${finding.position}: `}${finding.message}`,
      );
  }
  return lines.join('\n');
}
