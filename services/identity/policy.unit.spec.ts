import { describe, expect, it } from 'vitest';
import { can, permissionsOf } from '../kit/http/policy';

describe('permissions', () => {
  it('let admins do everything', () => {
    for (const permission of [
      'profile.manage',
      'events.manage',
      'events.delete',
      'users.manage',
      'account.manage',
      'billing.manage',
      'outbox.read',
      'audit.read',
    ] as const) {
      expect(can('ADMIN', permission)).toBe(true);
    }
  });
  it('let organizers manage events and their own profile only', () => {
    expect(permissionsOf('ORGANIZER')).toEqual(['events.manage', 'profile.manage']);
    expect(can('ORGANIZER', 'users.manage')).toBe(false);
    expect(can('ORGANIZER', 'account.manage')).toBe(false);
    expect(can('ORGANIZER', 'billing.manage')).toBe(false);
    expect(can('ORGANIZER', 'outbox.read')).toBe(false);
    expect(can('ORGANIZER', 'audit.read')).toBe(false);
  });
});
