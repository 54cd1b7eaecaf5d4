import { mkdirSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { openEventStore } from '../eventstore';
import type { EventStore } from '../eventstore/port';
import { CommandHandler } from '../kit/commandHandler';
import { randomIds, systemClock, type Clock, type IdSource } from '../kit/clock';
import type { AppConfig } from '../kit/config';
import { createDrainableServer, type DrainableServer, type DrainOutcome } from '../kit/http/drainableServer';
import { createLogger, type Logger } from '../kit/logger';
import { allProjections } from '../../projections';
import { migrateReadModels } from '../../projections/migrations';
import { openReadModelDb, ProjectionRunner, type StorageConfig } from '../../projections/runner';
import { createApp } from './app';
import { PageViewCounter } from '../reporting/pageViews';
import { CheckInFeed } from '../admission/checkIn/checkInFeed';
import type { Services } from '../kit/http/context';
import { createMetrics, streamCategory } from '../kit/metrics';
import { attachRealtime } from './realtime';
import { startWorker, type Worker } from '../worker';

export interface Platform {
  services: Services;
  runner: ProjectionRunner;
  /** Reactors (emails) running in this process. */
  worker: Worker;
  /** Starts HTTP and Socket.IO; resolves with the bound port. */
  listen(): Promise<{ server: HttpServer; port: number }>;
  /**
   * The graceful shutdown: stops accepting connections, closes Socket.IO clients, lets requests in flight and
   * queued commands finish (until `config.shutdownTimeoutSeconds`, then destroys what is left), stops the
   * projections and reactors at a checkpoint, closes the stores.
   */
  close(): Promise<DrainOutcome>;
}

/**
 * Builds the whole platform in one process: event store, read models (migrated), projections caught up and
 * live, command handler, HTTP API with Socket.IO. main.ts and the integration tests both start it this way.
 */
export async function startPlatform(
  config: AppConfig,
  storage: StorageConfig,
  overrides: { clock?: Clock; ids?: IdSource; logger?: Logger } = {},
): Promise<Platform> {
  const logger = overrides.logger ?? createLogger(config.logLevel, { service: 'ticketing' });
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  const metrics = createMetrics();
  let store: EventStore | undefined;
  let db: Knex | undefined;
  try {
    mkdirSync(storage.dataDir, { recursive: true });
    store = await openEventStore(storage.eventStore, { clock });
    db = openReadModelDb(storage.readModels);
    await migrateReadModels(db);
  } catch (error) {
    await store?.close();
    await db?.destroy();
    throw error;
  }
  const runner = new ProjectionRunner({
    store,
    db,
    projections: allProjections,
    logger: logger.child({ component: 'projections' }),
    clock,
    onHandlerError: config.projectionOnError,
  });
  await runner.start();
  // Everything already in the log is projected before the first request is served. Parked events and a
  // projection stopped by PROJECTION_ON_ERROR=stop do not hold this up: /readyz reports them as degraded.
  if (!(await runner.waitFor(await store.head(), 120_000))) {
    const stuck = (await runner.lag()).filter((lag) => lag.status !== 'failed' && lag.behind > 0n);
    await runner.stop();
    await store.close();
    await db.destroy();
    throw new Error(
      `projections did not catch up: ${stuck.map((lag) => `${lag.projection} (${lag.status}, ${lag.behind} behind)`).join(', ')}`,
    );
  }

  const commands = new CommandHandler(store, {
    ids,
    onConflict: (stream) => metrics.commandConflicts.inc({ stream_category: streamCategory(stream) }),
  });
  const services: Services = { config, store, db, commands, readSide: runner, clock, ids, logger, metrics };
  const worker = await startWorker({ store, db, commands, config, logger, clock });
  const pageViews = new PageViewCounter({ db, clock, logger: logger.child({ component: 'page-views' }) });
  // Admissions go from the scan route to the list's devices directly, before the read model has them.
  const checkInFeed = new CheckInFeed();
  const app = createApp(services, { pageViews, checkInFeed });
  let http: DrainableServer | undefined;
  let realtime: ReturnType<typeof attachRealtime> | undefined;

  return {
    services,
    runner,
    worker,
    async listen() {
      http = createDrainableServer(app.callback());
      const server = http.server;
      server.requestTimeout = 30_000;
      server.headersTimeout = 20_000;
      realtime = attachRealtime(server, services, checkInFeed);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
      return { server, port: (server.address() as AddressInfo).port };
    },
    async close() {
      await realtime?.close();
      const outcome = http ? await http.drain(config.shutdownTimeoutSeconds * 1000) : { deadlineHit: false };
      await commands.idle();
      await pageViews.close();
      await worker.stop();
      await runner.stop();
      await store.close();
      await db.destroy();
      return outcome;
    },
  };
}
