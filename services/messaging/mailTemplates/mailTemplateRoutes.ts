import Router from '@koa/router';
import type { Context } from 'koa';
import { execute, requireAuth, type Services } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { ownedEvent } from '../../catalog/events/ownedEvent';
import { findUser } from '../../../projections/identity';
import { checkTemplate, mailTemplateDecider, type MailTemplateState } from './mailTemplateDecider';
import { mailTemplateStream, orderMailKinds, type OrderMailKind } from './mailTemplateEvents';
import { kindOrNotFound, orderMailTemplateSchema, toTemplate } from './mailTemplateSchemas';
import { orderMailPlaceholders, renderOrderMail, sampleOrderMailData } from './orderMail';

/**
 * Per event, the organizer's wording of the order confirmation and the ticket mail. Read from the event's
 * template stream itself (no read model: one small stream, read where it is needed, by the mail reactor too).
 */
export function mailTemplateRoutes(services: Services) {
  const router = new Router();
  router.use('/events', allow('events.manage'));

  const present = (state: MailTemplateState, kind: OrderMailKind) => {
    const template = state.templates[kind];
    return {
      kind,
      is_custom: Boolean(template),
      subject: template?.subject ?? null,
      body: template?.body ?? null,
      placeholders: [...orderMailPlaceholders[kind]],
    };
  };

  async function load(eventId: string) {
    return (await services.commands.load(mailTemplateDecider, mailTemplateStream(eventId))).state;
  }

  async function ownedKind(ctx: Context) {
    const { eventId } = await ownedEvent(ctx, services);
    return { eventId, kind: kindOrNotFound(pathParam(ctx, 'kind')) };
  }

  router.get('/events/:eventId/email-templates', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    const state = await load(eventId);
    ctx.body = { data: orderMailKinds.map((kind) => present(state, kind)) };
  });

  router.put('/events/:eventId/email-templates/:kind', async (ctx) => {
    const input = body(ctx, orderMailTemplateSchema);
    const { eventId, kind } = await ownedKind(ctx);
    const auth = requireAuth(ctx);
    const { state } = await execute(ctx, services, {
      decider: mailTemplateDecider,
      stream: mailTemplateStream(eventId),
      command: {
        type: 'SaveOrderMailTemplate',
        eventId,
        accountId: auth.accountId,
        kind,
        template: toTemplate(input),
        savedBy: auth.userId,
        now: services.clock.now(),
      },
      readModels: [],
    });
    ctx.body = { data: present(state, kind) };
  });

  router.delete('/events/:eventId/email-templates/:kind', async (ctx) => {
    const { eventId, kind } = await ownedKind(ctx);
    const auth = requireAuth(ctx);
    const { state } = await execute(ctx, services, {
      decider: mailTemplateDecider,
      stream: mailTemplateStream(eventId),
      command: {
        type: 'ResetOrderMailTemplate',
        eventId,
        accountId: auth.accountId,
        kind,
        resetBy: auth.userId,
        now: services.clock.now(),
      },
      readModels: [],
    });
    ctx.body = { data: present(state, kind) };
  });

  router.post('/events/:eventId/email-templates/:kind/preview', async (ctx) => {
    const input = body(ctx, orderMailTemplateSchema);
    const { kind } = await ownedKind(ctx);
    const template = checkTemplate(kind, toTemplate(input));
    const auth = requireAuth(ctx);
    // In the member's own language: the frame around the text is what each buyer sees in theirs.
    const locale = (await findUser(services.db, auth.accountId, auth.userId))?.locale ?? 'en';
    ctx.body = { data: renderOrderMail(template, sampleOrderMailData(kind, locale)) };
  });

  return router;
}
