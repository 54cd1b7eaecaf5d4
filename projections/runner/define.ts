import type { Knex } from 'knex';
import type { RecordedEvent } from '../../services/eventstore/port';
import type { Projection, ProjectionContext, ReadModelTable } from './types';

/** The published shape of a recorded event: `{ type, data }` as a feature's `*Events.ts` declares it. */
export interface EventContract {
  type: string;
  data: unknown;
}

/**
 * A recorded event narrowed to one of a union's members, distributively, so `switch (event.type)` narrows
 * `event.data` too.
 */
export type RecordedOf<E extends EventContract> = E extends unknown
  ? Omit<RecordedEvent, 'type' | 'data'> & { type: E['type']; data: E['data'] }
  : never;

export interface ProjectionDefinition<E extends EventContract> {
  /** Checkpoint key. */
  name: string;
  tables: readonly ReadModelTable[];
  /** Exactly the event types `apply` understands; any other event only advances the checkpoint. */
  handles: readonly E['type'][];
  /** Writes the event's effect through `trx`; returns the keys it touched, e.g. `['event:ev_123']`. */
  apply(
    trx: Knex.Transaction,
    event: RecordedOf<E>,
    ctx: ProjectionContext,
  ): Promise<readonly string[] | void>;
  /** See `Projection.prepare`: called with the handled events only. */
  prepare?(trx: Knex.Transaction, events: readonly RecordedOf<E>[], ctx: ProjectionContext): Promise<void>;
  /** See `Projection.settle`. */
  settle?(trx: Knex.Transaction, ctx: ProjectionContext): Promise<void>;
}

/**
 * Declares a projection over a union of event contracts. The runner passes `apply` only the types listed in
 * `handles`, and recorded events keep the shape their contract file publishes (design: events are never
 * renamed or reshaped), so the one narrowing from `RecordedEvent` happens here instead of a cast in every
 * read model.
 */
export function defineProjection<E extends EventContract>(definition: ProjectionDefinition<E>): Projection {
  const handled = new Set<string>(definition.handles);
  const projection: Projection = {
    name: definition.name,
    tables: definition.tables,
    handles: definition.handles,
    apply(trx, event, ctx) {
      if (!handled.has(event.type)) return Promise.resolve();
      return definition.apply(trx, event as RecordedOf<E>, ctx);
    },
  };
  if (definition.settle) projection.settle = definition.settle.bind(definition);
  if (definition.prepare) {
    const prepare = definition.prepare.bind(definition);
    projection.prepare = (trx, events, ctx) =>
      prepare(trx, events.filter((event) => handled.has(event.type)) as RecordedOf<E>[], ctx);
  }
  return projection;
}

/** Whether the runner passes an event of this type to the projection's `apply`. */
export function handlesType(projection: Projection): (type: string) => boolean {
  if (projection.everyEvent) return () => true;
  const handled = new Set(projection.handles);
  return (type) => handled.has(type);
}

/** One event on its own transaction or savepoint: `prepare`, `apply`, then `settle` what it gathered. */
export async function applySettled(
  projection: Projection,
  trx: Knex.Transaction,
  event: RecordedEvent,
  ctx: ProjectionContext,
): Promise<readonly string[] | void> {
  await projection.prepare?.(trx, [event], ctx);
  const touched = await projection.apply(trx, event, ctx);
  await projection.settle?.(trx, ctx);
  return touched;
}
