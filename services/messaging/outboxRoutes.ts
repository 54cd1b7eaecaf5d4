import Router from '@koa/router';
import type { Services } from '../kit/http/context';
import { requireAuth } from '../kit/http/context';
import { pathParam } from '../kit/http/validate';
import { parseListQuery } from '../kit/listQuery';
import { Refusal } from '../kit/refusal';
import { allow } from '../kit/http/policy';
import {
  findOutboxMail,
  listOutbox,
  mailAttachmentsOf,
  outboxListSpec,
  presentOutboxMail,
  presentOutboxSummary,
} from './outbox';

/**
 * The outbox as admins read it: every mail of their account and every mail to themselves, sent or not. It is
 * how mail is read where no SMTP server is configured (the embedded default).
 */
export function outboxRoutes(services: Services) {
  const router = new Router();
  router.use('/outbox', allow('outbox.read'));

  router.get('/outbox', async (ctx) => {
    const auth = requireAuth(ctx);
    const list = parseListQuery(ctx.query, outboxListSpec);
    const { rows, meta } = await listOutbox(
      services.db,
      { accountId: auth.accountId, userId: auth.userId },
      list,
    );
    ctx.body = { data: rows.map(presentOutboxSummary), meta };
  });

  router.get('/outbox/:id', async (ctx) => {
    const auth = requireAuth(ctx);
    const id = pathParam(ctx, 'id') ?? '';
    const row = /^ml_[0-9a-f]{32}$/.test(id)
      ? await findOutboxMail(services.db, { accountId: auth.accountId, userId: auth.userId }, id)
      : undefined;
    if (!row) throw new Refusal('mail_not_found');
    ctx.body = { data: presentOutboxMail(row, await mailAttachmentsOf(services.db, row.id)) };
  });

  return router;
}
