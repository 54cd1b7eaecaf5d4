import { z } from 'zod';
import { dataOf, route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { entityId } from '../../kit/http/ids';
import type { AffiliateDetails } from './affiliateEvents';
import { affiliatesProjection } from '../../../projections/affiliates';

/**
 * The affiliates API (`/api/events/{eventId}/affiliates`, as the reference peer shapes it). Lengths and the
 * code's characters are the decider's rules (`checkAffiliate`), so every field error comes at once.
 */

const status = z.enum(['ACTIVE', 'INACTIVE']);
const detailFields = {
  name: singleLineText().max(1000),
  email: singleLineText().max(1000).nullable().optional(),
  status: status.optional(),
};

export const createAffiliateSchema = z.object({ code: singleLineText().max(1000), ...detailFields }).strict();
/** The code is the affiliate's identity in links already handed out: it cannot change. */
export const updateAffiliateSchema = z.object(detailFields).partial().strict();

export const affiliateResponseSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status,
  orders_count: z.number().int(),
  revenue: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const affiliateListResponseSchema = z.object({ data: z.array(affiliateResponseSchema) });

export function toAffiliateDetails(input: z.infer<typeof createAffiliateSchema>): AffiliateDetails {
  return { name: input.name, email: input.email ?? null, status: input.status ?? 'ACTIVE' };
}

export function toAffiliateChanges(input: z.infer<typeof updateAffiliateSchema>): Partial<AffiliateDetails> {
  const changes: Partial<AffiliateDetails> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.status !== undefined) changes.status = input.status;
  return changes;
}

export function affiliateIdOrNotFound(value: string | undefined): string {
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new Refusal('affiliate_not_found');
  return parsed.data;
}

export const affiliateRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/affiliates',
    reads: [affiliatesProjection],
    summary: "The event's affiliates with the orders and revenue their codes brought in",
    response: affiliateListResponseSchema,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/affiliates',
    summary: 'Create an affiliate code (unique within the event, case-insensitively)',
    body: createAffiliateSchema,
    response: dataOf(affiliateResponseSchema),
    status: 201,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/affiliates/:affiliateId',
    reads: [affiliatesProjection],
    summary: 'An affiliate',
    response: dataOf(affiliateResponseSchema),
  }),
  route({
    method: 'put',
    path: '/events/:eventId/affiliates/:affiliateId',
    summary: "Change an affiliate's name, email or status (the code stays)",
    body: updateAffiliateSchema,
    response: dataOf(affiliateResponseSchema),
  }),
  route({
    method: 'delete',
    path: '/events/:eventId/affiliates/:affiliateId',
    summary: 'Delete an affiliate (its code becomes free)',
    status: 204,
  }),
];
