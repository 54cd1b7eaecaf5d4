import { openEsdbEventStore } from './esdb';
import { openPostgresEventStore } from './postgres';
import { openSqliteEventStore } from './sqlite';
import type { EventStore, EventStoreOptions } from './port';

export * from './port';
export type { SqliteEventStore, SqliteEventStoreOptions, SqliteEventStoreStats } from './sqlite';
export type { PostgresEventStore, PostgresEventStoreOptions, PostgresEventStoreStats } from './postgres';
export type { EsdbEventStore } from './esdb';
export { openSqliteEventStore, openPostgresEventStore, openEsdbEventStore };

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
      return openPostgresEventStore(config.url, options);
    case 'esdb':
      return openEsdbEventStore(config.url, options);
  }
}
