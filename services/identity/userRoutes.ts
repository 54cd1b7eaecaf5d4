import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Services } from '../kit/http/context';
import { commandContext, readYourWrite, requireAuth, setPosition } from '../kit/http/context';
import { identityReadModels } from './readModels';
import type { CommandContext } from '../kit/commandHandler';
import { body, pathParam, singleLineText } from '../kit/http/validate';
import { parseListQuery } from '../kit/listQuery';
import { Refusal, isRefusal } from '../kit/refusal';
import {
  findUser,
  findUserById,
  listMembers,
  memberListSpec,
  presentMember,
} from '../../projections/identity';
import { findLinkToken, type LinkPurpose } from '../messaging/linkTokens';
import { accountDecider, accountStream, invitationTtlMs } from './accountDecider';
import { passwordGuesses, rateLimiterFor } from './auth';
import { emailClaimDecider, emailClaimStream, normaliseEmail } from './emailClaims';
import { loadCurrentUser } from './me';
import { emailConfirmationTtlMs } from './owners';
import { hashPassword, verifyPassword } from './passwords';
import { allow } from './policy';
import { limits } from './rateLimit';
import {
  confirmedPassword,
  emailField,
  entityId,
  firstNameField,
  lastNameField,
  localeField,
  passwordField,
  roleField,
  timezoneField,
} from './schemas';
import { isUsableRequest, userDecider, userStream, type Profile } from './userDecider';

/** `PUT /users/me`: any subset of the profile; a new email waits for confirmation; a new password needs the current one. */
export const updateProfileSchema = confirmedPassword(
  z
    .object({
      first_name: firstNameField.optional(),
      last_name: lastNameField.optional(),
      email: emailField.optional(),
      timezone: timezoneField.optional(),
      locale: localeField.optional(),
      current_password: z.string().max(1024).optional(),
      password: passwordField.optional(),
      password_confirmation: z.string().max(1024).optional(),
    })
    .strict(),
).refine((value) => value.password === undefined || (value.current_password ?? '') !== '', {
  message: 'Enter your current password',
  path: ['current_password'],
});

export const inviteSchema = z
  .object({
    email: emailField,
    role: roleField,
    first_name: singleLineText().trim().max(50, 'The first name must be at most 50 characters').optional(),
    last_name: singleLineText().trim().max(50, 'The last name must be at most 50 characters').optional(),
  })
  .strict();

export const updateMemberSchema = z
  .object({
    role: roleField.optional(),
    status: z.enum(['ACTIVE', 'INACTIVE'], { message: 'Use ACTIVE or INACTIVE' }).optional(),
  })
  .strict();

/** Email change links work for a day. */
export const emailChangeTtlMs = 24 * 3_600_000;

export function userRoutes(services: Services) {
  const router = new Router();
  const limiter = rateLimiterFor(services);
  const now = () => services.clock.now();

  async function respondWithMe(ctx: Context, position: bigint | null) {
    if (position !== null) {
      setPosition(ctx, position);
      await readYourWrite(services, position, identityReadModels);
    }
    ctx.body = { data: await loadCurrentUser(services.db, requireAuth(ctx)) };
  }

  /** The `:id` of a self-service route: only ever the caller's own (anything else is not found). */
  function ownId(ctx: Context): string {
    const auth = requireAuth(ctx);
    if (pathParam(ctx, 'id') !== auth.userId) throw new Refusal('user_not_found');
    return auth.userId;
  }

  // ---------- the logged-in user

  router.get('/users/me', allow('profile.manage'), async (ctx) => {
    await respondWithMe(ctx, null);
  });

  router.put('/users/me', allow('profile.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, updateProfileSchema);
    const context = commandContext(ctx);
    const { state } = await services.commands.load(userDecider, userStream(auth.userId));
    if (!state.exists) throw new Refusal('user_not_found');
    let last: bigint | null = null;

    if (input.password !== undefined) {
      // A stolen session must not become a way to guess the password.
      const guesses = passwordGuesses(services, ctx, `user:${auth.userId}`);
      await guesses.check();
      const stored = await findUserById(services.db, auth.userId);
      if (
        !stored?.password_hash ||
        !(await verifyPassword(stored.password_hash, input.current_password ?? ''))
      ) {
        await guesses.failed();
        throw new Refusal('current_password_incorrect', undefined, {
          current_password: ['The current password is not correct'],
        });
      }
      await guesses.succeeded();
    }
    const newEmail = input.email === undefined ? undefined : normaliseEmail(input.email);
    const changesEmail =
      newEmail !== undefined && newEmail !== state.email && newEmail !== state.emailChange?.newEmail;
    if (changesEmail) await refuseTakenEmail(services, newEmail, auth.userId);

    const changes: Partial<Profile> = {
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
    };
    const run = async (command: Parameters<typeof userDecider.decide>[0]) => {
      last = (await services.commands.handle(userDecider, userStream(auth.userId), command, context))
        .position;
    };
    if (Object.keys(changes).length > 0) await run({ type: 'UpdateProfile', changes, now: now() });
    if (input.password !== undefined) {
      await run({
        type: 'ChangePassword',
        passwordHash: await hashPassword(input.password),
        keepSessionId: auth.sessionId,
        now: now(),
      });
    }
    if (changesEmail) {
      await run({
        type: 'RequestEmailChange',
        newEmail,
        request: {
          requestId: services.ids.entity('rq'),
          expiresAt: new Date(now().getTime() + emailChangeTtlMs),
        },
        now: now(),
      });
    }
    await respondWithMe(ctx, last);
  });

  /** Follows an emailed link of the caller's own: the token must be theirs and its request still open. */
  async function ownLink(ctx: Context, purpose: LinkPurpose) {
    const userId = ownId(ctx);
    await limiter.check(ctx, limits.linkFailuresPerIp, ctx.ip);
    const link = await findLinkToken(services.db, purpose, pathParam(ctx, 'token') ?? '');
    const { state } = await services.commands.load(userDecider, userStream(userId));
    const pending = state.exists
      ? purpose === 'confirm_email'
        ? state.emailConfirmation
        : state.emailChange
      : null;
    if (
      !link ||
      link.user_id !== userId ||
      !state.exists ||
      !isUsableRequest(pending, link.request_id, now())
    ) {
      await limiter.record(limits.linkFailuresPerIp, ctx.ip);
      throw new Refusal('invalid_token');
    }
    return { userId, requestId: link.request_id, state };
  }

  router.post('/users/:id/confirm-email/:token', allow('profile.manage'), async (ctx) => {
    const { userId, requestId } = await ownLink(ctx, 'confirm_email');
    const result = await services.commands.handle(
      userDecider,
      userStream(userId),
      { type: 'ConfirmEmail', requestId, now: now() },
      commandContext(ctx),
    );
    await respondWithMe(ctx, result.position);
  });

  router.post('/users/:id/resend-email-confirmation', allow('profile.manage'), async (ctx) => {
    const userId = ownId(ctx);
    await limiter.consume(ctx, limits.confirmationMailsPerUser, userId);
    const result = await services.commands.handle(
      userDecider,
      userStream(userId),
      {
        type: 'RequestEmailConfirmation',
        request: {
          requestId: services.ids.entity('rq'),
          expiresAt: new Date(now().getTime() + emailConfirmationTtlMs),
        },
        now: now(),
      },
      commandContext(ctx),
    );
    setPosition(ctx, result.position);
    ctx.status = 202;
    ctx.body = { message: 'A new confirmation link is on its way.' };
  });

  router.post('/users/:id/email-change/:token', allow('profile.manage'), async (ctx) => {
    const { userId, requestId, state } = await ownLink(ctx, 'confirm_email_change');
    const newEmail = state.exists && state.emailChange ? state.emailChange.newEmail : '';
    const previousEmail = state.exists ? state.email : '';
    const context = commandContext(ctx);
    // The new address is claimed first, so it cannot be taken meanwhile; the old one is freed afterwards.
    await services.commands.handle(
      emailClaimDecider,
      emailClaimStream(newEmail),
      { type: 'ClaimEmail', email: newEmail, userId, now: now() },
      context,
    );
    let position: bigint;
    try {
      position = (
        await services.commands.handle(
          userDecider,
          userStream(userId),
          { type: 'ConfirmEmailChange', requestId, now: now() },
          context,
        )
      ).position;
    } catch (error) {
      await releaseEmail(services, newEmail, userId, context);
      throw error;
    }
    position = (await releaseEmail(services, previousEmail, userId, context)) ?? position;
    await respondWithMe(ctx, position);
  });

  router.delete('/users/:id/email-change', allow('profile.manage'), async (ctx) => {
    const userId = ownId(ctx);
    const result = await services.commands.handle(
      userDecider,
      userStream(userId),
      { type: 'CancelEmailChange', now: now() },
      commandContext(ctx),
    );
    await respondWithMe(ctx, result.position);
  });

  // ---------- the account's team (admins)

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

/** Refuses an address someone else holds (an early answer; the claim at confirmation is what decides). */
async function refuseTakenEmail(services: Services, email: string, userId: string): Promise<void> {
  const { state } = await services.commands.load(emailClaimDecider, emailClaimStream(email));
  if (state.claimedBy !== null && state.claimedBy !== userId) {
    throw new Refusal('email_taken', undefined, { email: ['This email address is already in use'] });
  }
}

async function releaseEmail(
  services: Services,
  email: string,
  userId: string,
  context: CommandContext,
): Promise<bigint | null> {
  const result = await services.commands.handle(
    emailClaimDecider,
    emailClaimStream(email),
    { type: 'ReleaseEmail', email, userId, now: services.clock.now() },
    context,
  );
  return result.events.length > 0 ? result.position : null;
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
