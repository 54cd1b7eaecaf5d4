import Router from '@koa/router';
import { z } from 'zod';
import type { Services } from '../kit/http/context';
import { body, pathParam } from '../kit/http/validate';
import { route } from '../kit/http/routeContract';
import { Refusal } from '../kit/refusal';
import type { PublicEventCache } from '../../projections/events/publicEventCache';
import { eventIdOrNotFound } from '../catalog/events/eventSchemas';
import { isHumanView, type PageViewCounter } from './pageViews';

/** The beacon's body: the page's random id for its browser tab, which tells readers behind one address apart. */
export const pageViewBodySchema = z
  .object({
    visit: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'A random id of 16 to 64 letters, digits, - and _')
      .optional(),
  })
  .strict();

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

export const pageViewRouteContracts = [
  route({
    method: 'post',
    path: '/public/events/:id/page-views',
    summary:
      'Count a view of the public event page (no cookie; bots and repeat views of one browser tab within 30 minutes are not counted)',
    body: pageViewBodySchema,
    response: z.object({ counted: z.boolean() }).strict(),
    status: 202,
    public: true,
  }),
];
