import { describe, expect, it } from 'vitest';
import type { CheckInChanged } from '../kit/contracts/realtime';
import { CheckInPushes } from './realtime';

const change = (checkInListId: string, attendeeId: string): CheckInChanged => ({
  checkInListId,
  attendeeId,
  checkInId: `ci_${attendeeId}`,
  state: 'CHECKED_IN',
  checkedInAt: '2027-01-10T19:00:00.000Z',
  deviceId: 'door-a',
  gate: null,
  position: '1',
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('check-in pushes', () => {
  it('send what one turn of the event loop committed per list, in order, in one frame', async () => {
    const frames: { list: string; attendees: string[] }[] = [];
    const pushes = new CheckInPushes((list, changes) =>
      frames.push({ list, attendees: changes.map((each) => each.attendeeId) }),
    );
    pushes.add(change('cl_a', 'at_1'));
    pushes.add(change('cl_b', 'at_2'));
    pushes.add(change('cl_a', 'at_3'));
    expect(frames).toEqual([]);
    await nextTurn();
    expect(frames).toEqual([
      { list: 'cl_a', attendees: ['at_1', 'at_3'] },
      { list: 'cl_b', attendees: ['at_2'] },
    ]);
    pushes.add(change('cl_a', 'at_4'));
    await nextTurn();
    expect(frames.at(-1)).toEqual({ list: 'cl_a', attendees: ['at_4'] });
    expect(frames).toHaveLength(3);
  });
});
