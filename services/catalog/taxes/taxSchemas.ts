import { z } from 'zod';
import { entityIdOf } from '../../kit/http/ids';
import { route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { maxTaxNameLength } from './taxDecider';
import type { TaxDetails } from './taxEvents';
import { taxesAndFeesProjection } from '../../../projections/taxes';

/**
 * The taxes-and-fees API (`/api/account/taxes-and-fees`): requests, responses, and how a request becomes the
 * domain's details. A PERCENTAGE names its `rate` in percent (e.g. 19 or 7.5); a FIXED one its `amount` in
 * integer minor units of the event's currency (150 is €1.50), charged per ticket.
 */

export const taxIdSchema = entityIdOf('tx');

export const taxRequestSchema = z
  .object({
    name: singleLineText()
      .trim()
      .min(1, 'The name is required')
      .max(maxTaxNameLength, `The name must be under ${maxTaxNameLength + 1} characters`),
    type: z.enum(['TAX', 'FEE']),
    calculation_type: z.enum(['PERCENTAGE', 'FIXED']),
    rate: z
      .number()
      .min(0, 'The rate cannot be negative')
      .max(100, 'The rate cannot be over 100%')
      .nullable()
      .optional(),
    amount: z
      .number()
      .int('Enter the amount in minor units (a whole number, e.g. 150 for 1.50)')
      .min(0, 'The amount cannot be negative')
      .max(Number.MAX_SAFE_INTEGER)
      .nullable()
      .optional(),
    is_default: z.boolean().default(false),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.calculation_type === 'PERCENTAGE' && (input.rate === undefined || input.rate === null))
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Enter the rate in percent' });
    if (input.calculation_type === 'FIXED' && (input.amount === undefined || input.amount === null))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount' });
  });
export type TaxRequest = z.infer<typeof taxRequestSchema>;

/** Create and update take the whole tax or fee (an update replaces every field). */
export const createTaxSchema = taxRequestSchema;
export const updateTaxSchema = taxRequestSchema;

export function toTaxDetails(input: TaxRequest): TaxDetails {
  return {
    name: input.name,
    kind: input.type,
    charge:
      input.calculation_type === 'PERCENTAGE'
        ? { calculation: 'PERCENTAGE', rate: input.rate ?? 0 }
        : { calculation: 'FIXED', amount: input.amount ?? 0 },
    isDefault: input.is_default,
  };
}

export const taxResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['TAX', 'FEE']),
  calculation_type: z.enum(['PERCENTAGE', 'FIXED']),
  /** PERCENTAGE only: percent. */
  rate: z.number().nullable(),
  /** FIXED only: integer minor units. */
  amount: z.number().int().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const taxEnvelopeSchema = z.object({ data: taxResponseSchema });
export const taxListResponseSchema = z.object({ data: z.array(taxResponseSchema) });

export const taxRouteContracts = [
  route({
    method: 'get',
    path: '/account/taxes-and-fees',
    reads: [taxesAndFeesProjection],
    summary: "The account's taxes and fees",
    response: taxListResponseSchema,
  }),
  route({
    method: 'post',
    path: '/account/taxes-and-fees',
    summary: 'Create a tax or fee (rate in percent, amount in minor units)',
    body: createTaxSchema,
    response: taxEnvelopeSchema,
    status: 201,
  }),
  route({
    method: 'get',
    path: '/account/taxes-and-fees/:id',
    reads: [taxesAndFeesProjection],
    summary: 'A tax or fee',
    response: taxEnvelopeSchema,
  }),
  route({
    method: 'put',
    path: '/account/taxes-and-fees/:id',
    summary: 'Replace a tax or fee',
    body: updateTaxSchema,
    response: taxEnvelopeSchema,
  }),
  route({
    method: 'delete',
    path: '/account/taxes-and-fees/:id',
    summary: 'Delete a tax or fee',
    status: 204,
  }),
];
