import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Services } from '../kit/http/context';
import { commandContext, readYourWrite, requireAuth, setPosition } from '../kit/http/context';
import { identityReadModels } from './readModels';
import type { CommandContext } from '../kit/commandHandler';
import { body, pathParam } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import { findUserById } from '../../projections/identity';
import { findLinkToken, type LinkPurpose } from '../messaging/linkTokens';
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
  firstNameField,
  lastNameField,
  localeField,
  passwordField,
  timezoneField,
  currentUserSchema,
  messageSchema,
} from './schemas';
import { isUsableRequest, userDecider, userStream, type Profile } from './userDecider';
import { dataOf, route } from '../kit/http/routeContract';

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

/** Email change links work for a day. */
export const emailChangeTtlMs = 24 * 3_600_000;

/** Self-service: the signed-in member's own profile, email and confirmation links (`/users/me`, `/users/{own id}/...`). */
export function profileRoutes(services: Services) {
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

export const profileRouteContracts = [
  route({
    method: 'get',
    path: '/users/me',
    summary: 'The signed-in member',
    response: dataOf(currentUserSchema),
  }),
  route({
    method: 'put',
    path: '/users/me',
    summary: 'Change your profile, email or password',
    body: updateProfileSchema,
    response: dataOf(currentUserSchema),
  }),
  route({
    method: 'post',
    path: '/users/:id/confirm-email/:token',
    summary: 'Confirm your email address',
    response: dataOf(currentUserSchema),
  }),
  route({
    method: 'post',
    path: '/users/:id/resend-email-confirmation',
    summary: 'Mail a new confirmation link',
    response: messageSchema,
    status: 202,
  }),
  route({
    method: 'post',
    path: '/users/:id/email-change/:token',
    summary: 'Confirm a new email address',
    response: dataOf(currentUserSchema),
  }),
  route({
    method: 'delete',
    path: '/users/:id/email-change',
    summary: 'Cancel an email change',
    response: dataOf(currentUserSchema),
  }),
];
