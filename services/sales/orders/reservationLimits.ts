import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'koa';
import type { Clock } from '../../kit/clock';
import type { ReservationLimits } from '../../kit/config';
import { isRefusal } from '../../kit/refusal';
import { MemoryRateLimitStore, RateLimiter, type Limit } from '../../identity/rateLimit';
import type { HoldClient } from '../../inventory/inventoryDecider';

/**
 * What keeps one anonymous client from holding an event's stock (docs/orders.md, "Limits on reservations"):
 * a rate of reservations per client and event, kept in this process's memory, and a number of open holds per
 * client and event, decided by the inventory (exact, whichever process asks). A client is its address, an IPv6
 * address cut to its /64 (one household or phone is handed a whole /64 and may pick any address of it).
 */

/** The network a request comes from: an IPv4 address, or the first four groups of an IPv6 one (its /64). */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  // An IPv4 address written in the last 32 bits counts as two groups.
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
  );
  const [head = '', tail] = hex.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  const full = [...left, ...missing, ...right];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The client's key in the inventory's log: 24 bits of a hash of the event and the client's network. That tells
 * one client's holds apart from another's (two clients share a key with a chance of one in 16 million) but
 * never gives an address back: each key stands for about 256 IPv4 addresses, and differs from event to event.
 */
export function holdClientKey(eventId: string, ip: string): string {
  return createHash('sha256')
    .update(`hold-client\n${eventId}\n${clientNetwork(ip)}`)
    .digest('hex')
    .slice(0, 6);
}

/** Seconds until `retryAt` (an ISO instant), at least 1. */
export function secondsUntil(retryAt: string, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(retryAt) - now.getTime()) / 1000));
}

export interface ReservationGuard {
  /**
   * Counts a reservation of the request's client in the event, or refuses it with 429 `too_many_requests` and
   * `Retry-After`; answers what the inventory needs to count the client's open holds (null: no limit).
   */
  admit(ctx: Context, eventId: string): Promise<HoldClient | null>;
  /** A reservation's failure handler: a refusal for too many open holds gets its `Retry-After`. */
  retryAfter(ctx: Context): (error: unknown) => never;
}

export function reservationGuard(clock: Clock, limits: ReservationLimits): ReservationGuard {
  const perMinute: Limit = { name: 'reserve-client', max: limits.perClientPerMinute, windowMs: 60_000 };
  // Its own store: reservations only ever look one minute back, so a rush's many clients are soon forgotten.
  const limiter = new RateLimiter(clock, new MemoryRateLimitStore(10_000, perMinute.windowMs));
  return {
    async admit(ctx, eventId) {
      if (limits.perClientPerMinute > 0)
        await limiter.consume(ctx, perMinute, `${eventId}|${clientNetwork(ctx.ip)}`);
      return limits.holdsPerClient > 0
        ? { key: holdClientKey(eventId, ctx.ip), maxOpenHolds: limits.holdsPerClient }
        : null;
    },
    retryAfter(ctx) {
      return (error) => {
        const retryAt = isRefusal(error) ? error.details?.retryAt : undefined;
        if (isRefusal(error) && error.reason === 'too_many_reservations' && typeof retryAt === 'string')
          ctx.set('Retry-After', String(secondsUntil(retryAt, clock.now())));
        throw error;
      };
    },
  };
}
