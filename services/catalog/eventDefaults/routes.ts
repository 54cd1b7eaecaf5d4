import Router from '@koa/router';
import type { Services } from '../../kit/http/context';
import { execute, requireAuth } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body } from '../../kit/http/validate';
import {
  eventDefaultsProjection,
  findEventDefaults,
  presentEventDefaults,
} from '../../../projections/eventDefaults';
import { findAccountDefaults, identityProjection } from '../../../projections/identity';
import { eventDefaultsDecider, eventDefaultsStream, type EventDefaults } from './eventDefaultsDecider';
import { eventDefaultsSchema } from './eventDefaultsSchemas';

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
    if (input.invoices_enabled !== undefined) changes.invoicesEnabled = input.invoices_enabled;
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
