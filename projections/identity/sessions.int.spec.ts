import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../services/api/testing';
import { describeWithPostgres } from '../../services/kit/testing/postgres';
import { identityProjection } from '.';

function isMatch(actual: object | undefined, expected: Record<string, unknown>): boolean {
  return (
    actual !== undefined &&
    Object.entries(expected).every(([key, value]) => (actual as Record<string, unknown>)[key] === value)
  );
}

/** Sessions are a read model of their own: a bug in the member list must not stop logins. */
function sessionsStandAlone(kind: StorageKind) {
  let test: TestPlatform | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await test?.close();
    test = undefined;
  });

  for (const policy of ['park', 'stop'] as const) {
    it(`logs in and serves the session while the member list throws (PROJECTION_ON_ERROR=${policy})`, async () => {
      test = await startTestPlatform(kind, { config: { projectionOnError: policy } });
      vi.spyOn(identityProjection, 'apply').mockRejectedValue(new Error('a bug in the member list'));

      const token = await test.login(test.admin.email, test.admin.password);
      const me = await test.client(token)('GET', '/api/users/me');

      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ data: { email: test.admin.email } });
      // The login waited for the sessions read model only; the member list meets the session's event on its own time.
      const expected = policy === 'park' ? { parked: 1 } : { status: 'failed' };
      const deadline = Date.now() + 10_000;
      let identity = (await test.platform.runner.lag()).find((entry) => entry.projection === 'identity');
      while (Date.now() < deadline && !isMatch(identity, expected)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        identity = (await test.platform.runner.lag()).find((entry) => entry.projection === 'identity');
      }
      expect(identity).toMatchObject(expected);

      const logout = await test.client(token)('POST', '/api/auth/logout');
      expect(logout.status).toBe(204);
      expect((await test.client(token)('GET', '/api/users/me')).status).toBe(401);
    });
  }
}

describe('sessions on SQLite', () => sessionsStandAlone('sqlite'));
describeWithPostgres('sessions on PostgreSQL', () => sessionsStandAlone('postgres'));
