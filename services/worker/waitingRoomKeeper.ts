import type { Knex } from 'knex';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ReadModelTable } from '../../projections/runner/types';
import type { Clock } from '../kit/clock';
import type { CommandHandler } from '../kit/commandHandler';
import type { Logger } from '../kit/logger';
import { PassWorker } from '../kit/passLoop';
import { eventDecider } from '../catalog/events/eventDecider';
import { eventStream } from '../catalog/events/eventEvents';
import { inventoryDecider } from '../inventory/inventoryDecider';
import { inventoryStream } from '../inventory/inventoryEvents';
import { admittedWithinWindow, waitingRoomDecider } from '../sales/waitingRoom/waitingRoomDecider';
import { freePlaces, waitingRoomOn } from '../sales/waitingRoom/waitingRoomAdmission';
import {
  waitingRoomStream,
  type WaitingRoomAdmitted,
  type WaitingRoomJoined,
} from '../sales/waitingRoom/waitingRoomEvents';

/**
 * The waiting room's admission keeper (docs/waiting-room.md, "Admission"). The projection notes, per event, the
 * last number handed out and the admitted mark; about once a second the keeper takes every event where someone
 * waits and admits, in number order, as many as there are free checkout places (a timer only: a rush's notices
 * would ask for a pass per batch, and the admission rate is what the estimate is made of anyway): the capacity, less the open
 * checkouts (unexpired held holds of the inventory), less the admitted buyers who may still come to reserve.
 * `AdmitFromWaitingRoom` only moves the mark forward, so two workers at once admit no one twice.
 */
export const waitingRoomsTable: ReadModelTable = {
  name: 'waiting_rooms',
  define(table, tableName) {
    table.string('event_id', 40).primary();
    table.integer('last_number').notNullable();
    table.integer('admitted_up_to').notNullable();
    table.index(['admitted_up_to', 'last_number'], `${tableName}_waiting_idx`);
  },
};

export const waitingRoomReactorName = 'waiting-room-reactor';

export function waitingRoomReactor(): Projection {
  return defineProjection<WaitingRoomJoined | WaitingRoomAdmitted>({
    name: waitingRoomReactorName,
    tables: [waitingRoomsTable],
    handles: ['WaitingRoomJoined', 'WaitingRoomAdmitted'],
    async apply(trx, event, ctx) {
      const rooms = ctx.table(waitingRoomsTable.name);
      const { eventId } = event.data;
      const row = (await trx(rooms).where({ event_id: eventId }).first()) as RoomRow | undefined;
      const next =
        event.type === 'WaitingRoomJoined'
          ? { last_number: Math.max(row?.last_number ?? 0, event.data.number) }
          : { admitted_up_to: Math.max(row?.admitted_up_to ?? 0, event.data.upTo) };
      if (row) await trx(rooms).where({ event_id: eventId }).update(next);
      else await trx(rooms).insert({ event_id: eventId, last_number: 0, admitted_up_to: 0, ...next });
      return [];
    },
  });
}

interface RoomRow {
  event_id: string;
  last_number: number;
  admitted_up_to: number;
}

export interface WaitingRoomSweep {
  /** The events whose mark moved, and to where. */
  admitted: { eventId: string; upTo: number }[];
}

export class WaitingRoomKeeper extends PassWorker<WaitingRoomSweep> {
  constructor(
    private readonly deps: {
      db: Knex;
      commands: CommandHandler;
      clock: Clock;
      logger: Logger;
      /** The platform's `WAITING_ROOM_AUTOMATIC`. */
      automatic: boolean;
    },
  ) {
    super({
      pollIntervalMs: 1_000,
      minGapMs: 250,
      logger: deps.logger,
      failure: 'waiting room admission failed',
    });
  }

  /** One pass, after any pass under way. */
  sweep(): Promise<WaitingRoomSweep> {
    return this.runPass();
  }

  protected async pass(): Promise<WaitingRoomSweep> {
    const { db, commands, clock } = this.deps;
    const outcome: WaitingRoomSweep = { admitted: [] };
    const waiting = (await db(waitingRoomsTable.name)
      .whereRaw('last_number > admitted_up_to')
      .limit(1000)) as RoomRow[];
    for (const row of waiting) {
      const eventId = row.event_id;
      const { state: event } = await commands.load(eventDecider, eventStream(eventId));
      if (!event.exists || event.status !== 'LIVE') continue;
      const { state: inventory } = await commands.load(inventoryDecider, inventoryStream(eventId));
      if (!waitingRoomOn(event.settings, inventory, this.deps.automatic)) continue;
      const { state: room } = await commands.load(waitingRoomDecider, waitingRoomStream(eventId));
      const now = clock.now();
      const free = freePlaces(
        event.settings.waitingRoomCheckoutCapacity,
        inventory,
        admittedWithinWindow(room, now.getTime()),
        now.getTime(),
      );
      if (free === 0 || room.upTo >= room.lastNumber) continue;
      const result = await commands.handle(
        waitingRoomDecider,
        waitingRoomStream(eventId),
        { type: 'AdmitFromWaitingRoom', eventId, upTo: room.upTo + free, now },
        { correlationId: `waiting-room-admit-${eventId}`, actor: 'system' },
      );
      if (result.events.length > 0) outcome.admitted.push({ eventId, upTo: result.state.upTo });
    }
    return outcome;
  }
}
