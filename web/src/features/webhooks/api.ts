import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

export type Webhook = ApiResponse<'GET /events/{eventId}/webhooks'>['data'][number];
export type WebhookDelivery =
  ApiResponse<'GET /events/{eventId}/webhooks/{webhookId}/deliveries'>['data'][number];
export type WebhookRequest = ApiBody<'POST /events/{eventId}/webhooks'>;
export type WebhookEventType = Webhook['event_types'][number];

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'order.created',
  'order.paid',
  'order.cancelled',
  'order.refunded',
  'attendee.created',
  'attendee.checked_in',
];

export async function listWebhooks(eventId: string, signal?: AbortSignal): Promise<Webhook[]> {
  return (await api.call('GET /events/{eventId}/webhooks', { params: { eventId }, signal })).data;
}

export async function listDeliveries(
  eventId: string,
  webhookId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  return (
    await api.call('GET /events/{eventId}/webhooks/{webhookId}/deliveries', {
      params: { eventId, webhookId },
      signal,
    })
  ).data;
}

export async function createWebhook(eventId: string, request: WebhookRequest): Promise<Webhook> {
  return (await api.call('POST /events/{eventId}/webhooks', { params: { eventId }, body: request })).data;
}

export async function setWebhookStatus(
  eventId: string,
  webhookId: string,
  status: Webhook['status'],
): Promise<Webhook> {
  return (
    await api.call('PUT /events/{eventId}/webhooks/{webhookId}/status', {
      params: { eventId, webhookId },
      body: { status },
    })
  ).data;
}

export async function deleteWebhook(eventId: string, webhookId: string): Promise<void> {
  await api.call('DELETE /events/{eventId}/webhooks/{webhookId}', { params: { eventId, webhookId } });
}
