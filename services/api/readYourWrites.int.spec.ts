import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizersProjection } from '../../projections/organizers';
import { describeWithPostgres } from '../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from './testing';

/**
 * A command waits only for the read models its route reads. The organizers projection is broken on purpose
 * (its handler throws, PROJECTION_ON_ERROR=stop): organizer screens degrade, everything else keeps working.
 */
function brokenProjectionSuite(kind: StorageKind) {
  let t: TestPlatform;
  const apply = organizersProjection.apply.bind(organizersProjection);

  beforeAll(async () => {
    organizersProjection.apply = () => {
      throw new Error('broken on purpose');
    };
    t = await startTestPlatform(kind, { config: { projectionOnError: 'stop' } });
  });
  afterAll(async () => {
    await t?.close();
    organizersProjection.apply = apply;
  });

  it('fails the organizers projection and names it in /readyz', async () => {
    const token = await t.login(t.admin.email, t.admin.password);
    const created = await t.client(token)('POST', '/api/organizers', { json: { name: 'Harbour Arts' } });
    // The write is recorded, but its own screen cannot show it: 503 not_ready, not a false 404.
    expect(created.status).toBe(503);
    expect(created.body).toMatchObject({ reason: 'not_ready' });
    expect(created.headers.get('x-position')).toMatch(/^\d+$/);
    const ready = await t.client()<{ status: string; failed_projections: string[] }>('GET', '/readyz');
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.failed_projections).toEqual([organizersProjection.name]);
  });

  it('still logs members in and out and runs unrelated commands', async () => {
    const token = await t.login(t.admin.email, t.admin.password);
    const me = await t.client(token)('GET', '/api/users/me');
    expect(me.status).toBe(200);
    const renamed = await t.client(token)<{ data: { name: string } }>('PUT', '/api/account', {
      json: { name: 'Still Open' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Still Open');
    const defaults = await t.client(token)('PUT', '/api/event-defaults', {
      json: { timezone: 'Europe/Paris' },
    });
    expect(defaults.status).toBe(200);
    expect((await t.client(token)('POST', '/api/auth/logout')).status).toBe(204);
    expect((await t.client(token)('GET', '/api/users/me')).status).toBe(401);
  });
}

describe('a broken projection on SQLite', () => brokenProjectionSuite('sqlite'));
describeWithPostgres('a broken projection on PostgreSQL', () => brokenProjectionSuite('postgres'));
