import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type { WaitingRoomEvent } from './waitingRoomEvents';

/**
 * The waiting room's queue (docs/waiting-room.md, "Rules"): numbers 1, 2, 3… in arrival order, and one admitted
 * mark that only moves forward. A hot stream in an on-sale: the command handler decides a batch of joins against
 * one folded state and appends them together, so hundreds of joins a second cost a few appends.
 */

/** How long an admitted number may start its reservation. */
export const admissionWindowMs = 10 * 60_000;

export type JoinWaitingRoom = {
  type: 'JoinWaitingRoom';
  eventId: string;
  /** Whether the event's waiting room is on (an advisory fact: the route read the event's settings). */
  enabled: boolean;
  /** The number of a genuine token of this event the browser already holds: it keeps its place. */
  heldNumber: number | null;
  now: Date;
};
export type AdmitFromWaitingRoom = {
  type: 'AdmitFromWaitingRoom';
  eventId: string;
  upTo: number;
  now: Date;
};
export type WaitingRoomCommand = JoinWaitingRoom | AdmitFromWaitingRoom;

export interface Admission {
  upTo: number;
  at: number;
}
export interface WaitingRoomState {
  /** The last number handed out (0: nobody joined yet). */
  lastNumber: number;
  /** Every number up to this one is admitted. */
  upTo: number;
  /** Each forward move of the mark, oldest first: when a number was admitted, and the admission rate. */
  admissions: readonly Admission[];
}

export const waitingRoomDecider: Decider<WaitingRoomCommand, WaitingRoomEvent, WaitingRoomState> = {
  initialState: () => ({ lastNumber: 0, upTo: 0, admissions: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'WaitingRoomJoined':
        return { ...state, lastNumber: Math.max(state.lastNumber, event.data.number) };
      case 'WaitingRoomAdmitted':
        if (event.data.upTo <= state.upTo) return state;
        return {
          ...state,
          upTo: event.data.upTo,
          admissions: [...state.admissions, { upTo: event.data.upTo, at: Date.parse(event.data.admittedAt) }],
        };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'JoinWaitingRoom': {
        const held = command.heldNumber;
        // A browser coming back (a reload, a second tab) keeps its place rather than taking a second one.
        if (held !== null && held >= 1 && held <= state.lastNumber) return [];
        if (!command.enabled) refuse('waiting_room_closed');
        return [
          {
            type: 'WaitingRoomJoined',
            data: { eventId: command.eventId, number: state.lastNumber + 1, joinedAt: at },
          },
        ];
      }
      case 'AdmitFromWaitingRoom': {
        // Only numbers handed out, only forward: a late or repeated admission changes nothing.
        const upTo = Math.min(command.upTo, state.lastNumber);
        if (upTo <= state.upTo) return [];
        return [{ type: 'WaitingRoomAdmitted', data: { eventId: command.eventId, upTo, admittedAt: at } }];
      }
    }
  },
};

/** When `number` was admitted (ms), or null while it waits. */
export function admittedAt(state: WaitingRoomState, number: number): number | null {
  if (number > state.upTo) return null;
  for (const admission of state.admissions) if (admission.upTo >= number) return admission.at;
  return null;
}

/** How many numbers ahead of `number` still wait. */
export function aheadOf(state: WaitingRoomState, number: number): number {
  return Math.max(0, number - state.upTo - 1);
}

/**
 * Admitted numbers that may still start a reservation at `now` (admitted within the window), not counting the
 * holds placed since the oldest of those admissions: an admitted buyer who reserved is an open checkout instead.
 */
export function admittedWithinWindow(state: WaitingRoomState, now: number): { count: number; since: number } {
  const since = now - admissionWindowMs;
  let before = 0;
  let first: number | null = null;
  for (const admission of state.admissions) {
    if (admission.at <= since) before = admission.upTo;
    else if (first === null) first = admission.at;
  }
  return { count: state.upTo - before, since: first ?? now };
}

/**
 * The wait for a buyer with `ahead` numbers before theirs, in seconds: at the rate numbers were admitted over the
 * last minute, or, before anything was admitted in it, `capacity` buyers per order timeout (each place frees once
 * a checkout ends).
 */
export function estimatedWaitSeconds(
  state: WaitingRoomState,
  ahead: number,
  now: number,
  fallback: { capacity: number; orderTimeoutMinutes: number },
): number {
  const position = ahead + 1;
  const minuteAgo = now - 60_000;
  let before = 0;
  for (const admission of state.admissions) if (admission.at <= minuteAgo) before = admission.upTo;
  const admittedLastMinute = state.upTo - before;
  if (admittedLastMinute > 0) return Math.ceil((position / admittedLastMinute) * 60);
  return Math.ceil((position / fallback.capacity) * fallback.orderTimeoutMinutes * 60);
}
