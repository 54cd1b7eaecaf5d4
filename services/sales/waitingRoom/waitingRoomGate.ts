import type { Services } from '../../kit/http/context';
import { Refusal } from '../../kit/refusal';
import { eventDecider, type EventState } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import { inventoryDecider, type InventoryState } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import {
  admissionWindowMs,
  admittedAt,
  aheadOf,
  estimatedWaitSeconds,
  waitingRoomDecider,
  type WaitingRoomState,
} from './waitingRoomDecider';
import { waitingRoomStream } from './waitingRoomEvents';
import { soldOut, waitingRoomOn } from './waitingRoomAdmission';
import type { WaitingRoomTokens } from './waitingRoomToken';

type LiveEvent = Extract<EventState, { exists: true }>;

/** What the waiting room's answers are made of, read from the event's three streams. */
export interface WaitingRoomView {
  event: LiveEvent;
  inventory: InventoryState;
  room: WaitingRoomState;
  enabled: boolean;
}

export interface Place {
  number: number;
  position: number;
  ahead: number;
  estimated_wait_seconds: number;
  admitted: boolean;
  admission_expires_at: string | null;
}

/**
 * The waiting room as the public routes see it (docs/waiting-room.md): the view of an event, a token's place in
 * it, and the reservation's check. Reads only; the join and the admissions are commands of the routes and the
 * keeper.
 */
export function waitingRoomGate(
  services: Pick<Services, 'commands' | 'clock' | 'config'>,
  tokens: WaitingRoomTokens,
) {
  async function view(eventId: string): Promise<WaitingRoomView> {
    const { state: event } = await services.commands.load(eventDecider, eventStream(eventId));
    if (!event.exists) throw new Refusal('event_not_found');
    const [{ state: inventory }, { state: room }] = await Promise.all([
      services.commands.load(inventoryDecider, inventoryStream(eventId)),
      services.commands.load(waitingRoomDecider, waitingRoomStream(eventId)),
    ]);
    return {
      event,
      inventory,
      room,
      enabled: waitingRoomOn(event.settings, inventory, services.config.waitingRoomAutomatic),
    };
  }

  /** The number a token holds in this event's queue, or null for a token that is not one of its own. */
  function numberOf(view: WaitingRoomView, eventId: string, token: string | null | undefined): number | null {
    if (!token) return null;
    const read = tokens.read(token);
    if (!read || read.eventId !== eventId || read.number > view.room.lastNumber) return null;
    return read.number;
  }

  /**
   * The number a token still holds a place with: null also once its admission window has passed, so the buyer
   * queues again with a new number rather than keeping one that can no longer reserve.
   */
  function placeNumberOf(
    view: WaitingRoomView,
    eventId: string,
    token: string | null | undefined,
    now: Date,
  ): number | null {
    const number = numberOf(view, eventId, token);
    if (number === null) return null;
    const at = admittedAt(view.room, number);
    return at !== null && now.getTime() > at + admissionWindowMs ? null : number;
  }

  function placeOf(view: WaitingRoomView, number: number, now: Date): Place {
    const at = admittedAt(view.room, number);
    const ahead = at === null ? aheadOf(view.room, number) : 0;
    return {
      number,
      position: at === null ? ahead + 1 : 0,
      ahead,
      estimated_wait_seconds:
        at === null
          ? estimatedWaitSeconds(view.room, ahead, now.getTime(), {
              capacity: view.event.settings.waitingRoomCheckoutCapacity,
              orderTimeoutMinutes: view.event.settings.orderTimeoutMinutes,
            })
          : 0,
      admitted: at !== null,
      admission_expires_at: at === null ? null : new Date(at + admissionWindowMs).toISOString(),
    };
  }

  return {
    view,
    numberOf,
    placeNumberOf,
    placeOf,
    soldOut: (view: WaitingRoomView, now: Date) => soldOut(view.inventory, now),

    /**
     * The reservation's gate: with the event's waiting room on, only a genuine token of this event whose number
     * is admitted and still within its admission window passes. With it off, everything passes.
     */
    async checkReservation(eventId: string, token: string | undefined): Promise<void> {
      const current = await view(eventId);
      if (!current.enabled) return;
      if (!token) throw new Refusal('waiting_room_token_required');
      const number = numberOf(current, eventId, token);
      if (number === null) throw new Refusal('waiting_room_token_invalid');
      const now = services.clock.now();
      const at = admittedAt(current.room, number);
      if (at === null) {
        const ahead = aheadOf(current.room, number);
        throw new Refusal(
          'waiting_room_not_admitted_yet',
          `Number ${number} in the waiting room, position ${ahead + 1}: ${ahead} ahead`,
        );
      }
      if (now.getTime() > at + admissionWindowMs) throw new Refusal('waiting_room_admission_expired');
    },
  };
}

export type WaitingRoomGate = ReturnType<typeof waitingRoomGate>;
