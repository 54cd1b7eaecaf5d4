import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { commandContext, readYourWrite, setPosition } from '../../kit/http/context';
import { allow } from '../../identity/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  findEventPromoCode,
  listEventPromoCodes,
  presentPromoCode,
  promoCodesProjection,
} from '../../../projections/promoCodes';
import { checkTicketsOfEvent, ownedEventOf } from '../applicableTickets';
import {
  createPromoCode,
  deletePromoCode,
  updatePromoCode,
  type PromoCodeWritten,
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

  async function answer(ctx: Context, eventId: string, written: PromoCodeWritten) {
    setPosition(ctx, written.position);
    await readYourWrite(services, written.position, readModels);
    const row = await findEventPromoCode(services.db, eventId, written.promoCodeId);
    if (!row) throw new Refusal('promo_code_not_found');
    return presentPromoCode(row);
  }

  /** The caller's event and the promo code id; the promo code's decider refuses another event's code (404). */
  async function ownedPromoCode(ctx: Context) {
    const eventId = await ownedEventOf(ctx, services);
    return { eventId, promoCodeId: promoCodeIdOrNotFound(pathParam(ctx, 'promoCodeId')) };
  }

  router.get('/events/:eventId/promo-codes', async (ctx) => {
    const eventId = await ownedEventOf(ctx, services);
    ctx.body = { data: (await listEventPromoCodes(services.db, eventId)).map(presentPromoCode) };
  });

  router.post('/events/:eventId/promo-codes', async (ctx) => {
    const input = body(ctx, createPromoCodeSchema);
    const eventId = await ownedEventOf(ctx, services);
    await checkTicketsOfEvent(services.db, eventId, input.applicable_ticket_ids);
    const written = await createPromoCode(
      services,
      { eventId, definition: toPromoCodeDefinition(input) },
      commandContext(ctx),
    );
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/promo-codes/${written.promoCodeId}`);
    ctx.body = { data: await answer(ctx, eventId, written) };
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
    const written = await updatePromoCode(
      services,
      { eventId, promoCodeId, changes: toPromoCodeChanges(input) },
      commandContext(ctx),
    );
    ctx.body = { data: await answer(ctx, eventId, written) };
  });

  router.delete('/events/:eventId/promo-codes/:promoCodeId', async (ctx) => {
    const { eventId, promoCodeId } = await ownedPromoCode(ctx);
    const written = await deletePromoCode(services, { eventId, promoCodeId }, commandContext(ctx));
    setPosition(ctx, written.position);
    await readYourWrite(services, written.position, readModels);
    ctx.status = 204;
  });

  return router;
}
