import type { Knex } from 'knex';
import type { Projection, ReadModelTable } from '../runner/types';
import type { AccountEvent, EmailClaimed, Role, UserEvent, UserStatus } from '../../services/identity/identityDeciders';

/** Accounts, users and sessions: what login, the auth middleware and the team screens read. */

const accountsTable: ReadModelTable = {
  name: 'accounts',
  define(table) {
    table.string('id', 40).primary();
    table.string('name', 200).notNullable();
    table.string('owner_user_id', 40).notNullable();
    table.string('currency', 3).notNullable();
    table.string('timezone', 64).notNullable();
    table.string('created_at', 30).notNullable();
  },
};

const usersTable: ReadModelTable = {
  name: 'users',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('email', 320).notNullable();
    table.string('first_name', 100).notNullable();
    table.string('last_name', 100).notNullable();
    table.string('role', 20).notNullable();
    table.string('status', 20).notNullable();
    table.text('password_hash').notNullable();
    table.string('timezone', 64).notNullable();
    table.string('locale', 10).notNullable();
    table.boolean('email_verified').notNullable();
    table.string('last_login_at', 30).nullable();
    table.string('created_at', 30).notNullable();
    table.unique(['email'], { indexName: `${tableName}_email_unique` });
    table.index(['account_id'], `${tableName}_account_idx`);
  },
};

const sessionsTable: ReadModelTable = {
  name: 'auth_sessions',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('token_hash', 64).notNullable();
    table.string('user_id', 40).notNullable();
    table.string('account_id', 40).notNullable();
    table.string('started_at', 30).notNullable();
    table.string('expires_at', 30).notNullable();
    table.string('ended_at', 30).nullable();
    table.unique(['token_hash'], { indexName: `${tableName}_token_unique` });
  },
};

type IdentityEvent = AccountEvent | UserEvent | EmailClaimed;

export const identityProjection: Projection = {
  name: 'identity',
  tables: [accountsTable, usersTable, sessionsTable],
  handles: ['AccountCreated', 'UserRegistered', 'SessionStarted', 'SessionEnded'],
  async apply(trx, recorded, ctx) {
    const event = recorded as unknown as IdentityEvent;
    switch (event.type) {
      case 'AccountCreated': {
        const d = event.data;
        await trx(ctx.table('accounts'))
          .insert({
            id: d.accountId,
            name: d.name,
            owner_user_id: d.ownerUserId,
            currency: d.currency,
            timezone: d.timezone,
            created_at: d.createdAt,
          })
          .onConflict('id')
          .ignore();
        return [`account:${d.accountId}`];
      }
      case 'UserRegistered': {
        const d = event.data;
        await trx(ctx.table('users'))
          .insert({
            id: d.userId,
            account_id: d.accountId,
            email: d.email,
            first_name: d.firstName,
            last_name: d.lastName,
            role: d.role,
            status: 'ACTIVE',
            password_hash: d.passwordHash,
            timezone: d.timezone,
            locale: d.locale,
            email_verified: d.emailVerified,
            last_login_at: null,
            created_at: d.registeredAt,
          })
          .onConflict('id')
          .ignore();
        return [`account:${d.accountId}`];
      }
      case 'SessionStarted': {
        const d = event.data;
        await trx(ctx.table('auth_sessions'))
          .insert({
            id: d.sessionId,
            token_hash: d.tokenHash,
            user_id: d.userId,
            account_id: d.accountId,
            started_at: d.startedAt,
            expires_at: d.expiresAt,
            ended_at: null,
          })
          .onConflict('id')
          .ignore();
        await trx(ctx.table('users')).where({ id: d.userId }).update({ last_login_at: d.startedAt });
        return [];
      }
      case 'SessionEnded':
        await trx(ctx.table('auth_sessions'))
          .where({ id: event.data.sessionId })
          .whereNull('ended_at')
          .update({ ended_at: event.data.endedAt });
        return [];
      case 'EmailClaimed':
        return [];
    }
  },
};

export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  status: UserStatus;
  password_hash: string;
  timezone: string;
  locale: string;
  email_verified: boolean | number;
  last_login_at: string | null;
  created_at: string;
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return (await db('users').where({ email }).first()) as UserRow | undefined;
}

export async function findUser(db: Knex, accountId: string, userId: string): Promise<UserRow | undefined> {
  return (await db('users').where({ id: userId, account_id: accountId }).first()) as UserRow | undefined;
}

export async function countUsers(db: Knex): Promise<number> {
  const row = (await db('users').count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export interface ActiveSession {
  sessionId: string;
  userId: string;
  accountId: string;
  role: Role;
  expiresAt: string;
}

/** The session behind a token hash, if it is open, unexpired and its user is active. */
export async function findActiveSession(db: Knex, tokenHash: string, now: Date): Promise<ActiveSession | undefined> {
  const row: unknown = await db('auth_sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.token_hash', tokenHash)
    .whereNull('s.ended_at')
    .where('s.expires_at', '>', now.toISOString())
    .where('u.status', 'ACTIVE')
    .first('s.id as sessionId', 's.user_id as userId', 's.account_id as accountId', 'u.role as role', 's.expires_at as expiresAt');
  return row as ActiveSession | undefined;
}

export function presentUser(row: UserRow) {
  return {
    id: row.id,
    account_id: row.account_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role,
    status: row.status,
    timezone: row.timezone,
    locale: row.locale,
    email_verified: Boolean(row.email_verified),
    last_login_at: row.last_login_at,
  };
}
