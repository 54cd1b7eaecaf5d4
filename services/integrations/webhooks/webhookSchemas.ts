import { z } from 'zod';
import { dataOf, route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { entityId } from '../../kit/http/ids';
import { webhookEventTypes } from './webhookEvents';
import { webhooksProjection } from '../../../projections/webhooks';

/** The webhooks API (`/api/events/{eventId}/webhooks`). */

const url = singleLineText().trim().min(1).max(2000);
const eventTypes = z.array(z.enum(webhookEventTypes)).min(1).max(webhookEventTypes.length);

export const createWebhookSchema = z.object({ url, event_types: eventTypes }).strict();
export const updateWebhookSchema = z.object({ url, event_types: eventTypes }).partial().strict();
export const webhookStatusSchema = z.object({ status: z.enum(['ENABLED', 'DISABLED']) }).strict();

export function webhookIdOrNotFound(value: string | undefined): string {
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new Refusal('webhook_not_found');
  return parsed.data;
}

export const webhookResponseSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  url: z.string(),
  event_types: z.array(z.enum(webhookEventTypes)),
  secret: z.string(),
  status: z.enum(['ENABLED', 'DISABLED']),
  disabled_reason: z.enum(['member', 'gone']).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const webhookDeliveryResponseSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      at: z.string(),
      status_code: z.number().int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number().int(),
    }),
  ),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});

export const webhookRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/webhooks',
    reads: [webhooksProjection],
    summary: "The event's webhook endpoints",
    response: z.object({ data: z.array(webhookResponseSchema) }),
  }),
  route({
    method: 'post',
    path: '/events/:eventId/webhooks',
    summary: 'Subscribe a public http(s) URL to order and attendee events (payloads signed with its secret)',
    body: createWebhookSchema,
    response: dataOf(webhookResponseSchema),
    status: 201,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/webhooks/:webhookId',
    reads: [webhooksProjection],
    summary: 'A webhook endpoint with its signing secret',
    response: dataOf(webhookResponseSchema),
  }),
  route({
    method: 'put',
    path: '/events/:eventId/webhooks/:webhookId',
    summary: "Change an endpoint's URL or event types",
    body: updateWebhookSchema,
    response: dataOf(webhookResponseSchema),
  }),
  route({
    method: 'put',
    path: '/events/:eventId/webhooks/:webhookId/status',
    summary: 'Enable or disable an endpoint (one answering 410 is disabled by the platform)',
    body: webhookStatusSchema,
    response: dataOf(webhookResponseSchema),
  }),
  route({
    method: 'delete',
    path: '/events/:eventId/webhooks/:webhookId',
    summary: 'Delete an endpoint',
    status: 204,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/webhooks/:webhookId/deliveries',
    reads: [],
    summary: "The endpoint's delivery log: newest deliveries, each attempt with its response code",
    response: z.object({ data: z.array(webhookDeliveryResponseSchema) }),
  }),
];
