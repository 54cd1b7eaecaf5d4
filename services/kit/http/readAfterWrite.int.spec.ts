import Koa from 'koa';
import Router from '@koa/router';
import knex, { type Knex } from 'knex';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState, ReadSide } from './context';
import { readsAfterWrites } from './readAfterWrite';
import { route, type ReadModel, type RouteContract } from './routeContract';

/**
 * A member's read after their own write waits for the read models its route declares, and only those; a test
 * run fails a handler that queries a projection it did not declare. On a real SQLite database and Koa server.
 */
const tickets: ReadModel = { name: 'tickets', tables: [{ name: 'tickets' }] };
const orders: ReadModel = { name: 'orders', tables: [{ name: 'orders' }, { name: 'attendees' }] };

const contracts: RouteContract[] = [
  route({ method: 'get', path: '/tickets', summary: 'tickets', reads: [tickets] }),
  route({ method: 'get', path: '/tickets-and-attendees', summary: 'both, one declared', reads: [tickets] }),
  route({ method: 'get', path: '/outbox', summary: 'no read model', reads: [] }),
  route({ method: 'get', path: '/public', summary: 'anyone', public: true }),
];

let db: Knex;
let base: string;
let server: ReturnType<Koa['listen']>;
const waits: { position: bigint; names: readonly string[] | undefined }[] = [];

beforeAll(async () => {
  db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await db.schema.createTable('tickets', (table) => table.string('id'));
  await db.schema.createTable('attendees', (table) => table.string('id'));
  await db.schema.createTable('mail_outbox', (table) => table.string('id'));
  const readSide: ReadSide = {
    waitFor: (position, _timeoutMs, names) => {
      waits.push({ position, names });
      return Promise.resolve(true);
    },
    lag: () => Promise.resolve([]),
    onNotice: () => () => undefined,
  };
  const router = new Router({ prefix: '/api' });
  router.get('/tickets', async (ctx) => {
    ctx.body = await db('tickets').select('id');
  });
  router.get('/tickets-and-attendees', async (ctx) => {
    ctx.body = await db('tickets').join('attendees', 'tickets.id', 'attendees.id').select('tickets.id');
  });
  router.get('/outbox', async (ctx) => {
    ctx.body = await db('mail_outbox').select('id');
  });
  router.get('/public', async (ctx) => {
    ctx.body = await db('attendees').select('id');
  });
  readsAfterWrites(router, contracts, { readSide, db, projections: [tickets, orders], verifyReads: true });
  const app = new Koa();
  app.silent = true;
  app.use(async (ctx, next) => {
    if (ctx.get('authorization')) (ctx.state as AppState).auth = { userId: 'us_1' } as AppState['auth'];
    await next();
  });
  app.use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.destroy();
});

const member = { authorization: 'Bearer member' };

describe('a read after a write', () => {
  it("waits for the route's own read models at the position the member names, and only for a member", async () => {
    waits.length = 0;
    const read = await fetch(`${base}/tickets`, { headers: { ...member, 'x-min-position': '42' } });
    expect(read.status).toBe(200);
    expect(waits).toEqual([{ position: 42n, names: ['tickets'] }]);

    waits.length = 0;
    expect((await fetch(`${base}/tickets`, { headers: { 'x-min-position': '42' } })).status).toBe(200);
    expect((await fetch(`${base}/tickets`, { headers: { ...member, 'x-min-position': '4x' } })).status).toBe(
      200,
    );
    expect((await fetch(`${base}/outbox`, { headers: { ...member, 'x-min-position': '42' } })).status).toBe(
      200,
    );
    expect(waits).toEqual([]);
  });

  it("fails a handler that queries a projection its route does not declare; other tables are the route's own", async () => {
    const undeclared = await fetch(`${base}/tickets-and-attendees`, { headers: member });
    expect(undeclared.status).toBe(500);
    expect((await fetch(`${base}/tickets`, { headers: member })).status).toBe(200);
    expect((await fetch(`${base}/outbox`, { headers: member })).status).toBe(200);
    // Anonymous reads wait for nothing, so what they query is not checked.
    expect((await fetch(`${base}/public`)).status).toBe(200);
  });

  it("stops the app from starting when a member's GET declares no reads", () => {
    const router = new Router({ prefix: '/api' });
    router.get('/tickets', (ctx) => {
      ctx.body = [];
    });
    const undeclared = [route({ method: 'get', path: '/tickets', summary: 'tickets' })];
    const readSide = { waitFor: () => Promise.resolve(true) } as unknown as ReadSide;
    expect(() =>
      readsAfterWrites(router, undeclared, { readSide, db, projections: [tickets], verifyReads: false }),
    ).toThrow(/GET \/api\/tickets declares no reads/);
  });
});
