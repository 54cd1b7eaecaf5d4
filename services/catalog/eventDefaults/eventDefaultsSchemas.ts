import { z } from 'zod';
import { singleLineText } from '../../kit/http/validate';
import {
  maxContinueButtonTextLength,
  maxOrderTimeoutMinutes,
  minOrderTimeoutMinutes,
} from '../events/eventSettings';
import { dataOf, route } from '../../kit/http/routeContract';
import { eventDefaultsProjection } from '../../../projections/eventDefaults';
import { identityProjection } from '../../../projections/identity';

/** The event defaults API (`/api/event-defaults`): the request, the answer and the contract. */

const blankIsNull = (schema: z.ZodType) => z.preprocess((value) => (value === '' ? null : value), schema);

export const eventDefaultsSchema = z
  .object({
    timezone: blankIsNull(singleLineText().min(1).max(64).nullable()),
    currency: blankIsNull(
      z
        .string()
        .regex(/^[A-Za-z]{3}$/, 'Use a three-letter currency code')
        .transform((code) => code.toUpperCase())
        .nullable(),
    ),
    order_timeout_minutes: z.number().int().min(minOrderTimeoutMinutes).max(maxOrderTimeoutMinutes),
    price_display_mode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
    allow_search_engine_indexing: z.boolean(),
    show_available_quantity: z.boolean(),
    invoices_enabled: z.boolean(),
    support_email: blankIsNull(
      singleLineText().trim().email('Enter a valid email address').max(320).nullable(),
    ),
    continue_button_text: blankIsNull(singleLineText().trim().max(maxContinueButtonTextLength).nullable()),
  })
  .partial()
  .strict();

/** The event defaults as answered (projections/eventDefaults `presentEventDefaults`, with the account's). */
export const eventDefaultsResponseSchema = z.object({
  timezone: z.string().nullable(),
  currency: z.string().nullable(),
  order_timeout_minutes: z.number().int(),
  price_display_mode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
  allow_search_engine_indexing: z.boolean(),
  show_available_quantity: z.boolean(),
  invoices_enabled: z.boolean(),
  support_email: z.string().nullable(),
  continue_button_text: z.string().nullable(),
  account: z.object({ timezone: z.string(), currency: z.string() }).nullable(),
});

export const eventDefaultsRouteContracts = [
  route({
    method: 'get',
    path: '/event-defaults',
    reads: [eventDefaultsProjection, identityProjection],
    summary: 'What new events start from',
    response: dataOf(eventDefaultsResponseSchema),
  }),
  route({
    method: 'put',
    path: '/event-defaults',
    summary: 'Change the event defaults',
    body: eventDefaultsSchema,
    response: dataOf(eventDefaultsResponseSchema),
  }),
];
