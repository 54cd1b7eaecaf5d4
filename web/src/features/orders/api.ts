import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';
import { downloadFile } from '../../shared/api/download';
import type { QueryObject } from '../../shared/api/http';
import { DEFAULT_LOCALE, matchLocale } from '../../shared/intl/locale';

export type OrderListItem = ApiResponse<'GET /events/{eventId}/orders'>['data'][number];
export type OrderStatus = OrderListItem['status'];
export type OrderDetail = ApiResponse<'GET /events/{eventId}/orders/{orderId}'>['data'];
export type Attendee = ApiResponse<'GET /events/{eventId}/attendees'>['data'][number];
export type OrderTrailEntry =
  ApiResponse<'GET /events/{eventId}/orders/{orderId}/history'>['data']['entries'][number];
export type OrderAsOf = ApiResponse<'GET /events/{eventId}/orders/{orderId}/as-of'>['data'];
export type OrderStateThen = NonNullable<OrderAsOf['state']>;

export type OrderAction = 'mark-paid' | 'cancel' | 'resend-confirmation' | 'erase-personal-data';
export async function orderAction(
  eventId: string,
  orderId: string,
  action: OrderAction,
): Promise<OrderDetail> {
  const params = { eventId, orderId };
  const answer =
    action === 'mark-paid'
      ? await api.call('POST /events/{eventId}/orders/{orderId}/mark-paid', { params })
      : action === 'cancel'
        ? await api.call('POST /events/{eventId}/orders/{orderId}/cancel', { params })
        : action === 'resend-confirmation'
          ? await api.call('POST /events/{eventId}/orders/{orderId}/resend-confirmation', { params })
          : await api.call('POST /events/{eventId}/orders/{orderId}/erase-personal-data', { params });
  return answer.data;
}

export async function changeBuyer(
  eventId: string,
  orderId: string,
  buyer: ApiBody<'PUT /events/{eventId}/orders/{orderId}/buyer'>,
): Promise<OrderDetail> {
  return (
    await api.call('PUT /events/{eventId}/orders/{orderId}/buyer', {
      params: { eventId, orderId },
      body: buyer,
    })
  ).data;
}

/** A refund; `refund_id` is the client's id of it: a retry with the same id refunds once. */
export async function refundOrder(
  eventId: string,
  orderId: string,
  body: ApiBody<'POST /events/{eventId}/orders/{orderId}/refunds'>,
): Promise<OrderDetail> {
  return (
    await api.call('POST /events/{eventId}/orders/{orderId}/refunds', { params: { eventId, orderId }, body })
  ).data;
}

export type AttendeeAction = 'cancel' | 'reactivate' | 'resend-ticket';
export async function attendeeAction(
  eventId: string,
  attendeeId: string,
  action: AttendeeAction,
): Promise<Attendee> {
  const params = { eventId, attendeeId };
  const answer =
    action === 'cancel'
      ? await api.call('POST /events/{eventId}/attendees/{attendeeId}/cancel', { params })
      : action === 'reactivate'
        ? await api.call('POST /events/{eventId}/attendees/{attendeeId}/reactivate', { params })
        : await api.call('POST /events/{eventId}/attendees/{attendeeId}/resend-ticket', { params });
  return answer.data;
}

/** The attendee form's fields, as typed. */
export type AttendeeChanges = Record<
  keyof Omit<ApiBody<'PUT /events/{eventId}/attendees/{attendeeId}'>, 'answers'>,
  string
>;

export async function changeAttendee(
  eventId: string,
  attendeeId: string,
  changes: AttendeeChanges,
): Promise<Attendee> {
  // The language select offers the supported locales only, and shows the first for any other value.
  const body = { ...changes, locale: matchLocale(changes.locale) ?? DEFAULT_LOCALE };
  return (
    await api.call('PUT /events/{eventId}/attendees/{attendeeId}', { params: { eventId, attendeeId }, body })
  ).data;
}

export async function addAttendee(
  eventId: string,
  request: ApiBody<'POST /events/{eventId}/attendees'>,
): Promise<Attendee> {
  return (await api.call('POST /events/{eventId}/attendees', { params: { eventId }, body: request })).data;
}

/**
 * Downloads an export in the list's current filters. The server streams the file; the API needs the bearer
 * token, so the browser fetches it and saves the result.
 */
export function downloadExport(
  eventId: string,
  what: 'orders' | 'attendees',
  format: 'csv' | 'xlsx',
  query: QueryObject,
): Promise<void> {
  return downloadFile(
    `/events/${encodeURIComponent(eventId)}/${what}/export`,
    { ...query, format },
    `${what}-${eventId}.${format}`,
  );
}
