import { z } from 'zod';
import { pageOf, route } from '../../kit/http/routeContract';
import { queryText } from '../../kit/http/validate';
import { listQuerySchema } from '../../kit/listQuery';
import {
  waitingListProjection,
  waitingListSpec,
  waitingListStatuses,
} from '../../../projections/waitingList';

export const waitingListEntryResponseSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  ticket_id: z.string(),
  tier_id: z.string().nullable(),
  /** 1 for the next entry of its ticket to be offered; null once the entry left the queue. */
  position: z.number().nullable(),
  quantity: z.number(),
  name: z.string(),
  email: z.string(),
  locale: z.string(),
  status: z.enum(waitingListStatuses as [string, ...string[]]),
  joined_at: z.string(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  expired_at: z.string().nullable(),
  converted_at: z.string().nullable(),
  order_id: z.string().nullable(),
  removed_at: z.string().nullable(),
  removed_by: z.enum(['ORGANIZER', 'BUYER']).nullable(),
});

export const waitingListAdminRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/waiting-list',
    reads: [waitingListProjection],
    summary: "The event's waiting list entries (paging, search, status and ticket filters), first come first",
    query: listQuerySchema(waitingListSpec),
    response: pageOf(waitingListEntryResponseSchema),
  }),
  route({
    method: 'get',
    path: '/events/:eventId/waiting-list/export',
    reads: [waitingListProjection],
    summary: "The event's waiting list entries in join order as a streamed CSV or XLSX file",
    query: listQuerySchema(waitingListSpec, {
      format: queryText().optional().describe('csv (the default) or xlsx'),
    }),
    status: 200,
  }),
  route({
    method: 'delete',
    path: '/events/:eventId/waiting-list/:entryId',
    summary:
      'Take an entry off the waiting list: the units it was owed or offered go back, and the address may join again',
    status: 204,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/waiting-list/:entryId/erase-personal-data',
    summary:
      'Erase the name, address and IP of an entry that left the waiting list (admins); refused while it waits or holds an offer',
    status: 204,
  }),
];
