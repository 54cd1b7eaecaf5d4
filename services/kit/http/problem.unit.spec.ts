import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { Refusal } from '../refusal';
import type { ReasonCode } from '../reasons';
import { z } from 'zod';
import { errorMiddleware, fieldErrorsFromZod } from './problem';

async function answerTo(reason: ReasonCode, preset?: string): Promise<Response> {
  const app = new Koa();
  app.use(errorMiddleware(createLogger('error')));
  app.use((ctx) => {
    if (preset) ctx.set('Retry-After', preset);
    throw new Refusal(reason);
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.close();
  }
}

describe('problem answers', () => {
  it('tell a client when to repeat a try_again or an idempotency key in use', async () => {
    const tryAgain = await answerTo('try_again');
    expect(tryAgain.status).toBe(409);
    expect(tryAgain.headers.get('retry-after')).toBe('1');
    expect((await answerTo('idempotency_key_in_use')).headers.get('retry-after')).toBe('1');
  });

  it('keep a Retry-After the refusing code chose, and add none to final refusals', async () => {
    expect((await answerTo('too_many_requests', '42')).headers.get('retry-after')).toBe('42');
    expect((await answerTo('event_not_found')).headers.get('retry-after')).toBeNull();
  });
});

describe('field errors from zod', () => {
  it('reports each unknown field under its own name, nested ones with their path', () => {
    const schema = z.object({ name: z.string(), location: z.object({ city: z.string() }).strict() }).strict();
    const result = schema.safeParse({
      name: 'Ann',
      colour: 'red',
      extra: 1,
      location: { city: 'Oslo', zip: '1' },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error)).toEqual({
      colour: ['Unknown field'],
      extra: ['Unknown field'],
      'location.zip': ['Unknown field'],
    });
  });
});
