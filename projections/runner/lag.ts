import type { Knex } from 'knex';
import type { EventStore } from '../../services/eventstore/port';
import { readCheckpoints } from './checkpoints';
import { countParked } from './parked';
import type { ProjectionLag } from './types';

/**
 * Lag of the named projections as recorded in the read-model database, so a process that does not run the
 * projections (an API replica) can report it too. `status` is the one the projection's runner last wrote;
 * `parked` counts the events it went on past.
 */
export async function readLag(
  store: EventStore,
  db: Knex,
  projections: readonly string[],
  now: Date,
): Promise<ProjectionLag[]> {
  const [head, checkpoints, parked] = await Promise.all([
    store.head(),
    readCheckpoints(db, projections),
    countParked(db),
  ]);
  return projections.map((projection) => {
    const checkpoint = checkpoints.find((candidate) => candidate.name === projection);
    const position = checkpoint?.position ?? 0n;
    const lastEventAt = checkpoint?.lastEventAt ?? null;
    return {
      projection,
      checkpoint: position,
      head,
      behind: head > position ? head - position : 0n,
      lastEventAgeMs: lastEventAt ? Math.max(0, now.getTime() - lastEventAt.getTime()) : null,
      status: checkpoint?.status ?? 'stopped',
      parked: parked.get(projection) ?? 0,
    };
  });
}
