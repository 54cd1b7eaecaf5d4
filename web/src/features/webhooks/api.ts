import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdWebhooksByWebhookIdDeliveriesResponse,
  GetEventsByEventIdWebhooksResponse,
  PostEventsByEventIdWebhooksBody,
} from '../../shared/api/contract.gen';
import type { DataEnvelope } from '../../shared/api/types';

export type Webhook = GetEventsByEventIdWebhooksResponse['data'][number];
export type WebhookDelivery = GetEventsByEventIdWebhooksByWebhookIdDeliveriesResponse['data'][number];
export type WebhookRequest = PostEventsByEventIdWebhooksBody;
export type WebhookEventType = Webhook['event_types'][number];

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'order.created',
  'order.paid',
  'order.cancelled',
  'order.refunded',
  'attendee.created',
  'attendee.checked_in',
];

const path = (eventId: string) => `/events/${encodeURIComponent(eventId)}/webhooks`;

export async function listWebhooks(eventId: string, signal?: AbortSignal): Promise<Webhook[]> {
  return (await api.get<DataEnvelope<Webhook[]>>(path(eventId), signal ? { signal } : {})).data;
}

export async function listDeliveries(
  eventId: string,
  webhookId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  return (
    await api.get<DataEnvelope<WebhookDelivery[]>>(
      `${path(eventId)}/${encodeURIComponent(webhookId)}/deliveries`,
      signal ? { signal } : {},
    )
  ).data;
}

export async function createWebhook(eventId: string, request: WebhookRequest): Promise<Webhook> {
  return (await api.post<DataEnvelope<Webhook>>(path(eventId), request)).data;
}

export async function setWebhookStatus(
  eventId: string,
  webhookId: string,
  status: Webhook['status'],
): Promise<Webhook> {
  return (
    await api.put<DataEnvelope<Webhook>>(`${path(eventId)}/${encodeURIComponent(webhookId)}/status`, {
      status,
    })
  ).data;
}

export async function deleteWebhook(eventId: string, webhookId: string): Promise<void> {
  await api.delete(`${path(eventId)}/${encodeURIComponent(webhookId)}`);
}
