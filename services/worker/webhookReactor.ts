import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ProjectionContext } from '../../projections/runner/types';
import { selectRows } from '../../projections/runner/db';
import {
  firstRowWhere,
  insertRowUnlessPresent,
  quoted,
  shaped,
  updateRows,
} from '../../projections/runner/rowStatements';
import type { RecordedEvent } from '../eventstore/port';
import { ERASED_EMAIL, ERASED_TEXT } from '../eventstore/personalData';
import type {
  OrderAwaitingOfflinePayment,
  OrderCancelled,
  OrderCompleted,
  OrderDetailsSubmitted,
  OrderMarkedPaid,
  OrderPersonalDataErased,
  OrderPlaced,
} from '../sales/orders/orderEvents';
import type { AttendeeCheckedIn } from '../admission/checkIn/checkInEvents';
import type {
  WebhookCreated,
  WebhookDeleted,
  WebhookEventType,
  WebhookStatusChanged,
  WebhookUpdated,
} from '../integrations/webhooks/webhookEvents';
import {
  retryWindowMs,
  webhookAttemptsTable,
  webhookDeliveriesTable,
  webhookEndpointsTable,
  webhookOrdersTable,
} from '../integrations/webhooks/webhookDeliveries';

/**
 * Turns order and attendee events into webhook deliveries for the endpoints of their event (docs/messages.md
 * "Webhooks"), in the same transaction as its checkpoint, at most once per (endpoint, occurrence). The
 * endpoints and the orders' details come from its own tables, filled from the same ordered log, so it never
 * waits on another projection. The WebhookDelivery loop sends them.
 *
 * Seam: `order.refunded` is accepted on subscription and fires once a refund event is recorded (none
 * exists yet).
 */

type Handled =
  | WebhookCreated
  | WebhookUpdated
  | WebhookStatusChanged
  | WebhookDeleted
  | OrderPlaced
  | OrderDetailsSubmitted
  | OrderCompleted
  | OrderAwaitingOfflinePayment
  | OrderMarkedPaid
  | OrderCancelled
  | OrderPersonalDataErased
  | AttendeeCheckedIn;

interface OrderData {
  placed: OrderPlaced['data'];
  details: OrderDetailsSubmitted['data'] | null;
}

export const webhookReactorName = 'webhook-reactor';

export function webhookReactor(): Projection {
  return defineProjection<Handled>({
    name: webhookReactorName,
    tables: [webhookEndpointsTable, webhookOrdersTable, webhookDeliveriesTable, webhookAttemptsTable],
    handles: [
      'WebhookCreated',
      'WebhookUpdated',
      'WebhookStatusChanged',
      'WebhookDeleted',
      'OrderPlaced',
      'OrderDetailsSubmitted',
      'OrderCompleted',
      'OrderAwaitingOfflinePayment',
      'OrderMarkedPaid',
      'OrderCancelled',
      'OrderPersonalDataErased',
      'AttendeeCheckedIn',
    ],
    async apply(trx, event, ctx) {
      const endpoints = ctx.table(webhookEndpointsTable.name);
      const orders = ctx.table(webhookOrdersTable.name);
      const out = new Deliveries(trx, ctx, event);
      // This reactor writes the endpoints itself: what this transaction read of them before is stale now.
      if (event.type.startsWith('Webhook')) endpointsRead.delete(trx);
      switch (event.type) {
        case 'WebhookCreated':
          await trx(endpoints)
            .insert({
              id: event.data.webhookId,
              event_id: event.data.eventId,
              url: event.data.url,
              event_types: JSON.stringify(event.data.eventTypes),
              secret: event.data.secret,
              enabled: true,
            })
            .onConflict('id')
            .ignore();
          return [];
        case 'WebhookUpdated': {
          const { url, eventTypes } = event.data.changes;
          await trx(endpoints)
            .where({ id: event.data.webhookId })
            .update({
              ...(url !== undefined ? { url } : {}),
              ...(eventTypes !== undefined ? { event_types: JSON.stringify(eventTypes) } : {}),
            });
          return [];
        }
        case 'WebhookStatusChanged':
          await trx(endpoints)
            .where({ id: event.data.webhookId })
            .update({ enabled: event.data.to === 'ENABLED' });
          return [];
        case 'WebhookDeleted':
          await trx(endpoints).where({ id: event.data.webhookId }).delete();
          return [];
        case 'OrderPlaced':
          await insertRowUnlessPresent(
            trx,
            orders,
            { order_id: event.data.orderId, data: JSON.stringify({ placed: event.data, details: null }) },
            ['order_id'],
          );
          return [];
        case 'AttendeeCheckedIn': {
          const d = event.data;
          await out.emit(d.eventId, 'attendee.checked_in', `${d.checkInId}`, {
            attendee_id: d.attendeeId,
            event_id: d.eventId,
            ticket_id: d.ticketId,
            check_in_list_id: d.checkInListId,
            checked_in_at: d.checkedInAt,
          });
          return [];
        }
        default:
          break;
      }
      const row = await firstRowWhere<{ data: string }>(trx, orders, { order_id: event.data.orderId }, [
        'data',
      ]);
      if (!row) return [];
      const order = JSON.parse(row.data) as OrderData;
      if (event.type === 'OrderDetailsSubmitted') {
        await updateRows(
          trx,
          orders,
          { data: JSON.stringify({ ...order, details: event.data }) },
          { order_id: event.data.orderId },
        );
        return [];
      }
      if (event.type === 'OrderPersonalDataErased') {
        await eraseOrderFromDeliveries(trx, ctx.table(webhookDeliveriesTable.name), order);
        await updateRows(
          trx,
          orders,
          { data: JSON.stringify({ placed: order.placed, details: null }) },
          { order_id: event.data.orderId },
        );
        return [];
      }
      const eventId = order.placed.eventId;
      const orderId = order.placed.orderId;
      switch (event.type) {
        case 'OrderCompleted':
        case 'OrderAwaitingOfflinePayment': {
          const status = event.type === 'OrderCompleted' ? 'COMPLETED' : 'AWAITING_PAYMENT';
          await out.emit(eventId, 'order.created', orderId, orderPayload(order, status));
          for (const attendee of attendeePayloads(order))
            await out.emit(eventId, 'attendee.created', attendee.id, attendee);
          if (event.type === 'OrderCompleted' && event.data.paymentMethod === 'CARD')
            await out.emit(eventId, 'order.paid', orderId, orderPayload(order, status));
          return [];
        }
        case 'OrderMarkedPaid':
          await out.emit(eventId, 'order.paid', orderId, orderPayload(order, 'COMPLETED'));
          return [];
        case 'OrderCancelled':
          await out.emit(eventId, 'order.cancelled', orderId, orderPayload(order, 'CANCELLED'));
          return [];
      }
      return [];
    },
  });
}

function orderPayload(order: OrderData, status: string) {
  const p = order.placed;
  const buyer = order.details?.buyer;
  return {
    id: p.orderId,
    short_id: p.shortId,
    reference: p.reference,
    event_id: p.eventId,
    status,
    currency: p.currency,
    /** Minor units. */
    total: p.totals.total,
    locale: order.details?.locale ?? p.locale,
    buyer: buyer ? { first_name: buyer.firstName, last_name: buyer.lastName, email: buyer.email } : null,
    lines: p.lines.map((line) => ({
      ticket_id: line.ticketId,
      ticket_title: line.ticketTitle,
      quantity: line.quantity,
      total: line.total,
    })),
    placed_at: p.placedAt,
  };
}

function attendeePayloads(order: OrderData) {
  const details = new Map((order.details?.attendees ?? []).map((a) => [a.attendeeId, a]));
  return order.placed.attendees.map((attendee) => {
    const person = details.get(attendee.attendeeId);
    return {
      id: attendee.attendeeId,
      short_id: attendee.shortId,
      order_id: order.placed.orderId,
      event_id: order.placed.eventId,
      ticket_id: attendee.ticketId,
      first_name: person?.firstName ?? null,
      last_name: person?.lastName ?? null,
      email: person?.email ?? null,
    };
  });
}

interface EndpointRow {
  id: string;
  event_types: string;
  enabled: boolean | number;
}

/**
 * The endpoints of each event as read in one transaction: read once for all the deliveries of a batch (every
 * attendee of an order, every admission at the door), not per recorded event.
 */
const endpointsRead = new WeakMap<Knex.Transaction, Map<string, Promise<EndpointRow[]>>>();

class Deliveries {
  constructor(
    private readonly trx: Knex.Transaction,
    private readonly ctx: ProjectionContext,
    private readonly recorded: RecordedEvent,
  ) {}

  private endpointsOf(eventId: string): Promise<EndpointRow[]> {
    let read = endpointsRead.get(this.trx);
    if (!read) endpointsRead.set(this.trx, (read = new Map<string, Promise<EndpointRow[]>>()));
    let rows = read.get(eventId);
    if (!rows) {
      // A query builder runs again at every await; the promise `then` gives is read once.
      const table = this.ctx.table(webhookEndpointsTable.name);
      rows = selectRows<EndpointRow>(
        this.trx,
        shaped(
          `webhookEndpoints|${table}`,
          () => `select "id", "event_types", "enabled" from ${quoted(table)} where "event_id" = ?`,
        ),
        [eventId],
      );
      read.set(eventId, rows);
    }
    return rows;
  }

  /** One delivery per enabled endpoint of the event subscribed to `type`. */
  async emit(eventId: string, type: WebhookEventType, subject: string, data: object): Promise<void> {
    const endpoints = await this.endpointsOf(eventId);
    const createdAt = this.recorded.recordedAt.toISOString();
    for (const endpoint of endpoints) {
      if (!endpoint.enabled) continue;
      if (!(JSON.parse(endpoint.event_types) as string[]).includes(type)) continue;
      const key = `${endpoint.id}|${type}|${subject}|${this.recorded.id}`;
      const id = `whd_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
      const payload = JSON.stringify({ id, type, created_at: createdAt, data });
      await this.trx(this.ctx.table(webhookDeliveriesTable.name))
        .insert({
          id,
          dedupe_key: key,
          webhook_id: endpoint.id,
          event_id: eventId,
          type,
          payload,
          status: 'pending',
          attempts: 0,
          next_attempt_at: createdAt,
          give_up_at: new Date(this.recorded.recordedAt.getTime() + retryWindowMs).toISOString(),
          claim_token: null,
          claimed_at: null,
          last_status_code: null,
          last_error: null,
          delivered_at: null,
          created_at: createdAt,
        })
        .onConflict('dedupe_key')
        .ignore();
    }
  }
}

/**
 * Erasure (docs/audit.md "Erasure"): the order's deliveries, sent or waiting, keep their shape but no longer
 * carry the buyer's or attendees' names, addresses or answers.
 */
async function eraseOrderFromDeliveries(trx: Knex.Transaction, deliveries: string, order: OrderData) {
  if (!order.details) return;
  const people = [order.details.buyer, ...order.details.attendees];
  const erasedAs = new Map<string, string>();
  for (const person of people) {
    erasedAs.set(person.firstName, ERASED_TEXT);
    erasedAs.set(person.lastName, ERASED_TEXT);
    erasedAs.set(person.email, ERASED_EMAIL);
  }
  const erase = (value: unknown): unknown => {
    if (typeof value === 'string') return erasedAs.get(value) ?? value;
    if (Array.isArray(value)) return value.map(erase);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, erase(inner)]));
    return value;
  };
  const rows = await trx(deliveries)
    .where('event_id', order.placed.eventId)
    .andWhere('payload', 'like', `%${order.placed.orderId}%`)
    .select<{ id: string; payload: string }[]>('id', 'payload');
  for (const row of rows)
    await trx(deliveries)
      .where({ id: row.id })
      .update({ payload: JSON.stringify(erase(JSON.parse(row.payload))) });
}
