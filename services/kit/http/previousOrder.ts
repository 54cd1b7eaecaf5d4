import type { Context } from 'koa';
import { z } from 'zod';

/**
 * The browser's last order for an event, in a cookie scoped to the event's public routes, so starting a new one
 * releases the previous hold even when the page does not send `replaces_order_id` (a reload, a second tab). The
 * checkout writes it (sales); the event's public routes read it too: the promo code check leaves that order's own
 * use of a code out (catalog's publicEventRoutes.ts).
 */
const previousOrderCookie = (eventId: string) => `order_${eventId}`;

export function previousOrderOf(ctx: Context, eventId: string): string | undefined {
  const value = ctx.cookies.get(previousOrderCookie(eventId));
  return value && z.string().uuid().safeParse(value).success ? value : undefined;
}

export function rememberOrder(ctx: Context, eventId: string, orderId: string): void {
  ctx.cookies.set(previousOrderCookie(eventId), orderId, {
    httpOnly: true,
    sameSite: 'lax',
    path: `/api/public/events/${eventId}`,
    maxAge: 24 * 3_600_000,
    overwrite: true,
  });
}
