import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { metadataFor } from '../../services/eventstore/contract';
import { rebuildProjection } from './rebuild';
import { ProjectionRunner } from './runner';
import { dumpTable, recordingLogger, type TestStorage } from './testing';
import type { EventContract } from './define';
import type { Projection, ProjectionNotice } from './types';

/** One event of a spec's history: the stream it goes to and its contract (`{ type, data }`). */
export type GivenEvent<E extends EventContract = EventContract> = E & { stream: string };

/** Tables to compare, each with the columns that order its rows. */
export type TableOrder = Record<string, readonly string[]>;

export interface ProjectionSpecRun {
  /** Rows of each table, ordered as given. */
  rows: Record<string, unknown[]>;
  /** The notice keys of every committed batch, in order. */
  keys: string[];
}

const WAIT_MS = 30_000;

/**
 * The three checks every read model owes (docs/adding-a-feature.md): given events, then rows; applied twice,
 * the same rows (handlers are idempotent); rebuilt from zero, exactly the rows of the incremental run.
 *
 * ```ts
 * const { rows } = await projectionSpec(storage, eventsProjection)
 *   .given([{ stream: 'event-ev_1', type: 'EventCreated', data: { ... } }])
 *   .then({ events: ['id'] });
 * expect(rows.events).toEqual([expect.objectContaining({ id: 'ev_1', title: 'Jazz' })]);
 * ```
 */
export function projectionSpec<E extends EventContract = EventContract>(
  storage: TestStorage,
  projection: Projection,
) {
  return {
    given(events: readonly GivenEvent<E>[]) {
      return {
        then: (tables: TableOrder) => runSpec(storage, projection, events, tables),
      };
    },
  };
}

async function runSpec(
  storage: TestStorage,
  projection: Projection,
  events: readonly GivenEvent[],
  tables: TableOrder,
): Promise<ProjectionSpecRun> {
  let head = 0n;
  for (const { stream, type, data } of events) {
    const result = await storage.store.append(
      stream,
      [{ id: randomUUID(), type, data, metadata: metadataFor() }],
      { expected: 'any' },
    );
    head = result.position;
  }
  const dump = async (): Promise<Record<string, unknown[]>> => {
    const rows: Record<string, unknown[]> = {};
    for (const [table, orderBy] of Object.entries(tables))
      rows[table] = await dumpTable(storage.db, table, orderBy);
    return rows;
  };
  const runToHead = async (): Promise<ProjectionNotice[]> => {
    const notices: ProjectionNotice[] = [];
    const runner = new ProjectionRunner({
      store: storage.store,
      db: storage.db,
      projections: [projection],
      logger: recordingLogger(),
    });
    const stopListening = runner.onNotice((notice) => notices.push(notice));
    await runner.start();
    try {
      if (!(await runner.waitFor(head, WAIT_MS))) {
        const lag = await runner.lag();
        throw new Error(
          `${projection.name} did not reach ${head}: ${JSON.stringify(lag, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
        );
      }
    } finally {
      stopListening();
      await runner.stop();
    }
    return notices;
  };

  const notices = await runToHead();
  const incremental = await dump();

  // Applied twice: the checkpoint goes back to zero and every event is applied again over the same rows.
  await storage.db('projection_checkpoints').where({ name: projection.name }).update({ position: '0' });
  await runToHead();
  expect(await dump(), `${projection.name}: applying the events twice changed the rows`).toEqual(incremental);

  await rebuildProjection(storage.store, storage.db, projection, { logger: recordingLogger() });
  expect(await dump(), `${projection.name}: a rebuild gave other rows than the incremental run`).toEqual(
    incremental,
  );

  return { rows: incremental, keys: notices.flatMap((notice) => notice.keys) };
}
