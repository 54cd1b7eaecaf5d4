import type { Context, Next } from 'koa';
import type { AppState } from './context';
import { Refusal } from '../refusal';
import type { Role } from '../../identity/accountDecider';

/**
 * The one place that decides who may do what (spec section 6). Admins may do everything; organizers manage
 * events and tickets but not users, account settings or billing. Every authenticated route names the
 * permission it needs through `allow(...)`; the web reads the same grants from `GET /users/me`.
 */
export type Permission =
  | 'profile.manage'
  | 'events.manage'
  | 'events.delete'
  | 'users.manage'
  | 'account.manage'
  | 'billing.manage'
  | 'outbox.read'
  | 'audit.read';

const grants: Record<Role, ReadonlySet<Permission>> = {
  ADMIN: new Set<Permission>([
    'profile.manage',
    'events.manage',
    'events.delete',
    'users.manage',
    'account.manage',
    'billing.manage',
    'outbox.read',
    'audit.read',
  ]),
  ORGANIZER: new Set<Permission>(['profile.manage', 'events.manage']),
};

export function can(role: Role, permission: Permission): boolean {
  return grants[role].has(permission);
}

export function permissionsOf(role: Role): Permission[] {
  return [...grants[role]].sort();
}

/**
 * Route middleware: a session is required (401: `unauthenticated`, or `token_expired` when the token sent is
 * unknown, ended, expired or its member deactivated), and its role must grant the permission (403 `forbidden`).
 */
export function allow(permission: Permission) {
  return async (ctx: Context, next: Next) => {
    const state = ctx.state as AppState;
    const auth = state.auth;
    if (!auth) {
      if (state.tokenRejected)
        throw new Refusal('token_expired', 'The token is unknown, expired or revoked; log in again');
      throw new Refusal('unauthenticated');
    }
    if (!can(auth.role, permission)) throw new Refusal('forbidden', `Your role does not allow ${permission}`);
    await next();
  };
}
