import { describe, expect, it } from 'vitest';
import { classifyScan, ScanMemory } from './scanMemory';
import type { SnapshotAttendee } from './scannerApi';

const ada: SnapshotAttendee = {
  id: 'at_1',
  short_id: 'a0000000000000000001',
  order_id: 'or_1',
  ticket_id: 'tk_1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  status: 'ACTIVE',
  payment: 'PAID',
  check_in: null,
};
const push = (position: string, state: 'CHECKED_IN' | 'CHECKED_OUT', checkInId = 'ci_1') => ({
  checkInListId: 'cl_1',
  attendeeId: 'at_1',
  checkInId,
  state,
  checkedInAt: '2030-06-01T19:02:00.000Z',
  deviceId: 'door-b',
  gate: 'Gate B',
  position,
});

describe('what a scanning device knows', () => {
  it('learns admissions from pushes of other devices', () => {
    const memory = new ScanMemory();
    memory.loadSnapshot([ada], '10');
    expect(memory.admissionOf('at_1')).toBeUndefined();
    memory.receive(push('11', 'CHECKED_IN'));
    expect(memory.admissionOf('at_1')).toMatchObject({ deviceId: 'door-b', gate: 'Gate B' });
    expect(memory.admittedCount).toBe(1);
    memory.receive(push('12', 'CHECKED_OUT'));
    expect(memory.admittedCount).toBe(0);
  });

  it('lays pushes newer than a late snapshot over it, and ignores older ones', () => {
    const memory = new ScanMemory();
    memory.receive(push('11', 'CHECKED_IN'));
    memory.loadSnapshot([ada], '10');
    expect(memory.admissionOf('at_1')).toBeDefined();
    const later = new ScanMemory();
    later.receive(push('9', 'CHECKED_IN'));
    later.loadSnapshot([ada], '10');
    expect(later.admissionOf('at_1')).toBeUndefined();
    later.receive(push('8', 'CHECKED_IN'));
    expect(later.admissionOf('at_1')).toBeUndefined();
  });

  it('ignores the same code seen again within a few seconds on this device', () => {
    const memory = new ScanMemory(3_000);
    expect(memory.isRepeat('123', 1_000)).toBe(false);
    expect(memory.isRepeat('123', 3_500)).toBe(true);
    expect(memory.isRepeat('123', 7_000)).toBe(false);
    expect(memory.isRepeat('456', 7_000)).toBe(false);
  });

  it('tells QR codes from typed short ids', () => {
    expect(classifyScan(' A0000000000000000001 ')).toEqual({ attendeeShortId: 'a0000000000000000001' });
    expect(classifyScan('1'.repeat(249))).toEqual({ code: '1'.repeat(249) });
    expect(classifyScan('')).toBeNull();
  });
});
