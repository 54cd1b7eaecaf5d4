import Router from '@koa/router';
import type { Services } from '../kit/http/context';
import { body, pathParam } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import type { PublicEventCache } from '../../projections/events/publicEventCache';
import { eventIdOrNotFound } from '../catalog/events/eventSchemas';
import { isHumanView, type PageViewCounter } from './pageViews';
import { pageViewBodySchema } from './pageViewSchemas';

/** `POST /api/public/events/{id}/page-views`: the public page's beacon. No cookie, nothing stored per reader. */
export function pageViewRoutes(services: Services, publicEvents: PublicEventCache, counter: PageViewCounter) {
  const router = new Router({ prefix: '/public' });

  router.post('/events/:id/page-views', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'id'));
    const { visit } = body(ctx, pageViewBodySchema);
    const event = await publicEvents.get(eventId, services.clock.now());
    if (!event) throw new Refusal('event_not_found');
    const counted =
      isHumanView(ctx.get('User-Agent'), ctx.get('Sec-Purpose') || ctx.get('Purpose')) &&
      counter.record(event.id, { address: ctx.ip, userAgent: ctx.get('User-Agent'), visit: visit ?? null });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 202;
    ctx.body = { counted };
  });

  return router;
}
