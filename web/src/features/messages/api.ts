import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdMessagesByMessageIdRecipientsResponse,
  GetEventsByEventIdMessagesRecipientSearchResponse,
  GetEventsByEventIdMessagesResponse,
  PostEventsByEventIdMessagesBody,
  PostEventsByEventIdMessagesTestBody,
  PostEventsByEventIdMessagesTestResponse,
} from '../../shared/api/contract.gen';
import type { DataEnvelope } from '../../shared/api/types';

export type Message = GetEventsByEventIdMessagesResponse['data'][number];
export type MessageRecipient = GetEventsByEventIdMessagesByMessageIdRecipientsResponse['data'][number];
export type MessageRequest = PostEventsByEventIdMessagesBody;
export type TestMessageRequest = PostEventsByEventIdMessagesTestBody;
/** One attendee or one order's buyer the composer can write to. */
export type RecipientCandidate = GetEventsByEventIdMessagesRecipientSearchResponse['data'][number];
export type PersonKind = RecipientCandidate['kind'];

/** What the composer needs of the event's tickets (to pick holders). */
export interface TicketChoice {
  id: string;
  title: string;
}

const path = (eventId: string) => `/events/${encodeURIComponent(eventId)}/messages`;

export async function listMessages(eventId: string, signal?: AbortSignal): Promise<Message[]> {
  return (await api.get<DataEnvelope<Message[]>>(path(eventId), signal ? { signal } : {})).data;
}

export async function listRecipients(
  eventId: string,
  messageId: string,
  signal?: AbortSignal,
): Promise<MessageRecipient[]> {
  return (
    await api.get<DataEnvelope<MessageRecipient[]>>(
      `${path(eventId)}/${encodeURIComponent(messageId)}/recipients`,
      signal ? { signal } : {},
    )
  ).data;
}

export async function listTicketChoices(eventId: string, signal?: AbortSignal): Promise<TicketChoice[]> {
  return (
    await api.get<DataEnvelope<TicketChoice[]>>(
      `/events/${encodeURIComponent(eventId)}/tickets`,
      signal ? { signal } : {},
    )
  ).data.map(({ id, title }) => ({ id, title }));
}

/** The people of `kind` whose name, email or order reference holds every word of `query`. */
export async function searchRecipients(
  eventId: string,
  kind: PersonKind,
  query: string,
  signal?: AbortSignal,
): Promise<RecipientCandidate[]> {
  return (
    await api.get<DataEnvelope<RecipientCandidate[]>>(`${path(eventId)}/recipient-search`, {
      query: { kind, query },
      ...(signal ? { signal } : {}),
    })
  ).data;
}

export async function sendMessage(eventId: string, request: MessageRequest): Promise<Message> {
  return (await api.post<DataEnvelope<Message>>(path(eventId), request)).data;
}

export async function sendTestMessage(
  eventId: string,
  request: TestMessageRequest,
): Promise<PostEventsByEventIdMessagesTestResponse['data']> {
  return (
    await api.post<DataEnvelope<PostEventsByEventIdMessagesTestResponse['data']>>(
      `${path(eventId)}/test`,
      request,
    )
  ).data;
}

export async function cancelMessage(eventId: string, messageId: string): Promise<Message> {
  return (
    await api.post<DataEnvelope<Message>>(`${path(eventId)}/${encodeURIComponent(messageId)}/cancel`, {})
  ).data;
}
