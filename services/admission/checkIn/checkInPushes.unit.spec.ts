import { describe, expect, it } from 'vitest';
import type { CheckInChanged } from '../../kit/contracts/realtime';
import { CheckInPushes } from './checkInLive';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recorder() {
  const frames: { list: string; attendees: string[] }[] = [];
  const send = (list: string, changes: CheckInChanged[]) =>
    frames.push({ list, attendees: changes.map((each) => each.attendeeId) });
  return { frames, send };
}

describe('check-in pushes', () => {
  it('send what one turn of the event loop committed per list, in order, in one frame', async () => {
    const { frames, send } = recorder();
    const pushes = new CheckInPushes(send);
    pushes.add(change('cl_a', 'at_1'));
    pushes.add(change('cl_b', 'at_2'));
    pushes.add(change('cl_a', 'at_3'));
    expect(frames).toEqual([]);
    await nextTurn();
    expect(frames).toEqual([
      { list: 'cl_a', attendees: ['at_1', 'at_3'] },
      { list: 'cl_b', attendees: ['at_2'] },
    ]);
  });

  it('gather what follows a frame within the spacing into one frame when the spacing ends', async () => {
    const { frames, send } = recorder();
    const pushes = new CheckInPushes(send, 40);
    pushes.add(change('cl_a', 'at_1'));
    await nextTurn();
    pushes.add(change('cl_a', 'at_2'));
    await nextTurn();
    pushes.add(change('cl_a', 'at_3'));
    pushes.add(change('cl_b', 'at_4'));
    await nextTurn();
    // cl_b had no frame yet: it goes at once; cl_a waits for its spacing.
    expect(frames).toEqual([
      { list: 'cl_a', attendees: ['at_1'] },
      { list: 'cl_b', attendees: ['at_4'] },
    ]);
    await sleep(60);
    expect(frames).toEqual([
      { list: 'cl_a', attendees: ['at_1'] },
      { list: 'cl_b', attendees: ['at_4'] },
      { list: 'cl_a', attendees: ['at_2', 'at_3'] },
    ]);
  });

  it('send the first admission after a quiet spell at once', async () => {
    const { frames, send } = recorder();
    const pushes = new CheckInPushes(send, 20);
    pushes.add(change('cl_a', 'at_1'));
    await nextTurn();
    await sleep(30);
    pushes.add(change('cl_a', 'at_2'));
    await nextTurn();
    expect(frames).toEqual([
      { list: 'cl_a', attendees: ['at_1'] },
      { list: 'cl_a', attendees: ['at_2'] },
    ]);
  });
});
