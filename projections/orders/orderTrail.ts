import type { Knex } from 'knex';
import { readWhereIn, writeRows } from '../runner/bulk';
import { defineProjection, type RecordedOf } from '../runner/define';
import type { ProjectionContext, ReadModelTable } from '../runner/types';
import {
  orderEventTypes,
  orderPaymentEventTypes,
  type ForeignStripeEventIgnored,
  type OrderEvent,
  type OrderPaymentEvent,
} from '../../services/sales/orders/orderEvents';
import type { PlatformFeeCharged, StripeEventReceived } from '../../services/payments/paymentEvents';
import type {
  HoldClientNoted,
  HoldConverted,
  HoldExtended,
  HoldPlaced,
  HoldReleased,
  StockReturned,
} from '../../services/inventory/inventoryEvents';
import { checkInEventTypes, type CheckInEvent } from '../../services/admission/checkIn/checkInEvents';
import type {
  MessageCancelled,
  MessageDispatched,
  MessageScheduled,
} from '../../services/messaging/messages/messageEvents';

/**
 * Which recorded events touched which order, across streams (issue 30): the order's own stream, the holds and
 * returns of the event's inventory stream, its attendees' check-in streams, the messages written to its buyer or
 * one of its attendees, and the Stripe events naming it. One row per (order, event), in position order; the events
 * themselves stay in the store. The projection may not read another's tables, so it keeps its own small map from
 * holds, attendees and messages to their order, filled from the events that name both.
 */

export const orderTrailTable: ReadModelTable = {
  name: 'order_trail',
  define(table, tableName) {
    table.string('order_id', 40).notNullable();
    table.bigInteger('position').notNullable();
    table.string('stream', 200).notNullable();
    table.bigInteger('revision').notNullable();
    table.string('type', 80).notNullable();
    table.primary(['order_id', 'position'], `${tableName}_pk`);
  },
};

/** `hold:<id>`, `attendee:<id>`, `message:<id>` and `order:<id>` → the order they belong to. */
export const orderTrailLinksTable: ReadModelTable = {
  name: 'order_trail_links',
  define(table) {
    table.string('link', 120).primary();
    table.string('order_id', 40).notNullable();
  },
};

export interface OrderTrailRow {
  order_id: string;
  position: string | number;
  stream: string;
  revision: string | number;
  type: string;
}

type TrailEvent =
  | OrderEvent
  | OrderPaymentEvent
  | PlatformFeeCharged
  | ForeignStripeEventIgnored
  | HoldPlaced
  | HoldClientNoted
  | HoldExtended
  | HoldReleased
  | HoldConverted
  | StockReturned
  | CheckInEvent
  | MessageScheduled
  | MessageDispatched
  | MessageCancelled
  | StripeEventReceived;

export const orderTrailInventoryTypes = [
  'HoldPlaced',
  'HoldClientNoted',
  'HoldExtended',
  'HoldReleased',
  'HoldConverted',
  'StockReturned',
] as const;
export const orderTrailMessageTypes = ['MessageScheduled', 'MessageDispatched', 'MessageCancelled'] as const;

export const orderTrailEventTypes = [
  ...orderEventTypes,
  ...orderPaymentEventTypes,
  'PlatformFeeCharged',
  'ForeignStripeEventIgnored',
  ...orderTrailInventoryTypes,
  ...checkInEventTypes,
  ...orderTrailMessageTypes,
  'StripeEventReceived',
] as const satisfies readonly TrailEvent['type'][];

/** The order a Stripe object names in its metadata (the order's payment intents and refunds carry `order_id`). */
function stripeOrderId(object: Record<string, unknown>): string | null {
  const metadata = object.metadata;
  if (typeof metadata !== 'object' || metadata === null) return null;
  const orderId = (metadata as Record<string, unknown>).order_id;
  return typeof orderId === 'string' && orderId.length > 0 && orderId.length <= 40 ? orderId : null;
}

/**
 * The links and trail rows of one transaction: `prepare` reads the links a batch's events look up in one
 * statement, `apply` gathers in memory, `settle` writes the new links and rows a few hundred per statement.
 */
interface TrailBatch {
  /** Link → order; null when the link is known not to exist. */
  links: Map<string, string | null>;
  newLinks: Map<string, string>;
  rows: OrderTrailRow[];
}
const batches = new WeakMap<Knex.Transaction, TrailBatch>();

function batchOf(trx: Knex.Transaction): TrailBatch {
  let batch = batches.get(trx);
  if (!batch) batches.set(trx, (batch = { links: new Map(), newLinks: new Map(), rows: [] }));
  return batch;
}

/** The link an event looks its order up by, if it does not name the order itself. */
function lookedUpLink(event: RecordedOf<TrailEvent>): string | null {
  switch (event.type) {
    case 'HoldClientNoted':
    case 'HoldExtended':
    case 'HoldReleased':
    case 'StockReturned':
      return `hold:${event.data.holdId}`;
    case 'AttendeeCheckedIn':
    case 'AttendeeCheckedOut':
    case 'DuplicateEntryRecorded':
    case 'OfflineScanRefused':
      return `attendee:${event.data.attendeeId}`;
    case 'MessageScheduled': {
      const recipients = event.data.recipients;
      if (recipients.kind === 'order_buyer') return `order:${recipients.orderId}`;
      if (recipients.kind === 'attendee') return `attendee:${recipients.attendeeId}`;
      return null;
    }
    case 'MessageDispatched':
    case 'MessageCancelled':
      return `message:${event.data.messageId}`;
    case 'StripeEventReceived': {
      const named = stripeOrderId(event.data.object);
      return named ? `order:${named}` : null;
    }
    default:
      return null;
  }
}

async function readLinks(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  keys: readonly string[],
): Promise<void> {
  const { links } = batchOf(trx);
  const missing = keys.filter((key) => !links.has(key));
  if (missing.length === 0) return;
  for (const key of missing) links.set(key, null);
  const found = await readWhereIn<{ link: string; order_id: string }>(
    trx,
    ctx.table(orderTrailLinksTable.name),
    'link',
    missing,
  );
  for (const row of found) links.set(row.link, row.order_id);
}

export const orderTrailProjection = defineProjection<TrailEvent>({
  name: 'orderTrail',
  tables: [orderTrailTable, orderTrailLinksTable],
  handles: orderTrailEventTypes,
  async prepare(trx, events, ctx) {
    await readLinks(
      trx,
      ctx,
      events.flatMap((event) => lookedUpLink(event) ?? []),
    );
  },
  async apply(trx, event, ctx) {
    const batch = batchOf(trx);
    /** The first link recorded for a key stays (a replay records the same one). */
    const link = (key: string, orderId: string) => {
      if (batch.links.get(key)) return;
      batch.links.set(key, orderId);
      batch.newLinks.set(key, orderId);
    };
    const lookup = lookedUpLink(event);
    if (lookup !== null) await readLinks(trx, ctx, [lookup]);
    const linked = lookup === null ? null : (batch.links.get(lookup) ?? null);

    let orderId: string | null;
    switch (event.type) {
      case 'HoldPlaced':
        orderId = event.data.orderId;
        link(`hold:${event.data.holdId}`, orderId);
        break;
      case 'MessageScheduled':
        orderId = linked;
        if (orderId) link(`message:${event.data.messageId}`, orderId);
        break;
      case 'OrderPlaced':
        orderId = event.data.orderId;
        link(`order:${orderId}`, orderId);
        link(`hold:${event.data.holdId}`, orderId);
        for (const attendee of event.data.attendees) link(`attendee:${attendee.attendeeId}`, orderId);
        break;
      case 'HoldClientNoted':
      case 'HoldExtended':
      case 'HoldReleased':
      case 'StockReturned':
      case 'AttendeeCheckedIn':
      case 'AttendeeCheckedOut':
      case 'DuplicateEntryRecorded':
      case 'OfflineScanRefused':
      case 'MessageDispatched':
      case 'MessageCancelled':
      case 'StripeEventReceived':
        orderId = linked;
        break;
      default:
        orderId = event.data.orderId;
    }
    if (!orderId) return [];
    batch.rows.push({
      order_id: orderId,
      position: event.position.toString(),
      stream: event.stream,
      revision: event.revision.toString(),
      type: event.type,
    });
    return [`order:${orderId}`];
  },
  async settle(trx, ctx) {
    const batch = batches.get(trx);
    batches.delete(trx);
    if (!batch) return;
    const links = [...batch.newLinks].map(([key, orderId]) => ({ link: key, order_id: orderId }));
    await writeRows(trx, ctx.table(orderTrailLinksTable.name), links, { ignoreOn: 'link' });
    await writeRows(trx, ctx.table(orderTrailTable.name), batch.rows, { ignoreOn: ['order_id', 'position'] });
  },
});

/** Every event that touched the order, oldest first (at most `limit`; an order has a few dozen). */
export async function orderTrail(db: Knex, orderId: string, limit = 2_000): Promise<OrderTrailRow[]> {
  return (await db('order_trail')
    .where({ order_id: orderId })
    .orderBy('position', 'asc')
    .limit(limit)) as OrderTrailRow[];
}
