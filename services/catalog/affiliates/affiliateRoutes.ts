import Router from '@koa/router';
import type { Context } from 'koa';
import { execute, type Services } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  affiliatesProjection,
  findEventAffiliate,
  listEventAffiliates,
  presentAffiliate,
} from '../../../projections/affiliates';
import { ownedEvent } from '../events/ownedEvent';
import { affiliateDecider } from './affiliateDecider';
import { affiliateIdOf, affiliateStream } from './affiliateEvents';
import {
  affiliateIdOrNotFound,
  createAffiliateSchema,
  toAffiliateChanges,
  toAffiliateDetails,
  updateAffiliateSchema,
} from './affiliateSchemas';

/** The organizer's affiliate codes (`/api/events/:eventId/affiliates`). */
export function affiliateRoutes(services: Services) {
  const router = new Router();
  router.use('/events', allow('events.manage'));
  const readModels = [affiliatesProjection.name];

  async function present(eventId: string, affiliateId: string) {
    const row = await findEventAffiliate(services.db, eventId, affiliateId);
    if (!row) throw new Refusal('affiliate_not_found');
    return presentAffiliate(row);
  }

  async function ownedAffiliate(ctx: Context) {
    const { eventId } = await ownedEvent(ctx, services);
    return { eventId, affiliateId: affiliateIdOrNotFound(pathParam(ctx, 'affiliateId')) };
  }

  router.get('/events/:eventId/affiliates', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    ctx.body = { data: (await listEventAffiliates(services.db, eventId)).map(presentAffiliate) };
  });

  router.post('/events/:eventId/affiliates', async (ctx) => {
    const input = body(ctx, createAffiliateSchema);
    const { eventId } = await ownedEvent(ctx, services);
    const affiliateId = affiliateIdOf(eventId, input.code);
    await execute(ctx, services, {
      decider: affiliateDecider,
      stream: affiliateStream(affiliateId),
      command: {
        type: 'CreateAffiliate',
        affiliateId,
        eventId,
        code: input.code,
        details: toAffiliateDetails(input),
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/affiliates/${affiliateId}`);
    ctx.body = { data: await present(eventId, affiliateId) };
  });

  router.get('/events/:eventId/affiliates/:affiliateId', async (ctx) => {
    const { eventId, affiliateId } = await ownedAffiliate(ctx);
    ctx.body = { data: await present(eventId, affiliateId) };
  });

  router.put('/events/:eventId/affiliates/:affiliateId', async (ctx) => {
    const input = body(ctx, updateAffiliateSchema);
    const { eventId, affiliateId } = await ownedAffiliate(ctx);
    await execute(ctx, services, {
      decider: affiliateDecider,
      stream: affiliateStream(affiliateId),
      command: {
        type: 'UpdateAffiliate',
        affiliateId,
        eventId,
        changes: toAffiliateChanges(input),
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.body = { data: await present(eventId, affiliateId) };
  });

  router.delete('/events/:eventId/affiliates/:affiliateId', async (ctx) => {
    const { eventId, affiliateId } = await ownedAffiliate(ctx);
    await execute(ctx, services, {
      decider: affiliateDecider,
      stream: affiliateStream(affiliateId),
      command: { type: 'DeleteAffiliate', affiliateId, eventId, now: services.clock.now() },
      readModels,
    });
    ctx.status = 204;
  });

  return router;
}
