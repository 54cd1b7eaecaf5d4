import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Services } from '../kit/http/context';
import { commandContext, readYourWrite, requireAuth, setPosition } from '../kit/http/context';
import { identityReadModels } from './readModels';
import type { CommandContext } from '../kit/commandHandler';
import { body, pathParam, singleLineText } from '../kit/http/validate';
import { listQuerySchema, parseListQuery } from '../kit/listQuery';
import { Refusal, isRefusal } from '../kit/refusal';
import {
  findUser,
  findUserById,
  listMembers,
  memberListSpec,
  presentMember,
} from '../../projections/identity';
import { accountDecider, accountStream, invitationTtlMs } from './accountDecider';
import { emailClaimDecider, emailClaimStream, normaliseEmail } from './emailClaims';
import { allow } from './policy';
import { emailField, entityId, firstNameField, lastNameField, memberSchema, roleField } from './schemas';
import { userDecider, userStream } from './userDecider';
import { dataOf, pageOf, route } from '../kit/http/routeContract';

export const inviteSchema = z
  .object({
    email: emailField,
    role: roleField,
    first_name: singleLineText().trim().max(50, 'The first name must be at most 50 characters').optional(),
    last_name: singleLineText().trim().max(50, 'The last name must be at most 50 characters').optional(),
  })
  .strict();

/** An admin's change to a member: role, status, and a correction of the name (spec section 7). */
export const updateMemberSchema = z
  .object({
    first_name: firstNameField.optional(),
    last_name: lastNameField.optional(),
    role: roleField.optional(),
    status: z.enum(['ACTIVE', 'INACTIVE'], { message: 'Use ACTIVE or INACTIVE' }).optional(),
  })
  .strict();

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

  async function respondWithMember(ctx: Context, userId: string, position: bigint | null) {
    if (position !== null) {
      setPosition(ctx, position);
      await readYourWrite(services, position, identityReadModels);
    }
    const row = await findUser(services.db, requireAuth(ctx).accountId, userId);
    if (!row) throw new Refusal('user_not_found');
    ctx.body = { data: presentMember(row, now()) };
  }

  router.post('/users', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, inviteSchema);
    const context = commandContext(ctx);
    const inviter = await findUserById(services.db, auth.userId);
    const userId = await userForInvitation(services, input, inviter?.locale ?? 'en', context);
    const result = await services.commands.handle(
      accountDecider,
      accountStream(auth.accountId),
      {
        type: 'InviteMember',
        userId,
        email: normaliseEmail(input.email),
        role: input.role,
        invitationId: services.ids.entity('iv'),
        invitedBy: auth.userId,
        expiresAt: new Date(now().getTime() + invitationTtlMs),
        now: now(),
      },
      context,
    );
    ctx.status = 201;
    ctx.set('Location', `/api/users/${userId}`);
    await respondWithMember(ctx, userId, result.position);
  });

  /** A member of the caller's account named by `:id`; another account's ids are not found. */
  async function memberId(ctx: Context): Promise<string> {
    const parsed = entityId.safeParse(pathParam(ctx, 'id'));
    if (!parsed.success) throw new Refusal('user_not_found');
    if (!(await findUser(services.db, requireAuth(ctx).accountId, parsed.data)))
      throw new Refusal('user_not_found');
    return parsed.data;
  }

  router.get('/users/:id', allow('users.manage'), async (ctx) => {
    await respondWithMember(ctx, await memberId(ctx), null);
  });

  router.put('/users/:id', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, updateMemberSchema);
    const userId = await memberId(ctx);
    const context = commandContext(ctx);
    let last: bigint | null = null;
    if (input.first_name !== undefined || input.last_name !== undefined) {
      const member = await findUser(services.db, auth.accountId, userId);
      const joined = member?.invitation_status === null || member?.invitation_status === 'ACCEPTED';
      const corrected = await services.commands.handle(
        userDecider,
        userStream(userId),
        {
          type: 'CorrectName',
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          joined,
          now: now(),
        },
        context,
      );
      if (corrected.events.length > 0) last = corrected.position;
    }
    const changes: Array<Parameters<typeof accountDecider.decide>[0]> = [];
    if (input.role !== undefined)
      changes.push({
        type: 'ChangeMemberRole',
        userId,
        role: input.role,
        changedBy: auth.userId,
        now: now(),
      });
    if (input.status !== undefined)
      changes.push({
        type: 'ChangeMemberStatus',
        userId,
        status: input.status,
        changedBy: auth.userId,
        now: now(),
      });
    for (const command of changes) {
      last = (await services.commands.handle(accountDecider, accountStream(auth.accountId), command, context))
        .position;
    }
    await respondWithMember(ctx, userId, last);
  });

  router.post('/users/:id/invitation', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const userId = await memberId(ctx);
    const result = await services.commands.handle(
      accountDecider,
      accountStream(auth.accountId),
      {
        type: 'ResendInvitation',
        userId,
        invitationId: services.ids.entity('iv'),
        resentBy: auth.userId,
        expiresAt: new Date(now().getTime() + invitationTtlMs),
        now: now(),
      },
      commandContext(ctx),
    );
    await respondWithMember(ctx, userId, result.position);
  });

  router.delete('/users/:id/invitation', allow('users.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const userId = await memberId(ctx);
    const result = await services.commands.handle(
      accountDecider,
      accountStream(auth.accountId),
      { type: 'RevokeInvitation', userId, revokedBy: auth.userId, now: now() },
      commandContext(ctx),
    );
    await respondWithMember(ctx, userId, result.position);
  });

  return router;
}

/**
 * The user an invitation is for: whoever holds the address (someone with a login elsewhere, or an earlier
 * invitee), else a new invited user who claims it. Two admins inviting one new address at once end up with
 * the same user: the loser of the claim takes the winner's. A claim whose user was never written (a crash in
 * between) is completed here.
 */
async function userForInvitation(
  services: Services,
  input: { email: string; first_name?: string | undefined; last_name?: string | undefined },
  locale: string,
  context: CommandContext,
): Promise<string> {
  const email = normaliseEmail(input.email);
  const stream = emailClaimStream(email);
  const now = services.clock.now();
  let userId = (await services.commands.load(emailClaimDecider, stream)).state.claimedBy;
  if (!userId) {
    const candidate = services.ids.entity('us');
    try {
      await services.commands.handle(
        emailClaimDecider,
        stream,
        { type: 'ClaimEmail', email, userId: candidate, now },
        context,
      );
      userId = candidate;
    } catch (error) {
      if (!isRefusal(error) || error.reason !== 'email_taken') throw error;
      userId = (await services.commands.load(emailClaimDecider, stream)).state.claimedBy;
      if (!userId) throw error;
    }
  }
  if (!(await services.commands.load(userDecider, userStream(userId))).state.exists) {
    try {
      await services.commands.handle(
        userDecider,
        userStream(userId),
        {
          type: 'InviteUser',
          userId,
          email,
          firstName: input.first_name ?? '',
          lastName: input.last_name ?? '',
          locale,
          now,
        },
        context,
      );
    } catch (error) {
      if (!isRefusal(error) || error.reason !== 'user_already_exists') throw error;
    }
  }
  return userId;
}

export const memberRouteContracts = [
  route({
    method: 'get',
    path: '/users',
    summary: "The account's members (list query)",
    query: listQuerySchema(memberListSpec),
    response: pageOf(memberSchema),
  }),
  route({
    method: 'post',
    path: '/users',
    summary: 'Invite a member',
    body: inviteSchema,
    response: dataOf(memberSchema),
    status: 201,
  }),
  route({ method: 'get', path: '/users/:id', summary: 'A member', response: dataOf(memberSchema) }),
  route({
    method: 'put',
    path: '/users/:id',
    summary: "Change a member's role, status or name",
    body: updateMemberSchema,
    response: dataOf(memberSchema),
  }),
  route({
    method: 'post',
    path: '/users/:id/invitation',
    summary: 'Resend an invitation',
    response: dataOf(memberSchema),
  }),
  route({
    method: 'delete',
    path: '/users/:id/invitation',
    summary: 'Revoke an invitation',
    response: dataOf(memberSchema),
  }),
];
