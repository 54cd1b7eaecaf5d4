import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { asWritten } from '../eventstore/eventVersions';
import type { RecordedEvent } from '../eventstore/port';
import type { Projection, ReadModelTable } from '../../projections/runner/types';
import { writeRows } from '../../projections/runner/bulk';
import { firstRow } from '../../projections/runner/db';
import { quoted, shaped } from '../../projections/runner/rowStatements';

/**
 * The audit notary (docs/audit.md): a SHA-256 hash chain over the global log, kept beside it in the read-model
 * database. Each event's link is `sha256(previous link + canonical bytes of the event)`, so an event changed or
 * removed after it was notarised no longer matches its link, and `npm run audit:verify` names its position.
 * It proves that nothing was rewritten after notarisation, not that an event was right when it was written.
 */

export const notaryName = 'audit-notary';

/** The link before the first event. */
export const genesisHash = '0'.repeat(64);

export const auditChainTable: ReadModelTable = {
  name: 'audit_chain',
  define(table, tableName) {
    /** 1, 2, 3…: the order of the links, whatever the store's positions look like (EventStoreDB's are sparse). */
    table.integer('seq').primary();
    /** Decimal text like the checkpoints (EventStoreDB positions exceed 2^53). */
    table.string('position', 40).notNullable();
    table.string('event_id', 200).notNullable();
    /** Hex SHA-256 of the previous link and this event's canonical bytes. */
    table.string('hash', 64).notNullable();
    table.string('notarised_at', 30).notNullable();
    table.unique(['position'], { indexName: `${tableName}_position_idx` });
  },
};

export interface ChainLink {
  seq: number;
  position: string;
  event_id: string;
  hash: string;
  notarised_at: string;
}

/** JSON with object keys sorted at every depth: the same event gives the same bytes on every adapter. */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  writeCanonical(value, parts);
  return parts.join('');
}

// Into one list of parts joined once: joining each level into a string of its own copied an event's long values
// (sealed personal data) once per level, a twentieth of everything an on-sale rush allocated (issue 29).
function writeCanonical(value: unknown, parts: string[]): void {
  if (Array.isArray(value)) {
    parts.push('[');
    for (let index = 0; index < value.length; index++) {
      if (index > 0) parts.push(',');
      writeCanonical(value[index], parts);
    }
    parts.push(']');
    return;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // The default order compares UTF-16 code units, as `<` does.
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    parts.push('{');
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      parts.push(index > 0 ? ',' : '', JSON.stringify(key), ':');
      writeCanonical(record[key], parts);
    }
    parts.push('}');
    return;
  }
  parts.push(JSON.stringify(value) ?? 'null');
}

/** What a link covers: everything the store recorded of the event, as written (not as upcast). */
export function canonicalEventBytes(upcast: RecordedEvent): string {
  const event = asWritten(upcast);
  return canonicalJson({
    position: event.position.toString(),
    id: event.id,
    stream: event.stream,
    revision: event.revision.toString(),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
  });
}

export function chainHash(previous: string, event: RecordedEvent): string {
  return createHash('sha256').update(previous).update('\n').update(canonicalEventBytes(event)).digest('hex');
}

/** The newest link, or null before the first event is notarised. */
export async function lastLink(db: Knex, table = auditChainTable.name): Promise<ChainLink | null> {
  const row = await firstRow<ChainLink>(
    db,
    shaped(`lastLink|${table}`, () => `select * from ${quoted(table)} order by "seq" desc limit 1`),
    [],
  );
  return row ? { ...row, seq: Number(row.seq) } : null;
}

/**
 * The keeper: runs in the worker's runner (one process holds its lease) and links every event in position order.
 * It is deliberately not among the rebuildable projections: rebuilding it from the log would notarise a rewritten
 * log afresh and hide the rewrite.
 */
export function notaryProjection(clock: { now(): Date }): Projection {
  // Events of one transaction, linked and written together when it settles; keyed by the transaction so a
  // batch that rolls back leaves nothing behind for the next one.
  const pending = new WeakMap<Knex.Transaction, RecordedEvent[]>();
  return {
    name: notaryName,
    tables: [auditChainTable],
    handles: [],
    everyEvent: true,
    apply(trx, event) {
      const events = pending.get(trx) ?? [];
      events.push(event);
      pending.set(trx, events);
      return Promise.resolve([]);
    },
    async settle(trx, ctx) {
      const events = pending.get(trx) ?? [];
      pending.delete(trx);
      if (events.length === 0) return;
      const table = ctx.table(auditChainTable.name);
      const last = await lastLink(trx, table);
      let previous = last?.hash ?? genesisHash;
      let seq = last?.seq ?? 0;
      const lastPosition = last ? BigInt(last.position) : 0n;
      const notarisedAt = clock.now().toISOString();
      const links: ChainLink[] = [];
      for (const event of events) {
        // A link once written is never written again (a replayed batch after a moved checkpoint).
        if (event.position <= lastPosition) continue;
        previous = chainHash(previous, event);
        links.push({
          seq: ++seq,
          position: event.position.toString(),
          event_id: event.id,
          hash: previous,
          notarised_at: notarisedAt,
        });
      }
      await writeRows(trx, table, links, 'new');
    },
  };
}
