import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStorageConfig } from './config';

describe('readStorageConfig', () => {
  it('defaults to SQLite files for events and read models under ./data', () => {
    const dataDir = resolve('./data');
    expect(readStorageConfig({})).toEqual({
      dataDir,
      eventStore: { kind: 'sqlite', file: join(dataDir, 'events.sqlite') },
      readModels: { kind: 'sqlite', file: join(dataDir, 'readmodels.sqlite') },
    });
  });

  it('puts read models in PostgreSQL when DATABASE_URL is set, and lets the postgres store fall back to it', () => {
    const config = readStorageConfig({
      DATA_DIR: '/srv/x',
      DATABASE_URL: 'postgres://db/app',
      EVENTSTORE: 'postgres',
    });
    expect(config).toEqual({
      dataDir: '/srv/x',
      eventStore: { kind: 'postgres', url: 'postgres://db/app' },
      readModels: { kind: 'postgres', url: 'postgres://db/app' },
    });
  });

  it('prefers EVENTSTORE_URL for the event store', () => {
    const config = readStorageConfig({
      EVENTSTORE: 'esdb',
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      DATA_DIR: '/d',
    });
    expect(config.eventStore).toEqual({ kind: 'esdb', url: 'esdb://es:2113?tls=false' });
    expect(config.readModels).toEqual({ kind: 'sqlite', file: '/d/readmodels.sqlite' });
  });

  it('treats empty variables as unset', () => {
    expect(readStorageConfig({ DATABASE_URL: '', EVENTSTORE: ' ', DATA_DIR: '/d' }).readModels).toEqual({
      kind: 'sqlite',
      file: '/d/readmodels.sqlite',
    });
  });

  it('refuses an unknown store kind or a networked store without a URL', () => {
    expect(() => readStorageConfig({ EVENTSTORE: 'mysql' })).toThrow(
      /EVENTSTORE must be sqlite, postgres or esdb/,
    );
    expect(() => readStorageConfig({ EVENTSTORE: 'esdb' })).toThrow(/EVENTSTORE_URL/);
    expect(() => readStorageConfig({ EVENTSTORE: 'postgres' })).toThrow(/EVENTSTORE_URL/);
  });
});
