import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  findEventPromoCode,
  listEventPromoCodes,
  presentPromoCode,
  promoCodesProjection,
} from '../../../projections/promoCodes';
import { checkTicketsOfEvent } from '../applicableTickets';
import { ownedEvent } from '../events/ownedEvent';
import {
  promoCodeCreation,
  promoCodeDeletion,
  promoCodeUpdate,
  type PromoCodeWorkflow,
} from './promoCodeCommands';
import {
  createPromoCodeSchema,
  promoCodeIdOrNotFound,
  toPromoCodeChanges,
  toPromoCodeDefinition,
  updatePromoCodeSchema,
} from './promoCodeSchemas';

/**
 * The organizer's promo codes (`/api/events/:eventId/promo-codes`). The workflows in promoCodeCommands claim
 * the code within the event and mirror the maximum uses into the event's inventory; these routes check who
 * asks and answer with the read model.
 */
export function promoCodeRoutes(services: Services) {
  const router = new Router();
  router.use('/events', allow('events.manage'));
  const readModels = [promoCodesProjection.name];

  /** Runs the workflow's chain and answers with the promo code as the read model now shows it. */
  async function run(ctx: Context, eventId: string, { promoCodeId, chain }: PromoCodeWorkflow) {
    await execute(ctx, services, { chain, readModels });
    const row = await findEventPromoCode(services.db, eventId, promoCodeId);
    if (!row) throw new Refusal('promo_code_not_found');
    return presentPromoCode(row);
  }

  /** The caller's event and the promo code id; the promo code's decider refuses another event's code (404). */
  async function ownedPromoCode(ctx: Context) {
    const { eventId } = await ownedEvent(ctx, services);
    return { eventId, promoCodeId: promoCodeIdOrNotFound(pathParam(ctx, 'promoCodeId')) };
  }

  router.get('/events/:eventId/promo-codes', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    ctx.body = { data: (await listEventPromoCodes(services.db, eventId)).map(presentPromoCode) };
  });

  router.post('/events/:eventId/promo-codes', async (ctx) => {
    const input = body(ctx, createPromoCodeSchema);
    const { eventId } = await ownedEvent(ctx, services);
    await checkTicketsOfEvent(services.db, eventId, input.applicable_ticket_ids);
    const creation = promoCodeCreation(services, { eventId, definition: toPromoCodeDefinition(input) });
    const data = await run(ctx, eventId, creation);
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/promo-codes/${creation.promoCodeId}`);
    ctx.body = { data };
  });

  router.get('/events/:eventId/promo-codes/:promoCodeId', async (ctx) => {
    const { eventId, promoCodeId } = await ownedPromoCode(ctx);
    const row = await findEventPromoCode(services.db, eventId, promoCodeId);
    if (!row) throw new Refusal('promo_code_not_found');
    ctx.body = { data: presentPromoCode(row) };
  });

  router.put('/events/:eventId/promo-codes/:promoCodeId', async (ctx) => {
    const input = body(ctx, updatePromoCodeSchema);
    const { eventId, promoCodeId } = await ownedPromoCode(ctx);
    await checkTicketsOfEvent(services.db, eventId, input.applicable_ticket_ids);
    const update = await promoCodeUpdate(services, {
      eventId,
      promoCodeId,
      changes: toPromoCodeChanges(input),
    });
    ctx.body = { data: await run(ctx, eventId, update) };
  });

  router.delete('/events/:eventId/promo-codes/:promoCodeId', async (ctx) => {
    const { eventId, promoCodeId } = await ownedPromoCode(ctx);
    const { chain } = await promoCodeDeletion(services, { eventId, promoCodeId });
    await execute(ctx, services, { chain, readModels });
    ctx.status = 204;
  });

  return router;
}
