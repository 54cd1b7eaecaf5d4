import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { ManualClock } from '../kit/clock';
import { describeWithPostgres } from '../kit/testing/postgres';

/** What one account, or a stranger, can learn about people who are not theirs to know. */
function boundariesSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('inviting someone who has a login in another account', () => {
    it("shows the inviter the address they typed, never the person's own profile", async () => {
      const other = await t.otherAccount();
      const profile = await t.client(other.token)('PUT', '/api/users/me', {
        json: { first_name: 'Private', last_name: 'Person', timezone: 'Asia/Tokyo', locale: 'de' },
      });
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      const invited = await t.client(token)<{ data: Record<string, unknown> & { id: string } }>(
        'POST',
        '/api/users',
        { json: { email: other.email, role: 'ORGANIZER' } },
      );
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const seen = [
        invited.body.data,
        (
          await t.client(token)<{ data: Record<string, unknown> }>(
            'GET',
            `/api/users/${invited.body.data.id}`,
          )
        ).body.data,
        (
          await t.client(token)<{ data: Record<string, unknown>[] }>('GET', '/api/users?per_page=100')
        ).body.data.find((member) => member.id === invited.body.data.id),
      ];
      for (const member of seen) {
        expect(member).toMatchObject({ email: other.email, status: 'INVITED' });
        expect(JSON.stringify(member)).not.toMatch(/Private|Person|Asia\/Tokyo/);
        expect(member).toMatchObject({ first_name: '', last_name: '', locale: '', timezone: '' });
        expect(member?.email_verified).toBe(false);
      }
    });
  });
}

describe('account boundaries on SQLite', () => boundariesSuite('sqlite'));
describeWithPostgres('account boundaries on PostgreSQL', () => boundariesSuite('postgres'));
