import Router from '@koa/router';
import { z } from 'zod';
import type { Services } from '../../kit/http/context';
import { parse, pathParam, query } from '../../kit/http/validate';
import { parseListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import type { PublicEventCache } from '../../../projections/events/publicEventCache';
import {
  eventListSpec,
  findLiveEvent,
  listLiveEvents,
  presentPublicListEvent,
} from '../../../projections/events';
import { eventIdOrNotFound, publicEventQuerySchema } from './eventSchemas';
import {
  costsMoney,
  findUsablePromoCode,
  markPaymentSetupIncomplete,
  publicTickets,
} from '../tickets/publicCatalogue';
import { canTakePaidOrders } from '../../payments/cardReadiness';
import { previousOrderOf } from '../../kit/http/previousOrder';

/** What buyers and search engines read (`/api/public/events`): live events only, no login. */
export function publicEventRoutes(services: Services, publicEvents: PublicEventCache) {
  const router = new Router({ prefix: '/public' });

  router.get('/events', async (ctx) => {
    const now = () => services.clock.now();
    const list = parseListQuery(ctx.query, eventListSpec(now));
    const { rows, meta } = await listLiveEvents(services.db, list, now);
    ctx.body = { data: rows.map((row) => presentPublicListEvent(row, now())), meta };
  });

  /**
   * The event with the tickets a buyer may see. The event comes from the cache; the tickets are judged per
   * request, because visibility depends on the clock (sale windows) and on the buyer's `promo_code`.
   */
  router.get('/events/:id', async (ctx) => {
    const now = services.clock.now();
    const { event, seller } = await publicEvents.getWithSeller(eventIdOrNotFound(pathParam(ctx, 'id')), now);
    if (!event || !seller) throw new Refusal('event_not_found');
    const { promo_code: promoCode } = query(ctx, publicEventQuerySchema);
    const tickets = await publicTickets(
      services,
      {
        id: event.id,
        currency: event.currency,
        priceDisplayMode: event.settings.price_display_mode === 'EXCLUSIVE' ? 'EXCLUSIVE' : 'INCLUSIVE',
        showAvailableQuantity: event.settings.show_available_quantity === true,
      },
      { now, promoCode, replacingOrderId: previousOrderOf(ctx, event.id) },
    );
    const paymentSetupIncomplete =
      tickets.some(costsMoney) &&
      !(await canTakePaidOrders(services.commands, services.config.payments, seller));
    // A page opened with a promo code is that buyer's own: no shared cache may keep it.
    ctx.set('Cache-Control', promoCode ? 'private, no-store' : 'public, max-age=5');
    ctx.body = {
      data: {
        ...event,
        tickets: paymentSetupIncomplete ? markPaymentSetupIncomplete(tickets) : tickets,
        payment_setup_incomplete: paymentSetupIncomplete,
      },
    };
  });

  /**
   * Whether a buyer's code would apply to an order now (case-insensitive): valid, and not used up in the
   * inventory (this browser's own open order left out), as the order would find it.
   */
  router.get('/events/:id/promo-codes/:code', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'id'));
    const row = await findLiveEvent(services.db, eventId);
    if (!row) throw new Refusal('event_not_found');
    const code = parse(z.string().min(1).max(50), pathParam(ctx, 'code'));
    const now = services.clock.now();
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      valid:
        (await findUsablePromoCode(services, row.id, code, now, previousOrderOf(ctx, row.id))) !== undefined,
    };
  });

  return router;
}
