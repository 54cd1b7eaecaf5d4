import Router from '@koa/router';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { eventDecider } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import { eventIdOrNotFound } from '../../catalog/events/eventSchemas';
import { ticketDecider } from '../../catalog/tickets/ticketDecider';
import { ticketStream } from '../../catalog/tickets/ticketEvents';
import { ticketIdOrNotFound } from '../../catalog/tickets/ticketSchemas';
import { maxPerOrderOf, ticketState } from '../../catalog/tickets/ticketState';
import { inventoryDecider, remainingAt } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { reservationGuard } from '../orders/reservationLimits';
import { joinWaitingListSchema } from './waitingListSchemas';
import { waitingListJoin } from './waitingListWorkflow';

/**
 * The buyer's side of the waiting list (`/api/public/events/{eventId}/tickets/{ticketId}/waiting-list`, no
 * login). A join owes units like a reservation takes them, so it is rate-limited like one.
 */
export function publicWaitingListRoutes(services: Services) {
  const router = new Router({ prefix: '/public' });
  const reservations = reservationGuard(services.clock, services.config.reservations);

  router.post('/events/:eventId/tickets/:ticketId/waiting-list', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const ticketId = ticketIdOrNotFound(pathParam(ctx, 'ticketId'));
    const input = body(ctx, joinWaitingListSchema);
    const { state: event } = await services.commands.load(eventDecider, eventStream(eventId));
    if (!event.exists || event.status !== 'LIVE') throw new Refusal('event_not_found');
    const { state: ticket } = await services.commands.load(ticketDecider, ticketStream(ticketId));
    if (!ticket.exists || ticket.eventId !== eventId) throw new Refusal('ticket_not_found');
    if (input.tier_id !== null && !ticket.details.tiers.some((tier) => tier.tierId === input.tier_id))
      throw new Refusal('tier_not_found');
    await reservations.admit(ctx, eventId).catch(reservations.retryAfter(ctx));
    const now = services.clock.now();
    const remaining = remainingAt(
      (await services.commands.load(inventoryDecider, inventoryStream(eventId))).state,
      now,
    );
    const tiers = remaining.tiers[ticketId] ?? {};
    const state = ticketState({ ...ticket.details, salesPaused: ticket.salesPaused }, now, {
      remaining: remaining.tickets[ticketId] ?? ticket.details.quantity,
      tiers,
    });
    const soldOut =
      input.tier_id === null ? state === 'SOLD_OUT' : state === 'SOLD_OUT' || tiers[input.tier_id] === 0;
    const entryId = services.ids.entity('wl');
    await execute(ctx, services, {
      chain: waitingListJoin({
        type: 'JoinWaitingList',
        eventId,
        entryId,
        ticketId,
        tierId: input.tier_id,
        quantity: input.quantity,
        name: input.name,
        email: input.email,
        locale: input.locale,
        waitingListEnabled: ticket.waitingList.enabled,
        soldOut,
        maxPerOrder: maxPerOrderOf(ticket.details),
        now,
      }),
      readModels: [],
    });
    ctx.status = 201;
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { data: { entry_id: entryId, status: 'WAITING' } };
  });

  return router;
}
