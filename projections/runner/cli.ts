import type { Knex } from 'knex';
import { openEventStore } from '../../services/eventstore';
import { wallClock, type EventStore } from '../../services/eventstore';
import { withPlatformPersonalData } from '../../services/audit/personalDataStore';
import { migrateReadModels } from '../migrations';
import { readStorageConfig } from './config';
import { openReadModelDb } from './db';

/**
 * For the operator commands (`projections:rebuild`, `projections:parked`): opens the application's read-model
 * database (migrated) from DATA_DIR / DATABASE_URL, and its event store from EVENTSTORE only when asked, runs
 * `body` and closes both whatever happens.
 */
export async function withApplicationStorage<T>(
  body: (db: Knex, openStore: () => Promise<EventStore>) => Promise<T>,
): Promise<T> {
  const storage = readStorageConfig(process.env);
  const db = openReadModelDb(storage.readModels);
  let store: EventStore | undefined;
  try {
    await migrateReadModels(db);
    return await body(
      db,
      async () =>
        (store ??= withPlatformPersonalData(await openEventStore(storage.eventStore), db, wallClock)),
    );
  } finally {
    await db.destroy();
    await store?.close();
  }
}

/** Runs a command's `main` with the arguments after `npm run x --`, and exits with its code. */
export function runCommand(main: (args: readonly string[]) => Promise<number>): void {
  main(process.argv.slice(2).filter((arg) => arg !== '--')).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
