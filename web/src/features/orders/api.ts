import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdAttendeesResponse,
  GetEventsByEventIdOrdersByOrderIdResponse,
  GetEventsByEventIdOrdersResponse,
} from '../../shared/api/contract.gen';
import { ApiError } from '../../shared/api/ApiError';
import { toQueryString, type QueryObject } from '../../shared/api/http';
import { StorageKeys, readStorage } from '../../shared/storage';
import type { DataEnvelope } from '../../shared/api/types';

export type OrderListItem = GetEventsByEventIdOrdersResponse['data'][number];
export type OrderStatus = OrderListItem['status'];
export type OrderDetail = GetEventsByEventIdOrdersByOrderIdResponse['data'];
export type Attendee = GetEventsByEventIdAttendeesResponse['data'][number];

const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;
const orderPath = (eventId: string, orderId: string) =>
  `${eventPath(eventId)}/orders/${encodeURIComponent(orderId)}`;
const attendeePath = (eventId: string, attendeeId: string) =>
  `${eventPath(eventId)}/attendees/${encodeURIComponent(attendeeId)}`;

const dataOf = async <T>(answer: Promise<DataEnvelope<T>>) => (await answer).data;

export type OrderAction = 'mark-paid' | 'cancel' | 'resend-confirmation';
export const orderAction = (eventId: string, orderId: string, action: OrderAction) =>
  dataOf(api.post<DataEnvelope<OrderDetail>>(`${orderPath(eventId, orderId)}/${action}`, {}));

export const changeBuyer = (
  eventId: string,
  orderId: string,
  buyer: { first_name: string; last_name: string; email: string },
) => dataOf(api.put<DataEnvelope<OrderDetail>>(`${orderPath(eventId, orderId)}/buyer`, buyer));

export type AttendeeAction = 'cancel' | 'reactivate' | 'resend-ticket';
export const attendeeAction = (eventId: string, attendeeId: string, action: AttendeeAction) =>
  dataOf(api.post<DataEnvelope<Attendee>>(`${attendeePath(eventId, attendeeId)}/${action}`, {}));

export interface AttendeeChanges {
  first_name: string;
  last_name: string;
  email: string;
  locale: string;
}
export const changeAttendee = (eventId: string, attendeeId: string, changes: AttendeeChanges) =>
  dataOf(api.put<DataEnvelope<Attendee>>(attendeePath(eventId, attendeeId), changes));

export interface ManualAttendeeRequest {
  ticket_id: string;
  first_name: string;
  last_name: string;
  email: string;
  amount_paid: number;
  send_ticket: boolean;
}
export const addAttendee = (eventId: string, request: ManualAttendeeRequest) =>
  dataOf(api.post<DataEnvelope<Attendee>>(`${eventPath(eventId)}/attendees`, request));

/**
 * Downloads an export in the list's current filters. The server streams the file; the API needs the bearer
 * token, so the browser fetches it and saves the result.
 */
export async function downloadExport(
  eventId: string,
  what: 'orders' | 'attendees',
  format: 'csv' | 'xlsx',
  query: QueryObject,
): Promise<void> {
  const token = readStorage(StorageKeys.token);
  const response = await fetch(
    `/api${eventPath(eventId)}/${what}/export${toQueryString({ ...query, format })}`,
    { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' },
  );
  if (!response.ok) throw await ApiError.fromResponse(response);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${what}-${eventId}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
