import type { RecordedEvent } from './port';

/**
 * Event versions (docs/audit.md "Event versions"). Every event type has a schema version: 1 unless the type is
 * listed in `platformUpcasters` below, where it is one more than the number of its upcasters. A new event records
 * its type's version in `metadata.schemaVersion` (absent means 1); every read of the log passes through the event
 * store adapters, which hand out each event upcast to today's shape. An event already at today's version costs
 * one map lookup. `asWritten` gives back what the store holds, for the notary's hash chain: the chain covers the
 * recorded bytes, which adding a version must not change.
 */

type EventData = Readonly<Record<string, unknown>>;

/** Turns the data of one version of an event type into the next version's. */
export type Upcaster = (data: EventData) => EventData;

/** Per event type, its upcasters in order: the first turns version 1 into 2, the second 2 into 3, and so on. */
export type UpcasterChains = Readonly<Record<string, readonly Upcaster[]>>;

export class UnknownEventVersionError extends Error {
  override readonly name = 'UnknownEventVersionError';
  constructor(
    readonly eventId: string,
    readonly type: string,
    readonly version: unknown,
    readonly current: number,
  ) {
    super(
      `event ${eventId} (${type}) has schema version ${JSON.stringify(version)}; ` +
        `this code reads versions 1 to ${current} of ${type}`,
    );
  }
}

export interface EventVersions {
  /** Today's schema version of the type. */
  current(type: string): number;
  /** What a new event of the type records in its metadata: nothing at version 1. */
  stamp(type: string): { schemaVersion?: number };
  /** The event in today's shape; the event itself when it is already. Refuses a version this code does not know. */
  upcast(event: RecordedEvent): RecordedEvent;
}

const writtenForms = new WeakMap<RecordedEvent, RecordedEvent>();

/** The event as the store recorded it, before any upcast. */
export function asWritten(event: RecordedEvent): RecordedEvent {
  return writtenForms.get(event) ?? event;
}

/** `derived` was made from `event` on its way out of the store (services/eventstore/personalData.ts). */
export function rememberWrittenForm(derived: RecordedEvent, event: RecordedEvent): void {
  writtenForms.set(derived, asWritten(event));
}

export function eventVersions(chains: UpcasterChains): EventVersions {
  const byType = new Map(Object.entries(chains).filter(([, chain]) => chain.length > 0));
  const current = (type: string): number => (byType.get(type)?.length ?? 0) + 1;
  return {
    current,
    stamp(type) {
      const version = current(type);
      return version > 1 ? { schemaVersion: version } : {};
    },
    upcast(event) {
      const written: unknown = event.metadata.schemaVersion;
      const chain = byType.get(event.type);
      if (written === undefined && chain === undefined) return event;
      const today = (chain?.length ?? 0) + 1;
      const from = written ?? 1;
      if (from === today) return event;
      if (typeof from !== 'number' || !Number.isInteger(from) || from < 1 || from > today || !chain) {
        throw new UnknownEventVersionError(event.id, event.type, written, today);
      }
      let data = event.data as EventData;
      for (const step of chain.slice(from - 1)) data = step(data);
      const upcast = { ...event, data, metadata: { ...event.metadata, schemaVersion: today } };
      writtenForms.set(upcast, event);
      return upcast;
    },
  };
}

/**
 * OrderPlaced version 1 said whether the prices include the taxes as `taxesIncluded`; version 2 names the mode.
 * Events written before versions were recorded carry no version yet already have today's shape: they pass.
 */
function displayModeFromTaxesIncluded(data: EventData): EventData {
  if (!('taxesIncluded' in data) || 'displayMode' in data) return data;
  const { taxesIncluded, ...rest } = data;
  return { ...rest, displayMode: taxesIncluded === true ? 'INCLUSIVE' : 'EXCLUSIVE' };
}

/** OrderCompleted version 1 called the moment the order completed `paidAt`, also for free orders. */
function completedAtFromPaidAt(data: EventData): EventData {
  if (!('paidAt' in data) || 'completedAt' in data) return data;
  const { paidAt, ...rest } = data;
  return { ...rest, completedAt: paidAt };
}

/** The platform's event types above version 1. Adding a version: docs/audit.md "Event versions". */
export const platformUpcasters: UpcasterChains = {
  OrderPlaced: [displayModeFromTaxesIncluded],
  OrderCompleted: [completedAtFromPaidAt],
};

export const platformEventVersions = eventVersions(platformUpcasters);
