import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { fold } from '../../kit/decider';
import {
  admissionWindowMs,
  admittedAt,
  admittedWithinWindow,
  aheadOf,
  estimatedWaitSeconds,
  waitingRoomDecider,
  type JoinWaitingRoom,
} from './waitingRoomDecider';
import type { WaitingRoomEvent } from './waitingRoomEvents';

const spec = deciderSpec(waitingRoomDecider);
const eventId = 'evt-1';
const now = new Date('2027-05-01T10:00:00.000Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const join = (overrides: Partial<JoinWaitingRoom> = {}): JoinWaitingRoom => ({
  type: 'JoinWaitingRoom',
  eventId,
  enabled: true,
  heldNumber: null,
  now,
  ...overrides,
});
const joined = (number: number, when = now): WaitingRoomEvent => ({
  type: 'WaitingRoomJoined',
  data: { eventId, number, joinedAt: when.toISOString() },
});
const admitted = (upTo: number, when = now): WaitingRoomEvent => ({
  type: 'WaitingRoomAdmitted',
  data: { eventId, upTo, admittedAt: when.toISOString() },
});
const stateOf = (events: WaitingRoomEvent[]) =>
  fold(waitingRoomDecider, waitingRoomDecider.initialState(), events);

describe('waiting room', () => {
  it('hands out numbers in arrival order, starting at 1', () => {
    spec
      .given([])
      .when(join())
      .then([joined(1)]);
    spec
      .given([joined(1), joined(2)])
      .when(join())
      .then([joined(3)]);
  });

  it('gives a browser that holds a token of the event its own number back, not a second place', () => {
    spec
      .given([joined(1), joined(2)])
      .when(join({ heldNumber: 1 }))
      .thenNothingHappened();
  });

  it('gives a new number for a held number never handed out', () => {
    spec
      .given([joined(1)])
      .when(join({ heldNumber: 7 }))
      .then([joined(2)]);
  });

  it('refuses a join while the waiting room is off', () => {
    spec
      .given([])
      .when(join({ enabled: false }))
      .thenRefused('waiting_room_closed');
  });

  it('admits forward only, and never past the last number handed out', () => {
    const admit = (upTo: number) => ({ type: 'AdmitFromWaitingRoom' as const, eventId, upTo, now });
    spec
      .given([joined(1), joined(2), joined(3)])
      .when(admit(2))
      .then([admitted(2)]);
    spec
      .given([joined(1), joined(2), joined(3)])
      .when(admit(10))
      .then([admitted(3)]);
    spec
      .given([joined(1), joined(2), admitted(2)])
      .when(admit(1))
      .thenNothingHappened();
    spec
      .given([joined(1), joined(2), admitted(2)])
      .when(admit(2))
      .thenNothingHappened();
    spec.given([]).when(admit(5)).thenNothingHappened();
  });

  it('knows when each number was admitted and how many wait ahead of one', () => {
    const state = stateOf([joined(1), joined(2), joined(3), joined(4), admitted(1), admitted(3, at(30))]);
    expect(admittedAt(state, 1)).toBe(now.getTime());
    expect(admittedAt(state, 3)).toBe(at(30).getTime());
    expect(admittedAt(state, 4)).toBeNull();
    expect(aheadOf(state, 4)).toBe(0);
    expect(aheadOf(state, 1)).toBe(0);
  });

  it('counts as still to come only the numbers admitted within the admission window', () => {
    const state = stateOf([joined(1), joined(2), joined(3), admitted(1), admitted(3, at(120))]);
    expect(admittedWithinWindow(state, at(60).getTime())).toEqual({ count: 3, since: now.getTime() });
    const later = now.getTime() + admissionWindowMs + 1;
    expect(admittedWithinWindow(state, later)).toEqual({ count: 2, since: at(120).getTime() });
  });

  it('estimates the wait from the last minute of admissions, else from capacity and order timeout', () => {
    const fallback = { capacity: 10, orderTimeoutMinutes: 15 };
    const none = stateOf([joined(1), joined(2)]);
    // 20 ahead + this one = 21 buyers at 10 per 15 minutes
    expect(estimatedWaitSeconds(none, 20, now.getTime(), fallback)).toBe(Math.ceil(2.1 * 15 * 60));
    const some = stateOf([...Array.from({ length: 30 }, (_, i) => joined(i + 1)), admitted(10, at(-30))]);
    // 10 admitted in the last minute: 19 ahead + 1 = 20 buyers take two minutes
    expect(estimatedWaitSeconds(some, 19, now.getTime(), fallback)).toBe(120);
  });
});
