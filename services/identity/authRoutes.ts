import Router from '@koa/router';
import { z } from 'zod';
import type { Services } from '../api/context';
import { commandContext, requireAuth, setPosition } from '../api/context';
import { body } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import { findUser, presentUser } from '../../projections/identity';
import { logIn, requireSession } from './auth';
import { userDecider, userStream } from './identityDeciders';

export const loginSchema = z.object({
  email: z.string().trim().email('Enter a valid email address').max(320),
  password: z.string().min(1, 'Enter your password').max(1024),
});

export function authRoutes(services: Services) {
  const router = new Router();

  router.post('/auth/login', async (ctx) => {
    const { email, password } = body(ctx, loginSchema);
    const result = await logIn(services, ctx, email, password);
    setPosition(ctx, result.position);
    ctx.set('X-Auth-Token', result.token);
    ctx.body = { token: result.token, expires_at: result.expiresAt.toISOString(), user: presentUser(result.user) };
  });

  router.post('/auth/logout', requireSession, async (ctx) => {
    const auth = requireAuth(ctx);
    const result = await services.commands.handle(
      userDecider,
      userStream(auth.userId),
      { type: 'EndSession', userId: auth.userId, sessionId: auth.sessionId, now: services.clock.now() },
      commandContext(ctx),
    );
    // The token must stop working for the very next request.
    await services.readSide.waitFor(result.position, 5_000);
    setPosition(ctx, result.position);
    ctx.status = 204;
  });

  router.get('/users/me', requireSession, async (ctx) => {
    const auth = requireAuth(ctx);
    const user = await findUser(services.db, auth.accountId, auth.userId);
    if (!user) throw new Refusal('not_found');
    ctx.body = { data: presentUser(user) };
  });

  return router;
}
