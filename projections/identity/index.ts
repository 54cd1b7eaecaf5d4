import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import { ERASED_TEXT, erasedEmailOf } from '../../services/eventstore';
import type { ListQuery, ListSpec } from '../../services/kit/listQuery';
import { runListQuery } from '../../services/kit/listQuery';
import type {
  AccountEvent,
  InvitationStatus,
  MemberStatus,
  Role,
} from '../../services/identity/accountDecider';
import { accountEventTypes } from '../../services/identity/accountDecider';
import type { SessionEnded, SignUpAttempted, UserEvent } from '../../services/identity/userDecider';
import { userEventTypes } from '../../services/identity/userDecider';

/**
 * Accounts, users, memberships and sessions: what login, the auth middleware, the profile and the team
 * screens read. A user may belong to several accounts (`account_users`), each with its own role and status.
 * Sessions are a projection of their own (`sessions.ts`), re-exported here with the queries that read them.
 */

export { sessionsProjection, sessionsTable } from './sessions';

export const accountsTable: ReadModelTable = {
  name: 'accounts',
  define(table) {
    table.string('id', 40).primary();
    table.string('name', 200).notNullable();
    table.string('owner_user_id', 40).notNullable();
    table.string('currency', 3).notNullable();
    table.string('timezone', 64).notNullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
  },
};

export const usersTable: ReadModelTable = {
  name: 'users',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('email', 320).notNullable();
    table.string('first_name', 100).notNullable();
    table.string('last_name', 100).notNullable();
    /** Null for an invited user who has not accepted yet. */
    table.text('password_hash').nullable();
    table.string('timezone', 64).notNullable();
    table.string('locale', 10).notNullable();
    table.boolean('email_verified').notNullable();
    table.string('pending_email', 320).nullable();
    table.string('pending_email_expires_at', 30).nullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.unique(['email'], { indexName: `${tableName}_email_unique` });
  },
};

export const accountUsersTable: ReadModelTable = {
  name: 'account_users',
  define(table, tableName) {
    table.string('account_id', 40).notNullable();
    table.string('user_id', 40).notNullable();
    table.string('role', 20).notNullable();
    table.string('status', 20).notNullable();
    table.boolean('is_owner').notNullable();
    table.string('invitation_status', 20).nullable();
    table.string('invitation_expires_at', 30).nullable();
    table.string('invited_by', 40).nullable();
    table.string('invited_at', 30).nullable();
    table.string('last_login_at', 30).nullable();
    table.string('created_at', 30).notNullable();
    table.primary(['account_id', 'user_id'], `${tableName}_pk`);
    table.index(['user_id'], `${tableName}_user_idx`);
  },
};

/**
 * Sessions are `sessions.ts`'s; a login still shows here as the member's last login. A sign-up attempt with a
 * member's address is the mail reactor's alone.
 */
type MembersEvent = AccountEvent | Exclude<UserEvent, SessionEnded | SignUpAttempted>;
type MembersUserEvent = Exclude<UserEvent, SessionEnded | SignUpAttempted>['type'];
const membersUserEventTypes = userEventTypes.filter(
  (type): type is MembersUserEvent => type !== 'SessionEnded' && type !== 'SignUpAttempted',
);

/**
 * The member list: accounts, users and memberships. Its checkpoint keeps the name `identity` it had when it held
 * the sessions too.
 */
export const identityProjection = defineProjection<MembersEvent>({
  name: 'identity',
  tables: [accountsTable, usersTable, accountUsersTable],
  handles: [...accountEventTypes, ...membersUserEventTypes],
  async apply(trx, event, ctx) {
    const accounts = ctx.table('accounts');
    const users = ctx.table('users');
    const members = ctx.table('account_users');
    const member = (accountId: string, userId: string) =>
      trx(members).where({ account_id: accountId, user_id: userId });
    switch (event.type) {
      case 'AccountCreated': {
        const d = event.data;
        await trx(accounts)
          .insert({
            id: d.accountId,
            name: d.name,
            owner_user_id: d.ownerUserId,
            currency: d.currency,
            timezone: d.timezone,
            created_at: d.createdAt,
            updated_at: d.createdAt,
          })
          .onConflict('id')
          .ignore();
        await trx(members)
          .insert({
            account_id: d.accountId,
            user_id: d.ownerUserId,
            role: 'ADMIN',
            status: 'ACTIVE',
            is_owner: true,
            invitation_status: null,
            invitation_expires_at: null,
            invited_by: null,
            invited_at: null,
            last_login_at: null,
            created_at: d.createdAt,
          })
          .onConflict(['account_id', 'user_id'])
          .ignore();
        return [`account:${d.accountId}`];
      }
      case 'AccountSettingsUpdated': {
        const { name, currency, timezone } = event.data.changes;
        await trx(accounts)
          .where({ id: event.data.accountId })
          .update({ ...defined({ name, currency, timezone }), updated_at: event.data.updatedAt });
        return [`account:${event.data.accountId}`];
      }
      case 'MemberInvited': {
        const d = event.data;
        const row = {
          role: d.role,
          status: 'INVITED',
          invitation_status: 'PENDING',
          invitation_expires_at: d.expiresAt,
          invited_by: d.invitedBy,
          invited_at: d.invitedAt,
        };
        // A revoked invitation may be followed by a new one: the membership row is reused.
        await trx(members)
          .insert({
            account_id: d.accountId,
            user_id: d.userId,
            is_owner: false,
            last_login_at: null,
            created_at: d.invitedAt,
            ...row,
          })
          .onConflict(['account_id', 'user_id'])
          .merge(row);
        return [`account:${d.accountId}`];
      }
      case 'InvitationResent':
        await member(event.data.accountId, event.data.userId).update({
          invitation_status: 'RESENT',
          invitation_expires_at: event.data.expiresAt,
          invited_at: event.data.resentAt,
        });
        return [`account:${event.data.accountId}`];
      case 'InvitationRevoked':
        await member(event.data.accountId, event.data.userId).update({
          invitation_status: 'REVOKED',
          status: 'INACTIVE',
        });
        return [`account:${event.data.accountId}`];
      case 'InvitationAccepted':
        await member(event.data.accountId, event.data.userId).update({
          invitation_status: 'ACCEPTED',
          status: 'ACTIVE',
        });
        return [`account:${event.data.accountId}`];
      case 'MemberRoleChanged':
        await member(event.data.accountId, event.data.userId).update({ role: event.data.role });
        return [`account:${event.data.accountId}`];
      case 'MemberStatusChanged':
        await member(event.data.accountId, event.data.userId).update({ status: event.data.status });
        return [`account:${event.data.accountId}`];
      case 'UserRegistered': {
        const d = event.data;
        await trx(users)
          .insert({
            id: d.userId,
            email: d.email,
            first_name: d.firstName,
            last_name: d.lastName,
            password_hash: d.passwordHash,
            timezone: d.timezone,
            locale: d.locale,
            email_verified: d.emailVerified,
            pending_email: null,
            pending_email_expires_at: null,
            created_at: d.registeredAt,
            updated_at: d.registeredAt,
          })
          .onConflict('id')
          .ignore();
        return [];
      }
      case 'UserInvited': {
        const d = event.data;
        await trx(users)
          .insert({
            id: d.userId,
            email: d.email,
            first_name: d.firstName,
            last_name: d.lastName,
            password_hash: null,
            timezone: 'UTC',
            locale: d.locale,
            email_verified: false,
            pending_email: null,
            pending_email_expires_at: null,
            created_at: d.invitedAt,
            updated_at: d.invitedAt,
          })
          .onConflict('id')
          .ignore();
        return [];
      }
      case 'InvitedUserJoined': {
        const d = event.data;
        await trx(users).where({ id: d.userId }).update({
          first_name: d.firstName,
          last_name: d.lastName,
          password_hash: d.passwordHash,
          timezone: d.timezone,
          locale: d.locale,
          email_verified: true,
          updated_at: d.joinedAt,
        });
        return [];
      }
      case 'EmailVerified':
        await trx(users)
          .where({ id: event.data.userId })
          .update({ email_verified: true, updated_at: event.data.verifiedAt });
        return [];
      case 'ProfileUpdated': {
        const { firstName, lastName, timezone, locale } = event.data.changes;
        await trx(users)
          .where({ id: event.data.userId })
          .update({
            ...defined({ first_name: firstName, last_name: lastName, timezone, locale }),
            updated_at: event.data.updatedAt,
          });
        return [];
      }
      case 'PasswordChanged':
        await trx(users)
          .where({ id: event.data.userId })
          .update({ password_hash: event.data.passwordHash, updated_at: event.data.changedAt });
        return [];
      case 'PasswordReset':
        await trx(users)
          .where({ id: event.data.userId })
          .update({ password_hash: event.data.passwordHash, updated_at: event.data.resetAt });
        return [];
      case 'EmailChangeRequested':
        await trx(users).where({ id: event.data.userId }).update({
          pending_email: event.data.newEmail,
          pending_email_expires_at: event.data.expiresAt,
          updated_at: event.data.requestedAt,
        });
        return [];
      case 'EmailChangeCancelled':
        await trx(users).where({ id: event.data.userId }).update({
          pending_email: null,
          pending_email_expires_at: null,
          updated_at: event.data.cancelledAt,
        });
        return [];
      case 'EmailChanged':
        await trx(users).where({ id: event.data.userId }).update({
          email: event.data.email,
          email_verified: true,
          pending_email: null,
          pending_email_expires_at: null,
          updated_at: event.data.changedAt,
        });
        return [];
      case 'SessionStarted':
        await member(event.data.accountId, event.data.userId).update({ last_login_at: event.data.startedAt });
        return [`account:${event.data.accountId}`];
      case 'UserErased':
        // The values a rebuild reads from the erased events (services/eventstore/personalData.ts).
        await trx(users)
          .where({ id: event.data.userId })
          .update({
            email: erasedEmailOf(`user:${event.data.userId}`),
            first_name: ERASED_TEXT,
            last_name: ERASED_TEXT,
            password_hash: null,
            pending_email: null,
            pending_email_expires_at: null,
            updated_at: event.data.erasedAt,
          });
        return [];
      case 'EmailConfirmationRequested':
      case 'PasswordResetRequested':
        return [];
    }
  },
});

function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

// ---------- queries

export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  timezone: string;
  locale: string;
  email_verified: boolean | number;
  pending_email: string | null;
  pending_email_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A user as a member of one account. */
export interface MemberRow extends UserRow {
  account_id: string;
  role: Role;
  status: MemberStatus;
  is_owner: boolean | number;
  invitation_status: InvitationStatus | null;
  invitation_expires_at: string | null;
  invited_by: string | null;
  invited_at: string | null;
  last_login_at: string | null;
  member_since: string;
}

export interface AccountRow {
  id: string;
  name: string;
  owner_user_id: string;
  currency: string;
  timezone: string;
  created_at: string;
  updated_at: string;
}

const memberColumns = [
  'u.*',
  'm.account_id',
  'm.role',
  'm.status',
  'm.is_owner',
  'm.invitation_status',
  'm.invitation_expires_at',
  'm.invited_by',
  'm.invited_at',
  'm.last_login_at',
  'm.created_at as member_since',
];

function members(db: Knex): Knex.QueryBuilder {
  return db('account_users as m').join('users as u', 'u.id', 'm.user_id');
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return (await db('users').where({ email }).first()) as UserRow | undefined;
}

export async function findUserById(db: Knex, userId: string): Promise<UserRow | undefined> {
  return (await db('users').where({ id: userId }).first()) as UserRow | undefined;
}

/** The user as a member of the account (any status), or undefined when they are not one. */
export async function findUser(db: Knex, accountId: string, userId: string): Promise<MemberRow | undefined> {
  const row: MemberRow | undefined = await members(db)
    .where({ 'm.account_id': accountId, 'm.user_id': userId })
    .first(memberColumns);
  return row;
}

/** For rules such as "an unverified user cannot publish an event" (reason `email_not_verified`). */
export async function isEmailVerified(db: Knex, userId: string): Promise<boolean> {
  const row: { email_verified: boolean | number } | undefined = await db('users')
    .where({ id: userId })
    .first('email_verified');
  return Boolean(row?.email_verified);
}

export async function countUsers(db: Knex): Promise<number> {
  const row = (await db('users').count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export interface MembershipSummary {
  account_id: string;
  account_name: string;
  role: Role;
  status: MemberStatus;
}

/** Every account the user belongs to, by account name. */
export async function listMemberships(db: Knex, userId: string): Promise<MembershipSummary[]> {
  const rows: MembershipSummary[] = await db('account_users as m')
    .join('accounts as a', 'a.id', 'm.account_id')
    .where('m.user_id', userId)
    .orderBy('a.name')
    .orderBy('a.id')
    .select('m.account_id', 'a.name as account_name', 'm.role', 'm.status');
  return rows;
}

export async function findAccount(db: Knex, accountId: string): Promise<AccountRow | undefined> {
  return (await db('accounts').where({ id: accountId }).first()) as AccountRow | undefined;
}

/** The account's default currency and time zone, for new events. */
export async function findAccountDefaults(
  db: Knex,
  accountId: string,
): Promise<{ currency: string; timezone: string } | undefined> {
  const row: { currency: string; timezone: string } | undefined = await db('accounts')
    .where({ id: accountId })
    .first('currency', 'timezone');
  return row;
}

export interface ActiveSession {
  sessionId: string;
  userId: string;
  accountId: string;
  /** The role in the session's account. */
  role: Role;
  expiresAt: string;
}

/** The session behind a token hash, if it is open, unexpired and its user is an active member of its account. */
export async function findActiveSession(
  db: Knex,
  tokenHash: string,
  now: Date,
): Promise<ActiveSession | undefined> {
  const row: unknown = await db('auth_sessions as s')
    .join('account_users as m', function () {
      this.on('m.user_id', '=', 's.user_id').andOn('m.account_id', '=', 's.account_id');
    })
    .where('s.token_hash', tokenHash)
    .whereNull('s.ended_at')
    .where('s.expires_at', '>', now.toISOString())
    .where('m.status', 'ACTIVE')
    .first(
      's.id as sessionId',
      's.user_id as userId',
      's.account_id as accountId',
      'm.role as role',
      's.expires_at as expiresAt',
    );
  return row as ActiveSession | undefined;
}

/** Which of these sessions are still active (not ended, not expired, member active): for live connections. */
export async function findActiveSessionIds(
  db: Knex,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const active = new Set<string>();
  for (let start = 0; start < sessionIds.length; start += 500) {
    const rows: { id: string }[] = await db('auth_sessions as s')
      .join('account_users as m', function () {
        this.on('m.user_id', '=', 's.user_id').andOn('m.account_id', '=', 's.account_id');
      })
      .whereIn('s.id', sessionIds.slice(start, start + 500))
      .whereNull('s.ended_at')
      .where('s.expires_at', '>', now.toISOString())
      .where('m.status', 'ACTIVE')
      .select('s.id');
    for (const row of rows) active.add(row.id);
  }
  return active;
}

export const memberListSpec: ListSpec = {
  sorts: {
    first_name: 'u.first_name',
    last_name: 'u.last_name',
    email: 'u.email',
    role: 'm.role',
    status: 'm.status',
    last_login_at: 'm.last_login_at',
    created_at: 'm.created_at',
  },
  defaultSort: 'created_at',
  defaultDirection: 'asc',
  filters: {
    role: { operators: ['eq', 'in'], column: 'm.role', values: ['ADMIN', 'ORGANIZER'] },
    status: { operators: ['eq', 'in'], column: 'm.status', values: ['ACTIVE', 'INACTIVE', 'INVITED'] },
  },
  searchColumns: ['u.first_name', 'u.last_name', 'u.email'],
  tieBreaker: 'u.id',
};

export function listMembers(db: Knex, accountId: string, list: ListQuery) {
  return runListQuery<MemberRow>(
    members(db).where('m.account_id', accountId).select(memberColumns),
    list,
    memberListSpec,
  );
}

// ---------- presenters

/**
 * Someone with a login of their own (in another account) who has not accepted this account's invitation: the
 * profile is theirs, not the inviting account's, so the account sees only the address it typed.
 */
function isOutsider(row: MemberRow): boolean {
  return row.invitation_status !== null && row.invitation_status !== 'ACCEPTED' && row.password_hash !== null;
}

/** A team member as the users API shows it (spec section 3, User). */
export function presentMember(row: MemberRow, now: Date) {
  const invitationPending = row.invitation_status === 'PENDING' || row.invitation_status === 'RESENT';
  const outsider = isOutsider(row);
  return {
    id: row.id,
    account_id: row.account_id,
    first_name: outsider ? '' : row.first_name,
    last_name: outsider ? '' : row.last_name,
    email: row.email,
    role: row.role,
    status: row.status,
    is_account_owner: Boolean(row.is_owner),
    invitation_status: row.invitation_status,
    invitation_expires_at: row.invitation_expires_at,
    invitation_expired:
      invitationPending &&
      row.invitation_expires_at !== null &&
      Date.parse(row.invitation_expires_at) <= now.getTime(),
    timezone: outsider ? '' : row.timezone,
    locale: outsider ? '' : row.locale,
    email_verified: outsider ? false : Boolean(row.email_verified),
    last_login_at: row.last_login_at,
    created_at: row.member_since,
  };
}

export function presentAccount(row: AccountRow) {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    timezone: row.timezone,
    owner_user_id: row.owner_user_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
