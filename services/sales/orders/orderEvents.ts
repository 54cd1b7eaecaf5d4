/**
 * The order: ONE stream per order (`order-<orderId>`) holding the buyer's order and its attendees (the
 * order's positions). These are the recorded shapes; changing one is a new event type (docs/orders.md).
 * Every event's data carries `eventId`, `orderId` and the instant it was decided.
 */
import type { PriceDisplayMode } from '../../catalog/events/eventSettings';
import type { AnswerSheet } from '../../catalog/questions/answers';
import { ERASED_EMAIL, ERASED_TEXT, type PersonalFieldsOf } from '../../eventstore/personalData';

export const orderStream = (orderId: string): string => `order-${orderId}`;

/** Spec section 3 "Order" statuses this module records; issue 13 adds the payment ones. */
export type OrderStatus =
  | 'RESERVED'
  | 'AWAITING_DETAILS'
  | 'AWAITING_PAYMENT'
  | 'COMPLETED'
  | 'CANCELLED'
  | 'EXPIRED'
  | 'ABANDONED'
  | 'PAYMENT_FAILED'
  | 'REFUND_PENDING'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUND_FAILED';

export type PaymentMethod = 'FREE' | 'OFFLINE' | 'CARD';
export const paymentMethods: readonly PaymentMethod[] = ['FREE', 'OFFLINE', 'CARD'];

/** A named charge (a tax or a fee) in minor units. */
export interface OrderCharge {
  name: string;
  amount: number;
}

/** One priced line as the catalogue priced it when the order was placed (a snapshot: later edits never change it). */
export interface OrderLine {
  ticketId: string;
  tierId: string | null;
  /** The ticket's title and the tier's label when the order was placed. */
  ticketTitle: string;
  tierLabel: string | null;
  quantity: number;
  /** One unit's price as shown (after the promo discount), and the line's parts; minor units. */
  unitPrice: number;
  base: number;
  discount: number;
  price: number;
  feeTotal: number;
  taxTotal: number;
  total: number;
  taxes: OrderCharge[];
  fees: OrderCharge[];
}

export interface OrderTotals {
  subtotal: number;
  discountTotal: number;
  feeTotal: number;
  taxTotal: number;
  total: number;
  taxes: OrderCharge[];
  fees: OrderCharge[];
}

/** One admitted person: a position of the order, one per unit of a line. */
export interface OrderAttendee {
  attendeeId: string;
  /** Unguessable: the public ticket page's id. */
  shortId: string;
  ticketId: string;
  tierId: string | null;
}

export interface PersonDetails {
  firstName: string;
  lastName: string;
  email: string;
}

export interface AttendeeDetails extends PersonDetails {
  attendeeId: string;
  answers: AnswerSheet;
}

export type OrderPlaced = {
  type: 'OrderPlaced';
  data: {
    eventId: string;
    orderId: string;
    accountId: string;
    shortId: string;
    reference: string;
    holdId: string;
    /** The buyer's language when ordering (mails follow it until the details name another). */
    locale: string;
    promoCodeId: string | null;
    promoCode: string | null;
    affiliateCode: string | null;
    currency: string;
    displayMode: PriceDisplayMode;
    lines: OrderLine[];
    totals: OrderTotals;
    attendees: OrderAttendee[];
    expiresAt: string;
    placedAt: string;
  };
};

export type OrderHoldExtended = {
  type: 'OrderHoldExtended';
  data: { eventId: string; orderId: string; expiresAt: string; extendedAt: string };
};

export type OrderDetailsSubmitted = {
  type: 'OrderDetailsSubmitted';
  data: {
    eventId: string;
    orderId: string;
    buyer: PersonDetails;
    locale: string;
    answers: AnswerSheet;
    attendees: AttendeeDetails[];
    submittedAt: string;
  };
};

/** Paid (or free): every attendee's ticket is paid. */
export type OrderCompleted = {
  type: 'OrderCompleted';
  data: { eventId: string; orderId: string; paymentMethod: PaymentMethod; completedAt: string };
};

/** Completed with the offline method: the tickets are issued but unpaid until a member marks the order paid. */
export type OrderAwaitingOfflinePayment = {
  type: 'OrderAwaitingOfflinePayment';
  data: { eventId: string; orderId: string; completedAt: string };
};

export type OrderMarkedPaid = {
  type: 'OrderMarkedPaid';
  data: { eventId: string; orderId: string; markedBy: string; paidAt: string };
};

export type OrderExpired = {
  type: 'OrderExpired';
  data: { eventId: string; orderId: string; expiredAt: string };
};

/** The buyer started a new order for the same event; this one's hold was released. */
export type OrderAbandoned = {
  type: 'OrderAbandoned';
  data: { eventId: string; orderId: string; replacedBy: string; abandonedAt: string };
};

export type OrderCancelled = {
  type: 'OrderCancelled';
  data: { eventId: string; orderId: string; cancelledBy: string; cancelledAt: string };
};

export type AttendeeCancelled = {
  type: 'AttendeeCancelled';
  data: { eventId: string; orderId: string; attendeeId: string; cancelledBy: string; cancelledAt: string };
};

export type AttendeeReactivated = {
  type: 'AttendeeReactivated';
  data: {
    eventId: string;
    orderId: string;
    attendeeId: string;
    reactivatedBy: string;
    reactivatedAt: string;
  };
};

/** The buyer's name or email corrected by a member (mails from now on go to the new address). */
export type OrderBuyerDetailsChanged = {
  type: 'OrderBuyerDetailsChanged';
  data: { eventId: string; orderId: string; buyer: PersonDetails; changedBy: string; changedAt: string };
};

/** The company a buyer asked their invoice to name (issue 31, docs/invoices.md). */
export interface CompanyInvoiceDetails {
  company: string;
  address: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Normalized (no separators, upper case), its shape checked against `country`; null when not given. */
  vatId: string | null;
}

/**
 * The buyer asked for a company invoice at checkout (`company`), or withdrew the request on giving their
 * details again (`company: null`). Recorded with `OrderDetailsSubmitted`, in the same append.
 */
export type OrderCompanyInvoiceRequested = {
  type: 'OrderCompanyInvoiceRequested';
  data: { eventId: string; orderId: string; company: CompanyInvoiceDetails | null; requestedAt: string };
};

/** One attendee's details corrected by a member; `locale` is the language of the attendee's mails. */
export type AttendeeDetailsChanged = {
  type: 'AttendeeDetailsChanged';
  data: {
    eventId: string;
    orderId: string;
    attendeeId: string;
    firstName: string;
    lastName: string;
    email: string;
    locale: string;
    answers: AnswerSheet;
    changedBy: string;
    changedAt: string;
  };
};

/**
 * Recorded right after `OrderPlaced` when a member created the order by hand (a manual attendee): the amount
 * paid outside the platform, and whether the ticket is mailed. Such an order is never refunded.
 */
export type ManualOrderRecorded = {
  type: 'ManualOrderRecorded';
  data: {
    eventId: string;
    orderId: string;
    amountPaid: number;
    sendTicket: boolean;
    createdBy: string;
    recordedAt: string;
  };
};

/**
 * An admin erased the personal data of the order's buyer and attendees (docs/audit.md "Erasure"): their key is
 * deleted, so names, emails, answers and the buyer's IP addresses in every event of the order read as erased
 * from now on, a rebuild included. Amounts, tickets, taxes, dates and check-ins stay.
 */
export type OrderPersonalDataErased = {
  type: 'OrderPersonalDataErased';
  data: { eventId: string; orderId: string; erasedBy: string; erasedAt: string };
};

/** A member asked for the confirmation mail again; `requestId` makes a repeated request send nothing twice. */
export type OrderConfirmationResent = {
  type: 'OrderConfirmationResent';
  data: { eventId: string; orderId: string; requestId: string; resentBy: string; resentAt: string };
};

/** A member asked for one attendee's ticket mail again. */
export type AttendeeTicketResent = {
  type: 'AttendeeTicketResent';
  data: {
    eventId: string;
    orderId: string;
    attendeeId: string;
    requestId: string;
    resentBy: string;
    resentAt: string;
  };
};

// ---------- card payments and refunds (issue 13, docs/payments.md): the money trail, with Stripe's ids

/** The payment step created (or Stripe gave back) a PaymentIntent for the order's total; `attempt` keys it. */
export type PaymentIntentCreated = {
  type: 'PaymentIntentCreated';
  data: {
    eventId: string;
    orderId: string;
    paymentIntentId: string;
    attempt: number;
    amount: number;
    currency: string;
    /** The platform's application fee put on the intent (connect mode), minor units. */
    applicationFee: number;
    /** The connected account the intent lives on (connect mode: a direct charge), or null. */
    stripeAccount: string | null;
    createdAt: string;
  };
};

/** Stripe's verified `payment_intent.succeeded`: the buyer's money arrived. */
export type OrderPaymentReceived = {
  type: 'OrderPaymentReceived';
  data: {
    eventId: string;
    orderId: string;
    paymentIntentId: string;
    chargeId: string | null;
    amount: number;
    currency: string;
    /** The hold had expired (or was released) when the payment arrived. */
    afterExpiry: boolean;
    stripeEventId: string;
    receivedAt: string;
  };
};

/** A succeeded payment whose amount or currency is not the order's: flagged, the order is not completed. */
export type PaymentAmountMismatch = {
  type: 'PaymentAmountMismatch';
  data: {
    eventId: string;
    orderId: string;
    paymentIntentId: string;
    amount: number;
    currency: string;
    expectedAmount: number;
    expectedCurrency: string;
    stripeEventId: string;
    flaggedAt: string;
  };
};

/** Stripe's `payment_intent.payment_failed`: the buyer may try again while the order is open. */
export type OrderPaymentFailed = {
  type: 'OrderPaymentFailed';
  data: {
    eventId: string;
    orderId: string;
    paymentIntentId: string;
    failureCode: string | null;
    failureMessage: string | null;
    stripeEventId: string;
    failedAt: string;
  };
};

/**
 * Why money goes back: a member's refund, a payment that came too late to be fulfilled (no stock left), or a
 * refund made on Stripe's side (its dashboard) that the webhook told us of.
 */
export type RefundReason = 'ORGANIZER' | 'LATE_PAYMENT' | 'STRIPE';

/** A card refund is on its way: recorded before Stripe is asked (only one pending at a time). */
export type OrderRefundRequested = {
  type: 'OrderRefundRequested';
  data: {
    eventId: string;
    orderId: string;
    refundId: string;
    paymentIntentId: string;
    amount: number;
    currency: string;
    reason: RefundReason;
    cancelOrder: boolean;
    notifyBuyer: boolean;
    requestedBy: string;
    requestedAt: string;
  };
};

/** Stripe accepted the refund request: its id. */
export type OrderRefundSubmitted = {
  type: 'OrderRefundSubmitted';
  data: { eventId: string; orderId: string; refundId: string; stripeRefundId: string; submittedAt: string };
};

/** Stripe says the refund succeeded (`refund.updated` / `charge.refunded`). Totals after this refund. */
export type OrderRefunded = {
  type: 'OrderRefunded';
  data: {
    eventId: string;
    orderId: string;
    refundId: string;
    stripeRefundId: string;
    amount: number;
    currency: string;
    refundedTotal: number;
    remaining: number;
    stripeEventId: string | null;
    refundedAt: string;
  };
};

/** Stripe refused the refund, or it failed at the bank: nothing went back. */
export type OrderRefundFailed = {
  type: 'OrderRefundFailed';
  data: {
    eventId: string;
    orderId: string;
    refundId: string;
    stripeRefundId: string | null;
    amount: number;
    failureReason: string | null;
    stripeEventId: string | null;
    failedAt: string;
  };
};

/** An offline-paid order's refund, made outside the platform and recorded by a member. */
export type OrderRefundRecorded = {
  type: 'OrderRefundRecorded';
  data: {
    eventId: string;
    orderId: string;
    refundId: string;
    amount: number;
    currency: string;
    refundedTotal: number;
    remaining: number;
    cancelOrder: boolean;
    notifyBuyer: boolean;
    recordedBy: string;
    recordedAt: string;
  };
};

/** Why a Stripe event about an order was ignored: not an intent the order created, or not from its account. */
export type ForeignStripeEventReason = 'UNKNOWN_PAYMENT_INTENT' | 'OTHER_CONNECTED_ACCOUNT';

/**
 * A correctly signed Stripe event named this order (its metadata) but is about a PaymentIntent the order never
 * recorded (`PaymentIntentCreated`), or came from another connected account than the one recorded with it.
 * Nothing else changes: no payment, no completion, no refund on anyone's behalf. The organizer sees it in the
 * order's money trail (docs/payments.md, "Foreign events").
 */
export type ForeignStripeEventIgnored = {
  type: 'ForeignStripeEventIgnored';
  data: {
    eventId: string;
    orderId: string;
    stripeEventId: string;
    stripeType: string;
    /** The connected account the event came from (null: the platform's own). */
    stripeAccount: string | null;
    /** The account recorded with that intent on this order; null when the order does not know the intent. */
    expectedStripeAccount: string | null;
    paymentIntentId: string | null;
    /** The object the event is about (a payment intent, refund or charge id). */
    objectId: string | null;
    amount: number | null;
    currency: string | null;
    reason: ForeignStripeEventReason;
    ignoredAt: string;
  };
};

export type OrderPaymentEvent =
  | PaymentIntentCreated
  | OrderPaymentReceived
  | PaymentAmountMismatch
  | OrderPaymentFailed
  | OrderRefundRequested
  | OrderRefundSubmitted
  | OrderRefunded
  | OrderRefundFailed
  | OrderRefundRecorded;

export const orderPaymentEventTypes = [
  'PaymentIntentCreated',
  'OrderPaymentReceived',
  'PaymentAmountMismatch',
  'OrderPaymentFailed',
  'OrderRefundRequested',
  'OrderRefundSubmitted',
  'OrderRefunded',
  'OrderRefundFailed',
  'OrderRefundRecorded',
] as const satisfies readonly OrderPaymentEvent['type'][];

export type OrderEvent =
  | OrderPlaced
  | OrderHoldExtended
  | OrderDetailsSubmitted
  | OrderCompleted
  | OrderAwaitingOfflinePayment
  | OrderMarkedPaid
  | OrderExpired
  | OrderAbandoned
  | OrderCancelled
  | AttendeeCancelled
  | AttendeeReactivated
  | OrderBuyerDetailsChanged
  | AttendeeDetailsChanged
  | OrderCompanyInvoiceRequested
  | ManualOrderRecorded
  | OrderConfirmationResent
  | AttendeeTicketResent
  | OrderPersonalDataErased;

export const orderEventTypes: readonly OrderEvent['type'][] = [
  'OrderPlaced',
  'OrderHoldExtended',
  'OrderDetailsSubmitted',
  'OrderCompleted',
  'OrderAwaitingOfflinePayment',
  'OrderMarkedPaid',
  'OrderExpired',
  'OrderAbandoned',
  'OrderCancelled',
  'AttendeeCancelled',
  'AttendeeReactivated',
  'OrderBuyerDetailsChanged',
  'AttendeeDetailsChanged',
  'ManualOrderRecorded',
  'OrderConfirmationResent',
  'AttendeeTicketResent',
  'OrderPersonalDataErased',
  'OrderCompanyInvoiceRequested',
];

/** What erased names and addresses read as, for the read models that blank them on `OrderPersonalDataErased`. */
export { ERASED_EMAIL, ERASED_TEXT };

/** Whose the personal data of an order's events is: its buyer's and attendees', one key per order. */
export const orderSubject = (orderId: string): string => `order:${orderId}`;

const subjectOfOrder = (data: Readonly<Record<string, unknown>>) => orderSubject(String(data.orderId));
const person = (prefix: string) => [
  { path: `${prefix}firstName`, erased: ERASED_TEXT },
  { path: `${prefix}lastName`, erased: ERASED_TEXT },
  { path: `${prefix}email`, erased: ERASED_EMAIL },
];
/** Only the buyer's own steps carry the buyer's IP address; a member's edit carries the member's. */
const buyersStep = { subject: subjectOfOrder, fields: [], ip: true };

/** The personal fields of the order's events (services/eventstore/personalData.ts). */
export const orderPersonalData: Readonly<Partial<Record<OrderEvent['type'], PersonalFieldsOf>>> = {
  OrderPlaced: buyersStep,
  OrderHoldExtended: buyersStep,
  OrderDetailsSubmitted: {
    subject: subjectOfOrder,
    fields: [
      ...person('buyer.'),
      { path: 'answers', erased: {} },
      ...person('attendees[].'),
      { path: 'attendees[].answers', erased: {} },
    ],
    ip: true,
  },
  OrderCompleted: buyersStep,
  OrderAwaitingOfflinePayment: buyersStep,
  OrderBuyerDetailsChanged: { subject: subjectOfOrder, fields: person('buyer.'), ip: false },
  AttendeeDetailsChanged: {
    subject: subjectOfOrder,
    fields: [...person(''), { path: 'answers', erased: {} }],
    ip: false,
  },
  // A sole trader's company name and address name a person; the country alone does not.
  OrderCompanyInvoiceRequested: {
    subject: subjectOfOrder,
    fields: [
      { path: 'company.company', erased: ERASED_TEXT },
      { path: 'company.address', erased: ERASED_TEXT },
      { path: 'company.vatId', erased: ERASED_TEXT },
    ],
    ip: true,
  },
};
