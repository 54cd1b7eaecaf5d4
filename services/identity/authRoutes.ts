import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { Services } from '../kit/http/context';
import { commandContext, execute, requireAuth, setPosition } from '../kit/http/context';
import { identityReadModels, sessionReadModels } from './readModels';
import { body, pathParam } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import { findUserByEmail } from '../../projections/identity';
import { findLinkToken, type LinkPurpose, type LinkTokenRow } from '../messaging/linkTokens';
import { accountDecider, accountStream, isAcceptableInvitation } from './accountDecider';
import { logIn, passwordGuesses, rateLimiterFor, requireSession } from './auth';
import { normaliseEmail } from './emailClaims';
import { loadCurrentUser } from './me';
import { signUp } from './owners';
import { hashPassword, verifyPassword } from './passwords';
import { invitationAcceptance, requestPasswordReset as requestReset } from './memberWorkflows';
import { limits } from './rateLimit';
import {
  existingMemberAcceptSchema,
  forgotPasswordSchema,
  joinSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from './authSchemas';
import { isUsableRequest, userDecider, userStream } from './userDecider';

/** What every sign-up is answered with, whether its address is new or has a login. */
export const signUpAnswer =
  'Check your email: we sent a message to this address. It tells you how to go on, to confirm a new account or to log in to the one you have.';

/** Password reset links work for an hour. */
export const passwordResetTtlMs = 3_600_000;

/** A first guess at a new account's currency from the user's language; changeable in the account settings. */
const currencyByLocale: Record<string, string> = {
  en: 'USD',
  de: 'EUR',
  fr: 'EUR',
  es: 'EUR',
  pt: 'EUR',
  'pt-br': 'BRL',
  'zh-cn': 'CNY',
};

export function authRoutes(services: Services) {
  const router = new Router();
  const limiter = rateLimiterFor(services);

  router.post('/auth/register', async (ctx) => {
    await limiter.check(ctx, limits.registrationsPerIp, ctx.ip);
    const input = body(ctx, registerSchema);
    await limiter.record(limits.registrationsPerIp, ctx.ip);
    const locale = input.locale ?? 'en';
    const owner = {
      email: input.email,
      password: input.password,
      firstName: input.first_name,
      lastName: input.last_name,
      accountName: input.account_name ?? `${input.first_name} ${input.last_name}`,
      timezone: input.timezone ?? 'UTC',
      locale,
      currency: input.currency ?? currencyByLocale[locale] ?? 'USD',
    };
    // The same answer, at the same moment, whether the address is new or has a login: nothing is looked up
    // before it, the work happens after it, and either way a mail follows (the confirmation, or a note to
    // the address's owner). The new owner logs in once the mail is in.
    const context = commandContext(ctx, 'public');
    setImmediate(() => {
      signUp(services, owner, context).catch((error: unknown) =>
        services.logger.error('sign-up failed', { error }),
      );
    });
    ctx.status = 202;
    ctx.body = { message: signUpAnswer };
  });

  router.post('/auth/login', async (ctx) => {
    const { email, password, account_id } = body(ctx, loginSchema);
    const outcome = await logIn(services, ctx, { email, password, accountId: account_id });
    if (outcome.kind === 'choose_account') {
      ctx.body = {
        token: null,
        accounts: outcome.accounts.map((account) => ({
          id: account.account_id,
          name: account.account_name,
          role: account.role,
        })),
      };
      return;
    }
    setPosition(ctx, outcome.session.position);
    ctx.set('X-Auth-Token', outcome.session.token);
    ctx.body = {
      token: outcome.session.token,
      expires_at: outcome.session.expiresAt.toISOString(),
      user: await loadCurrentUser(services.db, { userId: outcome.user.id, accountId: outcome.accountId }),
    };
  });

  router.post('/auth/logout', requireSession, async (ctx) => {
    const auth = requireAuth(ctx);
    // The token must stop working for the very next request.
    await execute(ctx, services, {
      decider: userDecider,
      stream: userStream(auth.userId),
      command: { type: 'EndSession', sessionId: auth.sessionId, now: services.clock.now() },
      readModels: sessionReadModels,
    });
    ctx.status = 204;
  });

  router.post('/auth/forgot-password', async (ctx) => {
    const { email } = body(ctx, forgotPasswordSchema);
    const normalised = normaliseEmail(email);
    await limiter.consume(ctx, limits.passwordResetPerIp, ctx.ip);
    await limiter.consume(ctx, limits.passwordResetPerEmail, normalised);
    // The same answer, at the same moment, whether the address is known or not: the work happens after it.
    const context = commandContext(ctx, 'public');
    setImmediate(() => {
      requestPasswordReset(services, normalised, context).catch((error: unknown) =>
        services.logger.error('password reset request failed', { error }),
      );
    });
    ctx.status = 202;
    ctx.body = { message: 'If an account uses this address, we sent a link to reset its password.' };
  });

  /** Opens a link, counting unknown and used ones per IP. */
  async function openLink(ctx: Context, purpose: LinkPurpose): Promise<LinkTokenRow> {
    await limiter.check(ctx, limits.linkFailuresPerIp, ctx.ip);
    const link = await findLinkToken(services.db, purpose, pathParam(ctx, 'token') ?? '');
    if (!link) return refuseLink(ctx);
    return link;
  }

  async function refuseLink(ctx: Context): Promise<never> {
    await limiter.record(limits.linkFailuresPerIp, ctx.ip);
    throw new Refusal('invalid_token', purposeTitle(ctx.path));
  }

  async function openPasswordReset(ctx: Context) {
    const link = await openLink(ctx, 'reset_password');
    const { state } = await services.commands.load(userDecider, userStream(link.user_id));
    if (!state.exists || !isUsableRequest(state.passwordReset, link.request_id, services.clock.now()))
      await refuseLink(ctx);
    return link;
  }

  router.get('/auth/reset-password/:token', async (ctx) => {
    await openPasswordReset(ctx);
    ctx.body = { data: { valid: true } };
  });

  router.post('/auth/reset-password/:token', async (ctx) => {
    const { password } = body(ctx, resetPasswordSchema);
    const link = await openPasswordReset(ctx);
    await execute(ctx, services, {
      decider: userDecider,
      stream: userStream(link.user_id),
      command: {
        type: 'ResetPassword',
        requestId: link.request_id,
        passwordHash: await hashPassword(password),
        now: services.clock.now(),
      },
      actor: link.user_id,
      readModels: identityReadModels,
    });
    ctx.body = { message: 'Your password was changed. Log in with the new one.' };
  });

  async function openInvitation(ctx: Context) {
    const link = await openLink(ctx, 'invitation');
    const accountId = link.account_id ?? '';
    const [{ state: account }, { state: user }] = await Promise.all([
      services.commands.load(accountDecider, accountStream(accountId)),
      services.commands.load(userDecider, userStream(link.user_id)),
    ]);
    if (
      !account.exists ||
      !user.exists ||
      !isAcceptableInvitation(account, link.user_id, link.request_id, services.clock.now())
    ) {
      return refuseLink(ctx);
    }
    const role = account.members.get(link.user_id)?.role ?? 'ORGANIZER';
    return { link, account, user, role };
  }

  router.get('/auth/invitation/:token', async (ctx) => {
    const { account, user, role } = await openInvitation(ctx);
    ctx.body = {
      data: {
        email: user.email,
        first_name: user.profile.firstName,
        last_name: user.profile.lastName,
        account_name: account.name,
        role,
        existing_user: user.hasPassword,
      },
    };
  });

  router.post('/auth/invitation/:token', async (ctx) => {
    const { link, account, user } = await openInvitation(ctx);
    let join: z.infer<typeof joinSchema> | undefined;
    if (user.hasPassword) {
      const { password } = body(ctx, existingMemberAcceptSchema);
      const guesses = passwordGuesses(services, ctx, `email:${normaliseEmail(user.email)}`);
      await guesses.check();
      const stored = await findUserByEmail(services.db, user.email);
      if (!stored?.password_hash || !(await verifyPassword(stored.password_hash, password))) {
        await guesses.failed();
        throw new Refusal('invalid_credentials', undefined, {
          password: ['This is not the password of this user'],
        });
      }
      await guesses.succeeded();
    } else {
      join = body(ctx, joinSchema);
    }
    const chain = invitationAcceptance({
      accountId: account.accountId,
      userId: link.user_id,
      invitationId: link.request_id,
      join: join && {
        firstName: join.first_name,
        lastName: join.last_name,
        passwordHash: await hashPassword(join.password),
        timezone: join.timezone ?? 'UTC',
        locale: join.locale ?? user.profile.locale,
      },
      now: services.clock.now(),
    });
    await execute(ctx, services, { chain, readModels: identityReadModels, actor: link.user_id });
    ctx.body = { data: { email: user.email, account_id: account.accountId, account_name: account.name } };
  });

  return router;
}

/** The spec's wording for a bad reset link; the generic one for the others. */
function purposeTitle(path: string): string {
  return path.includes('/reset-password/')
    ? 'This reset password link is invalid or expired'
    : 'The link you clicked is invalid or has expired';
}

/** Mails a reset link to the address's user, if it has one; nothing is said either way. */
async function requestPasswordReset(
  services: Services,
  email: string,
  context: ReturnType<typeof commandContext>,
): Promise<void> {
  const user = await findUserByEmail(services.db, email);
  if (user) await requestReset(services, { userId: user.id, ttlMs: passwordResetTtlMs }, context);
}
