import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { commandContext, execute, readYourWrite, setPosition } from '../../kit/http/context';
import { body, pathParam } from '../../kit/http/validate';
import { pooledRandomBytes } from '../../kit/random';
import { Refusal } from '../../kit/refusal';
import { step } from '../../kit/workflow';
import { ownedEvent } from '../../catalog/events/ownedEvent';
import { ticketDecider } from '../../catalog/tickets/ticketDecider';
import { ticketStream } from '../../catalog/tickets/ticketEvents';
import { ordersProjection } from '../../../projections/orders';
import { loadOrder, placeOrder } from '../orders/checkout';
import { isOpen } from '../orders/orderDecider';
import { waitingEntryDecider, waitingTokenHash, type BindWaitingOffer } from './waitingEntryDecider';
import { waitingEntryStream } from './waitingListEvents';
import { claimWaitingOfferSchema } from './waitingListSchemas';
import {
  joinedEntry,
  waitingListOffer,
  waitingOfferHoldId,
  waitingOfferOrderId,
} from './waitingListWorkflow';
import type { WaitingOfferTokens } from './waitingOfferToken';

const entryIdShape = /^[A-Za-z0-9_-]{1,80}$/;
const sessionShape = /^[A-Za-z0-9_-]{24}$/;

/** The browser an offer was first opened in: a cookie per entry, scoped to the offer's routes. */
const sessionCookie = (entryId: string) => `waiting_offer_${entryId}`;

function sessionOf(ctx: Context, entryId: string): string {
  const known = ctx.cookies.get(sessionCookie(entryId));
  return known && sessionShape.test(known) ? known : pooledRandomBytes(18).toString('base64url');
}

/**
 * The offer link (docs/waiting-list.md, "Offer link and checkout"): `POST /api/public/waiting-offers/{entryId}/claim
 * { token }`. A wrong id or token is `waiting_entry_not_found`; the first browser to open the offer keeps it
 * (`waiting_offer_not_yours` for any other); after its expiry `waiting_offer_expired`. The answer is the order
 * the offered hold is held for, recorded on the first visit, so the normal checkout continues with it.
 */
export function publicWaitingOfferRoutes(services: Services) {
  const router = new Router({ prefix: '/public' });

  router.post('/waiting-offers/:entryId/claim', async (ctx) => {
    const entryId = pathParam(ctx, 'entryId');
    const input = body(ctx, claimWaitingOfferSchema);
    if (entryId === undefined || !entryIdShape.test(entryId)) throw new Refusal('waiting_entry_not_found');
    const { state: entry } = await services.commands.load(waitingEntryDecider, waitingEntryStream(entryId));
    if (!entry.exists || !entry.offer || waitingTokenHash(input.token) !== entry.offer.tokenHash)
      throw new Refusal('waiting_entry_not_found');
    const joined = await joinedEntry(services.store, entryId);
    if (!joined) throw new Refusal('waiting_entry_not_found');
    const sessionId = sessionOf(ctx, entryId);
    const { holdId } = entry.offer;
    const orderId = waitingOfferOrderId(holdId);
    const recorded = await loadOrder(services, orderId);
    // The offer's order ran out with the offer (the checkout keeper may record that before the entry hears of it).
    if (recorded?.status === 'EXPIRED') throw new Refusal('waiting_offer_expired');
    // The offer's order went through (or was cancelled): the link has done its work, whatever the entry says yet.
    if (recorded && !isOpen(recorded.status)) throw new Refusal('waiting_list_closed');
    await execute(ctx, services, {
      chain: [
        step({
          name: 'bind',
          decider: waitingEntryDecider,
          stream: waitingEntryStream(entryId),
          command: {
            type: 'BindWaitingOffer',
            eventId: entry.eventId,
            entryId,
            token: input.token,
            sessionId,
            now: services.clock.now(),
          } satisfies BindWaitingOffer,
        }),
      ],
      readModels: [],
    });
    ctx.cookies.set(sessionCookie(entryId), sessionId, {
      httpOnly: true,
      sameSite: 'lax',
      path: `/api/public/waiting-offers/${entryId}`,
      maxAge: 7 * 24 * 3_600_000,
      overwrite: true,
    });
    const { position } = await placeOrder(services, commandContext(ctx), {
      eventId: entry.eventId,
      lines: [
        {
          ticketId: joined.ticketId,
          ...(joined.tierId === null ? {} : { tierId: joined.tierId }),
          quantity: joined.quantity,
        },
      ],
      locale: joined.locale,
      orderId,
      offerHoldId: holdId,
    });
    // The checkout's pages read the order from the read model: it shows the order before the answer does.
    if (position !== null) {
      setPosition(ctx, position);
      await readYourWrite(services, position, [ordersProjection.name]);
    }
    const order = await loadOrder(services, orderId);
    if (!order) throw new Refusal('try_again');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      data: {
        entry_id: entryId,
        event_id: entry.eventId,
        order_id: orderId,
        order_short_id: order.placed.shortId,
        expires_at: order.placed.expiresAt,
      },
    };
  });

  return router;
}

/**
 * The organizer offers the units to one entry now (`POST /api/events/{eventId}/waiting-list/{entryId}/offer`):
 * the same offer chain as the worker's, so the inventory still decides (`sold_out` unless the units are free for
 * this entry, entries ahead of it counted) and the offer mail follows from the recorded offer. Offering an entry
 * already offered answers its offer.
 */
export function waitingOfferAdminRoutes(services: Services, tokens: WaitingOfferTokens) {
  const router = new Router();

  router.post('/events/:eventId/waiting-list/:entryId/offer', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services, 'eventId');
    const entryId = pathParam(ctx, 'entryId');
    if (entryId === undefined || !entryIdShape.test(entryId)) throw new Refusal('waiting_entry_not_found');
    const { state: entry } = await services.commands.load(waitingEntryDecider, waitingEntryStream(entryId));
    const joined =
      entry.exists && entry.eventId === eventId ? await joinedEntry(services.store, entryId) : null;
    if (!joined) throw new Refusal('waiting_entry_not_found');
    const { state: ticket } = await services.commands.load(ticketDecider, ticketStream(joined.ticketId));
    if (!ticket.exists) throw new Refusal('ticket_not_found');
    const now = services.clock.now();
    const holdId = waitingOfferHoldId(entryId, 1);
    const outcome = await execute(ctx, services, {
      chain: waitingListOffer({
        eventId,
        entryId,
        line: { ticketId: joined.ticketId, tierId: joined.tierId, quantity: joined.quantity },
        holdId,
        tokenHash: waitingTokenHash(tokens.tokenFor(holdId)),
        expiresAt: new Date(now.getTime() + ticket.waitingList.offerHours * 3_600_000),
        now,
      }),
      readModels: [],
    });
    const offered = outcome.states.get('offer-entry') as typeof entry;
    if (!offered.exists || offered.status !== 'OFFERED' || !offered.offer) throw new Refusal('try_again');
    ctx.body = { data: { entry_id: entryId, status: 'OFFERED', expires_at: offered.offer.expiresAt } };
  });

  return router;
}
