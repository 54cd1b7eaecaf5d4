import { publicApi } from '../../shared/api/clients';
import type {
  GetPublicEventsByEventIdAttendeesByAttendeeShortIdResponse,
  GetPublicEventsByEventIdOrdersByOrderShortIdResponse,
  PostPublicEventsByEventIdOrdersBody,
  PostPublicEventsByEventIdOrdersByOrderShortIdCompleteBody,
  PutPublicEventsByEventIdOrdersByOrderShortIdDetailsBody,
  PostPublicEventsByEventIdOrdersByOrderShortIdPaymentIntentResponse,
} from '../../shared/api/contract.gen';

/** The buyer's order as the checkout reads it (services/sales/orders/orderSchemas.ts `publicOrderResponseSchema`). */
export type PublicOrder = GetPublicEventsByEventIdOrdersByOrderShortIdResponse['data'];
export type OrderStatus = PublicOrder['status'];
export type CheckoutQuestion = PublicOrder['questions'][number];
export type OrderAttendee = PublicOrder['attendees'][number];
export type PaymentMethod = PublicOrder['payment_methods'][number];
export type CreateOrderBody = PostPublicEventsByEventIdOrdersBody;
export type OrderDetailsBody = PutPublicEventsByEventIdOrdersByOrderShortIdDetailsBody;
export type CardPaymentIntent = PostPublicEventsByEventIdOrdersByOrderShortIdPaymentIntentResponse['data'];
export type TicketPage = GetPublicEventsByEventIdAttendeesByAttendeeShortIdResponse['data'];

const orders = (eventId: string) => `/events/${encodeURIComponent(eventId)}/orders`;
const order = (eventId: string, shortId: string) => `${orders(eventId)}/${encodeURIComponent(shortId)}`;

interface Data<T> {
  data: T;
}

export const checkoutApi = {
  /** The `Idempotency-Key` makes a retried request answer the first answer; `order_id` makes a replay the same order. */
  createOrder: async (eventId: string, body: CreateOrderBody, idempotencyKey: string) =>
    (
      await publicApi.post<Data<PublicOrder>>(orders(eventId), body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      })
    ).data,
  order: async (eventId: string, shortId: string, signal?: AbortSignal) =>
    (await publicApi.get<Data<PublicOrder>>(order(eventId, shortId), signal ? { signal } : {})).data,
  submitDetails: async (eventId: string, shortId: string, body: OrderDetailsBody) =>
    (await publicApi.put<Data<PublicOrder>>(`${order(eventId, shortId)}/details`, body)).data,
  extend: async (eventId: string, shortId: string) =>
    (await publicApi.post<Data<PublicOrder>>(`${order(eventId, shortId)}/extend`)).data,
  complete: async (
    eventId: string,
    shortId: string,
    paymentMethod: PostPublicEventsByEventIdOrdersByOrderShortIdCompleteBody['payment_method'],
  ) =>
    (
      await publicApi.post<Data<PublicOrder>>(`${order(eventId, shortId)}/complete`, {
        payment_method: paymentMethod,
      })
    ).data,
  /** The order's Stripe PaymentIntent (created or reused); only Stripe's webhook completes the order. */
  paymentIntent: async (eventId: string, shortId: string) =>
    (await publicApi.post<Data<CardPaymentIntent>>(`${order(eventId, shortId)}/payment-intent`, {})).data,
  ticket: async (eventId: string, attendeeShortId: string, signal?: AbortSignal) =>
    (
      await publicApi.get<Data<TicketPage>>(
        `/events/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(attendeeShortId)}`,
        signal ? { signal } : {},
      )
    ).data,
};
