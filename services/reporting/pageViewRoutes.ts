import Router from '@koa/router';
import { z } from 'zod';
import type { Services } from '../kit/http/context';
import { pathParam } from '../kit/http/validate';
import { route } from '../kit/http/routeContract';
import { Refusal } from '../kit/refusal';
import type { PublicEventCache } from '../../projections/events/publicEventCache';
import { eventIdOrNotFound } from '../catalog/events/eventSchemas';
import { isHumanView, type PageViewCounter } from './pageViews';

/** `POST /api/public/events/{id}/page-views`: the public page's beacon. No body, no cookie, nothing stored per reader. */
export function pageViewRoutes(services: Services, publicEvents: PublicEventCache, counter: PageViewCounter) {
  const router = new Router({ prefix: '/public' });

  router.post('/events/:id/page-views', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'id'));
    const event = await publicEvents.get(eventId, services.clock.now());
    if (!event) throw new Refusal('event_not_found');
    const counted =
      isHumanView(ctx.get('User-Agent'), ctx.get('Sec-Purpose') || ctx.get('Purpose')) &&
      counter.record(event.id, { address: ctx.ip, userAgent: ctx.get('User-Agent') });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 202;
    ctx.body = { counted };
  });

  return router;
}

export const pageViewRouteContracts = [
  route({
    method: 'post',
    path: '/public/events/:id/page-views',
    summary:
      'Count a view of the public event page (no cookie; bots and repeat views within 30 minutes are not counted)',
    response: z.object({ counted: z.boolean() }).strict(),
    status: 202,
    public: true,
  }),
];
