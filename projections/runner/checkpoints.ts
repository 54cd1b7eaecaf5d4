import type { Knex } from 'knex';
import type { ProjectionStatus } from './types';
import { updateRows } from './rowStatements';

export const checkpointsTable = 'projection_checkpoints';

export interface Checkpoint {
  name: string;
  position: bigint;
  status: ProjectionStatus;
  lastEventAt: Date | null;
  updatedAt: Date | null;
  error: string | null;
}

interface CheckpointRow {
  name: string;
  position: string;
  status: string;
  last_event_at: Date | number | string | null;
  updated_at: Date | number | string | null;
  error: string | null;
}

/** Creates the checkpoint row at position 0 unless it exists. */
export async function ensureCheckpoint(db: Knex | Knex.Transaction, name: string, now: Date): Promise<void> {
  await db(checkpointsTable)
    .insert({ name, position: '0', status: 'stopped', last_event_at: null, updated_at: now, error: null })
    .onConflict('name')
    .ignore();
}

export async function readCheckpoint(db: Knex | Knex.Transaction, name: string): Promise<Checkpoint | null> {
  const row = await db<CheckpointRow>(checkpointsTable).where({ name }).first();
  return row ? toCheckpoint(row) : null;
}

export async function readCheckpoints(
  db: Knex | Knex.Transaction,
  names?: readonly string[],
): Promise<Checkpoint[]> {
  const query = db<CheckpointRow>(checkpointsTable).select('*').orderBy('name');
  if (names) void query.whereIn('name', names);
  const rows: CheckpointRow[] = await query;
  return rows.map(toCheckpoint);
}

/**
 * Compare-and-set: moves the checkpoint from `previous` to `next` only if nobody moved it since this runner
 * read it. Returns false when another runner (or a rebuild) got there first.
 */
export async function advanceCheckpoint(
  trx: Knex.Transaction,
  name: string,
  previous: bigint,
  next: bigint,
  lastEventAt: Date,
  now: Date,
): Promise<boolean> {
  const updated = await updateRows(
    trx,
    checkpointsTable,
    {
      position: next.toString(),
      last_event_at: lastEventAt,
      updated_at: now,
      status: 'running',
      error: null,
    },
    { name, position: previous.toString() },
  );
  return updated === 1;
}

export async function writeStatus(
  db: Knex | Knex.Transaction,
  name: string,
  status: ProjectionStatus,
  now: Date,
  error?: string | null,
): Promise<void> {
  const changes: Record<string, unknown> = { status, updated_at: now };
  if (error !== undefined) changes.error = error;
  await db(checkpointsTable).where({ name }).update(changes);
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    name: row.name,
    position: BigInt(row.position),
    status: toStatus(row.status),
    lastEventAt: toDate(row.last_event_at),
    updatedAt: toDate(row.updated_at),
    error: row.error,
  };
}

function toStatus(value: string): ProjectionStatus {
  return value === 'running' || value === 'failed' ? value : 'stopped';
}

/** pg returns timestamptz as Date; better-sqlite3 gets Dates bound as epoch milliseconds and returns numbers. */
export function toDate(value: Date | number | string | null): Date | null {
  if (value === null) return null;
  if (value instanceof Date) return value;
  const date = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  return Number.isNaN(date.getTime()) ? null : date;
}
