import Router from '@koa/router';
import { z } from 'zod';
import type { Services } from '../kit/http/context';
import { execute, requireAuth } from '../kit/http/context';
import { body, singleLineText } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import { findAccount, identityProjection, presentAccount } from '../../projections/identity';
import { accountDecider, accountStream, maxAccountNameLength } from './accountDecider';
import { allow } from './policy';
import { dataOf, route } from '../kit/http/routeContract';

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
  route({ method: 'get', path: '/account', summary: 'The account', response: dataOf(accountSchema) }),
  route({
    method: 'put',
    path: '/account',
    summary: "Change the account's name and defaults",
    body: accountSettingsSchema,
    response: dataOf(accountSchema),
  }),
];
