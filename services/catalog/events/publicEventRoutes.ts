import Router from '@koa/router';
import { z } from 'zod';
import type { Services } from '../../kit/http/context';
import { parse, pathParam } from '../../kit/http/validate';
import { parseListQuery, runListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import type { PublicEventCache } from '../../../projections/events/publicEventCache';
import type { presentEvent } from '../../../projections/events';
import { eventListSpec, findLiveEvent, presentPublicListEvent } from '../../../projections/events';
import { findValidPromoCode } from '../promoCodes/validPromoCode';
import { eventIdOrNotFound } from './eventSchemas';

/** What buyers and search engines read (`/api/public/events`): live events only, no login. */
export function publicEventRoutes(services: Services, publicEvents: PublicEventCache) {
  const router = new Router({ prefix: '/public' });

  router.get('/events', async (ctx) => {
    const now = () => services.clock.now();
    const spec = eventListSpec(now);
    const list = parseListQuery(ctx.query, spec);
    const { rows, meta } = await runListQuery<Parameters<typeof presentEvent>[0]>(
      services.db('events').where({ status: 'LIVE' }),
      list,
      spec,
    );
    ctx.body = { data: rows.map((row) => presentPublicListEvent(row, now())), meta };
  });

  router.get('/events/:id', async (ctx) => {
    const event = await publicEvents.get(eventIdOrNotFound(pathParam(ctx, 'id')), services.clock.now());
    if (!event) throw new Refusal('event_not_found');
    ctx.set('Cache-Control', 'public, max-age=5');
    ctx.body = { data: event };
  });

  /** Whether a buyer's code would apply now (case-insensitive); the inventory still counts its uses at order time. */
  router.get('/events/:id/promo-codes/:code', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'id'));
    const row = await findLiveEvent(services.db, eventId);
    if (!row) throw new Refusal('event_not_found');
    const code = parse(z.string().min(1).max(50), pathParam(ctx, 'code'));
    ctx.body = {
      valid: Boolean(await findValidPromoCode(services.db, eventId, code, services.clock.now())),
    };
  });

  return router;
}
