import { createHash, randomBytes } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { AppState, Services } from '../kit/http/context';
import { commandContext, readYourWrite } from '../kit/http/context';
import { sessionReadModels } from './readModels';
import { Refusal } from '../kit/refusal';
import {
  findActiveSession,
  findUserByEmail,
  listMemberships,
  type MembershipSummary,
  type UserRow,
} from '../../projections/identity';
import { normaliseEmail } from './emailClaims';
import { burnVerification, verifyPassword } from './passwords';
import { limits, passwordBackoffPerSubject, RateLimiter } from './rateLimit';
import { DatabaseRateLimitStore } from './rateLimitStore';
import { isPostgres } from '../../projections/runner/db';
import { userDecider, userStream } from './userDecider';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Resolves a bearer token (or `X-Auth-Token`) to its session. A token that resolves to nothing is noted, so
 * routes that need a session answer `token_expired` rather than `unauthenticated`; public routes ignore it.
 */
export function authenticate(services: Services) {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('Authorization');
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : ctx.get('X-Auth-Token');
    if (token) {
      const state = ctx.state as AppState;
      const session = await findActiveSession(services.db, hashToken(token), services.clock.now());
      if (session) state.auth = session;
      else state.tokenRejected = true;
    }
    await next();
  };
}

/** For routes any logged-in member may use without a particular permission (logout). */
export async function requireSession(ctx: Context, next: Next) {
  const state = ctx.state as AppState;
  if (!state.auth) throw new Refusal(state.tokenRejected ? 'token_expired' : 'unauthenticated');
  await next();
}

const limiters = new WeakMap<Services, RateLimiter>();

/**
 * One limiter per running app, shared by its routers. With PostgreSQL read models several API processes may
 * answer, so the attempts are counted in the database; on SQLite one process answers, and memory is enough.
 */
export function rateLimiterFor(services: Services): RateLimiter {
  let limiter = limiters.get(services);
  if (!limiter) {
    const shared = isPostgres(services.db);
    limiter = new RateLimiter(services.clock, shared ? new DatabaseRateLimitStore(services.db) : undefined);
    limiters.set(services, limiter);
  }
  return limiter;
}

/**
 * Guesses of a password, at login (the subject is the address) or when a member confirms their current
 * password (the subject is the user). One IP is cut off after its budget, for one subject and overall; across
 * IPs a subject is only slowed down (back-off), so an attacker elsewhere cannot lock the real person out.
 */
export function passwordGuesses(services: Services, ctx: Context, subject: string) {
  const limiter = rateLimiterFor(services);
  const fromHere = `${subject}|${ctx.ip}`;
  return {
    async check(): Promise<void> {
      await limiter.check(ctx, limits.passwordFailuresPerSubjectAndIp, fromHere);
      await limiter.check(ctx, limits.loginFailuresPerIp, ctx.ip);
      await limiter.checkBackoff(ctx, passwordBackoffPerSubject, subject);
    },
    async failed(): Promise<void> {
      await limiter.record(limits.passwordFailuresPerSubjectAndIp, fromHere);
      await limiter.record(limits.loginFailuresPerIp, ctx.ip);
      await limiter.recordFailure(passwordBackoffPerSubject, subject);
    },
    async succeeded(): Promise<void> {
      await limiter.reset(limits.passwordFailuresPerSubjectAndIp, fromHere);
      await limiter.resetFailures(passwordBackoffPerSubject, subject);
    },
  };
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
  position: bigint;
}

/** A new bearer token for the user in one account; only its hash is recorded. */
export async function startSession(
  services: Services,
  ctx: Context,
  userId: string,
  accountId: string,
): Promise<StartedSession> {
  const token = randomBytes(32).toString('base64url');
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + services.config.sessionTtlHours * 3_600_000);
  const result = await services.commands.handle(
    userDecider,
    userStream(userId),
    {
      type: 'StartSession',
      accountId,
      sessionId: services.ids.entity('se'),
      tokenHash: hashToken(token),
      expiresAt,
      now,
    },
    commandContext(ctx, userId),
  );
  await readYourWrite(services, result.position, sessionReadModels);
  return { token, expiresAt, position: result.position };
}

export type LoginOutcome =
  | { kind: 'session'; session: StartedSession; user: UserRow; accountId: string }
  /** Active in several accounts and none chosen: the client asks which, then logs in again with `account_id`. */
  | { kind: 'choose_account'; accounts: MembershipSummary[] };

/**
 * Email and password, then the account: the only one, the chosen one, or a list to choose from. A wrong
 * email and a wrong password are refused alike, in about the same time; failures are limited as
 * `passwordGuesses` says, and only a correct password learns that the member is inactive.
 */
export async function logIn(
  services: Services,
  ctx: Context,
  credentials: { email: string; password: string; accountId?: string | undefined },
): Promise<LoginOutcome> {
  const email = normaliseEmail(credentials.email);
  const guesses = passwordGuesses(services, ctx, `email:${email}`);
  await guesses.check();
  const user = await findUserByEmail(services.db, email);
  let passwordOk = false;
  if (user?.password_hash) passwordOk = await verifyPassword(user.password_hash, credentials.password);
  else await burnVerification(credentials.password);
  if (!user || !passwordOk) {
    await guesses.failed();
    throw new Refusal('invalid_credentials');
  }
  await guesses.succeeded();

  const memberships = await listMemberships(services.db, user.id);
  const active = memberships.filter((membership) => membership.status === 'ACTIVE');
  let accountId: string;
  if (credentials.accountId !== undefined) {
    const chosen = memberships.find((membership) => membership.account_id === credentials.accountId);
    if (!chosen)
      throw new Refusal('account_not_found', undefined, {
        account_id: ['You are not a member of this account'],
      });
    if (chosen.status !== 'ACTIVE') throw new Refusal('user_inactive');
    accountId = chosen.account_id;
  } else if (active.length === 0) {
    throw new Refusal('user_inactive');
  } else if (active.length > 1) {
    return { kind: 'choose_account', accounts: active };
  } else {
    accountId = active[0]!.account_id;
  }
  const session = await startSession(services, ctx, user.id, accountId);
  return { kind: 'session', session, user, accountId };
}
