import { createHash, randomBytes } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { AppState, Services } from '../api/context';
import { commandContext, readYourWrite } from '../api/context';
import { Refusal } from '../kit/refusal';
import { findActiveSession, findUserByEmail, type UserRow } from '../../projections/identity';
import { normaliseEmail, userDecider, userStream } from './identityDeciders';
import { burnVerification, verifyPassword } from './passwords';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Resolves a bearer token (or `X-Auth-Token`) to its session; routes decide whether one is required. */
export function authenticate(services: Services) {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('Authorization');
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : ctx.get('X-Auth-Token');
    if (token) {
      const session = await findActiveSession(services.db, hashToken(token), services.clock.now());
      if (session) (ctx.state as AppState).auth = session;
      else if (ctx.path.startsWith('/api/') && !ctx.path.startsWith('/api/public/') && !ctx.path.startsWith('/api/auth/login')) {
        throw new Refusal('token_expired', 'The token is unknown, expired or revoked; log in again');
      }
    }
    await next();
  };
}

/** Every route of the authenticated API except auth goes through this. */
export async function requireSession(ctx: Context, next: Next) {
  if (!(ctx.state as AppState).auth) throw new Refusal('unauthenticated');
  await next();
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: UserRow;
  position: bigint;
}

export async function logIn(services: Services, ctx: Context, email: string, password: string): Promise<LoginResult> {
  const user = await findUserByEmail(services.db, normaliseEmail(email));
  if (!user) {
    await burnVerification(password);
    throw new Refusal('invalid_credentials');
  }
  if (!(await verifyPassword(user.password_hash, password))) throw new Refusal('invalid_credentials');
  if (user.status !== 'ACTIVE') throw new Refusal('user_inactive');
  const token = randomBytes(32).toString('base64url');
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + services.config.sessionTtlHours * 3_600_000);
  const result = await services.commands.handle(
    userDecider,
    userStream(user.id),
    { type: 'StartSession', userId: user.id, sessionId: services.ids.entity('se'), tokenHash: hashToken(token), expiresAt, now },
    commandContext(ctx, user.id),
  );
  await readYourWrite(services, result.position);
  return { token, expiresAt, user, position: result.position };
}
