import type { Knex } from 'knex';
import type { RecordedEvent } from '../../services/eventstore/port';
import type { NoticeKey, ReadModelChanged } from '../../services/kit/contracts/realtime';

/**
 * One table of a read model. `define` is the table's only definition: the migration that creates the live
 * table and the rebuild that creates a fresh generation both call it. It receives the physical table name,
 * which differs per generation; derive every explicit index or constraint name from it, because those names
 * are global per schema (PostgreSQL) or per database (SQLite).
 */
export interface ReadModelTable {
  name: string;
  define(table: Knex.CreateTableBuilder, tableName: string): void;
}

export interface ProjectionContext {
  /** The physical name of one of the projection's declared tables (a fresh generation during a rebuild). */
  table(name: string): string;
}

export interface Projection {
  /** Checkpoint key. */
  name: string;
  tables: readonly ReadModelTable[];
  /** Event types passed to `apply`; any other event only advances the checkpoint. */
  handles: readonly string[];
  /** Every event of the log goes to `apply`, whatever its type (the audit notary); `handles` is then ignored. */
  everyEvent?: true;
  /**
   * Reads in a few statements what `apply` will need for these events (the rows of the orders they name), before
   * the first `apply` of a transaction or savepoint; `apply` reads what was not prepared itself.
   */
  prepare?(trx: Knex.Transaction, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void>;
  /** Writes the event's effect through `trx`; returns the keys it touched, e.g. `['event:ev_123', 'account:ac_1']`. */
  apply(
    trx: Knex.Transaction,
    event: RecordedEvent,
    ctx: ProjectionContext,
  ): Promise<readonly string[] | void>;
  /**
   * Writes what `apply` gathered in `trx` over several events (counters summed per batch): called once after
   * the last `apply` of each transaction or savepoint, before it commits.
   */
  settle?(trx: Knex.Transaction, ctx: ProjectionContext): Promise<void>;
}

/**
 * Published after every committed batch; `keys` may be empty when the batch held no handled event. The API
 * forwards it to browsers as a `ReadModelChanged` (services/kit/contracts/realtime.ts).
 */
export interface ProjectionNotice {
  projection: ReadModelChanged['readModel'];
  position: bigint;
  keys: NoticeKey[];
}

export type ProjectionStatus = 'running' | 'stopped' | 'failed';

export interface ProjectionLag {
  projection: string;
  checkpoint: bigint;
  head: bigint;
  /** `head - checkpoint`, in position units (positions need not be contiguous, e.g. EventStoreDB commit positions). */
  behind: bigint;
  /** Age of the last event the projection committed, or null when it has processed none. */
  lastEventAgeMs: number | null;
  status: ProjectionStatus;
  /** Events the projection could not apply and went on past (`projection_parked_events`). */
  parked: number;
}

export interface RunnerLogger {
  info(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}
