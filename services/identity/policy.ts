import type { Context, Next } from 'koa';
import type { AppState } from '../api/context';
import { Refusal } from '../kit/refusal';
import type { Role } from './identityDeciders';

/**
 * The one place that decides who may do what (spec section 6). Admins may do everything; organizers manage
 * events and tickets but not users, account settings or billing. Every authenticated route names the
 * permission it needs through `allow(...)`.
 */
export type Permission = 'events.manage' | 'users.manage' | 'account.manage' | 'billing.manage' | 'outbox.read';

const grants: Record<Role, ReadonlySet<Permission>> = {
  ADMIN: new Set<Permission>(['events.manage', 'users.manage', 'account.manage', 'billing.manage', 'outbox.read']),
  ORGANIZER: new Set<Permission>(['events.manage']),
};

export function can(role: Role, permission: Permission): boolean {
  return grants[role].has(permission);
}

/** Route middleware: a session is required, and its role must grant the permission (403 `forbidden` otherwise). */
export function allow(permission: Permission) {
  return async (ctx: Context, next: Next) => {
    const auth = (ctx.state as AppState).auth;
    if (!auth) throw new Refusal('unauthenticated');
    if (!can(auth.role, permission)) throw new Refusal('forbidden', `Your role does not allow ${permission}`);
    await next();
  };
}
