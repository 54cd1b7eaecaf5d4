import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { execute, loadOwned, requireAuth, type Services } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  findEventWebhook,
  listEventWebhooks,
  presentWebhook,
  webhooksProjection,
} from '../../../projections/webhooks';
import { ownedEvent } from '../../catalog/events/ownedEvent';
import { checkWebhookUrl } from './addressGuard';
import { listWebhookDeliveries } from './webhookDeliveries';
import { webhookDecider } from './webhookDecider';
import { webhookStream } from './webhookEvents';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookIdOrNotFound,
  webhookStatusSchema,
} from './webhookSchemas';

/** An event's outgoing webhooks (`/api/events/:eventId/webhooks`). */
export function webhookRoutes(services: Services) {
  const router = new Router();
  router.use('/events', allow('events.manage'));
  const readModels = [webhooksProjection.name];

  async function present(eventId: string, webhookId: string) {
    const row = await findEventWebhook(services.db, eventId, webhookId);
    if (!row) throw new Refusal('webhook_not_found');
    return presentWebhook(row);
  }

  async function allowedUrl(url: string): Promise<string> {
    const check = await checkWebhookUrl(url, services.config.webhooksAllowPrivate);
    if (!check.ok) throw new Refusal('webhook_url_not_allowed', undefined, { url: [check.problem] });
    return url;
  }

  async function ownedWebhook(ctx: Context) {
    const { eventId } = await ownedEvent(ctx, services);
    const webhookId = webhookIdOrNotFound(pathParam(ctx, 'webhookId'));
    const state = await loadOwned(services, {
      decider: webhookDecider,
      stream: webhookStream(webhookId),
      accountId: requireAuth(ctx).accountId,
      notFound: 'webhook_not_found',
    });
    if (state.eventId !== eventId) throw new Refusal('webhook_not_found');
    return { eventId, webhookId };
  }

  router.get('/events/:eventId/webhooks', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    ctx.body = { data: (await listEventWebhooks(services.db, eventId)).map(presentWebhook) };
  });

  router.post('/events/:eventId/webhooks', async (ctx) => {
    const input = body(ctx, createWebhookSchema);
    const { eventId } = await ownedEvent(ctx, services);
    const auth = requireAuth(ctx);
    const url = await allowedUrl(input.url);
    const webhookId = services.ids.entity('wh');
    await execute(ctx, services, {
      decider: webhookDecider,
      stream: webhookStream(webhookId),
      command: {
        type: 'CreateWebhook',
        webhookId,
        eventId,
        accountId: auth.accountId,
        url,
        eventTypes: input.event_types,
        secret: `whsec_${randomBytes(24).toString('base64url')}`,
        createdBy: auth.userId,
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/webhooks/${webhookId}`);
    ctx.body = { data: await present(eventId, webhookId) };
  });

  router.get('/events/:eventId/webhooks/:webhookId', async (ctx) => {
    const { eventId, webhookId } = await ownedWebhook(ctx);
    ctx.body = { data: await present(eventId, webhookId) };
  });

  router.put('/events/:eventId/webhooks/:webhookId', async (ctx) => {
    const input = body(ctx, updateWebhookSchema);
    const { eventId, webhookId } = await ownedWebhook(ctx);
    const url = input.url === undefined ? undefined : await allowedUrl(input.url);
    await execute(ctx, services, {
      decider: webhookDecider,
      stream: webhookStream(webhookId),
      command: {
        type: 'UpdateWebhook',
        webhookId,
        eventId,
        changes: {
          ...(url !== undefined ? { url } : {}),
          ...(input.event_types !== undefined ? { eventTypes: input.event_types } : {}),
        },
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.body = { data: await present(eventId, webhookId) };
  });

  router.put('/events/:eventId/webhooks/:webhookId/status', async (ctx) => {
    const { status } = body(ctx, webhookStatusSchema);
    const { eventId, webhookId } = await ownedWebhook(ctx);
    await execute(ctx, services, {
      decider: webhookDecider,
      stream: webhookStream(webhookId),
      command: {
        type: 'ChangeWebhookStatus',
        webhookId,
        to: status,
        reason: 'member',
        changedBy: requireAuth(ctx).userId,
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.body = { data: await present(eventId, webhookId) };
  });

  router.delete('/events/:eventId/webhooks/:webhookId', async (ctx) => {
    const { eventId, webhookId } = await ownedWebhook(ctx);
    await execute(ctx, services, {
      decider: webhookDecider,
      stream: webhookStream(webhookId),
      command: { type: 'DeleteWebhook', webhookId, eventId, now: services.clock.now() },
      readModels,
    });
    ctx.status = 204;
  });

  router.get('/events/:eventId/webhooks/:webhookId/deliveries', async (ctx) => {
    const { webhookId } = await ownedWebhook(ctx);
    ctx.body = { data: await listWebhookDeliveries(services.db, webhookId) };
  });

  return router;
}
