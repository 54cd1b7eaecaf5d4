import type { Knex } from 'knex';
import { expect } from 'vitest';
import { findUserByEmail } from '../../projections/identity';
import { eventually } from '../messaging/testing';

/** What of a test platform (services/api/testing.ts) a sign-up needs. */
export interface SignUpPlatform {
  client(
    token?: string,
  ): <T>(method: string, path: string, options?: { json?: unknown }) => Promise<{ status: number; body: T }>;
  login(email: string, password: string): Promise<string>;
  platform: { services: { db: Knex } };
}

/**
 * A self-service sign-up as tests need it: the route answers 202 before it does anything (docs/identity.md),
 * so this waits for the new user in the read model, then logs them in (an unconfirmed owner may) and reads
 * their profile.
 */
export async function signUpAndLogIn<User = { id: string; account_id: string }>(
  t: SignUpPlatform,
  fields: { email: string; password: string } & Record<string, unknown>,
): Promise<{ email: string; token: string; user: User }> {
  const answer = await t.client()<unknown>('POST', '/api/auth/register', {
    json: { first_name: 'Olivia', last_name: 'Owner', password_confirmation: fields.password, ...fields },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  await eventually(async () => (await findUserByEmail(t.platform.services.db, fields.email)) ?? undefined);
  const token = await t.login(fields.email, fields.password);
  const me = await t.client(token)<{ data: User }>('GET', '/api/users/me');
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  return { email: fields.email, token, user: me.body.data };
}
