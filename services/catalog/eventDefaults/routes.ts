import Router from '@koa/router';
import { z } from 'zod';
import type { Services } from '../../kit/http/context';
import { execute, requireAuth } from '../../kit/http/context';
import { allow } from '../../identity/policy';
import { body, singleLineText } from '../../kit/http/validate';
import {
  eventDefaultsProjection,
  findEventDefaults,
  presentEventDefaults,
} from '../../../projections/eventDefaults';
import { findAccountDefaults, identityProjection } from '../../../projections/identity';
import {
  maxContinueButtonTextLength,
  maxOrderTimeoutMinutes,
  minOrderTimeoutMinutes,
} from '../events/eventSettings';
import { eventDefaultsDecider, eventDefaultsStream, type EventDefaults } from './eventDefaultsDecider';
import { dataOf, route } from '../../kit/http/routeContract';

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
  support_email: z.string().nullable(),
  continue_button_text: z.string().nullable(),
  account: z.object({ timezone: z.string(), currency: z.string() }).nullable(),
});

/** `/account/event-defaults`: every role reads them (new events use them); only admins change them. */
export function eventDefaultsRoutes(services: Services) {
  const router = new Router();

  /** The event defaults with the account's own zone and currency, which apply where the defaults name none. */
  async function present(accountId: string) {
    const [defaults, account] = await Promise.all([
      findEventDefaults(services.db, accountId),
      findAccountDefaults(services.db, accountId),
    ]);
    return { ...presentEventDefaults(defaults), account: account ?? null };
  }

  router.get('/event-defaults', allow('events.manage'), async (ctx) => {
    ctx.body = { data: await present(requireAuth(ctx).accountId) };
  });

  router.put('/event-defaults', allow('account.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, eventDefaultsSchema);
    const changes: Partial<EventDefaults> = {};
    if (input.timezone !== undefined) changes.timezone = input.timezone as string | null;
    if (input.currency !== undefined) changes.currency = input.currency as string | null;
    if (input.order_timeout_minutes !== undefined) changes.orderTimeoutMinutes = input.order_timeout_minutes;
    if (input.price_display_mode !== undefined) changes.priceDisplayMode = input.price_display_mode;
    if (input.allow_search_engine_indexing !== undefined)
      changes.allowSearchEngineIndexing = input.allow_search_engine_indexing;
    if (input.show_available_quantity !== undefined)
      changes.showAvailableQuantity = input.show_available_quantity;
    if (input.support_email !== undefined) changes.supportEmail = input.support_email as string | null;
    if (input.continue_button_text !== undefined)
      changes.continueButtonText = input.continue_button_text as string | null;
    await execute(ctx, services, {
      decider: eventDefaultsDecider,
      stream: eventDefaultsStream(auth.accountId),
      command: { type: 'UpdateEventDefaults', accountId: auth.accountId, changes, now: services.clock.now() },
      readModels: [eventDefaultsProjection.name, identityProjection.name],
    });
    ctx.body = { data: await present(auth.accountId) };
  });

  return router;
}

export const eventDefaultsRouteContracts = [
  route({
    method: 'get',
    path: '/event-defaults',
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
