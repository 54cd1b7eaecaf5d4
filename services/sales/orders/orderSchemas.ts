import { z } from 'zod';
import { dataOf, pageOf, route } from '../../kit/http/routeContract';
import { queryText, singleLineText } from '../../kit/http/validate';
import { listQuerySchema } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import { isShortId } from '../../kit/shortIds';
import type { AddressAnswer, Answer, AnswerSheet } from '../../catalog/questions/answers';
import { questionResponseSchema } from '../../catalog/questions/questionSchemas';
import { supportedLocales } from '../../messaging/locales';
import { invoicePartyFields } from '../invoices/invoiceSchemas';
import { orderHistoryTypes, trailMailTypes, trailWebhookTypes } from './orderHistory';
import { attendeeListSpec, orderListSpec } from '../../../projections/orders';
import { entityId } from '../../kit/http/ids';
import { checkInProjection } from '../../../projections/checkIn';
import { identityProjection } from '../../../projections/identity';
import { orderTrailEventTypes, orderTrailProjection, ordersProjection } from '../../../projections/orders';
import { questionsProjection } from '../../../projections/questions';

/** The checkout's requests and answers (docs/orders.md). Prices never come from a request: `.strict()` refuses them. */

const locale = z.enum(supportedLocales);
const maxUnitsPerLine = 1_000;

export const orderLineSchema = z
  .object({
    ticket_id: entityId,
    tier_id: entityId.optional(),
    quantity: z.number().int('Enter a whole number').min(1).max(maxUnitsPerLine),
    /** A donation ticket's amount in minor units (at least its minimum); refused for any other ticket. */
    amount: z.number().int().min(0).max(100_000_000_00).optional(),
  })
  .strict();

export const createOrderSchema = z
  .object({
    lines: z.array(orderLineSchema).min(1, 'Select at least one ticket').max(50),
    promo_code: z.string().trim().min(1).max(50).optional(),
    affiliate_code: singleLineText().trim().min(1).max(50).optional(),
    locale: locale.optional(),
    /** The client's own id for this order: a replay with the same id answers the same order. */
    order_id: z.string().uuid().optional(),
    /** The buyer's previous order for this event: its hold is released and it is recorded as abandoned. */
    replaces_order_id: z.string().uuid().optional(),
  })
  .strict();

const addressSchema = z
  .object({
    address_line_1: z.string().max(255),
    address_line_2: z.string().max(255).nullable().optional(),
    city: z.string().max(255),
    state_or_region: z.string().max(255).nullable().optional(),
    zip_or_postal_code: z.string().max(255),
    country: z.string().max(255),
  })
  .strict();
const answerSchema = z.union([
  z.string().max(10_000),
  z.array(z.string().max(1_000)).max(100),
  addressSchema,
]);
const answerSheetSchema = z
  .record(z.string().max(60), answerSchema.nullable())
  .refine((sheet) => Object.keys(sheet).length <= 200, 'Too many answers');

const name = singleLineText().trim().min(1, 'Required').max(255);
const email = singleLineText().trim().email('Enter a valid email address').max(320);

export const orderDetailsSchema = z
  .object({
    first_name: name,
    last_name: name,
    email,
    locale: locale.optional(),
    answers: answerSheetSchema.default({}),
    attendees: z
      .array(
        z
          .object({ first_name: name, last_name: name, email, answers: answerSheetSchema.default({}) })
          .strict(),
      )
      .max(maxUnitsPerLine * 50),
    terms_agreed: z.boolean(),
    // A company invoice (issue 31): the company, its address and country, a VAT id if it has one.
    company: invoicePartyFields.company.optional(),
    company_address: invoicePartyFields.address.optional(),
    company_country: invoicePartyFields.country.optional(),
    vat_id: invoicePartyFields.vat_id.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const required = (path: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: 'Required for a company invoice' });
    if (input.company) {
      if (!input.company_address) required('company_address');
      if (!input.company_country) required('company_country');
    } else if (input.company_address || input.company_country || input.vat_id) required('company');
  });

/** The company details of a company invoice, when the buyer asked for one. */
export function companyInvoiceOf(input: z.infer<typeof orderDetailsSchema>) {
  const { company, company_address: address, company_country: country } = input;
  return company && address && country ? { company, address, country, vatId: input.vat_id ?? null } : null;
}

/** A member corrects the buyer's details (issue 14). */
export const buyerDetailsSchema = z.object({ first_name: name, last_name: name, email }).strict();

/** A member corrects one attendee's details; answers replace the attendee's answers as a whole. */
export const attendeeDetailsSchema = z
  .object({ first_name: name, last_name: name, email, locale, answers: answerSheetSchema.default({}) })
  .strict();

/** A manual attendee: one ticket, the amount paid outside the platform (minor units), mail the ticket or not. */
export const manualAttendeeSchema = z
  .object({
    ticket_id: entityId,
    tier_id: entityId.optional(),
    first_name: name,
    last_name: name,
    email,
    locale: locale.optional(),
    answers: answerSheetSchema.default({}),
    amount_paid: z.number().int('Enter a whole number').min(0).max(100_000_000_00),
    send_ticket: z.boolean().default(false),
  })
  .strict();

export const exportFormatSchema = z.enum(['csv', 'xlsx']);
/** An export's own parameter beside the list's (the route reads it with `exportFormatSchema`). */
const exportQuery = { format: queryText().optional().describe('csv (the default) or xlsx') };

export const completeOrderSchema = z.object({ payment_method: z.enum(['FREE', 'OFFLINE', 'CARD']) }).strict();

type ApiAnswer = z.infer<typeof answerSchema>;

function toAnswer(answer: ApiAnswer): Answer {
  if (typeof answer === 'string' || Array.isArray(answer)) return answer;
  const address: AddressAnswer = {
    addressLine1: answer.address_line_1,
    addressLine2: answer.address_line_2 ?? null,
    city: answer.city,
    stateOrRegion: answer.state_or_region ?? null,
    zipOrPostalCode: answer.zip_or_postal_code,
    country: answer.country,
  };
  return address;
}

export function toAnswerSheet(sheet: Record<string, ApiAnswer | null>): AnswerSheet {
  return Object.fromEntries(
    Object.entries(sheet).map(([questionId, answer]) => [
      questionId,
      answer === null ? null : toAnswer(answer),
    ]),
  );
}

/** A short id of the path, or 404 with the given reason (a malformed one answers like an unknown one). */
export function shortIdOrNotFound(
  value: string | undefined,
  notFound: 'order_not_found' | 'attendee_not_found',
) {
  if (value === undefined || !isShortId(value)) throw new Refusal(notFound);
  return value;
}

export function orderIdOrNotFound(value: string | undefined): string {
  const parsed = z.string().uuid().safeParse(value);
  if (!parsed.success) throw new Refusal('order_not_found');
  return parsed.data;
}

// ---------- answers

const charge = z.object({ name: z.string(), amount: z.number().int() });
const orderStatus = z.enum([
  'AWAITING_DETAILS',
  'RESERVED',
  'AWAITING_PAYMENT',
  'COMPLETED',
  'CANCELLED',
  'EXPIRED',
  'ABANDONED',
  'PAYMENT_FAILED',
  'REFUND_PENDING',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'REFUND_FAILED',
]);

export const orderLineResponseSchema = z.object({
  ticket_id: z.string(),
  tier_id: z.string().nullable(),
  ticket_title: z.string(),
  tier_label: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  price: z.number().int(),
  discount: z.number().int(),
  fee_total: z.number().int(),
  tax_total: z.number().int(),
  total: z.number().int(),
});

export const attendeeResponseSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  order_id: z.string(),
  ticket_id: z.string(),
  tier_id: z.string().nullable(),
  ticket_title: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(['ACTIVE', 'CANCELLED']),
  payment: z.enum(['PAID', 'UNPAID', 'PENDING']),
  /** The signed QR payload (services/admission/ticketCodes.ts): only for an active, paid ticket. */
  ticket_code: z.string().nullable(),
});

const orderFields = {
  id: z.string(),
  short_id: z.string(),
  reference: z.string(),
  event_id: z.string(),
  status: orderStatus,
  locale: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  currency: z.string(),
  subtotal: z.number().int(),
  discount_total: z.number().int(),
  fee_total: z.number().int(),
  tax_total: z.number().int(),
  total: z.number().int(),
  taxes: z.array(charge),
  fees: z.array(charge),
  promo_code: z.string().nullable(),
  affiliate_code: z.string().nullable(),
  payment_method: z.enum(['FREE', 'OFFLINE', 'CARD']).nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
};

export const publicOrderResponseSchema = z.object({
  ...orderFields,
  /**
   * While the order is open: the latest its reservation can be extended to (its lifetime, docs/orders.md); equal
   * to `expires_at` once it cannot be extended any further. Null otherwise.
   */
  reservation_ends_at: z.string().nullable(),
  lines: z.array(orderLineResponseSchema),
  attendees: z.array(attendeeResponseSchema),
  /** The organizer's questions the checkout asks (hidden ones never). */
  questions: z.array(questionResponseSchema),
  /** The payment methods this order can be completed with now. */
  payment_methods: z.array(z.enum(['FREE', 'OFFLINE', 'CARD'])),
  /** When CARD is offered: what Stripe.js needs (the intent comes from `POST …/payment-intent`). */
  card_payment: z.object({ publishable_key: z.string(), stripe_account: z.string().nullable() }).nullable(),
  /** The last card payment attempt failed (the buyer may try again while the order is open). */
  payment_failure: z.string().nullable(),
  /** Sanitised HTML from the event's settings: while the offline method is offered, and once the order awaits it. */
  offline_payment_instructions: z.string().nullable(),
  post_checkout_message: z.string().nullable(),
  /** The event issues invoices: the checkout offers a company invoice (issue 31). */
  invoices_enabled: z.boolean(),
  /** The numbers of the order's invoice and of the credit note that cancelled it, once issued. */
  invoice_number: z.string().nullable(),
  credit_note_number: z.string().nullable(),
});

const adminOrderFields = {
  ...orderFields,
  /** MANUAL: created by a member (a manual attendee), never refundable. */
  origin: z.enum(['ONLINE', 'MANUAL']),
  /** Refunded so far; remaining = total - refunded (docs/payments.md). */
  refunded_total: z.number().int(),
  remaining_total: z.number().int(),
  /** A refund on its way (at most one at a time). */
  pending_refund_total: z.number().int(),
  payment_intent_id: z.string().nullable(),
  /** Stripe took a payment whose amount or currency is not the order's: not completed, look into it. */
  payment_amount_mismatch: z.boolean(),
};

export const orderListItemSchema = z.object(adminOrderFields);

/** One recorded event of the order as the history shows it (services/sales/orders/orderHistory.ts). */
export const orderHistoryItemSchema = z.object({
  type: z.enum(orderHistoryTypes),
  at: z.string(),
  /** Who did it: a member (by name), the buyer, a check-in list at the door, Stripe, or the platform itself. */
  actor: z.object({
    kind: z.enum(['member', 'buyer', 'door', 'stripe', 'system']),
    name: z.string().nullable(),
  }),
  position: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  attendee_name: z.string().nullable(),
  payment_method: z.enum(['FREE', 'OFFLINE', 'CARD']).nullable(),
});

/** An answer beside its question's current wording (null: the question was deleted since). */
export const answeredQuestionSchema = z.object({
  question_id: z.string(),
  question: z.string().nullable(),
  answer: z.string(),
});

export const orderDetailResponseSchema = z.object({
  ...adminOrderFields,
  amount_paid: z.number().int().nullable(),
  refundable: z.boolean(),
  lines: z.array(orderLineResponseSchema),
  attendees: z.array(attendeeResponseSchema),
  answers: z.record(z.string(), z.unknown()),
  /** The buyer's per-order answers with their questions, in the organizer's order of questions. */
  answered_questions: z.array(answeredQuestionSchema),
  history: z.array(orderHistoryItemSchema),
  /**
   * Every payment, refund and fee of the order with Stripe's ids, oldest first; an order paid otherwise (free,
   * offline) lists no card attempt.
   */
  money_trail: z.array(
    z.object({
      type: z.enum(orderHistoryTypes),
      at: z.string(),
      amount: z.number().int().nullable(),
      currency: z.string().nullable(),
      payment_intent_id: z.string().nullable(),
      charge_id: z.string().nullable(),
      refund_id: z.string().nullable(),
      stripe_refund_id: z.string().nullable(),
      status: z.string().nullable(),
    }),
  ),
});

/**
 * `GET …/orders/{orderId}/as-of`: the moment, as an instant or as the position of an event of the history. Exactly
 * one is given (`orderMomentOf`).
 */
export const orderAsOfQuerySchema = z
  .object({
    at: queryText()
      .pipe(
        z.iso.datetime({ offset: true, message: 'Give a date and time in ISO 8601 (2027-01-10T12:00:00Z)' }),
      )
      .optional(),
    position: queryText()
      .regex(/^[1-9][0-9]{0,17}$/, 'Give the position of an event of the history (a whole number)')
      .optional(),
  })
  .strict();

/** The parsed query's moment; neither or both is refused under both names. */
export function orderMomentOf(
  query: z.infer<typeof orderAsOfQuerySchema>,
): { position: bigint } | { at: Date } {
  if (query.at !== undefined && query.position === undefined) return { at: new Date(query.at) };
  if (query.position !== undefined && query.at === undefined) return { position: BigInt(query.position) };
  const message = 'Give either a time (at) or a position';
  throw new Refusal('validation_failed', undefined, { at: [message], position: [message] });
}

const actorSchema = z.object({
  kind: z.enum(['member', 'buyer', 'door', 'stripe', 'system']),
  name: z.string().nullable(),
});

/** One entry of an order's full history (services/sales/orders/orderHistory.ts `presentOrderTrail`). */
export const orderTrailEntrySchema = z.object({
  type: z.enum([...orderTrailEventTypes, ...trailMailTypes, ...trailWebhookTypes]),
  position: z.string(),
  at: z.string(),
  stream: z.string().nullable(),
  revision: z.string().nullable(),
  actor: actorSchema,
  ip: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  attendee_name: z.string().nullable(),
  payment_method: z.enum(['FREE', 'OFFLINE', 'CARD']).nullable(),
  check_in_list: z.string().nullable(),
  device: z.string().nullable(),
  mail_template: z.string().nullable(),
  stripe_type: z.string().nullable(),
  /** The event as recorded, for an auditor; null for a mail. */
  raw: z
    .object({
      id: z.string(),
      type: z.string(),
      stream: z.string(),
      revision: z.string(),
      position: z.string(),
      recorded_at: z.string(),
      data: z.unknown(),
      metadata: z.unknown(),
    })
    .nullable(),
  mail: z
    .object({
      id: z.string(),
      template: z.string(),
      status: z.enum(['pending', 'sending', 'sent', 'failed']),
      event_position: z.string(),
      created_at: z.string(),
      sent_at: z.string().nullable(),
      attempts: z.number().int(),
    })
    .nullable(),
  /** A webhook delivery the order's events caused (never its payload). */
  webhook: z
    .object({
      id: z.string(),
      type: z.string(),
      url: z.string().nullable(),
      status: z.enum(['pending', 'delivered', 'failed']),
      attempts: z.number().int(),
      last_status_code: z.number().int().nullable(),
      event_position: z.string(),
      created_at: z.string(),
      delivered_at: z.string().nullable(),
    })
    .nullable(),
});

export const orderTrailResponseSchema = z.object({ entries: z.array(orderTrailEntrySchema) });

/** The order as it was at a moment; `state` null: it did not exist yet. */
export const orderAsOfResponseSchema = z.object({
  /** The last event folded (null: none yet) and the moment. */
  position: z.string().nullable(),
  at: z.string(),
  state: z
    .object({
      status: orderStatus,
      payment_method: z.enum(['FREE', 'OFFLINE', 'CARD']).nullable(),
      currency: z.string(),
      reference: z.string(),
      placed_at: z.string(),
      expires_at: z.string(),
      buyer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }).nullable(),
      lines: z.array(
        z.object({
          ticket_id: z.string(),
          tier_id: z.string().nullable(),
          ticket_title: z.string(),
          tier_label: z.string().nullable(),
          quantity: z.number().int(),
          price: z.number().int(),
          discount: z.number().int(),
        }),
      ),
      promo_code: z.string().nullable(),
      discount_total: z.number().int(),
      subtotal: z.number().int(),
      fee_total: z.number().int(),
      tax_total: z.number().int(),
      total: z.number().int(),
      taxes: z.array(charge),
      fees: z.array(charge),
      paid: z.number().int(),
      refunded: z.number().int(),
      remaining: z.number().int(),
      payment_attempts: z.number().int(),
      payment_failures: z.number().int(),
      refunds: z.array(
        z.object({
          refund_id: z.string(),
          amount: z.number().int(),
          status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
        }),
      ),
      attendees: z.array(
        z.object({
          id: z.string(),
          ticket_id: z.string(),
          first_name: z.string().nullable(),
          last_name: z.string().nullable(),
          status: z.enum(['ACTIVE', 'CANCELLED']),
          payment: z.enum(['PAID', 'UNPAID', 'PENDING']),
          check_ins: z.array(
            z.object({
              check_in_list_id: z.string(),
              check_in_list: z.string().nullable(),
              state: z.enum(['checked_in', 'checked_out']),
              at: z.string(),
            }),
          ),
        }),
      ),
    })
    .nullable(),
});

export const refundOrderSchema = z
  .object({
    /** Minor units; at most what remains to be refunded. */
    amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    cancel_order: z.boolean().optional(),
    notify_buyer: z.boolean().optional(),
    /** The client's id of this refund: a retry with the same id refunds once. */
    refund_id: z.string().uuid().optional(),
  })
  .strict();

export const paymentIntentRequestSchema = z.object({}).strict();

export const paymentIntentResponseSchema = z.object({
  payment_intent_id: z.string(),
  client_secret: z.string(),
  publishable_key: z.string(),
  stripe_account: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  /** Only with the local Stripe test double: its card page (add `?return_url=`), for when Stripe.js cannot load. */
  test_page_url: z.string().nullable(),
});

/** A member's view of an attendee: with the order's reference, the language, answers and the check-in state. */
export const adminAttendeeResponseSchema = attendeeResponseSchema.extend({
  order_reference: z.string().nullable(),
  locale: z.string(),
  answers: z.record(z.string(), z.unknown()),
  /** The attendee's answers with their questions, in the organizer's order of questions. */
  answered_questions: z.array(answeredQuestionSchema),
  /** When the attendee was checked in, if checked in now on any list (the check-in read model); else null. */
  checked_in_at: z.string().nullable(),
});

export const ticketPageResponseSchema = z.object({
  attendee: attendeeResponseSchema,
  order: z.object({ short_id: z.string(), reference: z.string(), status: orderStatus }),
  event: z.object({
    id: z.string(),
    title: z.string(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    timezone: z.string(),
  }),
  /** What the ticket page shows instead of a code: VALID (code given), CANCELLED, UNPAID, PENDING. */
  state: z.enum(['VALID', 'CANCELLED', 'UNPAID', 'PENDING']),
});

export const ticketKeysResponseSchema = z.object({
  keys: z.array(
    z.object({
      kid: z.string(),
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      x: z.string(),
      alg: z.literal('EdDSA').optional(),
      use: z.literal('sig').optional(),
    }),
  ),
});

const publicOrder = dataOf(publicOrderResponseSchema);

export const publicOrderRouteContracts = [
  route({
    method: 'post',
    path: '/public/events/:eventId/orders',
    summary:
      'Reserve tickets and create the order (status AWAITING_DETAILS); prices come from the catalogue, never the request',
    body: createOrderSchema,
    response: publicOrder,
    status: 201,
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/orders/:orderShortId',
    summary: "A buyer's order: status, expiry, lines, totals, the questions to ask, attendees",
    response: publicOrder,
    public: true,
  }),
  route({
    method: 'put',
    path: '/public/events/:eventId/orders/:orderShortId/details',
    summary: "The buyer's and attendees' details and answers; the terms must be agreed",
    body: orderDetailsSchema,
    response: publicOrder,
    public: true,
  }),
  route({
    method: 'post',
    path: '/public/events/:eventId/orders/:orderShortId/extend',
    summary: "Extend the order's reservation by the event's order timeout",
    response: publicOrder,
    public: true,
  }),
  route({
    method: 'post',
    path: '/public/events/:eventId/orders/:orderShortId/complete',
    summary: 'Complete the order: a free order at once, the offline method leaves it awaiting payment',
    body: completeOrderSchema,
    response: publicOrder,
    public: true,
  }),
  route({
    method: 'post',
    path: '/public/events/:eventId/orders/:orderShortId/payment-intent',
    summary:
      "The card payment step: the order's Stripe PaymentIntent (created or reused) for Stripe.js; only Stripe's verified webhook completes the order",
    body: paymentIntentRequestSchema,
    response: dataOf(paymentIntentResponseSchema),
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/attendees/:attendeeShortId',
    summary: 'The ticket page: attendee, ticket, event, state and the signed QR payload when valid',
    response: dataOf(ticketPageResponseSchema),
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/ticket-keys',
    summary: "The Ed25519 public keys scanners verify ticket codes with (JWK, with each key's id)",
    response: ticketKeysResponseSchema,
    public: true,
  }),
];

const orderDetail = dataOf(orderDetailResponseSchema);
const attendeeDetail = dataOf(adminAttendeeResponseSchema);

export const orderRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/orders',
    reads: [ordersProjection],
    summary: "The event's orders (paging, search, filter on status and payment method)",
    query: listQuerySchema(orderListSpec),
    response: pageOf(orderListItemSchema),
  }),
  route({
    method: 'get',
    path: '/events/:eventId/orders/:orderId',
    reads: [ordersProjection, questionsProjection, checkInProjection, identityProjection],
    summary: 'An order with its attendees, answers and its history',
    response: orderDetail,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/orders/:orderId/history',
    reads: [ordersProjection, orderTrailProjection, checkInProjection, identityProjection],
    summary:
      'Every event of every stream that touched the order (order, inventory, check-ins, messages, Stripe) and its mails, in order, each with its actor, IP and the raw event',
    response: dataOf(orderTrailResponseSchema),
  }),
  route({
    method: 'get',
    path: '/events/:eventId/orders/:orderId/as-of',
    reads: [ordersProjection, orderTrailProjection, checkInProjection],
    summary:
      'The order as it was at a time (`at`) or after an event of its history (`position`), folded from its events; `state` is null before it existed',
    query: orderAsOfQuerySchema,
    response: dataOf(orderAsOfResponseSchema),
  }),
  route({
    method: 'post',
    path: '/events/:eventId/orders/:orderId/mark-paid',
    summary: 'Mark an order awaiting an offline payment as paid',
    response: orderDetail,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/orders/:orderId/cancel',
    summary: 'Cancel an order: its tickets go back to the inventory, its attendees are cancelled',
    response: orderDetail,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/orders/:orderId/refunds',
    summary:
      'Refund a paid order, fully or partly (at most what remains, one pending at a time), optionally cancelling it and telling the buyer; an offline-paid order gets a recorded manual refund',
    body: refundOrderSchema,
    response: orderDetail,
    status: 201,
  }),
  route({
    method: 'put',
    path: '/events/:eventId/orders/:orderId/buyer',
    summary: "Correct the buyer's first name, last name and email",
    body: buyerDetailsSchema,
    response: orderDetail,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/orders/:orderId/resend-confirmation',
    summary: 'Send the order confirmation again (once per request id)',
    response: orderDetail,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/orders/:orderId/erase-personal-data',
    summary:
      "Erase the buyer's and attendees' personal data for good (admins); amounts, tickets and check-ins stay",
    response: orderDetail,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/orders/export',
    reads: [ordersProjection],
    summary: "The orders in the list's filters as a streamed CSV or XLSX file (`format=csv|xlsx`)",
    query: listQuerySchema(orderListSpec, exportQuery),
    status: 200,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/attendees',
    reads: [ordersProjection, questionsProjection, checkInProjection],
    summary: "The event's attendees of orders that went through (paging, search, filters)",
    query: listQuerySchema(attendeeListSpec),
    response: pageOf(adminAttendeeResponseSchema),
  }),
  route({
    method: 'post',
    path: '/events/:eventId/attendees',
    summary:
      'Add an attendee by hand: a manual order for one ticket, its stock taken, the ticket optionally mailed',
    body: manualAttendeeSchema,
    response: attendeeDetail,
    status: 201,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/attendees/export',
    reads: [ordersProjection, questionsProjection],
    summary: "The attendees (with answers) in the list's filters as a streamed CSV or XLSX file",
    query: listQuerySchema(attendeeListSpec, exportQuery),
    status: 200,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/attendees/:attendeeId',
    reads: [ordersProjection, questionsProjection, checkInProjection],
    summary: 'An attendee with their answers and check-in state',
    response: attendeeDetail,
  }),
  route({
    method: 'put',
    path: '/events/:eventId/attendees/:attendeeId',
    summary: "Correct an attendee's name, email, language and answers",
    body: attendeeDetailsSchema,
    response: attendeeDetail,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/attendees/:attendeeId/cancel',
    summary: 'Cancel an attendee: the ticket is void, its unit goes back to the inventory',
    response: attendeeDetail,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/attendees/:attendeeId/reactivate',
    summary: 'Reactivate a cancelled attendee if the stock allows (sold_out / capacity_exceeded otherwise)',
    response: attendeeDetail,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/attendees/:attendeeId/resend-ticket',
    summary: "Send the attendee's ticket mail again (once per request id)",
    response: attendeeDetail,
  }),
];
