import type { z } from 'zod';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { signTicketCode } from '../../admission/ticketCodes';
import type { EventSettings } from '../../catalog/events/eventSettings';
import type { OrderCharge, OrderStatus, PaymentMethod } from './orderEvents';
import type { AttendeeRow, OrderLineRow, OrderPaymentRow, OrderRow } from '../../../projections/orders';
import type {
  adminAttendeeResponseSchema,
  attendeeResponseSchema,
  orderLineResponseSchema,
} from './orderSchemas';

/** The status a reader sees at `now`: an open order past its expiry is expired before the reactor records it. */
export function visibleStatus(row: Pick<OrderRow, 'status' | 'expires_at'>, now: Date): OrderStatus {
  const open =
    row.status === 'AWAITING_DETAILS' || row.status === 'RESERVED' || row.status === 'PAYMENT_FAILED';
  return open && Date.parse(row.expires_at) <= now.getTime() ? 'EXPIRED' : row.status;
}

/** Whether the attendee's ticket admits: active and paid (an unpaid or cancelled ticket shows its state instead). */
export function ticketIsValid(attendee: Pick<AttendeeRow, 'status' | 'payment'>): boolean {
  return attendee.status === 'ACTIVE' && attendee.payment === 'PAID';
}

/** The signed QR payload of a valid ticket (services/admission/ticketCodes.ts), else null. */
export function ticketCodeOf(attendee: AttendeeRow, keys: TicketSigningKeys): string | null {
  if (!ticketIsValid(attendee)) return null;
  return signTicketCode(
    {
      eventId: attendee.event_id,
      ticketId: attendee.ticket_id,
      attendeeShortId: attendee.short_id,
      issue: 1,
    },
    keys.current,
  );
}

export function presentLine(line: OrderLineRow): z.infer<typeof orderLineResponseSchema> {
  return {
    ticket_id: line.ticket_id,
    tier_id: line.tier_id,
    ticket_title: line.ticket_title,
    tier_label: line.tier_label,
    quantity: line.quantity,
    unit_price: line.unit_price,
    price: line.price,
    discount: line.discount,
    fee_total: line.fee_total,
    tax_total: line.tax_total,
    total: line.total,
  };
}

export function presentAttendee(
  attendee: AttendeeRow,
  titles: ReadonlyMap<string, string>,
  keys: TicketSigningKeys,
): z.infer<typeof attendeeResponseSchema> {
  return {
    id: attendee.id,
    short_id: attendee.short_id,
    order_id: attendee.order_id,
    ticket_id: attendee.ticket_id,
    tier_id: attendee.tier_id,
    ticket_title: titles.get(attendee.ticket_id) ?? null,
    first_name: attendee.first_name,
    last_name: attendee.last_name,
    email: attendee.email,
    status: attendee.status,
    payment: attendee.payment,
    ticket_code: ticketCodeOf(attendee, keys),
  };
}

export const titlesOf = (lines: readonly OrderLineRow[]) =>
  new Map(lines.map((line) => [line.ticket_id, line.ticket_title]));

export function presentOrderFields(row: OrderRow, now: Date) {
  const charges = JSON.parse(row.charges) as { taxes: OrderCharge[]; fees: OrderCharge[] };
  return {
    id: row.id,
    short_id: row.short_id,
    reference: row.reference,
    event_id: row.event_id,
    status: visibleStatus(row, now),
    locale: row.locale,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    currency: row.currency,
    subtotal: row.subtotal,
    discount_total: row.discount_total,
    fee_total: row.fee_total,
    tax_total: row.tax_total,
    total: row.total,
    taxes: charges.taxes,
    fees: charges.fees,
    promo_code: row.promo_code,
    affiliate_code: row.affiliate_code,
    payment_method: row.payment_method,
    expires_at: row.expires_at,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}

/** The methods the buyer may complete this order with now: FREE for a free order, OFFLINE when the event offers it. */
export function paymentMethodsFor(row: Pick<OrderRow, 'total'>, settings: EventSettings): PaymentMethod[] {
  if (row.total === 0) return ['FREE'];
  return settings.offlinePaymentsEnabled ? ['OFFLINE'] : [];
}

/** A member's order fields: the origin, and the refund totals (docs/payments.md). */
export function presentAdminOrderFields(
  row: OrderRow,
  now: Date,
  manual: boolean,
  payment?: OrderPaymentRow,
) {
  const refunded = payment?.refunded_total ?? 0;
  return {
    ...presentOrderFields(row, now),
    origin: manual ? ('MANUAL' as const) : ('ONLINE' as const),
    refunded_total: refunded,
    remaining_total: row.total - refunded,
    pending_refund_total: payment?.pending_refund ?? 0,
    payment_intent_id: payment?.payment_intent_id ?? null,
    payment_amount_mismatch: payment?.amount_mismatch ?? false,
  };
}

export function presentAdminAttendee(
  attendee: AttendeeRow,
  titles: ReadonlyMap<string, string>,
  keys: TicketSigningKeys,
  references: ReadonlyMap<string, string>,
  checkedInAt: string | null,
): Omit<z.infer<typeof adminAttendeeResponseSchema>, 'answered_questions'> {
  return {
    ...presentAttendee(attendee, titles, keys),
    order_reference: references.get(attendee.order_id) ?? null,
    locale: attendee.locale,
    answers: attendee.answers ? (JSON.parse(attendee.answers) as Record<string, unknown>) : {},
    checked_in_at: checkedInAt,
  };
}
