import type { Knex } from 'knex';
import { Refusal } from '../kit/refusal';
import {
  findAccount,
  findUser,
  listMemberships,
  type AccountRow,
  type MemberRow,
} from '../../projections/identity';
import type { ActiveSession } from '../../projections/identity';
import { permissionsOf } from '../kit/http/policy';

/** The logged-in user as `GET /users/me` and the login answer show them: profile, membership, permissions. */
export function presentCurrentUser(member: MemberRow, account: AccountRow, accountCount: number) {
  return {
    id: member.id,
    first_name: member.first_name,
    last_name: member.last_name,
    email: member.email,
    role: member.role,
    status: member.status,
    account_id: account.id,
    account_name: account.name,
    is_account_owner: Boolean(member.is_owner),
    account_count: accountCount,
    timezone: member.timezone,
    locale: member.locale,
    email_verified: Boolean(member.email_verified),
    pending_email: member.pending_email,
    pending_email_expires_at: member.pending_email_expires_at,
    last_login_at: member.last_login_at,
    permissions: permissionsOf(member.role),
  };
}

export type CurrentUser = ReturnType<typeof presentCurrentUser>;

export async function loadCurrentUser(
  db: Knex,
  session: Pick<ActiveSession, 'userId' | 'accountId'>,
): Promise<CurrentUser> {
  const [member, account, memberships] = await Promise.all([
    findUser(db, session.accountId, session.userId),
    findAccount(db, session.accountId),
    listMemberships(db, session.userId),
  ]);
  if (!member || !account) throw new Refusal('user_not_found');
  return presentCurrentUser(
    member,
    account,
    memberships.filter((membership) => membership.status === 'ACTIVE').length,
  );
}
