import { openSqliteEventStore } from './sqlite';
import type { EventStore, EventStoreOptions } from './port';

export * from './port';
export { ERASED_EMAIL, ERASED_TEXT, erasedEmailOf } from './personalData';
export type { SqliteEventStore, SqliteEventStoreOptions, SqliteEventStoreStats } from './sqlite';
export type { PostgresEventStore, PostgresEventStoreOptions, PostgresEventStoreStats } from './postgres';
export type { EsdbEventStore } from './esdb';
export { openSqliteEventStore };

export type EventStoreConfig =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string } | { kind: 'esdb'; url: string };

export function openEventStore(
  config: EventStoreConfig,
  options: EventStoreOptions = {},
): Promise<EventStore> {
  switch (config.kind) {
    case 'sqlite':
      return openSqliteEventStore(config.file, options);
    case 'postgres':
      return import('./postgres').then(({ openPostgresEventStore }) =>
        openPostgresEventStore(config.url, options),
      );
    case 'esdb':
      // Each adapter is loaded only when asked for: an embedded process does not carry the gRPC client or pg.
      return import('./esdb').then(({ openEsdbEventStore }) => openEsdbEventStore(config.url, options));
  }
}
