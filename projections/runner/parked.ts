import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../../services/eventstore/port';
import { toDate } from './checkpoints';
import { applySettled } from './define';
import type { Projection } from './types';

/**
 * Events a projection could not apply (a handler threw), set aside so the projection goes on past them
 * (docs/projections.md, "Parked events"). One row per projection and position; the operator lists, retries
 * or skips them with `npm run projections:parked`.
 */
export const parkedEventsTable = 'projection_parked_events';

export interface ParkedEvent {
  id: number;
  projection: string;
  position: bigint;
  eventId: string;
  eventType: string;
  stream: string;
  error: string;
  attempts: number;
  parkedAt: Date | null;
  lastAttemptAt: Date | null;
}

interface ParkedRow {
  id: number;
  projection: string;
  position: string;
  event_id: string;
  event_type: string;
  stream: string;
  error: string;
  attempts: number;
  parked_at: Date | number | string | null;
  last_attempt_at: Date | number | string | null;
}

/** Records (or re-records, counting the attempt) that `projection` could not apply `event`. */
export async function parkEvent(
  db: Knex | Knex.Transaction,
  projection: string,
  event: RecordedEvent,
  error: string,
  now: Date,
): Promise<void> {
  await db(parkedEventsTable)
    .insert({
      projection,
      position: event.position.toString(),
      event_id: storable(event.id),
      event_type: storable(event.type),
      stream: storable(event.stream),
      error: storable(error),
      attempts: 1,
      parked_at: now,
      last_attempt_at: now,
    })
    .onConflict(['projection', 'position'])
    .merge({
      error: storable(error),
      last_attempt_at: now,
      attempts: db.raw('?? + 1', [`${parkedEventsTable}.attempts`]),
    });
}

export async function listParked(
  db: Knex,
  options: { projections?: readonly string[]; limit?: number } = {},
): Promise<ParkedEvent[]> {
  const query = db<ParkedRow>(parkedEventsTable).select('*').orderBy('id');
  if (options.projections) void query.whereIn('projection', options.projections);
  if (options.limit !== undefined) void query.limit(options.limit);
  const rows: ParkedRow[] = await query;
  return rows.map(toParked);
}

/** Parked events per projection (projections without any are absent). */
export async function countParked(db: Knex): Promise<Map<string, number>> {
  const rows = await db(parkedEventsTable)
    .select('projection')
    .count<{ projection: string; n: number | string }[]>({ n: '*' })
    .groupBy('projection');
  return new Map(rows.map((row) => [row.projection, Number(row.n)]));
}

/** Gives up on a parked event for good: its row is deleted. Returns whether there was one. */
export async function skipParked(db: Knex, id: number): Promise<ParkedEvent | null> {
  const row = await db<ParkedRow>(parkedEventsTable).where({ id }).first();
  if (!row) return null;
  await db(parkedEventsTable).where({ id }).delete();
  return toParked(row);
}

export type RetryOutcome =
  { id: number; outcome: 'applied' } | { id: number; outcome: 'failed'; error: string };

/**
 * Applies a parked event again (after the handler or the data was fixed) to the projection's live tables,
 * out of its original order; the row is deleted when it succeeds, its error and attempts updated otherwise.
 */
export async function retryParked(
  store: EventStore,
  db: Knex,
  projections: readonly Projection[],
  id: number,
  now: Date,
): Promise<RetryOutcome | null> {
  const row = await db<ParkedRow>(parkedEventsTable).where({ id }).first();
  if (!row) return null;
  const parked = toParked(row);
  const projection = projections.find((candidate) => candidate.name === parked.projection);
  if (!projection) throw new Error(`parked event ${id} belongs to unknown projection ${parked.projection}`);
  const event = await readEventAt(store, parked.position);
  if (!event) throw new Error(`the event at position ${parked.position} is no longer in the store`);
  const declared = new Set(projection.tables.map((table) => table.name));
  try {
    await db.transaction(async (trx) => {
      await applySettled(projection, trx, event, {
        table: (name) => {
          if (!declared.has(name))
            throw new Error(`projection ${projection.name} did not declare table ${name}`);
          return name;
        },
      });
      await trx(parkedEventsTable).where({ id }).delete();
    });
    return { id, outcome: 'applied' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await parkEvent(db, projection.name, event, message, now);
    return { id, outcome: 'failed', error: message };
  }
}

async function readEventAt(store: EventStore, position: bigint): Promise<RecordedEvent | null> {
  for await (const event of store.readAll({ after: position - 1n, limit: 1 })) {
    return event.position === position ? event : null;
  }
  return null;
}

/** Text columns cannot hold NUL on PostgreSQL; the error of a poison event often quotes it. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}

function toParked(row: ParkedRow): ParkedEvent {
  return {
    id: Number(row.id),
    projection: row.projection,
    position: BigInt(row.position),
    eventId: row.event_id,
    eventType: row.event_type,
    stream: row.stream,
    error: row.error,
    attempts: Number(row.attempts),
    parkedAt: toDate(row.parked_at),
    lastAttemptAt: toDate(row.last_attempt_at),
  };
}
