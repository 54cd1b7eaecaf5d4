import type { Knex } from 'knex';
import { ERASED_EMAIL, ERASED_TEXT } from '../../services/eventstore';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import { filterList, runListQuery, type ListQuery, type ListSpec } from '../../services/kit/listQuery';
import type {
  WaitingEntryEvent,
  WaitingEntryStatus,
  WaitingOfferBound,
} from '../../services/sales/waitingList/waitingListEvents';

/**
 * The event's waiting list for the organizer's page and its export (docs/waiting-list.md). One row per entry.
 * The name and address are read from the log like any reader gets them: unsealed, or their erased values once
 * the entry's subject is erased (services/eventstore/personalData.ts), so a rebuild after an erasure holds none.
 */
export const waitingListEntriesTable: ReadModelTable = {
  name: 'waiting_list_entries',
  define(table, tableName) {
    table.string('id', 60).primary();
    table.string('event_id', 40).notNullable();
    table.string('ticket_id', 40).notNullable();
    table.string('tier_id', 64).nullable();
    table.integer('quantity').notNullable();
    table.string('name', 255).notNullable();
    table.string('email', 320).notNullable();
    table.string('locale', 10).notNullable();
    /** WAITING | OFFERED | CONVERTED | EXPIRED | REMOVED */
    table.string('status', 12).notNullable();
    /** The log position of the join: first come, first served, across the whole event. */
    table.bigInteger('join_sequence').notNullable();
    table.string('joined_at', 30).notNullable();
    table.string('hold_id', 80).nullable();
    table.string('offered_at', 30).nullable();
    table.string('offer_expires_at', 30).nullable();
    table.string('expired_at', 30).nullable();
    table.string('converted_at', 30).nullable();
    table.string('order_id', 60).nullable();
    table.string('removed_at', 30).nullable();
    table.string('removed_by', 12).nullable();
    table.index(['event_id', 'join_sequence'], `${tableName}_event_join_idx`);
    table.index(['ticket_id', 'status', 'join_sequence'], `${tableName}_ticket_status_idx`);
  },
};

export interface WaitingListEntryRow {
  id: string;
  event_id: string;
  ticket_id: string;
  tier_id: string | null;
  quantity: number;
  name: string;
  email: string;
  locale: string;
  status: WaitingEntryStatus;
  join_sequence: number;
  joined_at: string;
  hold_id: string | null;
  offered_at: string | null;
  offer_expires_at: string | null;
  expired_at: string | null;
  converted_at: string | null;
  order_id: string | null;
  removed_at: string | null;
  removed_by: 'ORGANIZER' | 'BUYER' | null;
}

/** A row with its place in the ticket's queue: 1 for the next entry to be offered, null once it left the queue. */
export type WaitingListEntry = WaitingListEntryRow & { position: number | null };

/** Which session took up an offer is the checkout's business, not the organizer's list. */
type ListedEntryEvent = Exclude<WaitingEntryEvent, WaitingOfferBound>;

export const waitingListProjection = defineProjection<ListedEntryEvent>({
  name: 'waitingList',
  tables: [waitingListEntriesTable],
  handles: [
    'WaitingEntryJoined',
    'WaitingEntryOffered',
    'WaitingOfferExpired',
    'WaitingEntryConverted',
    'WaitingEntryRemoved',
    'WaitingEntryPersonalDataErased',
  ],
  async apply(trx, event, ctx) {
    const table = ctx.table(waitingListEntriesTable.name);
    const d = event.data;
    const update = (changes: Partial<WaitingListEntryRow>) =>
      trx(table).where({ id: d.entryId }).update(changes);
    switch (event.type) {
      case 'WaitingEntryJoined':
        await trx(table)
          .insert({
            id: d.entryId,
            event_id: d.eventId,
            ticket_id: event.data.ticketId,
            tier_id: event.data.tierId,
            quantity: event.data.quantity,
            name: event.data.name,
            email: event.data.email,
            locale: event.data.locale,
            status: 'WAITING',
            join_sequence: event.position.toString(),
            joined_at: event.data.joinedAt,
          })
          .onConflict('id')
          .ignore();
        break;
      case 'WaitingEntryOffered':
        await update({
          status: 'OFFERED',
          hold_id: event.data.holdId,
          offered_at: event.data.offeredAt,
          offer_expires_at: event.data.expiresAt,
        });
        break;
      case 'WaitingOfferExpired':
        await update({ status: 'EXPIRED', expired_at: event.data.expiredAt });
        break;
      case 'WaitingEntryConverted':
        await update({
          status: 'CONVERTED',
          converted_at: event.data.convertedAt,
          order_id: event.data.orderId,
        });
        break;
      case 'WaitingEntryRemoved':
        await update({
          status: 'REMOVED',
          removed_at: event.data.removedAt,
          removed_by: event.data.removedBy,
        });
        break;
      // Live, the row held what the log handed out before the key was deleted; a rebuild reads the erased values.
      case 'WaitingEntryPersonalDataErased':
        await update({ name: ERASED_TEXT, email: ERASED_EMAIL });
        break;
    }
    return [`waitingEntry:${d.entryId}`, `event:${d.eventId}`];
  },
});

export const waitingListStatuses: readonly WaitingEntryStatus[] = [
  'WAITING',
  'OFFERED',
  'CONVERTED',
  'EXPIRED',
  'REMOVED',
];

export const waitingListSpec: ListSpec = {
  sorts: { joined_at: 'join_sequence', quantity: 'quantity', status: 'status' },
  defaultSort: 'joined_at',
  defaultDirection: 'asc',
  filters: {
    status: { column: 'status', operators: ['eq', 'in'], values: [...waitingListStatuses] },
    ticket_id: { column: 'ticket_id', operators: ['eq', 'in'] },
  },
  searchColumns: ['name', 'email'],
  tieBreaker: 'id',
};

/** The entries of the event with their queue position (a count of the ticket's waiting entries that joined first). */
function entriesOfEvent(db: Knex, eventId: string): Knex.QueryBuilder {
  return db('waiting_list_entries as entry')
    .where('entry.event_id', eventId)
    .select(
      'entry.*',
      db.raw(
        `case when entry.status = 'WAITING' then (
           select count(*) from waiting_list_entries ahead
           where ahead.ticket_id = entry.ticket_id and ahead.status = 'WAITING'
             and ahead.join_sequence <= entry.join_sequence
         ) end as position`,
      ),
    );
}

/** PostgreSQL answers bigint columns and counts as strings. */
const fromRow = (row: WaitingListEntry): WaitingListEntry => ({
  ...row,
  quantity: Number(row.quantity),
  join_sequence: Number(row.join_sequence),
  position: row.position === null ? null : Number(row.position),
});

export async function listWaitingListEntries(db: Knex, eventId: string, list: ListQuery) {
  const { rows, meta } = await runListQuery<WaitingListEntry>(
    entriesOfEvent(db, eventId),
    list,
    waitingListSpec,
  );
  return { rows: rows.map(fromRow), meta };
}

/** The event's entries in the list's filters, in join order, a page at a time (exports). */
export async function* exportWaitingListEntries(
  db: Knex,
  eventId: string,
  list: ListQuery,
  pageSize = 1_000,
): AsyncGenerator<WaitingListEntry[]> {
  let after = 0;
  for (;;) {
    const rows = (
      (await filterList(entriesOfEvent(db, eventId), list, waitingListSpec)
        .where('entry.join_sequence', '>', after)
        .orderBy('entry.join_sequence', 'asc')
        .limit(pageSize)) as WaitingListEntry[]
    ).map(fromRow);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.join_sequence;
  }
}

/** One entry of the event; undefined for an unknown id or another event's entry. */
export async function findWaitingListEntry(
  db: Knex,
  eventId: string,
  entryId: string,
): Promise<WaitingListEntry | undefined> {
  const row = (await entriesOfEvent(db, eventId).where('entry.id', entryId).first()) as
    WaitingListEntry | undefined;
  return row && fromRow(row);
}
