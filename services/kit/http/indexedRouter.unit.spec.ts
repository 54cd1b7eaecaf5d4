import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { IndexedRouter } from './indexedRouter';
import { matchesOf, pathsReaching, unindexedMatch } from './indexedRouterTesting';

describe('IndexedRouter', () => {
  const router = new IndexedRouter({ prefix: '/api' });
  const ok = () => undefined;
  const nested = new Router();
  nested.use('/events', ok);
  nested.get('/events/:eventId', ok);
  router.use(nested.routes());
  router.get('/events', ok);
  router.post('/events/:eventId/tickets', ok);
  router.use(ok);
  router.get('/:anything/status', ok);
  router.get('/public/check-in-lists/:shortId', ok);
  router.post('/public/check-in-lists/:shortId/check-ins', ok);
  router.get('/files/*rest', ok);
  router.get('/event{s}/list', ok);
  router.get('/orders{/:orderId}', ok);
  router.get('/v1.json', ok);

  const samples = [
    ...router.stack.flatMap((layer) => (typeof layer.path === 'string' ? pathsReaching(layer.path) : [])),
    '/api',
    '/api/',
    '/api/nothing/here',
    '/api/EVENTS/e1',
    '/elsewhere/events',
    '/api/event/list',
    '/api/eventsx',
  ];

  it('answers every path exactly as matching over all routes does', () => {
    for (const path of samples)
      expect(
        matchesOf(router, path, (p, m) => router.match(p, m)),
        path,
      ).toEqual(matchesOf(router, path, unindexedMatch(router)));
  });

  it('looks at fewer routes for a literal first segment, and takes in routes added later', () => {
    const seen: number[] = [];
    const prototype = Router.prototype as { match: (this: Router, path: string, method: string) => unknown };
    const original = Object.getOwnPropertyDescriptor(prototype, 'match')!;
    prototype.match = function (this: Router, path: string, method: string) {
      seen.push(this.stack.length);
      return (original.value as typeof prototype.match).call(this, path, method);
    };
    try {
      router.match('/api/public/check-in-lists/abc/check-ins', 'POST');
      expect(seen.at(-1)).toBeLessThan(router.stack.length);
      router.get('/public/late', ok);
      expect(router.match('/api/public/late', 'GET').route).toBe(true);
    } finally {
      Object.defineProperty(prototype, 'match', original);
    }
  });
});
