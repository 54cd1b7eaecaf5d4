import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  ticketEventTypes,
  ticketOrderEventTypes,
  type TicketDetails,
  type TicketEvent,
  type TicketOrderEvent,
} from '../../services/catalog/tickets/ticketEvents';
import { sortTickets } from '../../services/catalog/tickets/ticketOrderDecider';

/**
 * Tickets: the manage list and the public catalogue. A ticket's definition is kept whole as JSON (`details`,
 * the recorded `TicketDetails` with its tiers); the organizer's drag-to-sort order is its own row per event,
 * applied when listing (`sortTickets`), so a sort and a creation can arrive in any order.
 */

export const ticketsTable: ReadModelTable = {
  name: 'tickets',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    table.text('details').notNullable();
    table.boolean('sales_paused').notNullable();
    table.string('created_at', 30).notNullable();
    /** The creation's global position: the order of creation, also for tickets created in the same instant. */
    table.bigInteger('created_position').notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['event_id', 'created_position'], `${tableName}_event_created_idx`);
  },
};

export const ticketSortOrdersTable: ReadModelTable = {
  name: 'ticket_sort_orders',
  define(table) {
    table.string('event_id', 40).primary();
    table.text('ticket_ids').notNullable();
    table.integer('revision').notNullable();
  },
};

interface TicketRowData {
  id: string;
  event_id: string;
  details: string;
  sales_paused: boolean | number;
  created_at: string;
  created_position: string | number;
  updated_at: string;
  revision: number;
}

export interface TicketRow {
  ticketId: string;
  eventId: string;
  details: TicketDetails;
  salesPaused: boolean;
  createdAt: string;
  updatedAt: string;
}

const fromRow = (row: TicketRowData): TicketRow => ({
  ticketId: row.id,
  eventId: row.event_id,
  details: JSON.parse(row.details) as TicketDetails,
  salesPaused: Boolean(row.sales_paused),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const ticketsProjection = defineProjection<TicketEvent | TicketOrderEvent>({
  name: 'tickets',
  tables: [ticketsTable, ticketSortOrdersTable],
  handles: [...ticketEventTypes, ...ticketOrderEventTypes],
  async apply(trx, event, ctx) {
    const revision = Number(event.revision);
    const touched = [`event:${event.data.eventId}`];
    if (event.type === 'TicketsSorted') {
      const table = ctx.table('ticket_sort_orders');
      const row = {
        event_id: event.data.eventId,
        ticket_ids: JSON.stringify(event.data.ticketIds),
        revision,
      };
      const current: { revision: number } | undefined = await trx(table)
        .where({ event_id: event.data.eventId })
        .first('revision');
      if (!current) await trx(table).insert(row);
      else if (current.revision < revision)
        await trx(table).where({ event_id: event.data.eventId }).update(row);
      return touched;
    }
    const table = ctx.table('tickets');
    if (event.type === 'TicketCreated') {
      const { eventId, ticketId, createdAt, ...details } = event.data;
      await trx(table)
        .insert({
          id: ticketId,
          event_id: eventId,
          details: JSON.stringify(details),
          sales_paused: false,
          created_at: createdAt,
          created_position: event.position.toString(),
          updated_at: createdAt,
          revision,
        })
        .onConflict('id')
        .ignore();
      return touched;
    }
    const row: TicketRowData | undefined = await trx<TicketRowData>(table)
      .where({ id: event.data.ticketId })
      .first();
    if (!row || row.revision >= revision) return [];
    switch (event.type) {
      case 'TicketUpdated': {
        const details = { ...(JSON.parse(row.details) as TicketDetails), ...event.data.changes };
        await trx(table)
          .where({ id: row.id })
          .update({ details: JSON.stringify(details), updated_at: event.data.updatedAt, revision });
        break;
      }
      case 'TicketSalesPaused':
        await trx(table)
          .where({ id: row.id })
          .update({ sales_paused: true, updated_at: event.data.pausedAt, revision });
        break;
      case 'TicketSalesResumed':
        await trx(table)
          .where({ id: row.id })
          .update({ sales_paused: false, updated_at: event.data.resumedAt, revision });
        break;
      case 'TicketDeleted':
        await trx(table).where({ id: row.id }).delete();
        break;
      case 'TicketWaitingListSet':
        // Read from the ticket's stream where it decides (the join); the waiting list read model shows it.
        await trx(table).where({ id: row.id }).update({ updated_at: event.data.setAt, revision });
        break;
    }
    return touched;
  },
});

/** An event's tickets in the organizer's order (tickets created since the last sort follow in creation order). */
export async function listEventTickets(db: Knex, eventId: string): Promise<TicketRow[]> {
  const [rows, order] = await Promise.all([
    db<TicketRowData>('tickets').where({ event_id: eventId }).orderBy('created_position'),
    db('ticket_sort_orders')
      .where({ event_id: eventId })
      .first<{ ticket_ids: string } | undefined>('ticket_ids'),
  ]);
  return sortTickets(rows.map(fromRow), order ? (JSON.parse(order.ticket_ids) as string[]) : []);
}

export async function findEventTicket(
  db: Knex,
  eventId: string,
  ticketId: string,
): Promise<TicketRow | undefined> {
  const row = await db<TicketRowData>('tickets').where({ id: ticketId, event_id: eventId }).first();
  return row ? fromRow(row) : undefined;
}

/** The ids of an event's tickets (deleted tickets have no row). */
export async function listEventTicketIds(db: Knex, eventId: string): Promise<string[]> {
  return db<TicketRowData>('tickets').where({ event_id: eventId }).pluck('id');
}

export async function countEventTickets(db: Knex, eventId: string): Promise<number> {
  const row = (await db('tickets').where({ event_id: eventId }).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}
