import { z } from 'zod';
import { dataOf, pageOf, route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { isShortId } from '../../kit/shortIds';
import type { AddressAnswer, Answer, AnswerSheet } from '../../catalog/questions/answers';
import { questionResponseSchema } from '../../catalog/questions/questionSchemas';
import { supportedLocales } from '../../messaging/locales';

/** The checkout's requests and answers (docs/orders.md). Prices never come from a request: `.strict()` refuses them. */

const entityId = z.string().regex(/^[a-z]{2,4}_[0-9a-z]{4,40}$/, 'Not a valid id');
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
  })
  .strict();

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
  lines: z.array(orderLineResponseSchema),
  attendees: z.array(attendeeResponseSchema),
  /** The organizer's questions the checkout asks (hidden ones never). */
  questions: z.array(questionResponseSchema),
  /** The payment methods this order can be completed with now. */
  payment_methods: z.array(z.enum(['FREE', 'OFFLINE', 'CARD'])),
  /** Sanitised HTML from the event's settings, for an order awaiting an offline payment (else null). */
  offline_payment_instructions: z.string().nullable(),
  post_checkout_message: z.string().nullable(),
});

export const orderListItemSchema = z.object(orderFields);

export const orderHistoryItemSchema = z.object({
  type: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  position: z.string(),
});

export const orderDetailResponseSchema = z.object({
  ...orderFields,
  lines: z.array(orderLineResponseSchema),
  attendees: z.array(attendeeResponseSchema),
  answers: z.record(z.string(), z.unknown()),
  history: z.array(orderHistoryItemSchema),
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

export const orderRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/orders',
    summary: "The event's orders (paging, search, filter on status and payment method)",
    response: pageOf(orderListItemSchema),
  }),
  route({
    method: 'get',
    path: '/events/:eventId/orders/:orderId',
    summary: 'An order with its attendees, answers and its history',
    response: orderDetail,
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
    method: 'get',
    path: '/events/:eventId/attendees',
    summary: "The event's attendees of orders that went through (paging, search, filters)",
    response: pageOf(attendeeResponseSchema),
  }),
];
