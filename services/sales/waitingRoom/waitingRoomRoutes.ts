import Router from '@koa/router';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { body, pathParam, query } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { sharedWhileInFlight } from '../../kit/sharedWhileInFlight';
import { eventIdOrNotFound } from '../../catalog/events/eventSchemas';
import { MemoryRateLimitStore, RateLimiter, type Limit } from '../../identity/rateLimit';
import { clientNetwork } from '../orders/reservationLimits';
import { waitingRoomDecider } from './waitingRoomDecider';
import { waitingRoomStream } from './waitingRoomEvents';
import type { WaitingRoomGate, WaitingRoomView } from './waitingRoomGate';
import { joinWaitingRoomSchema, waitingRoomStatusQuerySchema } from './waitingRoomSchemas';
import type { WaitingRoomTokens } from './waitingRoomToken';

/**
 * The buyer's side of the waiting room (`/api/public/events/{eventId}/waiting-room`, no login): take a number,
 * then poll its place. docs/waiting-room.md.
 */
export function publicWaitingRoomRoutes(
  services: Services,
  tokens: WaitingRoomTokens,
  gate: WaitingRoomGate,
) {
  const router = new Router({ prefix: '/public' });
  // Joins per client (an address, an IPv6 /64) and event and minute, as many as reservations
  // (RESERVATIONS_PER_MINUTE; 0: no limit): a script dropping its pass cannot fill the queue ahead of buyers.
  const { perClientPerMinute } = services.config.reservations;
  const perMinute: Limit = { name: 'waiting-room-join', max: perClientPerMinute, windowMs: 60_000 };
  const joins = new RateLimiter(services.clock, new MemoryRateLimitStore(10_000, perMinute.windowMs));

  const live = (view: WaitingRoomView) => {
    if (view.event.status !== 'LIVE') throw new Refusal('event_not_found');
    return view;
  };
  const liveView = async (eventId: string) => live(await gate.view(eventId));
  // A rush's buyers look at their place every few seconds, all in the same event: polls that come while the room
  // is being read share that read (three stream loads, each a query on PostgreSQL).
  const polledView = sharedWhileInFlight((eventId: string) => gate.view(eventId));

  router.post('/events/:eventId/waiting-room', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const input = body(ctx, joinWaitingRoomSchema);
    const view = await liveView(eventId);
    if (perClientPerMinute > 0) await joins.consume(ctx, perMinute, `${eventId}|${clientNetwork(ctx.ip)}`);
    const now = services.clock.now();
    const heldNumber = gate.placeNumberOf(view, eventId, input.token, now);
    const result = await execute(ctx, services, {
      decider: waitingRoomDecider,
      stream: waitingRoomStream(eventId),
      command: { type: 'JoinWaitingRoom', eventId, enabled: view.enabled, heldNumber, now },
      readModels: [],
    });
    const joined = result.events.find((event) => event.type === 'WaitingRoomJoined');
    const number = joined?.type === 'WaitingRoomJoined' ? joined.data.number : heldNumber;
    if (number === null) throw new Refusal('try_again');
    const after = { ...view, room: result.state };
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      data: {
        token: tokens.tokenFor(eventId, number),
        ...gate.placeOf(after, number, now),
        sold_out: gate.soldOut(after, now),
      },
    };
  });

  router.get('/events/:eventId/waiting-room', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const { token } = query(ctx, waitingRoomStatusQuerySchema);
    const view = live(await polledView(eventId));
    const now = services.clock.now();
    const number = view.enabled ? gate.placeNumberOf(view, eventId, token, now) : null;
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      data: {
        enabled: view.enabled,
        sold_out: gate.soldOut(view, now),
        place: number === null ? null : gate.placeOf(view, number, now),
      },
    };
  });

  return router;
}
