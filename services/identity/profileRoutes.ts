import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../kit/http/context';
import { execute, requireAuth } from '../kit/http/context';
import { identityReadModels } from './readModels';
import { body, pathParam } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import { findUserById } from '../../projections/identity';
import { findLinkToken, type LinkPurpose } from '../messaging/linkTokens';
import { passwordGuesses, rateLimiterFor } from './auth';
import { emailClaimDecider, emailClaimStream, normaliseEmail } from './emailClaims';
import { loadCurrentUser } from './me';
import { emailConfirmationTtlMs } from './owners';
import { hashPassword, verifyPassword } from './passwords';
import { allow } from '../kit/http/policy';
import { limits } from './rateLimit';
import { isUsableRequest, userDecider, userStream, type UserCommand } from './userDecider';
import { emailChangeConfirmation, profileUpdate } from './memberWorkflows';
import { updateProfileSchema } from './profileSchemas';

/** Email change links work for a day. */
export const emailChangeTtlMs = 24 * 3_600_000;

/** Self-service: the signed-in member's own profile, email and confirmation links (`/users/me`, `/users/{own id}/...`). */
export function profileRoutes(services: Services) {
  const router = new Router();
  const limiter = rateLimiterFor(services);
  const now = () => services.clock.now();

  async function respondWithMe(ctx: Context) {
    ctx.body = { data: await loadCurrentUser(services.db, requireAuth(ctx)) };
  }

  /** Runs a command on the caller's own user stream and waits for the identity read models. */
  const onOwnUser = (ctx: Context, command: UserCommand, readModels = identityReadModels) =>
    execute(ctx, services, {
      decider: userDecider,
      stream: userStream(requireAuth(ctx).userId),
      command,
      readModels,
    });

  /** The `:id` of a self-service route: only ever the caller's own (anything else is not found). */
  function ownId(ctx: Context): string {
    const auth = requireAuth(ctx);
    if (pathParam(ctx, 'id') !== auth.userId) throw new Refusal('user_not_found');
    return auth.userId;
  }

  // ---------- the logged-in user

  router.get('/users/me', allow('profile.manage'), async (ctx) => {
    await respondWithMe(ctx);
  });

  router.put('/users/me', allow('profile.manage'), async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, updateProfileSchema);
    const { state } = await services.commands.load(userDecider, userStream(auth.userId));
    if (!state.exists) throw new Refusal('user_not_found');

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

    const chain = profileUpdate({
      userId: auth.userId,
      changes: {
        ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
        ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
        ...(input.locale !== undefined ? { locale: input.locale } : {}),
      },
      password:
        input.password === undefined
          ? undefined
          : { hash: await hashPassword(input.password), keepSessionId: auth.sessionId },
      emailChange: changesEmail
        ? {
            newEmail,
            requestId: services.ids.entity('rq'),
            expiresAt: new Date(now().getTime() + emailChangeTtlMs),
          }
        : undefined,
      now: now(),
    });
    await execute(ctx, services, { chain, readModels: identityReadModels });
    await respondWithMe(ctx);
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
    const { requestId } = await ownLink(ctx, 'confirm_email');
    await onOwnUser(ctx, { type: 'ConfirmEmail', requestId, now: now() });
    await respondWithMe(ctx);
  });

  router.post('/users/:id/resend-email-confirmation', allow('profile.manage'), async (ctx) => {
    const userId = ownId(ctx);
    await limiter.consume(ctx, limits.confirmationMailsPerUser, userId);
    await onOwnUser(
      ctx,
      {
        type: 'RequestEmailConfirmation',
        request: {
          requestId: services.ids.entity('rq'),
          expiresAt: new Date(now().getTime() + emailConfirmationTtlMs),
        },
        now: now(),
      },
      [],
    );
    ctx.status = 202;
    ctx.body = { message: 'A new confirmation link is on its way.' };
  });

  router.post('/users/:id/email-change/:token', allow('profile.manage'), async (ctx) => {
    const { userId, requestId, state } = await ownLink(ctx, 'confirm_email_change');
    const chain = emailChangeConfirmation({
      userId,
      requestId,
      newEmail: state.exists && state.emailChange ? state.emailChange.newEmail : '',
      previousEmail: state.exists ? state.email : '',
      now: now(),
    });
    await execute(ctx, services, { chain, readModels: identityReadModels });
    await respondWithMe(ctx);
  });

  router.delete('/users/:id/email-change', allow('profile.manage'), async (ctx) => {
    ownId(ctx);
    await onOwnUser(ctx, { type: 'CancelEmailChange', now: now() });
    await respondWithMe(ctx);
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
