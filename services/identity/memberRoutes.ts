import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../kit/http/context';
import { execute, requireAuth } from '../kit/http/context';
import { identityReadModels } from './readModels';
import type { AnyStep } from '../kit/workflow';
import { body, pathParam } from '../kit/http/validate';
import { parseListQuery } from '../kit/listQuery';
import { Refusal } from '../kit/refusal';
import {
  findUser,
  findUserById,
  listMembers,
  listMemberships,
  memberListSpec,
  presentMember,
} from '../../projections/identity';
import { accountDecider, accountStream, invitationTtlMs, type AccountCommand } from './accountDecider';
import { inviteMember, memberErasure, memberUpdate } from './memberWorkflows';
import { allow } from '../kit/http/policy';
import { entityId } from '../kit/http/ids';
import { inviteSchema, updateMemberSchema } from './memberSchemas';

/** Member administration (admins): the account's team, invitations, and corrections to a member. */
export function memberRoutes(services: Services) {
  const router = new Router();
  const now = () => services.clock.now();

  router.get('/users', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const list = parseListQuery(ctx.query, memberListSpec);
    const { rows, meta } = await listMembers(services.db, auth.accountId, list);
    ctx.body = { data: rows.map((row) => presentMember(row, now())), meta };
  });

  async function respondWithMember(ctx: Context, userId: string) {
    const row = await findUser(services.db, requireAuth(ctx).accountId, userId);
    if (!row) throw new Refusal('user_not_found');
    ctx.body = { data: presentMember(row, now()) };
  }

  /** Runs a chain of memberWorkflows and waits for the identity read models. */
  const run = (ctx: Context) => (chain: readonly AnyStep[]) =>
    execute(ctx, services, { chain, readModels: identityReadModels });

  /** Runs a command on the caller's account stream and waits for the identity read models. */
  const onAccount = (ctx: Context, command: AccountCommand) =>
    execute(ctx, services, {
      decider: accountDecider,
      stream: accountStream(requireAuth(ctx).accountId),
      command,
      readModels: identityReadModels,
    });

  router.post('/users', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, inviteSchema);
    const inviter = await findUserById(services.db, auth.userId);
    const userId = await inviteMember(
      services,
      {
        accountId: auth.accountId,
        invitedBy: auth.userId,
        email: input.email,
        role: input.role,
        firstName: input.first_name,
        lastName: input.last_name,
        locale: inviter?.locale ?? 'en',
      },
      run(ctx),
    );
    ctx.status = 201;
    ctx.set('Location', `/api/users/${userId}`);
    await respondWithMember(ctx, userId);
  });

  /** A member of the caller's account named by `:id`; another account's ids are not found. */
  async function ownedMember(ctx: Context) {
    const parsed = entityId.safeParse(pathParam(ctx, 'id'));
    if (!parsed.success) throw new Refusal('user_not_found');
    const member = await findUser(services.db, requireAuth(ctx).accountId, parsed.data);
    if (!member) throw new Refusal('user_not_found');
    return { userId: parsed.data, member };
  }

  router.get('/users/:id', allow('users.manage'), async (ctx) => {
    const { userId } = await ownedMember(ctx);
    await respondWithMember(ctx, userId);
  });

  router.put('/users/:id', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, updateMemberSchema);
    const { userId, member } = await ownedMember(ctx);
    const chain = memberUpdate({
      accountId: auth.accountId,
      userId,
      changedBy: auth.userId,
      joined: member.invitation_status === null || member.invitation_status === 'ACCEPTED',
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      status: input.status,
      now: now(),
    });
    await run(ctx)(chain);
    await respondWithMember(ctx, userId);
  });

  router.post('/users/:id/invitation', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const { userId } = await ownedMember(ctx);
    await onAccount(ctx, {
      type: 'ResendInvitation',
      userId,
      invitationId: services.ids.entity('iv'),
      resentBy: auth.userId,
      expiresAt: new Date(now().getTime() + invitationTtlMs),
      now: now(),
    });
    await respondWithMember(ctx, userId);
  });

  router.delete('/users/:id/invitation', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const { userId } = await ownedMember(ctx);
    await onAccount(ctx, { type: 'RevokeInvitation', userId, revokedBy: auth.userId, now: now() });
    await respondWithMember(ctx, userId);
  });

  /**
   * Erases a former member at their request (docs/audit.md "Erasure"): only once they are deactivated here and
   * belong to no other account, never the owner or oneself. Cannot be undone.
   */
  router.post('/users/:id/erase', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const { userId, member } = await ownedMember(ctx);
    if (userId === auth.userId) throw new Refusal('cannot_lock_yourself_out');
    if (member.is_owner) throw new Refusal('account_owner_locked');
    if (member.status === 'ACTIVE') throw new Refusal('member_still_active');
    const elsewhere = (await listMemberships(services.db, userId)).filter(
      (membership) => membership.account_id !== auth.accountId && membership.status !== 'INACTIVE',
    );
    if (elsewhere.length > 0) throw new Refusal('member_of_other_accounts');
    await run(ctx)(await memberErasure(services, { userId, erasedBy: auth.userId }));
    await respondWithMember(ctx, userId);
  });

  return router;
}
