import Router from '@koa/router';
import type { Services } from '../kit/http/context';
import { execute, requireAuth } from '../kit/http/context';
import { body } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import { findAccount, identityProjection, presentAccount } from '../../projections/identity';
import { accountDecider, accountStream } from './accountDecider';
import { allow } from '../kit/http/policy';
import { accountSettingsSchema } from './accountSchemas';

export function accountRoutes(services: Services) {
  const router = new Router();
  router.use('/account', allow('account.manage'));

  router.get('/account', async (ctx) => {
    const account = await findAccount(services.db, requireAuth(ctx).accountId);
    if (!account) throw new Refusal('account_not_found');
    ctx.body = { data: presentAccount(account) };
  });

  router.put('/account', async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, accountSettingsSchema);
    await execute(ctx, services, {
      decider: accountDecider,
      stream: accountStream(auth.accountId),
      command: { type: 'UpdateAccountSettings', changes: input, now: services.clock.now() },
      readModels: [identityProjection.name],
    });
    const account = await findAccount(services.db, auth.accountId);
    if (!account) throw new Refusal('account_not_found');
    ctx.body = { data: presentAccount(account) };
  });

  return router;
}
