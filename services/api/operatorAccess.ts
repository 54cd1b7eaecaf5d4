import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Context, Next } from 'koa';
import { Refusal } from '../kit/refusal';
import type { AppConfig } from '../kit/config';

/**
 * `/metrics` and the detail of `/readyz` tell an attacker what runs and how it is doing. With METRICS_TOKEN set
 * they need `Authorization: Bearer <METRICS_TOKEN>`; without it they answer only this machine (a scraper or
 * `curl` beside the process). `/readyz` still tells anyone whether the platform is ready, for load balancers.
 */
export function operatorAccess(config: Pick<AppConfig, 'metricsToken'>) {
  const expected = config.metricsToken ? createHash('sha256').update(config.metricsToken).digest() : null;
  const isOperator = (ctx: Context): boolean => {
    if (!expected) return fromThisMachine(ctx);
    const header = ctx.get('Authorization');
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    return timingSafeEqual(createHash('sha256').update(given).digest(), expected);
  };
  return {
    require: async (ctx: Context, next: Next) => {
      if (isOperator(ctx)) {
        await next();
        return;
      }
      if (expected) throw new Refusal('unauthenticated', 'This endpoint needs the operator token');
      throw new Refusal(
        'forbidden',
        'This endpoint answers only this machine; set METRICS_TOKEN to reach it from elsewhere',
      );
    },
    detail: async (ctx: Context, next: Next) => {
      if (isOperator(ctx)) {
        await next();
        return;
      }
      try {
        await next();
      } catch (error) {
        if (error instanceof Refusal && error.reason === 'not_ready') throw new Refusal('not_ready');
        throw error;
      }
      ctx.body = { status: (ctx.body as { status?: unknown } | undefined)?.status ?? 'ready' };
    },
  };
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export function isLoopbackAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return loopback.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return loopback.check(address, 'ipv4');
  if (family === 6) return loopback.check(address, 'ipv6');
  return false;
}

/**
 * The connection comes from loopback and nothing says it was forwarded for someone else: a reverse proxy on the
 * same machine connects from loopback too, but names the client it forwards (with TRUST_PROXY or without).
 */
function fromThisMachine(ctx: Context): boolean {
  if (!isLoopbackAddress(ctx.req.socket.remoteAddress ?? '')) return false;
  return forwardedFor(ctx).every(isLoopbackAddress);
}

/** Every client address the forwarding headers name (`X-Forwarded-For`, `X-Real-IP`, `Forwarded: for=`). */
function forwardedFor(ctx: Context): string[] {
  const addresses = ctx
    .get('X-Forwarded-For')
    .split(',')
    .concat(ctx.get('X-Real-IP'))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const match of ctx.get('Forwarded').matchAll(/for=("[^"]*"|[^;,\s]*)/gi)) {
    const node = (match[1] ?? '').replace(/^"|"$/g, '');
    // `for="[::1]:8080"`, `for=127.0.0.1:8080`, or an obfuscated name such as `for=unknown`.
    addresses.push(node.replace(/^\[([^\]]*)\](:\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1'));
  }
  return addresses;
}
