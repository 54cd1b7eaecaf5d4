import { join, resolve } from 'node:path';
import type { EventStoreConfig } from '../../services/eventstore';
import type { ReadModelDbConfig } from './db';

export type { EventStoreConfig } from '../../services/eventstore';

export interface StorageConfig {
  dataDir: string;
  eventStore: EventStoreConfig;
  readModels: ReadModelDbConfig;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Where events and read models live, from the environment:
 * - `DATA_DIR` (default `./data`): the SQLite files `events.sqlite` and `readmodels.sqlite`.
 * - `DATABASE_URL`: read models in PostgreSQL instead of SQLite.
 * - `EVENTSTORE` = `sqlite` (default) | `postgres` | `esdb`, with `EVENTSTORE_URL`; the postgres store falls
 *   back to `DATABASE_URL`.
 */
export function readStorageConfig(env: Environment = process.env): StorageConfig {
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const dataDir = resolve(value('DATA_DIR') ?? './data');
  const databaseUrl = value('DATABASE_URL');
  const eventStoreUrl = value('EVENTSTORE_URL');
  const kind = value('EVENTSTORE') ?? 'sqlite';

  let eventStore: EventStoreConfig;
  switch (kind) {
    case 'sqlite':
      eventStore = { kind: 'sqlite', file: join(dataDir, 'events.sqlite') };
      break;
    case 'postgres': {
      const url = eventStoreUrl ?? databaseUrl;
      if (!url) throw new Error('EVENTSTORE=postgres needs EVENTSTORE_URL (or DATABASE_URL)');
      eventStore = { kind: 'postgres', url };
      break;
    }
    case 'esdb':
      if (!eventStoreUrl)
        throw new Error('EVENTSTORE=esdb needs EVENTSTORE_URL (e.g. esdb://127.0.0.1:2113?tls=false)');
      eventStore = { kind: 'esdb', url: eventStoreUrl };
      break;
    default:
      throw new Error(`EVENTSTORE must be sqlite, postgres or esdb, not ${kind}`);
  }

  const readModels: ReadModelDbConfig = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'sqlite', file: join(dataDir, 'readmodels.sqlite') };

  return { dataDir, eventStore, readModels };
}
