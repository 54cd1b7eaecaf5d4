import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../../eventstore/port';
import { mailsAbout } from '../../messaging/outbox';
import { orderTrail } from '../../../projections/orders';
import { checkInEventTypes, type CheckInEvent } from '../../admission/checkIn/checkInEvents';
import { effectiveStatus, isOpen, type ExistingOrder } from './orderDecider';
import type { OrderStatus } from './orderEvents';
import {
  orderPaymentDecider,
  paidAmount,
  pendingRefund,
  refundedTotal,
  type OrderPaymentState,
} from './orderPaymentDecider';
import { webhookDeliveriesAbout } from '../../integrations/webhooks/webhookDeliveries';
import { orderHistoryTypes, type HistoryNames, type TrailFollowUps } from './orderHistory';

/**
 * An order's full history and its state as of any moment (issue 30, docs/audit.md "An order's history"). The
 * `orderTrail` read model says which events of which streams touched the order; the events themselves are read
 * from the store, one by its position each (an order has a few dozen), so what is shown is what was recorded.
 */

export interface OrderTrail {
  events: RecordedEvent[];
  followUps: TrailFollowUps;
}

/** The recorded events of the order's trail, oldest first, and the mails and webhook deliveries they caused. */
export async function loadOrderTrail(
  db: Knex,
  store: EventStore,
  scope: { accountId: string; eventId: string; orderId: string },
): Promise<OrderTrail> {
  const rows = await orderTrail(db, scope.orderId);
  const events: RecordedEvent[] = [];
  for (const row of rows) {
    const position = BigInt(String(row.position));
    for await (const event of store.readAll({ after: position - 1n, limit: 1 }))
      if (event.position === position) events.push(event);
  }
  const messageIds = new Set(
    rows.filter((row) => row.stream.startsWith('message-')).map((row) => row.stream.slice('message-'.length)),
  );
  const mails = await mailsAbout(db, scope.accountId, [scope.orderId, ...messageIds]);
  const positions = new Map(events.map((event) => [event.id, event.position.toString()]));
  const webhooks = (await webhookDeliveriesAbout(db, scope.eventId, scope.orderId)).flatMap(
    ({ cause_event_id, ...delivery }) => {
      const position = positions.get(cause_event_id);
      // A delivery is shown after its cause; one whose cause is not in the order's trail is another order's.
      return position === undefined ? [] : [{ ...delivery, event_position: position }];
    },
  );
  return { events, followUps: { mails, webhooks } };
}

/** The moment a state is asked for: after the event at `position`, or at the instant `at`. */
export type Moment = { position: bigint } | { at: Date };

export function eventsUpTo(events: readonly RecordedEvent[], moment: Moment): RecordedEvent[] {
  return events.filter((event) =>
    'position' in moment
      ? event.position <= moment.position
      : event.recordedAt.getTime() <= moment.at.getTime(),
  );
}

const orderStreamTypes: ReadonlySet<string> = new Set(orderHistoryTypes);
const checkInTypes: ReadonlySet<string> = new Set(checkInEventTypes);
type CheckInRecord = RecordedEvent & CheckInEvent;

export type CheckInState = 'checked_in' | 'checked_out';

interface DoorState {
  check_in_list_id: string;
  check_in_list: string | null;
  state: CheckInState;
  at: string;
}

/**
 * The status the organizer's list showed then: the decider's, with the refund and failed-payment statuses the
 * orders read model derives from the payment events (projections/orders/orders.ts).
 */
function statusOf(state: OrderPaymentState, order: ExistingOrder, at: Date): OrderStatus {
  const refunds = state.payment.refunds;
  if (pendingRefund(state)) return 'REFUND_PENDING';
  if (refunds.at(-1)?.status === 'FAILED') return 'REFUND_FAILED';
  if (refundedTotal(state) > 0)
    return paidAmount(state) - refundedTotal(state) <= 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  const status = effectiveStatus(order, at);
  if (isOpen(status) && state.payment.failures > 0 && !state.payment.received) return 'PAYMENT_FAILED';
  return status;
}

/**
 * The order folded from its events up to the moment with the deciders' own `evolve`, its attendees with their
 * check-in state per list as the scans left it. null: the order did not exist yet.
 */
export async function orderStateAsOf(events: readonly RecordedEvent[], moment: Moment, names: HistoryNames) {
  const upTo = eventsUpTo(events, moment);
  let state = orderPaymentDecider.initialState();
  const doors = new Map<string, Map<string, DoorState>>();
  for (const event of upTo) {
    if (orderStreamTypes.has(event.type))
      state = orderPaymentDecider.evolve(state, event as Parameters<typeof orderPaymentDecider.evolve>[1]);
    else if (checkInTypes.has(event.type)) {
      const scan = event as CheckInRecord;
      if (scan.type !== 'AttendeeCheckedIn' && scan.type !== 'AttendeeCheckedOut') continue;
      const lists = doors.get(scan.data.attendeeId) ?? new Map<string, DoorState>();
      lists.set(scan.data.checkInListId, {
        check_in_list_id: scan.data.checkInListId,
        check_in_list: null,
        state: scan.type === 'AttendeeCheckedIn' ? 'checked_in' : 'checked_out',
        at: scan.type === 'AttendeeCheckedIn' ? scan.data.checkedInAt : scan.data.checkedOutAt,
      });
      doors.set(scan.data.attendeeId, lists);
    }
  }
  const last = upTo.at(-1);
  const at = 'at' in moment ? moment.at : (last?.recordedAt ?? new Date(0));
  const order = state.order;
  const base = { position: last ? last.position.toString() : null, at: at.toISOString() };
  if (!order.exists) return { ...base, state: null };

  const listNames = new Map<string, string | null>();
  for (const lists of doors.values())
    for (const door of lists.values()) {
      if (!listNames.has(door.check_in_list_id))
        listNames.set(door.check_in_list_id, await names.checkInList(door.check_in_list_id));
      door.check_in_list = listNames.get(door.check_in_list_id) ?? null;
    }
  const { placed } = order;
  const paid = paidAmount(state);
  const refunded = refundedTotal(state);
  return {
    ...base,
    state: {
      status: statusOf(state, order, at),
      payment_method: order.paymentMethod,
      currency: placed.currency,
      reference: placed.reference,
      placed_at: placed.placedAt,
      expires_at: new Date(order.expiresAt).toISOString(),
      buyer: order.buyer
        ? { first_name: order.buyer.firstName, last_name: order.buyer.lastName, email: order.buyer.email }
        : null,
      lines: placed.lines.map((line) => ({
        ticket_id: line.ticketId,
        tier_id: line.tierId,
        ticket_title: line.ticketTitle,
        tier_label: line.tierLabel,
        quantity: line.quantity,
        price: line.price,
        discount: line.discount,
      })),
      promo_code: placed.promoCode,
      discount_total: placed.totals.discountTotal,
      subtotal: placed.totals.subtotal,
      fee_total: placed.totals.feeTotal,
      tax_total: placed.totals.taxTotal,
      total: placed.totals.total,
      taxes: placed.totals.taxes,
      fees: placed.totals.fees,
      paid,
      refunded,
      remaining: paid - refunded,
      payment_attempts: state.payment.intents.length,
      payment_failures: state.payment.failures,
      refunds: state.payment.refunds.map((refund) => ({
        refund_id: refund.refundId,
        amount: refund.amount,
        status: refund.status,
      })),
      attendees: order.attendees.map((attendee) => ({
        id: attendee.attendeeId,
        ticket_id: attendee.ticketId,
        first_name: attendee.details?.firstName ?? null,
        last_name: attendee.details?.lastName ?? null,
        status: attendee.active ? ('ACTIVE' as const) : ('CANCELLED' as const),
        payment: attendee.payment,
        check_ins: [...(doors.get(attendee.attendeeId)?.values() ?? [])],
      })),
    },
  };
}
