import { publicApi } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';
import { waitingRoomHeaders } from './waitingRoomPass';

/** The buyer's order as the checkout reads it (services/sales/orders/orderSchemas.ts `publicOrderResponseSchema`). */
export type PublicOrder = ApiResponse<'GET /public/events/{eventId}/orders/{orderShortId}'>['data'];
export type OrderStatus = PublicOrder['status'];
export type CheckoutQuestion = PublicOrder['questions'][number];
export type OrderAttendee = PublicOrder['attendees'][number];
export type PaymentMethod = PublicOrder['payment_methods'][number];
export type CreateOrderBody = ApiBody<'POST /public/events/{eventId}/orders'>;
export type OrderDetailsBody = ApiBody<'PUT /public/events/{eventId}/orders/{orderShortId}/details'>;
export type CardPaymentIntent =
  ApiResponse<'POST /public/events/{eventId}/orders/{orderShortId}/payment-intent'>['data'];
export type TicketPage = ApiResponse<'GET /public/events/{eventId}/attendees/{attendeeShortId}'>['data'];

const order = (eventId: string, orderShortId: string) => ({ eventId, orderShortId });

export const checkoutApi = {
  /** The `Idempotency-Key` makes a retried request answer the first answer; `order_id` makes a replay the same order. */
  createOrder: async (eventId: string, body: CreateOrderBody, idempotencyKey: string) =>
    (
      await publicApi.call('POST /public/events/{eventId}/orders', {
        params: { eventId },
        body,
        // With the event's waiting room on, the pass of this tab (docs/waiting-room.md).
        headers: { 'Idempotency-Key': idempotencyKey, ...waitingRoomHeaders(eventId) },
      })
    ).data,
  order: async (eventId: string, shortId: string, signal?: AbortSignal) =>
    (
      await publicApi.call('GET /public/events/{eventId}/orders/{orderShortId}', {
        params: order(eventId, shortId),
        signal,
      })
    ).data,
  submitDetails: async (eventId: string, shortId: string, body: OrderDetailsBody) =>
    (
      await publicApi.call('PUT /public/events/{eventId}/orders/{orderShortId}/details', {
        params: order(eventId, shortId),
        body,
      })
    ).data,
  extend: async (eventId: string, shortId: string) =>
    (
      await publicApi.call('POST /public/events/{eventId}/orders/{orderShortId}/extend', {
        params: order(eventId, shortId),
      })
    ).data,
  complete: async (
    eventId: string,
    shortId: string,
    paymentMethod: ApiBody<'POST /public/events/{eventId}/orders/{orderShortId}/complete'>['payment_method'],
  ) =>
    (
      await publicApi.call('POST /public/events/{eventId}/orders/{orderShortId}/complete', {
        params: order(eventId, shortId),
        body: { payment_method: paymentMethod },
      })
    ).data,
  /** The order's Stripe PaymentIntent (created or reused); only Stripe's webhook completes the order. */
  paymentIntent: async (eventId: string, shortId: string) =>
    (
      await publicApi.call('POST /public/events/{eventId}/orders/{orderShortId}/payment-intent', {
        params: order(eventId, shortId),
        body: {},
      })
    ).data,
  ticket: async (eventId: string, attendeeShortId: string, signal?: AbortSignal) =>
    (
      await publicApi.call('GET /public/events/{eventId}/attendees/{attendeeShortId}', {
        params: { eventId, attendeeShortId },
        signal,
      })
    ).data,
};
