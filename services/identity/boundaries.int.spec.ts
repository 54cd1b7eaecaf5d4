import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { ManualClock } from '../kit/clock';
import { describeWithPostgres } from '../kit/testing/postgres';

/** What one account, or a stranger, can learn about people who are not theirs to know. */
function boundariesSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));

  const trustProxy = process.env.TRUST_PROXY;
  beforeAll(async () => {
    // Requests name their client IP in X-Forwarded-For, to stand for people in different places.
    process.env.TRUST_PROXY = 'true';
    t = await startTestPlatform(kind, { clock });
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
  });

  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  async function logInFrom(ip: string, email: string, password: string) {
    return t.client()<{ reason?: string }>('POST', '/api/auth/login', {
      json: { email, password },
      headers: from(ip),
    });
  }

  describe('guessing passwords', () => {
    it('cuts off the guessing IP, while the real person still logs in from elsewhere', async () => {
      const victim = await t.otherAccount();
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        statuses.push((await logInFrom('203.0.113.9', victim.email, `wrong guess ${i}`)).status);
        clock.advance(30_000);
      }
      clock.advance(60_000);
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
      const real = await logInFrom('198.51.100.7', victim.email, victim.password);
      expect(real.status, JSON.stringify(real.body)).toBe(200);
    });

    it('slows down guesses of one address from many IPs, for a minute at most', async () => {
      const victim = await t.otherAccount();
      for (let i = 0; i < 5; i++) {
        expect((await logInFrom(`192.0.2.${i}`, victim.email, 'wrong')).status).toBe(401);
      }
      expect((await logInFrom('192.0.2.50', victim.email, 'wrong')).status).toBe(401);
      const slowed = await logInFrom('192.0.2.51', victim.email, 'wrong');
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
      clock.advance(60_000);
      expect((await logInFrom('198.51.100.8', victim.email, victim.password)).status).toBe(200);
    });

    it('limits guesses of the current password like logins', async () => {
      const member = await t.otherAccount();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await t.client(member.token)<{ reason?: string }>('PUT', '/api/users/me', {
          json: {
            current_password: `wrong guess ${i}`,
            password: 'a brand new password 1',
            password_confirmation: 'a brand new password 1',
          },
          headers: from('203.0.113.20'),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 5).every((status) => status === 422)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
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
