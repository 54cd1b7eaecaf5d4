import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import { runStatement, type SqlValue } from '../runner/db';
import { firstRowWhere, insertSql, quoted, shaped } from '../runner/rowStatements';
import {
  checkInListEventTypes,
  checkInListStatus,
  type CheckInListDetails,
  type CheckInListEvent,
} from '../../services/admission/checkIn/checkInListEvents';
import { checkInEventTypes, type CheckInEvent } from '../../services/admission/checkIn/checkInEvents';

/**
 * Check-in read models (docs/admission.md "Check-in"): the lists of an event with their current link, the links
 * revoked by a rotation (so an old link answers "revoked", not "unknown"), each attendee's state per list (the
 * source of the counts and the arrivals per minute) and the duplicate entries and refused offline scans.
 *
 * Notice keys: `event:<eventId>` and `check-in-list:<listId>` (the organizer's page and the scanning devices'
 * room), and per admission or check-out `check-in:<listId>:<attendeeId>`, which the realtime layer turns into
 * a `checkin.changes` push to the devices of the list (services/api/realtime.ts).
 */

const lists: ReadModelTable = {
  name: 'check_in_lists',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    table.string('short_id', 40).notNullable().unique(`${tableName}_short_id_unique`);
    table.string('name', 200).notNullable();
    table.text('description');
    table.string('activates_at', 30);
    table.string('expires_at', 30);
    /** JSON array of ticket ids. */
    table.text('ticket_ids').notNullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['event_id', 'name'], `${tableName}_event_name_idx`);
  },
};

const revokedLinks: ReadModelTable = {
  name: 'check_in_revoked_links',
  define(table) {
    table.string('short_id', 40).primary();
    table.string('check_in_list_id', 40).notNullable();
    table.string('revoked_at', 30).notNullable();
  },
};

const attendeeStates: ReadModelTable = {
  name: 'check_in_attendees',
  define(table, tableName) {
    table.string('check_in_list_id', 40).notNullable();
    table.string('attendee_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('ticket_id', 40).notNullable();
    table.string('check_in_id', 40).notNullable();
    /** CHECKED_IN or CHECKED_OUT. */
    table.string('state', 12).notNullable();
    table.string('checked_in_at', 30).notNullable();
    /** When the door scanned it: the device's time for offline scans. */
    table.string('scanned_at', 30).notNullable();
    table.string('checked_out_at', 30);
    table.string('device_id', 80).notNullable();
    table.string('gate', 80);
    table.string('source', 10).notNullable();
    table.bigInteger('position').notNullable();
    table.primary(['check_in_list_id', 'attendee_id']);
    table.index(['event_id', 'state'], `${tableName}_event_state_idx`);
    table.index(['check_in_id'], `${tableName}_check_in_idx`);
    table.index(['attendee_id'], `${tableName}_attendee_idx`);
  },
};

const scanIssues: ReadModelTable = {
  name: 'check_in_scan_issues',
  define(table, tableName) {
    /** The recorded event's id. */
    table.string('id', 40).primary();
    /** DUPLICATE_ENTRY or REFUSED_OFFLINE. */
    table.string('kind', 20).notNullable();
    table.string('check_in_list_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('attendee_id', 40).notNullable();
    table.string('ticket_id', 40).notNullable();
    table.string('device_id', 80).notNullable();
    table.string('gate', 80);
    table.string('scanned_at', 30).notNullable();
    table.string('recorded_at', 30).notNullable();
    table.string('reason', 40);
    table.string('first_check_in_id', 40);
    table.string('first_checked_in_at', 30);
    table.string('first_device_id', 80);
    table.string('first_gate', 80);
    table.index(['event_id', 'recorded_at'], `${tableName}_event_recorded_idx`);
  },
};

export const checkInTables = [lists, revokedLinks, attendeeStates, scanIssues];

export interface CheckInListRow {
  id: string;
  event_id: string;
  short_id: string;
  name: string;
  description: string | null;
  activates_at: string | null;
  expires_at: string | null;
  ticket_ids: string;
  created_at: string;
  updated_at: string;
  revision: number;
}

export interface CheckInAttendeeRow {
  check_in_list_id: string;
  attendee_id: string;
  event_id: string;
  ticket_id: string;
  check_in_id: string;
  state: 'CHECKED_IN' | 'CHECKED_OUT';
  checked_in_at: string;
  scanned_at: string;
  checked_out_at: string | null;
  device_id: string;
  gate: string | null;
  source: 'online' | 'offline';
  position: string | number;
}

function detailColumns(changes: Partial<CheckInListDetails>) {
  return {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.activatesAt !== undefined ? { activates_at: changes.activatesAt } : {}),
    ...(changes.expiresAt !== undefined ? { expires_at: changes.expiresAt } : {}),
    ...(changes.ticketIds !== undefined ? { ticket_ids: JSON.stringify(changes.ticketIds) } : {}),
  };
}

export const checkInProjection = defineProjection<CheckInListEvent | CheckInEvent>({
  name: 'checkIn',
  tables: checkInTables,
  handles: [...checkInListEventTypes, ...checkInEventTypes],
  async apply(trx, event, ctx) {
    const listTable = ctx.table('check_in_lists');
    const revision = Number(event.revision);
    const listKeys = (eventId: string, listId: string) => [`event:${eventId}`, `check-in-list:${listId}`];
    switch (event.type) {
      case 'CheckInListCreated': {
        const d = event.data;
        await trx(listTable)
          .insert({
            id: d.checkInListId,
            event_id: d.eventId,
            short_id: d.shortId,
            ...detailColumns(d),
            created_at: d.createdAt,
            updated_at: d.createdAt,
            revision,
          })
          .onConflict('id')
          .ignore();
        return listKeys(d.eventId, d.checkInListId);
      }
      case 'CheckInListUpdated': {
        const d = event.data;
        const row = await trx<CheckInListRow>(listTable).where({ id: d.checkInListId }).first('revision');
        if (!row || row.revision >= revision) return [];
        await trx(listTable)
          .where({ id: d.checkInListId })
          .update({ ...detailColumns(d.changes), updated_at: d.updatedAt, revision });
        return listKeys(d.eventId, d.checkInListId);
      }
      case 'CheckInListLinkRotated': {
        const d = event.data;
        await trx(ctx.table('check_in_revoked_links'))
          .insert({ short_id: d.revokedShortId, check_in_list_id: d.checkInListId, revoked_at: d.rotatedAt })
          .onConflict('short_id')
          .ignore();
        const row = await trx<CheckInListRow>(listTable).where({ id: d.checkInListId }).first('revision');
        if (!row || row.revision >= revision) return [];
        await trx(listTable)
          .where({ id: d.checkInListId })
          .update({ short_id: d.shortId, updated_at: d.rotatedAt, revision });
        return listKeys(d.eventId, d.checkInListId);
      }
      case 'CheckInListDeleted': {
        const d = event.data;
        await trx(ctx.table('check_in_revoked_links'))
          .insert({ short_id: d.shortId, check_in_list_id: d.checkInListId, revoked_at: d.deletedAt })
          .onConflict('short_id')
          .ignore();
        await trx(listTable).where({ id: d.checkInListId }).delete();
        return listKeys(d.eventId, d.checkInListId);
      }
      case 'AttendeeCheckedIn': {
        const d = event.data;
        const row = {
          check_in_list_id: d.checkInListId,
          attendee_id: d.attendeeId,
          event_id: d.eventId,
          ticket_id: d.ticketId,
          check_in_id: d.checkInId,
          state: 'CHECKED_IN',
          checked_in_at: d.checkedInAt,
          scanned_at: d.scannedAt,
          checked_out_at: null,
          device_id: d.deviceId,
          gate: d.gate,
          source: d.source,
          position: event.position.toString(),
        };
        await upsertAttendeeState(trx, ctx.table('check_in_attendees'), row, event.position);
        return [...listKeys(d.eventId, d.checkInListId), `check-in:${d.checkInListId}:${d.attendeeId}`];
      }
      case 'AttendeeCheckedOut': {
        const d = event.data;
        await trx(ctx.table('check_in_attendees'))
          .where({ check_in_list_id: d.checkInListId, attendee_id: d.attendeeId, check_in_id: d.checkInId })
          .where('position', '<', event.position.toString())
          .update({
            state: 'CHECKED_OUT',
            checked_out_at: d.checkedOutAt,
            position: event.position.toString(),
          });
        return [...listKeys(d.eventId, d.checkInListId), `check-in:${d.checkInListId}:${d.attendeeId}`];
      }
      case 'DuplicateEntryRecorded':
      case 'OfflineScanRefused': {
        const d = event.data;
        const duplicate = event.type === 'DuplicateEntryRecorded' ? event.data : null;
        await trx(ctx.table('check_in_scan_issues'))
          .insert({
            id: event.id,
            kind: duplicate ? 'DUPLICATE_ENTRY' : 'REFUSED_OFFLINE',
            check_in_list_id: d.checkInListId,
            event_id: d.eventId,
            attendee_id: d.attendeeId,
            ticket_id: d.ticketId,
            device_id: d.deviceId,
            gate: d.gate,
            scanned_at: d.scannedAt,
            recorded_at: d.recordedAt,
            reason: event.type === 'OfflineScanRefused' ? event.data.reason : null,
            first_check_in_id: duplicate?.firstCheckInId ?? null,
            first_checked_in_at: duplicate?.firstCheckedInAt ?? null,
            first_device_id: duplicate?.firstDeviceId ?? null,
            first_gate: duplicate?.firstGate ?? null,
          })
          .onConflict('id')
          .ignore();
        return listKeys(d.eventId, d.checkInListId);
      }
    }
  },
});

/** One statement: a row newer than the stored one replaces it; an older or replayed one changes nothing. */
async function upsertAttendeeState(
  trx: Knex.Transaction,
  table: string,
  row: Record<string, unknown> & { check_in_list_id: string; attendee_id: string },
  position: bigint,
): Promise<void> {
  const columns = Object.keys(row);
  const sql = shaped(
    `checkInUpsert|${table}|${columns.join(',')}`,
    () =>
      `${insertSql(table, columns)} on conflict ("check_in_list_id", "attendee_id") do update set ${columns
        .map((column) => `${quoted(column)} = excluded.${quoted(column)}`)
        .join(', ')} where ${quoted(table)}."position" < ?`,
  );
  await runStatement(trx, sql, [
    ...columns.map((column) => (row[column] ?? null) as SqlValue),
    position.toString(),
  ]);
}

// ---------- queries

export function listTicketIds(row: Pick<CheckInListRow, 'ticket_ids'>): string[] {
  return JSON.parse(row.ticket_ids) as string[];
}

export async function listEventCheckInLists(db: Knex, eventId: string): Promise<CheckInListRow[]> {
  return db<CheckInListRow>('check_in_lists')
    .where({ event_id: eventId })
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

export async function findEventCheckInList(
  db: Knex,
  eventId: string,
  checkInListId: string,
): Promise<CheckInListRow | undefined> {
  return db<CheckInListRow>('check_in_lists').where({ id: checkInListId, event_id: eventId }).first();
}

export async function findCheckInList(db: Knex, checkInListId: string): Promise<CheckInListRow | undefined> {
  return db<CheckInListRow>('check_in_lists').where({ id: checkInListId }).first();
}

/** The names of these check-in lists, by id; unknown ids are left out. */
export async function checkInListNames(
  db: Knex,
  checkInListIds: readonly string[],
): Promise<Map<string, string>> {
  if (checkInListIds.length === 0) return new Map();
  const rows = await db<CheckInListRow>('check_in_lists')
    .whereIn('id', [...new Set(checkInListIds)])
    .select<Pick<CheckInListRow, 'id' | 'name'>[]>('id', 'name');
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The list a public link names: current, revoked (rotated or deleted) or unknown. */
export async function findCheckInListByShortId(
  db: Knex,
  shortId: string,
): Promise<{ list: CheckInListRow } | { revoked: true } | null> {
  const list = await db<CheckInListRow>('check_in_lists').where({ short_id: shortId }).first();
  if (list) return { list };
  const revoked = await db<{ short_id: string }>('check_in_revoked_links')
    .where({ short_id: shortId })
    .first('short_id');
  return revoked ? { revoked: true } : null;
}

export async function findCheckInById(db: Knex, checkInListId: string, checkInId: string) {
  return db<CheckInAttendeeRow>('check_in_attendees')
    .where({ check_in_list_id: checkInListId, check_in_id: checkInId })
    .first();
}

/** The check-in rows of these attendees on one list (those never scanned have none). */
export async function findAttendeeCheckIns(
  db: Knex,
  checkInListId: string,
  attendeeIds: readonly string[],
): Promise<CheckInAttendeeRow[]> {
  const [only] = attendeeIds;
  // A lone admission's push (the common case) reads its one row on a kept statement.
  if (only !== undefined && attendeeIds.length === 1) {
    const row = await firstRowWhere<CheckInAttendeeRow>(db, 'check_in_attendees', {
      check_in_list_id: checkInListId,
      attendee_id: only,
    });
    return row ? [row] : [];
  }
  const rows: CheckInAttendeeRow[] = [];
  for (let start = 0; start < attendeeIds.length; start += 500)
    rows.push(
      ...(await db<CheckInAttendeeRow>('check_in_attendees')
        .where({ check_in_list_id: checkInListId })
        .whereIn('attendee_id', attendeeIds.slice(start, start + 500))),
    );
  return rows;
}

/** Attendees checked in now on one list. */
export async function checkedInOnList(db: Knex, checkInListId: string): Promise<number> {
  const row = await db('check_in_attendees')
    .where({ check_in_list_id: checkInListId, state: 'CHECKED_IN' })
    .count({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

/** Attendees checked in now, per list of the event. */
export async function checkedInCounts(db: Knex, eventId: string): Promise<Map<string, number>> {
  const rows = await db('check_in_attendees')
    .where({ event_id: eventId, state: 'CHECKED_IN' })
    .groupBy('check_in_list_id')
    .select('check_in_list_id')
    .count({ count: '*' });
  return new Map(
    (rows as Array<{ check_in_list_id: string; count: string | number }>).map((row) => [
      row.check_in_list_id,
      Number(row.count),
    ]),
  );
}

export async function checkInStats(db: Knex, eventId: string) {
  const perTicket = await db('check_in_attendees')
    .where({ event_id: eventId, state: 'CHECKED_IN' })
    .groupBy('ticket_id')
    .select('ticket_id')
    .countDistinct({ count: 'attendee_id' });
  const arrivals = await db('check_in_attendees')
    .where({ event_id: eventId })
    .select(db.raw('substr(scanned_at, 1, 16) as minute'))
    .count({ count: '*' })
    .groupByRaw('substr(scanned_at, 1, 16)')
    .orderBy('minute');
  const attendees = await db('check_in_attendees')
    .where({ event_id: eventId, state: 'CHECKED_IN' })
    .countDistinct({ count: 'attendee_id' })
    .first();
  const issues = await db('check_in_scan_issues')
    .where({ event_id: eventId })
    .orderBy([{ column: 'recorded_at' }, { column: 'id' }]);
  return {
    checkedInAttendees: Number(attendees?.count ?? 0),
    perTicket: (perTicket as Array<{ ticket_id: string; count: string | number }>).map((row) => ({
      ticketId: row.ticket_id,
      checkedIn: Number(row.count),
    })),
    arrivalsPerMinute: (arrivals as Array<{ minute: string; count: string | number }>).map((row) => ({
      minute: `${row.minute}:00.000Z`,
      arrivals: Number(row.count),
    })),
    issues: issues as Array<Record<string, string | null>>,
  };
}

export function presentCheckInList(
  row: CheckInListRow,
  counts: { checkedIn: number; total: number },
  now: Date,
) {
  const window = { activatesAt: row.activates_at, expiresAt: row.expires_at };
  return {
    id: row.id,
    event_id: row.event_id,
    short_id: row.short_id,
    name: row.name,
    description: row.description,
    activates_at: row.activates_at,
    expires_at: row.expires_at,
    ticket_ids: listTicketIds(row),
    status: checkInListStatus(window, now),
    checked_in_attendees: counts.checkedIn,
    total_attendees: counts.total,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** When each of these attendees was checked in, if they are checked in now (the earliest list), by attendee id. */
export async function attendeesCheckedInAt(
  db: Knex,
  attendeeIds: readonly string[],
): Promise<Map<string, string>> {
  if (attendeeIds.length === 0) return new Map();
  const rows = (await db('check_in_attendees')
    .whereIn('attendee_id', [...new Set(attendeeIds)])
    .where({ state: 'CHECKED_IN' })) as { attendee_id: string; checked_in_at: string }[];
  const at = new Map<string, string>();
  for (const row of rows) {
    const known = at.get(row.attendee_id);
    if (known === undefined || row.checked_in_at < known) at.set(row.attendee_id, row.checked_in_at);
  }
  return at;
}
