import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  capacityAssignmentEventTypes,
  type CapacityAssignmentDetails,
  type CapacityAssignmentEvent,
} from '../../services/catalog/capacity/capacityEvents';

/**
 * An event's capacity assignments (`/manage/event/{eventId}/capacity-assignments`): their definitions. The
 * used capacity is not kept here: it is read live from the event's inventory (holds expire lazily).
 */

export const capacityAssignmentsTable: ReadModelTable = {
  name: 'capacity_assignments',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    table.string('name', 200).notNullable();
    table.integer('capacity').notNullable();
    /** JSON array of ticket ids. */
    table.text('ticket_ids').notNullable();
    table.boolean('enabled').notNullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['event_id', 'name'], `${tableName}_event_name_idx`);
  },
};

export interface CapacityAssignmentRow {
  id: string;
  event_id: string;
  name: string;
  capacity: number;
  ticket_ids: string;
  enabled: boolean | number;
  created_at: string;
  updated_at: string;
  revision: number;
}

function columns(changes: Partial<CapacityAssignmentDetails>) {
  return {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.capacity !== undefined ? { capacity: changes.capacity } : {}),
    ...(changes.ticketIds !== undefined ? { ticket_ids: JSON.stringify(changes.ticketIds) } : {}),
    ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
  };
}

export const capacityAssignmentsProjection = defineProjection<CapacityAssignmentEvent>({
  name: 'capacityAssignments',
  tables: [capacityAssignmentsTable],
  handles: capacityAssignmentEventTypes,
  async apply(trx, event, ctx) {
    const table = ctx.table('capacity_assignments');
    const revision = Number(event.revision);
    const { eventId, capacityAssignmentId: id } = event.data;
    const keys = [`capacity-assignment:${id}`, `event:${eventId}`];
    switch (event.type) {
      case 'CapacityAssignmentCreated': {
        const d = event.data;
        await trx(table)
          .insert({
            id,
            event_id: eventId,
            ...columns(d),
            created_at: d.createdAt,
            updated_at: d.createdAt,
            revision,
          })
          .onConflict('id')
          .ignore();
        return keys;
      }
      case 'CapacityAssignmentUpdated': {
        const row = await trx<CapacityAssignmentRow>(table).where({ id }).first('revision');
        if (!row || row.revision >= revision) return [];
        await trx(table)
          .where({ id })
          .update({ ...columns(event.data.changes), updated_at: event.data.updatedAt, revision });
        return keys;
      }
      case 'CapacityAssignmentDeleted':
        await trx(table).where({ id }).delete();
        return keys;
    }
  },
});

export async function listEventCapacityAssignments(
  db: Knex,
  eventId: string,
): Promise<CapacityAssignmentRow[]> {
  return db<CapacityAssignmentRow>('capacity_assignments')
    .where({ event_id: eventId })
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

export async function findEventCapacityAssignment(
  db: Knex,
  eventId: string,
  capacityAssignmentId: string,
): Promise<CapacityAssignmentRow | undefined> {
  return db<CapacityAssignmentRow>('capacity_assignments')
    .where({ id: capacityAssignmentId, event_id: eventId })
    .first();
}

export function capacityTicketIds(row: CapacityAssignmentRow): string[] {
  return JSON.parse(row.ticket_ids) as string[];
}

/** `used_capacity` comes from the inventory (services/catalog/capacity/capacityCommands.ts `usedCapacity`). */
export function presentCapacityAssignment(row: CapacityAssignmentRow, usedCapacity: number) {
  return {
    id: row.id,
    event_id: row.event_id,
    name: row.name,
    capacity: row.capacity,
    ticket_ids: capacityTicketIds(row),
    enabled: Boolean(row.enabled),
    used_capacity: usedCapacity,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
