import { z } from 'zod';
import { singleLineText } from '../kit/http/validate';
import { maxAccountNameLength } from './accountDecider';
import { dataOf, route } from '../kit/http/routeContract';
import { identityProjection } from '../../projections/identity';

/** The account API (`/api/account`): requests, answers and contracts. */

/** `/account/settings`: the account's name and the defaults new events start from. Admins only. */
export const accountSettingsSchema = z
  .object({
    name: singleLineText()
      .trim()
      .min(1, 'The account name is required')
      .max(maxAccountNameLength, `The name must be under ${maxAccountNameLength + 1} characters`)
      .optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'Use a three-letter currency code')
      .transform((code) => code.toUpperCase())
      .optional(),
    timezone: singleLineText().trim().min(1).max(64).optional(),
  })
  .strict();

export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  owner_user_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const accountRouteContracts = [
  route({
    method: 'get',
    path: '/account',
    reads: [identityProjection],
    summary: 'The account',
    response: dataOf(accountSchema),
  }),
  route({
    method: 'put',
    path: '/account',
    summary: "Change the account's name and defaults",
    body: accountSettingsSchema,
    response: dataOf(accountSchema),
  }),
];
