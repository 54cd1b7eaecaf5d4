import { describe, expect, it } from 'vitest';
import { admissionPlace, classifyScan, ScanMemory } from './scanMemory';
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
  ticket_title: 'Standing',
  order_reference: '4K7Q2M9X',
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

  it('takes the order reference a buyer reads out, however it is typed', () => {
    for (const typed of ['4K7Q2M9X', '4k7q2m9x', ' #4K7Q2M9X ', '4K7Q 2M9X', '4K7Q-2M9X'])
      expect(classifyScan(typed), typed).toEqual({ orderReference: '4K7Q2M9X' });
    // O, I and L are not in the alphabet of references: read as the digits they look like.
    expect(classifyScan('4KOQ2MIL')).toEqual({ orderReference: '4K0Q2M11' });
    expect(classifyScan('12345678')).toEqual({ orderReference: '12345678' });
    // U is not in the alphabet either, and other lengths are no reference: a code the server will refuse.
    expect(classifyScan('4K7Q2M9U')).toEqual({ code: '4K7Q2M9U' });
    expect(classifyScan('4K7Q2M9')).toEqual({ code: '4K7Q2M9' });
  });

  it("lists an order's attendees from the snapshot, for a lookup without the network", () => {
    const memory = new ScanMemory();
    const grace = {
      ...ada,
      id: 'at_2',
      short_id: 'a0000000000000000002',
      first_name: 'Grace',
      last_name: 'Hopper',
    };
    const other = { ...ada, id: 'at_3', short_id: 'a0000000000000000003', order_reference: 'ZZZZ9999' };
    memory.loadSnapshot([ada, grace, other], '1');
    expect(memory.attendeesOfOrder('4K7Q2M9X').map((attendee) => attendee.id)).toEqual(['at_2', 'at_1']);
    expect(memory.attendeesOfOrder('4K7Q2M9X')[0]).toMatchObject({ ticketTitle: 'Standing' });
    expect(memory.attendeesOfOrder('00000000')).toEqual([]);
  });

  it('says where an earlier admission was by gate, or this or another device, never by device id', () => {
    const at = { checkInId: 'ci_1', at: '2030-06-01T19:02:00.000Z', deviceId: 'dev-e0292c5829857326' };
    expect(admissionPlace({ ...at, gate: 'Gate B' }, 'dev-e0292c5829857326')).toEqual({ gate: 'Gate B' });
    expect(admissionPlace({ ...at, gate: null }, 'dev-e0292c5829857326')).toEqual({ device: 'this' });
    expect(admissionPlace({ ...at, gate: '  ' }, 'dev-other')).toEqual({ device: 'another' });
  });
});
