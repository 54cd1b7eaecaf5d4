import { z } from 'zod';
import { route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { entityId } from '../../kit/http/ids';
import type { PromoCodeDefinition } from './promoCodeEvents';
import { promoCodesProjection } from '../../../projections/promoCodes';

/**
 * The promo codes API (`/api/events/{eventId}/promo-codes`): requests, responses, and how a request becomes a
 * definition. Lengths, ranges and the code's characters are the decider's rules (`checkPromoCode`), so every
 * field error of a definition comes at once; the schemas check the shapes. Money is in minor units.
 */

const isoInstant = z.iso.datetime({
  offset: true,
  message: 'Enter a date and time (ISO 8601, with a time zone offset)',
});

const definitionFields = {
  code: singleLineText().max(1000),
  discount_type: z.enum(['PERCENT', 'FIXED', 'NONE']),
  /** PERCENT: a percentage above 0 and at most 100; FIXED: minor units (1250 is 12.50); NONE: null or 0. */
  discount: z.number().nullable().optional(),
  expiry_date: isoInstant.nullable().optional(),
  max_allowed_usages: z.number().nullable().optional(),
  applicable_ticket_ids: z.array(entityId).max(1000).optional(),
};

export const createPromoCodeSchema = z.object(definitionFields).strict();
export const updatePromoCodeSchema = z.object(definitionFields).partial().strict();

export const promoCodeResponseSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  code: z.string(),
  discount_type: z.enum(['PERCENT', 'FIXED', 'NONE']),
  discount: z.number().nullable(),
  expiry_date: z.string().nullable(),
  max_allowed_usages: z.number().int().nullable(),
  /** Completed orders that used the code; 0 until orders exist. */
  times_used: z.number().int(),
  applicable_ticket_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export const promoCodeEnvelopeSchema = z.object({ data: promoCodeResponseSchema });
export const promoCodeListResponseSchema = z.object({ data: z.array(promoCodeResponseSchema) });
/** `GET /api/public/events/{id}/promo-codes/{code}`. */
export const publicPromoCodeResponseSchema = z.object({ valid: z.boolean() });

export function toPromoCodeDefinition(input: z.infer<typeof createPromoCodeSchema>): PromoCodeDefinition {
  return {
    code: input.code,
    discountType: input.discount_type,
    discount: input.discount ?? null,
    expiresAt: input.expiry_date ? new Date(input.expiry_date).toISOString() : null,
    maxUsages: input.max_allowed_usages ?? null,
    applicableTicketIds: input.applicable_ticket_ids ?? [],
  };
}

export function toPromoCodeChanges(
  input: z.infer<typeof updatePromoCodeSchema>,
): Partial<PromoCodeDefinition> {
  const changes: Partial<PromoCodeDefinition> = {};
  if (input.code !== undefined) changes.code = input.code;
  if (input.discount_type !== undefined) changes.discountType = input.discount_type;
  if (input.discount !== undefined) changes.discount = input.discount;
  if (input.expiry_date !== undefined)
    changes.expiresAt = input.expiry_date === null ? null : new Date(input.expiry_date).toISOString();
  if (input.max_allowed_usages !== undefined) changes.maxUsages = input.max_allowed_usages;
  if (input.applicable_ticket_ids !== undefined) changes.applicableTicketIds = input.applicable_ticket_ids;
  return changes;
}

export function promoCodeIdOrNotFound(value: string | undefined): string {
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new Refusal('promo_code_not_found');
  return parsed.data;
}

export const promoCodeRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/promo-codes',
    reads: [promoCodesProjection],
    summary: "The event's promo codes",
    response: promoCodeListResponseSchema,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/promo-codes',
    summary: 'Create a promo code (unique within the event, case-insensitively)',
    body: createPromoCodeSchema,
    response: promoCodeEnvelopeSchema,
    status: 201,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/promo-codes/:promoCodeId',
    reads: [promoCodesProjection],
    summary: 'A promo code',
    response: promoCodeEnvelopeSchema,
  }),
  route({
    method: 'put',
    path: '/events/:eventId/promo-codes/:promoCodeId',
    summary: 'Change a promo code',
    body: updatePromoCodeSchema,
    response: promoCodeEnvelopeSchema,
  }),
  route({
    method: 'delete',
    path: '/events/:eventId/promo-codes/:promoCodeId',
    summary: 'Delete a promo code (its code becomes free)',
    status: 204,
  }),
];
