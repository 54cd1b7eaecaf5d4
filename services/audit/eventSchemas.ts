import { z } from 'zod';
import type { RecordedEvent } from '../eventstore/port';
import { checkInEventTypes } from '../admission/checkIn/checkInEvents';
import { checkInListEventTypes } from '../admission/checkIn/checkInListEvents';
import { affiliateEventTypes } from '../catalog/affiliates/affiliateEvents';
import { capacityAssignmentEventTypes } from '../catalog/capacity/capacityEvents';
import { eventEventTypes } from '../catalog/events/eventEvents';
import { organizerEventTypes } from '../catalog/organizers/organizerDecider';
import { promoCodeClaimEventTypes } from '../catalog/promoCodes/promoCodeClaims';
import { promoCodeEventTypes } from '../catalog/promoCodes/promoCodeEvents';
import { questionEventTypes, questionOrderEventTypes } from '../catalog/questions/questionEvents';
import { taxEventTypes } from '../catalog/taxes/taxEvents';
import { ticketEventTypes, ticketOrderEventTypes } from '../catalog/tickets/ticketEvents';
import { accountEventTypes } from '../identity/accountDecider';
import { userEventTypes } from '../identity/userDecider';
import { mailTemplateEventTypes } from '../messaging/mailTemplates/mailTemplateEvents';
import { messageEventTypes } from '../messaging/messages/messageEvents';
import { paymentConnectionEventTypes } from '../payments/paymentEvents';
import { inventoryEventTypes } from '../inventory/inventoryEvents';
import { orderHistoryTypes } from '../sales/orders/orderHistory';
import { waitingClaimEventTypes, waitingEntryEventTypes } from '../sales/waitingList/waitingListEvents';
import { waitingRoomEventTypes } from '../sales/waitingRoom/waitingRoomEvents';

/**
 * The shapes `npm run audit:verify` holds every recorded event to (docs/audit.md). Every type the platform records
 * is known here; the money and stock events the verifier recomputes from have their fields checked exactly, the
 * others must be JSON objects. The event store hands out every event upcast to today's shape of its type
 * (services/kit/eventVersions.ts, docs/audit.md "Event versions"), so these are today's shapes only.
 */

const id = z.string().min(1);
const minor = z.number().int();
const instant = z.string().min(1);
const charge = z.object({ name: z.string(), amount: minor });

const orderLine = z.looseObject({
  ticketId: id,
  tierId: id.nullable(),
  quantity: z.number().int().positive(),
  unitPrice: minor,
  base: minor,
  discount: minor,
  price: minor,
  feeTotal: minor,
  taxTotal: minor,
  total: minor,
  taxes: z.array(charge),
  fees: z.array(charge),
});

const orderTotals = z.looseObject({
  subtotal: minor,
  discountTotal: minor,
  feeTotal: minor,
  taxTotal: minor,
  total: minor,
  taxes: z.array(charge),
  fees: z.array(charge),
});

const onOrder = { eventId: id, orderId: id };
const holdLine = z.looseObject({
  ticketId: id,
  tierId: id.nullable(),
  quantity: z.number().int().positive(),
});

const exactSchemas: Record<string, z.ZodType> = {
  OrderPlaced: z.looseObject({
    ...onOrder,
    accountId: id,
    shortId: id,
    reference: z.string(),
    holdId: id,
    currency: z.string().length(3),
    displayMode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
    lines: z.array(orderLine).min(1),
    totals: orderTotals,
    attendees: z
      .array(z.looseObject({ attendeeId: id, shortId: id, ticketId: id, tierId: id.nullable() }))
      .min(1),
    expiresAt: instant,
    placedAt: instant,
  }),
  OrderCompleted: z.looseObject({
    ...onOrder,
    paymentMethod: z.enum(['FREE', 'OFFLINE', 'CARD']),
    completedAt: instant,
  }),
  OrderCancelled: z.looseObject({ ...onOrder, cancelledAt: instant }),
  AttendeeCancelled: z.looseObject({ ...onOrder, attendeeId: id, cancelledAt: instant }),
  AttendeeReactivated: z.looseObject({ ...onOrder, attendeeId: id, reactivatedAt: instant }),
  OrderPaymentReceived: z.looseObject({
    ...onOrder,
    paymentIntentId: id,
    amount: minor,
    currency: z.string(),
  }),
  OrderRefundRequested: z.looseObject({ ...onOrder, refundId: id, amount: minor, cancelOrder: z.boolean() }),
  OrderRefunded: z.looseObject({
    ...onOrder,
    refundId: id,
    amount: minor,
    refundedTotal: minor,
    remaining: minor,
  }),
  OrderRefundFailed: z.looseObject({ ...onOrder, refundId: id, amount: minor }),
  OrderRefundRecorded: z.looseObject({
    ...onOrder,
    refundId: id,
    amount: minor,
    refundedTotal: minor,
    remaining: minor,
    cancelOrder: z.boolean(),
  }),
  ManualOrderRecorded: z.looseObject({ ...onOrder, amountPaid: minor }),
  OrderPersonalDataErased: z.looseObject({ ...onOrder, erasedBy: z.string(), erasedAt: instant }),
  TicketStockDefined: z.looseObject({ eventId: id, ticketId: id, quantity: z.number().int().nullable() }),
  TierStockDefined: z.looseObject({
    eventId: id,
    ticketId: id,
    tierId: id,
    quantity: z.number().int().nullable(),
  }),
  HoldPlaced: z.looseObject({ eventId: id, holdId: id, orderId: id, lines: z.array(holdLine).min(1) }),
  HoldConverted: z.looseObject({ eventId: id, holdId: id, orderId: id }),
  HoldReleased: z.looseObject({ eventId: id, holdId: id }),
  StockReturned: z.looseObject({ eventId: id, holdId: id, returnId: id, lines: z.array(holdLine) }),
};

/** Types recorded outside the modules' `*EventTypes` lists. */
const otherTypes = ['EmailClaimed', 'EmailReleased', 'StripeEventReceived', 'EventDefaultsUpdated'];

export const knownEventTypes: ReadonlySet<string> = new Set<string>([
  ...accountEventTypes,
  ...userEventTypes,
  ...organizerEventTypes,
  ...eventEventTypes,
  ...ticketEventTypes,
  ...ticketOrderEventTypes,
  ...taxEventTypes,
  ...questionEventTypes,
  ...questionOrderEventTypes,
  ...promoCodeEventTypes,
  ...promoCodeClaimEventTypes,
  ...affiliateEventTypes,
  ...capacityAssignmentEventTypes,
  ...inventoryEventTypes,
  ...orderHistoryTypes,
  ...messageEventTypes,
  ...mailTemplateEventTypes,
  ...paymentConnectionEventTypes,
  ...checkInEventTypes,
  ...checkInListEventTypes,
  ...waitingEntryEventTypes,
  ...waitingClaimEventTypes,
  ...waitingRoomEventTypes,
  'WebhookCreated',
  'WebhookUpdated',
  'WebhookStatusChanged',
  'WebhookDeleted',
  ...otherTypes,
]);

const anyObject = z.record(z.string(), z.unknown());

export const metadataSchema = z.looseObject({
  correlationId: id,
  causationId: id,
  actor: id,
  ip: z.string().optional(),
  schemaVersion: z.number().int().min(2).optional(),
});

export type SchemaCheck = { ok: true; event: RecordedEvent } | { ok: false; problem: string };

/** Parses the event's data and metadata against today's schema of its type. */
export function parseRecordedEvent(event: RecordedEvent): SchemaCheck {
  if (!knownEventTypes.has(event.type)) return { ok: false, problem: `unknown event type ${event.type}` };
  const data = (exactSchemas[event.type] ?? anyObject).safeParse(event.data);
  if (!data.success) return { ok: false, problem: `${event.type} data: ${summarise(data.error)}` };
  const metadata = metadataSchema.safeParse(event.metadata);
  if (!metadata.success) return { ok: false, problem: `metadata: ${summarise(metadata.error)}` };
  return { ok: true, event };
}

function summarise(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`)
    .join('; ');
}
