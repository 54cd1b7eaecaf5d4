import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../../services/eventstore/port';
import type { Clock } from '../../services/kit/clock';
import { systemClock } from '../../services/kit/clock';
import { checkpointsTable, ensureCheckpoint } from './checkpoints';
import { applySettled, handlesType } from './define';
import { isPostgres } from './db';
import { parkEvent, parkedEventsTable } from './parked';
import { ProjectionHandlerError, consoleLogger, errorMessage, type HandlerErrorPolicy } from './runner';
import { createReadModelTables, dropReadModelTables, listTables } from './tables';
import type { Projection, ProjectionContext, RunnerLogger } from './types';

export interface RebuildOptions {
  /** Events per replay transaction; default 1000. */
  batchSize?: number;
  logger?: RunnerLogger;
  clock?: Clock;
  /**
   * When a handler throws: `park` (default) parks the event as the runner does and goes on; `stop` fails the
   * rebuild and leaves the live tables as they were.
   */
  onHandlerError?: HandlerErrorPolicy;
}

export interface RebuildResult {
  projection: string;
  /** The checkpoint the rebuilt tables were swapped in at. */
  position: bigint;
  /** Events read from the store (handled or not). */
  events: number;
  /** Events the handler could not apply, parked in place of those parked before the rebuild. */
  parked: number;
  durationMs: number;
}

const generationMarker = '__rb_';

/**
 * Replays the whole log into a fresh generation of the projection's tables (`<table>__rb_<generation>`), then
 * swaps it in with one transaction that drops the live tables, renames the fresh ones and sets the checkpoint.
 *
 * Live runners of the projection may keep running. The swap transaction first locks the checkpoint row (the
 * write lock on SQLite), replays the events that arrived meanwhile, then swaps, so the checkpoint it writes is
 * never behind a runner's. A runner whose batch waited on that lock, or that is behind, finds the
 * checkpoint moved (its compare-and-set fails), re-reads it and continues from there into the new tables;
 * nothing is applied twice or skipped.
 *
 * Two rebuilds of the same projection must not run at once: each starts by dropping leftover generations
 * of an interrupted rebuild, which would include the other's.
 */
export async function rebuildProjection(
  store: EventStore,
  db: Knex,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const [result] = await rebuildProjections(store, db, [projection], options);
  if (!result) throw new Error(`the rebuild of ${projection.name} returned no result`);
  return result;
}

interface Generation {
  projection: Projection;
  fresh: (name: string) => string;
  context: ProjectionContext;
  handles: (type: string) => boolean;
  parked: { event: RecordedEvent; error: string }[];
}

/**
 * `rebuildProjection` for several projections in one pass over the log: each page of events is read once and
 * applied to every projection's fresh tables in one transaction (a savepoint per projection), and all of them
 * are swapped in by one transaction. A rebuild of every projection one after another read and decoded the
 * whole log once per projection.
 */
export async function rebuildProjections(
  store: EventStore,
  db: Knex,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildResult[]> {
  const logger = options.logger ?? consoleLogger;
  const clock = options.clock ?? systemClock;
  const batchSize = options.batchSize ?? 1000;
  const policy = options.onHandlerError ?? 'park';
  const started = Date.now();
  const names = projections.map((projection) => projection.name);
  if (new Set(names).size !== names.length)
    throw new Error(`a projection is named twice: ${names.join(', ')}`);
  const first = names[0];
  if (first === undefined) return [];
  const sqlite = !isPostgres(db);

  const generations: Generation[] = projections.map((projection) => {
    const generation = `${generationMarker}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const fresh = (name: string): string => `${name}${generation}`;
    const declared = new Set(projection.tables.map((table) => table.name));
    return {
      projection,
      fresh,
      context: {
        table: (name) => {
          if (!declared.has(name))
            throw new Error(`projection ${projection.name} did not declare table ${name}`);
          return fresh(name);
        },
      },
      handles: handlesType(projection),
      parked: [],
    };
  });

  let position = 0n;
  let lastEventAt: Date | null = null;
  let count = 0;

  /** One page in a savepoint; if a handler throws, under `park` again with a savepoint per event. */
  const applyPage = async (
    transaction: Knex.Transaction,
    { projection, context, handles, parked }: Generation,
    page: readonly RecordedEvent[],
  ): Promise<void> => {
    const handled = page.filter((event) => handles(event.type));
    const last = handled[handled.length - 1];
    if (!last) return;
    try {
      await transaction.transaction(async (savepoint) => {
        try {
          await projection.prepare?.(savepoint, handled, context);
        } catch (cause) {
          throw new ProjectionHandlerError(projection.name, handled[0] ?? last, cause);
        }
        for (const event of handled) {
          try {
            await projection.apply(savepoint, event, context);
          } catch (cause) {
            throw new ProjectionHandlerError(projection.name, event, cause);
          }
        }
        try {
          await projection.settle?.(savepoint, context);
        } catch (cause) {
          throw new ProjectionHandlerError(projection.name, last, cause);
        }
      });
    } catch (error) {
      if (!(error instanceof ProjectionHandlerError) || policy === 'stop') throw error;
      for (const event of handled) {
        try {
          await transaction.transaction((savepoint) => applySettled(projection, savepoint, event, context));
        } catch (cause) {
          const message = new ProjectionHandlerError(projection.name, event, cause).message;
          parked.push({ event, error: message });
          logger.error('projection rebuild parked an event it could not apply and went on', {
            projection: projection.name,
            position: String(event.position),
            type: event.type,
            eventId: event.id,
            error: errorMessage(cause),
          });
        }
      }
    }
  };

  /** Replays every event after `position` into the fresh tables, `batchSize` per transaction (or all in `trx`). */
  const replay = async (trx?: Knex.Transaction): Promise<void> => {
    for (;;) {
      const page: RecordedEvent[] = [];
      for await (const event of store.readAll({ after: position, limit: batchSize })) page.push(event);
      const last = page[page.length - 1];
      if (!last) return;
      const apply = async (transaction: Knex.Transaction): Promise<void> => {
        for (const generation of generations) await applyPage(transaction, generation, page);
      };
      if (trx) {
        await apply(trx);
      } else {
        await db.transaction(async (transaction) => {
          // A handler may read before it writes; on SQLite a transaction that reads first cannot wait for
          // another process's write lock later (SQLITE_BUSY), so take the lock up front.
          if (sqlite) await lockCheckpointRows(transaction, [first], clock.now());
          await apply(transaction);
        });
      }
      position = last.position;
      lastEventAt = last.recordedAt;
      count += page.length;
      if (!trx) await nextTurn();
    }
  };

  const created: Generation[] = [];
  try {
    for (const generation of generations) {
      const { projection, fresh } = generation;
      await dropLeftoverGenerations(db, projection, logger);
      await ensureCheckpoint(db, projection.name, clock.now());
      await createReadModelTables(db, projection.tables, fresh);
      created.push(generation);
      logger.info('projection rebuild started', { projection: projection.name, generation: fresh('') });
    }
    await replay();
    await db.transaction(async (trx) => {
      // Every row before any table is dropped: a runner that holds one of them finishes its batch first.
      await lockCheckpointRows(trx, names, clock.now());
      await replay(trx);
      for (const { projection, fresh, parked } of generations) {
        await dropReadModelTables(trx, projection.tables);
        for (const table of projection.tables) await trx.schema.renameTable(fresh(table.name), table.name);
        // The parked events now are exactly those this replay could not apply.
        await trx(parkedEventsTable).where({ projection: projection.name }).delete();
        for (const { event, error } of parked)
          await parkEvent(trx, projection.name, event, error, clock.now());
      }
      await trx(checkpointsTable).whereIn('name', names).update({
        position: position.toString(),
        last_event_at: lastEventAt,
        updated_at: clock.now(),
        error: null,
      });
    });
  } catch (error) {
    logger.error('projection rebuild failed; the live tables are untouched', {
      projection: error instanceof ProjectionHandlerError ? error.projection : names.join(', '),
      ...(error instanceof ProjectionHandlerError
        ? { position: String(error.event.position), type: error.event.type, eventId: error.event.id }
        : {}),
      error: errorMessage(error),
    });
    for (const { projection, fresh } of created)
      await dropReadModelTables(db, projection.tables, fresh).catch((dropError: unknown) =>
        logger.error('could not drop the fresh tables of a failed rebuild', {
          projection: projection.name,
          error: errorMessage(dropError),
        }),
      );
    throw error;
  }

  const durationMs = Date.now() - started;
  return generations.map(({ projection, parked }) => {
    const result: RebuildResult = {
      projection: projection.name,
      position,
      events: count,
      parked: parked.length,
      durationMs,
    };
    logger.info('projection rebuilt and swapped in', { ...result, position: String(position) });
    return result;
  });
}

/**
 * Takes the checkpoint rows' locks for the rest of the transaction: row locks on PostgreSQL, the database
 * write lock on SQLite. Runners take the same lock first in every batch, so they queue behind it.
 */
async function lockCheckpointRows(trx: Knex.Transaction, names: readonly string[], now: Date): Promise<void> {
  await trx(checkpointsTable).whereIn('name', names).update({ updated_at: now });
}

async function dropLeftoverGenerations(
  db: Knex,
  projection: Projection,
  logger: RunnerLogger,
): Promise<void> {
  const existing = await listTables(db);
  for (const table of projection.tables) {
    const prefix = `${table.name}${generationMarker}`;
    for (const name of existing.filter((candidate) => candidate.startsWith(prefix))) {
      logger.info('dropping a table left by an interrupted rebuild', {
        projection: projection.name,
        table: name,
      });
      await db.schema.dropTableIfExists(name);
    }
  }
}
