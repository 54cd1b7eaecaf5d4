import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

export type Message = ApiResponse<'GET /events/{eventId}/messages'>['data'][number];
export type MessageRecipient =
  ApiResponse<'GET /events/{eventId}/messages/{messageId}/recipients'>['data'][number];
export type MessageRequest = ApiBody<'POST /events/{eventId}/messages'>;
export type TestMessageRequest = ApiBody<'POST /events/{eventId}/messages/test'>;
/** One attendee or one order's buyer the composer can write to. */
export type RecipientCandidate =
  ApiResponse<'GET /events/{eventId}/messages/recipient-search'>['data'][number];
export type PersonKind = RecipientCandidate['kind'];

/** What the composer needs of the event's tickets (to pick holders). */
export interface TicketChoice {
  id: string;
  title: string;
}

export async function listMessages(eventId: string, signal?: AbortSignal): Promise<Message[]> {
  return (await api.call('GET /events/{eventId}/messages', { params: { eventId }, signal })).data;
}

export async function listRecipients(
  eventId: string,
  messageId: string,
  signal?: AbortSignal,
): Promise<MessageRecipient[]> {
  return (
    await api.call('GET /events/{eventId}/messages/{messageId}/recipients', {
      params: { eventId, messageId },
      signal,
    })
  ).data;
}

export async function listTicketChoices(eventId: string, signal?: AbortSignal): Promise<TicketChoice[]> {
  const tickets = await api.call('GET /events/{id}/tickets', { params: { id: eventId }, signal });
  return tickets.data.map(({ id, title }) => ({ id, title }));
}

/** The people of `kind` whose name, email or order reference holds every word of `query`. */
export async function searchRecipients(
  eventId: string,
  kind: PersonKind,
  query: string,
  signal?: AbortSignal,
): Promise<RecipientCandidate[]> {
  return (
    await api.call('GET /events/{eventId}/messages/recipient-search', {
      params: { eventId },
      query: { kind, query },
      signal,
    })
  ).data;
}

export async function sendMessage(eventId: string, request: MessageRequest): Promise<Message> {
  return (await api.call('POST /events/{eventId}/messages', { params: { eventId }, body: request })).data;
}

export async function sendTestMessage(
  eventId: string,
  request: TestMessageRequest,
): Promise<ApiResponse<'POST /events/{eventId}/messages/test'>['data']> {
  return (await api.call('POST /events/{eventId}/messages/test', { params: { eventId }, body: request }))
    .data;
}

export async function cancelMessage(eventId: string, messageId: string): Promise<Message> {
  return (
    await api.call('POST /events/{eventId}/messages/{messageId}/cancel', { params: { eventId, messageId } })
  ).data;
}
