import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { formatMoney } from '../../shared/intl/eventFormat';
import type { OrderDetail, OrderTrailEntry } from './api';

/**
 * What happened to an order, said as people say it: one sentence per recorded event type and who did it
 * (issue 26, item 11). The server names the type and the facts (services/sales/orders/orderHistory.ts); this is
 * the one place the web turns them into words, for the order drawer's history and payments and for any later
 * history screen. A new event type on the order stream fails the typecheck here until it has its sentence.
 */

export type HistoryEntry = OrderDetail['history'][number];
export type HistoryType = HistoryEntry['type'];

type Values = { amount: string; attendee: string; method: string };

const sentences = {
  OrderPlaced: defineMessage({
    id: 'orders.history.orderPlaced',
    defaultMessage: 'Order placed; the tickets are reserved',
  }),
  OrderHoldExtended: defineMessage({
    id: 'orders.history.orderHoldExtended',
    defaultMessage: 'Reservation extended',
  }),
  OrderDetailsSubmitted: defineMessage({
    id: 'orders.history.orderDetailsSubmitted',
    defaultMessage: 'Buyer and attendee details entered',
  }),
  OrderCompleted: defineMessage<{ method: string }>({
    id: 'orders.history.orderCompleted',
    defaultMessage:
      '{method, select, FREE {Order completed (free)} CARD {Order completed, paid by card} other {Order completed}}',
  }),
  OrderAwaitingOfflinePayment: defineMessage({
    id: 'orders.history.orderAwaitingOfflinePayment',
    defaultMessage: 'Order completed; awaiting the offline payment',
  }),
  OrderMarkedPaid: defineMessage({ id: 'orders.history.orderMarkedPaid', defaultMessage: 'Marked as paid' }),
  OrderExpired: defineMessage({
    id: 'orders.history.orderExpired',
    defaultMessage: 'The reservation expired',
  }),
  OrderAbandoned: defineMessage({
    id: 'orders.history.orderAbandoned',
    defaultMessage: 'Abandoned: the buyer started a new order',
  }),
  OrderCancelled: defineMessage({ id: 'orders.history.orderCancelled', defaultMessage: 'Order cancelled' }),
  AttendeeCancelled: defineMessage<{ attendee: string }>({
    id: 'orders.history.attendeeCancelled',
    defaultMessage: 'Ticket of {attendee} cancelled',
  }),
  AttendeeReactivated: defineMessage<{ attendee: string }>({
    id: 'orders.history.attendeeReactivated',
    defaultMessage: 'Ticket of {attendee} reactivated',
  }),
  OrderBuyerDetailsChanged: defineMessage({
    id: 'orders.history.orderBuyerDetailsChanged',
    defaultMessage: 'Buyer’s details changed',
  }),
  AttendeeDetailsChanged: defineMessage<{ attendee: string }>({
    id: 'orders.history.attendeeDetailsChanged',
    defaultMessage: 'Details of {attendee} changed',
  }),
  ManualOrderRecorded: defineMessage<{ amount: string }>({
    id: 'orders.history.manualOrderRecorded',
    defaultMessage: 'Created by hand; {amount} paid outside the platform',
  }),
  OrderConfirmationResent: defineMessage({
    id: 'orders.history.orderConfirmationResent',
    defaultMessage: 'Order confirmation sent again',
  }),
  AttendeeTicketResent: defineMessage<{ attendee: string }>({
    id: 'orders.history.attendeeTicketResent',
    defaultMessage: 'Ticket sent again to {attendee}',
  }),
  OrderPersonalDataErased: defineMessage({
    id: 'orders.history.orderPersonalDataErased',
    defaultMessage: 'Personal data of the buyer and attendees erased',
  }),
  OrderCompanyInvoiceRequested: defineMessage({
    id: 'orders.history.orderCompanyInvoiceRequested',
    defaultMessage: 'Company details for the invoice given at checkout',
  }),
  PaymentIntentCreated: defineMessage<{ amount: string }>({
    id: 'orders.history.paymentIntentCreated',
    defaultMessage: 'Card payment of {amount} started',
  }),
  OrderPaymentReceived: defineMessage<{ amount: string }>({
    id: 'orders.history.orderPaymentReceived',
    defaultMessage: 'Card payment of {amount} received',
  }),
  PaymentAmountMismatch: defineMessage<{ amount: string }>({
    id: 'orders.history.paymentAmountMismatch',
    defaultMessage: 'A card payment of {amount} does not match the order’s total',
  }),
  OrderPaymentFailed: defineMessage({
    id: 'orders.history.orderPaymentFailed',
    defaultMessage: 'Card payment failed',
  }),
  OrderRefundRequested: defineMessage<{ amount: string }>({
    id: 'orders.history.orderRefundRequested',
    defaultMessage: 'Refund of {amount} requested',
  }),
  OrderRefundSubmitted: defineMessage({
    id: 'orders.history.orderRefundSubmitted',
    defaultMessage: 'Refund handed to Stripe',
  }),
  OrderRefunded: defineMessage<{ amount: string }>({
    id: 'orders.history.orderRefunded',
    defaultMessage: '{amount} refunded',
  }),
  OrderRefundFailed: defineMessage<{ amount: string }>({
    id: 'orders.history.orderRefundFailed',
    defaultMessage: 'Refund of {amount} failed',
  }),
  OrderRefundRecorded: defineMessage<{ amount: string }>({
    id: 'orders.history.orderRefundRecorded',
    defaultMessage: 'Refund of {amount} recorded (paid back outside the platform)',
  }),
  PlatformFeeCharged: defineMessage<{ amount: string }>({
    id: 'orders.history.platformFeeCharged',
    defaultMessage: 'Platform fee of {amount} charged',
  }),
  ForeignStripeEventIgnored: defineMessage({
    id: 'orders.history.foreignStripeEventIgnored',
    defaultMessage: 'A Stripe event about another payment named this order; it was ignored',
  }),
} satisfies Record<HistoryType, unknown>;

const actorMessages = defineMessages({
  member: defineMessage<{ name: string }>({ id: 'orders.history.by.member', defaultMessage: 'by {name}' }),
  memberUnknown: { id: 'orders.history.by.memberUnknown', defaultMessage: 'by a team member' },
  buyer: { id: 'orders.history.by.buyer', defaultMessage: 'by the buyer' },
  door: defineMessage<{ name: string }>({
    id: 'orders.history.by.door',
    defaultMessage: 'at the door ({name})',
  }),
  doorUnknown: { id: 'orders.history.by.doorUnknown', defaultMessage: 'at the door' },
  stripe: { id: 'orders.history.by.stripe', defaultMessage: 'by Stripe' },
  system: { id: 'orders.history.by.system', defaultMessage: 'automatically' },
  someAttendee: { id: 'orders.history.someAttendee', defaultMessage: 'an attendee' },
});

/** The facts a sentence may name, formatted: the amount in the order's money, the attendee, the method. */
function valuesOf(
  intl: IntlShape,
  entry: Pick<HistoryEntry, 'amount' | 'currency' | 'attendee_name' | 'payment_method'>,
  orderCurrency: string,
): Values {
  return {
    amount: entry.amount === null ? '' : formatMoney(intl, entry.amount, entry.currency ?? orderCurrency),
    attendee: entry.attendee_name || intl.formatMessage(actorMessages.someAttendee),
    method: entry.payment_method ?? 'other',
  };
}

/** "Card payment of €75.00 received": the entry's sentence in the viewer's language. */
export function historySentence(
  intl: IntlShape,
  entry: Pick<HistoryEntry, 'type' | 'amount' | 'currency' | 'attendee_name' | 'payment_method'>,
  orderCurrency: string,
): string {
  const values = valuesOf(intl, entry, orderCurrency);
  // Each sentence reads only the values it names; ICU ignores the rest.
  const sentence: MessageDescriptor = sentences[entry.type];
  return intl.formatMessage(sentence, values);
}

/** "by Ann Admin", "by the buyer", "at the door (Main entrance)", "by Stripe", "automatically". */
export function historyActor(intl: IntlShape, actor: HistoryEntry['actor']): string {
  switch (actor.kind) {
    case 'member':
      return actor.name
        ? intl.formatMessage(actorMessages.member, { name: actor.name })
        : intl.formatMessage(actorMessages.memberUnknown);
    case 'door':
      return actor.name
        ? intl.formatMessage(actorMessages.door, { name: actor.name })
        : intl.formatMessage(actorMessages.doorUnknown);
    case 'buyer':
      return intl.formatMessage(actorMessages.buyer);
    case 'stripe':
      return intl.formatMessage(actorMessages.stripe);
    case 'system':
      return intl.formatMessage(actorMessages.system);
  }
}

/**
 * The full history's other entries (issue 30): the inventory's holds, the doors' scans, the messages, Stripe's
 * events and the mails, each one sentence. A new type in the trail fails the typecheck here until it has one.
 */
type TrailType = Exclude<OrderTrailEntry['type'], HistoryType>;

const trailSentences = {
  HoldPlaced: defineMessage({
    id: 'orders.trail.holdPlaced',
    defaultMessage: 'Tickets held in the inventory',
  }),
  HoldClientNoted: defineMessage({
    id: 'orders.trail.holdClientNoted',
    defaultMessage: 'The buyer’s device counted against the reservation limit',
  }),
  HoldExtended: defineMessage({
    id: 'orders.trail.holdExtended',
    defaultMessage: 'Hold in the inventory extended',
  }),
  HoldReleased: defineMessage({
    id: 'orders.trail.holdReleased',
    defaultMessage: 'Held tickets released to the inventory',
  }),
  HoldConverted: defineMessage({
    id: 'orders.trail.holdConverted',
    defaultMessage: 'Held tickets counted as sold',
  }),
  StockReturned: defineMessage({
    id: 'orders.trail.stockReturned',
    defaultMessage: 'Tickets returned to the inventory',
  }),
  AttendeeCheckedIn: defineMessage<{ attendee: string }>({
    id: 'orders.trail.attendeeCheckedIn',
    defaultMessage: '{attendee} checked in',
  }),
  AttendeeCheckedOut: defineMessage<{ attendee: string }>({
    id: 'orders.trail.attendeeCheckedOut',
    defaultMessage: '{attendee} checked out',
  }),
  DuplicateEntryRecorded: defineMessage<{ attendee: string }>({
    id: 'orders.trail.duplicateEntryRecorded',
    defaultMessage: 'A second entry of {attendee} recorded by an offline scanner',
  }),
  OfflineScanRefused: defineMessage<{ attendee: string }>({
    id: 'orders.trail.offlineScanRefused',
    defaultMessage: 'An offline scan of {attendee} that was not valid',
  }),
  MessageScheduled: defineMessage({ id: 'orders.trail.messageScheduled', defaultMessage: 'Message written' }),
  MessageDispatched: defineMessage({
    id: 'orders.trail.messageDispatched',
    defaultMessage: 'Message sent out',
  }),
  MessageCancelled: defineMessage({
    id: 'orders.trail.messageCancelled',
    defaultMessage: 'Message cancelled',
  }),
  StripeEventReceived: defineMessage<{ stripeType: string }>({
    id: 'orders.trail.stripeEventReceived',
    defaultMessage: 'Stripe reported {stripeType}',
  }),
  MailSent: defineMessage<{ template: string }>({
    id: 'orders.trail.mailSent',
    defaultMessage: 'Mail sent ({template})',
  }),
  MailPending: defineMessage<{ template: string }>({
    id: 'orders.trail.mailPending',
    defaultMessage: 'Mail waiting to be sent ({template})',
  }),
  MailFailed: defineMessage<{ template: string }>({
    id: 'orders.trail.mailFailed',
    defaultMessage: 'Mail could not be sent ({template})',
  }),
  WebhookDelivered: defineMessage<{ webhookType: string; url: string }>({
    id: 'orders.trail.webhookDelivered',
    defaultMessage: 'Webhook {webhookType} delivered to {url}',
  }),
  WebhookPending: defineMessage<{ webhookType: string; url: string }>({
    id: 'orders.trail.webhookPending',
    defaultMessage: 'Webhook {webhookType} waiting to be delivered to {url}',
  }),
  WebhookFailed: defineMessage<{ webhookType: string; url: string }>({
    id: 'orders.trail.webhookFailed',
    defaultMessage: 'Webhook {webhookType} could not be delivered to {url}',
  }),
} satisfies Record<TrailType, MessageDescriptor>;

/** The kinds of mail an order gets (services/messaging/templates.ts); any other is named by its template. */
const mailKinds: Record<string, MessageDescriptor> = defineMessages({
  order_confirmation: { id: 'orders.trail.mail.orderConfirmation', defaultMessage: 'order confirmation' },
  order_ticket: { id: 'orders.trail.mail.orderTicket', defaultMessage: 'ticket' },
  order_cancelled: { id: 'orders.trail.mail.orderCancelled', defaultMessage: 'cancellation' },
  order_refund: { id: 'orders.trail.mail.orderRefund', defaultMessage: 'refund' },
  order_notification: { id: 'orders.trail.mail.orderNotification', defaultMessage: 'note to the organizer' },
  order_invoice: { id: 'orders.trail.mail.orderInvoice', defaultMessage: 'invoice' },
  order_credit_note: { id: 'orders.trail.mail.orderCreditNote', defaultMessage: 'credit note' },
  event_message: { id: 'orders.trail.mail.eventMessage', defaultMessage: 'message' },
});

const isTrailType = (type: OrderTrailEntry['type']): type is TrailType => type in trailSentences;

/** The sentence of any entry of the full history, in the viewer's language. */
export function trailSentence(intl: IntlShape, entry: OrderTrailEntry, orderCurrency: string): string {
  if (!isTrailType(entry.type)) return historySentence(intl, { ...entry, type: entry.type }, orderCurrency);
  const sentence: MessageDescriptor = trailSentences[entry.type];
  return intl.formatMessage(sentence, {
    ...valuesOf(intl, entry, orderCurrency),
    stripeType: entry.stripe_type ?? '',
    template: mailKindOf(intl, entry.mail_template),
    webhookType: entry.webhook?.type ?? '',
    url: entry.webhook?.url ?? '–',
  });
}

function mailKindOf(intl: IntlShape, template: string | null): string {
  if (!template) return '';
  const kind = mailKinds[template];
  return kind ? intl.formatMessage(kind) : template;
}
