import { z } from 'zod';
import { dataOf, route } from '../../kit/http/routeContract';
import { queryText } from '../../kit/http/validate';

/** A token as the routes take it (header or query): bounded, checked by its signature. */
export const maxWaitingRoomTokenLength = 300;

/** Joining: the token this browser already holds for the event, if any (it keeps its number). */
export const joinWaitingRoomSchema = z
  .object({ token: z.string().min(1).max(maxWaitingRoomTokenLength).nullable().default(null) })
  .strict();

export const waitingRoomStatusQuerySchema = z
  .object({ token: queryText().max(maxWaitingRoomTokenLength).optional() })
  .strict();

const place = {
  /** The buyer's number, in arrival order. */
  number: z.number().int(),
  /** 0 once admitted; otherwise 1 + the numbers ahead still waiting. */
  position: z.number().int(),
  ahead: z.number().int(),
  estimated_wait_seconds: z.number().int(),
  admitted: z.boolean(),
  /** Until when an admitted buyer may start the reservation; null while waiting. */
  admission_expires_at: z.string().nullable(),
  /** Nothing is left to reserve. */
  sold_out: z.boolean(),
};

export const joinedWaitingRoomSchema = z.object({ token: z.string(), ...place });

/** Status: `enabled` false when the event has no waiting room on; the place is null without a (valid) token. */
export const waitingRoomStatusSchema = z.object({
  enabled: z.boolean(),
  sold_out: z.boolean(),
  place: z
    .object({
      number: place.number,
      position: place.position,
      ahead: place.ahead,
      estimated_wait_seconds: place.estimated_wait_seconds,
      admitted: place.admitted,
      admission_expires_at: place.admission_expires_at,
    })
    .nullable(),
});

export const publicWaitingRoomRouteContracts = [
  route({
    method: 'post',
    path: '/public/events/:eventId/waiting-room',
    summary: "Take a number in the event's waiting room (or keep the one this browser's token holds)",
    body: joinWaitingRoomSchema,
    response: dataOf(joinedWaitingRoomSchema),
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/waiting-room',
    summary: 'Whether the event has a waiting room on, and the place of the given token in it',
    query: waitingRoomStatusQuerySchema,
    response: dataOf(waitingRoomStatusSchema),
    public: true,
  }),
];
