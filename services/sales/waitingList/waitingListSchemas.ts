import { z } from 'zod';
import { route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { supportedLocales } from '../../messaging/locales';
import { maxWaitingEmailLength, maxWaitingNameLength } from './waitingEntryDecider';

/** The public join form: who, how many of which ticket (and tier), and the language the offer is written in. */
export const joinWaitingListSchema = z
  .object({
    name: singleLineText().max(maxWaitingNameLength),
    email: z.string().max(maxWaitingEmailLength),
    quantity: z.number().int(),
    tier_id: z.string().min(1).max(64).nullable().default(null),
    locale: z.enum(supportedLocales).default('en'),
  })
  .strict();

export const joinedWaitingListResponseSchema = z.object({
  data: z.object({ entry_id: z.string(), status: z.literal('WAITING') }),
});

export const publicWaitingListRouteContracts = [
  route({
    method: 'post',
    path: '/public/events/:eventId/tickets/:ticketId/waiting-list',
    summary: "Join a sold-out ticket's waiting list (when the organizer enabled it)",
    body: joinWaitingListSchema,
    response: joinedWaitingListResponseSchema,
    status: 201,
    public: true,
  }),
];

/** The offer link's visit: the token from the mail's link. */
export const claimWaitingOfferSchema = z.object({ token: z.string().min(1).max(100) }).strict();

export const claimedWaitingOfferResponseSchema = z.object({
  data: z.object({
    entry_id: z.string(),
    event_id: z.string(),
    /** The order the offer became: the normal checkout continues with it (details, payment). */
    order_id: z.string(),
    order_short_id: z.string(),
    expires_at: z.string(),
  }),
});

export const publicWaitingOfferRouteContracts = [
  route({
    method: 'post',
    path: '/public/waiting-offers/:entryId/claim',
    summary: "Open a waiting-list offer from its mail's link: binds it to this browser and answers its order",
    body: claimWaitingOfferSchema,
    response: claimedWaitingOfferResponseSchema,
    public: true,
  }),
];

export const offeredWaitingEntryResponseSchema = z.object({
  data: z.object({ entry_id: z.string(), status: z.literal('OFFERED'), expires_at: z.string() }),
});

export const waitingOfferAdminRouteContracts = [
  route({
    method: 'post',
    path: '/events/:eventId/waiting-list/:entryId/offer',
    summary: 'Offer the units to a waiting entry now (sold_out unless they are free for it)',
    response: offeredWaitingEntryResponseSchema,
  }),
];
