import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
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

export const orderTrailProjection = defineProjection<TrailEvent>({
  name: 'orderTrail',
  tables: [orderTrailTable, orderTrailLinksTable],
  handles: orderTrailEventTypes,
  async apply(trx, event, ctx) {
    const links = ctx.table(orderTrailLinksTable.name);
    const link = async (key: string, orderId: string) => {
      await trx(links).insert({ link: key, order_id: orderId }).onConflict('link').ignore();
    };
    const linked = async (key: string): Promise<string | null> => {
      const row = (await trx(links).where({ link: key }).first()) as { order_id: string } | undefined;
      return row?.order_id ?? null;
    };

    let orderId: string | null = null;
    switch (event.type) {
      case 'HoldPlaced':
        orderId = event.data.orderId;
        await link(`hold:${event.data.holdId}`, orderId);
        break;
      case 'HoldConverted':
        orderId = event.data.orderId;
        break;
      case 'HoldClientNoted':
      case 'HoldExtended':
      case 'HoldReleased':
      case 'StockReturned':
        orderId = await linked(`hold:${event.data.holdId}`);
        break;
      case 'AttendeeCheckedIn':
      case 'AttendeeCheckedOut':
      case 'DuplicateEntryRecorded':
      case 'OfflineScanRefused':
        orderId = await linked(`attendee:${event.data.attendeeId}`);
        break;
      case 'MessageScheduled': {
        const recipients = event.data.recipients;
        if (recipients.kind === 'order_buyer') orderId = await linked(`order:${recipients.orderId}`);
        else if (recipients.kind === 'attendee') orderId = await linked(`attendee:${recipients.attendeeId}`);
        if (orderId) await link(`message:${event.data.messageId}`, orderId);
        break;
      }
      case 'MessageDispatched':
      case 'MessageCancelled':
        orderId = await linked(`message:${event.data.messageId}`);
        break;
      case 'StripeEventReceived': {
        const named = stripeOrderId(event.data.object);
        orderId = named ? await linked(`order:${named}`) : null;
        break;
      }
      case 'OrderPlaced':
        orderId = event.data.orderId;
        await link(`order:${orderId}`, orderId);
        await link(`hold:${event.data.holdId}`, orderId);
        for (const attendee of event.data.attendees) await link(`attendee:${attendee.attendeeId}`, orderId);
        break;
      default:
        orderId = event.data.orderId;
    }
    if (!orderId) return [];
    await trx(ctx.table(orderTrailTable.name))
      .insert({
        order_id: orderId,
        position: event.position.toString(),
        stream: event.stream,
        revision: event.revision.toString(),
        type: event.type,
      })
      .onConflict(['order_id', 'position'])
      .ignore();
    return [`order:${orderId}`];
  },
});

/** Every event that touched the order, oldest first (at most `limit`; an order has a few dozen). */
export async function orderTrail(db: Knex, orderId: string, limit = 2_000): Promise<OrderTrailRow[]> {
  return (await db('order_trail')
    .where({ order_id: orderId })
    .orderBy('position', 'asc')
    .limit(limit)) as OrderTrailRow[];
}
