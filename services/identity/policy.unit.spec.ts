import { describe, expect, it } from 'vitest';
import { can } from './policy';

describe('permissions', () => {
  it('let admins do everything', () => {
    for (const permission of ['events.manage', 'users.manage', 'account.manage', 'billing.manage', 'outbox.read'] as const) {
      expect(can('ADMIN', permission)).toBe(true);
    }
  });
  it('let organizers manage events only', () => {
    expect(can('ORGANIZER', 'events.manage')).toBe(true);
    expect(can('ORGANIZER', 'users.manage')).toBe(false);
    expect(can('ORGANIZER', 'account.manage')).toBe(false);
    expect(can('ORGANIZER', 'billing.manage')).toBe(false);
  });
});
