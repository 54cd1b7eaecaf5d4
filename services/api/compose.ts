import { mkdirSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { withPlatformPersonalData } from '../audit/personalDataStore';
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
import { checkInLive } from '../admission/checkIn/checkInLive';
import type { Services } from '../kit/http/context';
import { createMetrics, streamCategory } from '../kit/metrics';
import { attachRealtime } from './realtime';
import { createWorker, type Worker } from '../worker';
import { Lease } from '../../projections/runner/lease';
import { SharedReadSide } from '../../projections/runner/sharedReadSide';
import { openClusterBus, type ClusterBus } from './clusterBus';

/** What a process does: serve HTTP and Socket.IO, run the projections, run the worker's reactors. */
export type Role = 'api' | 'projections' | 'worker';
export const allRoles: readonly Role[] = ['api', 'projections', 'worker'];

/** `--roles=api,worker`: the roles named, each once; every role when none is named. */
export function parseRoles(value: string | undefined): Role[] {
  if (value === undefined || value.trim() === '') return [...allRoles];
  const named = value.split(',').map((role) => role.trim());
  const unknown = named.filter((role) => !(allRoles as readonly string[]).includes(role));
  if (unknown.length > 0)
    throw new Error(`unknown role ${unknown.join(', ')}: the roles are ${allRoles.join(', ')}`);
  return allRoles.filter((role) => named.includes(role));
}

export interface Platform {
  services: Services;
  roles: readonly Role[];
  /** The projections of this process; running while it holds their lease (always, alone). */
  runner: ProjectionRunner;
  /** Reactors (mails, webhooks, keepers); running while this process holds the worker's lease. */
  worker: Worker;
  /** Starts HTTP and Socket.IO (the API role); resolves with the bound port. */
  listen(): Promise<{ server: HttpServer; port: number }>;
  /**
   * The graceful shutdown: stops accepting connections, closes Socket.IO clients, lets requests in flight and
   * queued commands finish (until `config.shutdownTimeoutSeconds`, then destroys what is left), stops the
   * projections and reactors at a checkpoint, frees their leases, closes the stores.
   */
  close(): Promise<DrainOutcome>;
}

/**
 * Builds the platform in one process, with the roles asked for (all by default: `npm start` and the tests).
 * The projections and the worker run under a lease each (projections/runner/lease.ts): of several processes one
 * runs them, another takes over when it dies. On SQLite the data folder belongs to one process: a second one
 * is refused. docs/decisions/process-roles.md.
 */
export async function startPlatform(
  config: AppConfig,
  storage: StorageConfig,
  overrides: { clock?: Clock; ids?: IdSource; logger?: Logger; roles?: readonly Role[] } = {},
): Promise<Platform> {
  const roles = overrides.roles ?? allRoles;
  const logger = overrides.logger ?? createLogger(config.logLevel, { service: 'ticketing' });
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  const metrics = createMetrics();
  const sharedStorage = storage.readModels.kind === 'postgres';
  if (!sharedStorage && roles.length < allRoles.length)
    throw new Error(
      `--roles=${roles.join(',')} needs PostgreSQL read models (DATABASE_URL): on SQLite one process runs every role`,
    );
  let store: EventStore | undefined;
  let db: Knex | undefined;
  let bus: ClusterBus | undefined;
  try {
    mkdirSync(storage.dataDir, { recursive: true });
    const recorded = await openEventStore(storage.eventStore, { clock });
    store = recorded;
    db = openReadModelDb(storage.readModels);
    await migrateReadModels(db);
    store = withPlatformPersonalData(recorded, db, clock);
    bus = await openClusterBus({
      readModelsUrl: storage.readModels.kind === 'postgres' ? storage.readModels.url : null,
      logger: logger.child({ component: 'cluster' }),
    });
  } catch (error) {
    await bus?.close();
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
  const readSide = new SharedReadSide({
    store,
    db,
    projections: allProjections.map((projection) => projection.name),
    logger: logger.child({ component: 'read-side' }),
    clock,
  });
  const stopReceiving = bus.onNotices((notice) => readSide.receive(notice));
  const stopRelaying = runner.onNotice((notice) => bus.relay(notice));
  const commands = new CommandHandler(store, {
    ids,
    onConflict: (stream) => metrics.commandConflicts.inc({ stream_category: streamCategory(stream) }),
    onCommand: (stream) => metrics.commands.inc({ stream_category: streamCategory(stream) }),
  });
  const services: Services = { config, store, db, commands, readSide, clock, ids, logger, metrics };
  const worker = createWorker({ store, db, commands, config, logger, clock });
  const supervised: Supervised[] = [];
  try {
    if (roles.includes('projections')) {
      const projections = await supervise({
        lease: new Lease({ db, name: 'projections', logger: logger.child({ component: 'lease' }) }),
        start: async () => {
          await runner.start();
          readSide.attachLocal(runner);
        },
        stop: async () => {
          readSide.detachLocal();
          await runner.stop();
        },
        exclusive: !sharedStorage,
        logger,
      });
      supervised.push(projections);
    }
    // Everything already in the log is projected before the first request is served, by this process or by the
    // one that runs the projections. Parked events and a projection stopped by PROJECTION_ON_ERROR=stop do not
    // hold this up: /readyz reports them as degraded.
    const head = await store.head();
    if (!(await readSide.waitFor(head, 120_000))) {
      const stuck = (await readSide.lag()).filter((lag) => lag.status !== 'failed' && lag.behind > 0n);
      throw new Error(
        `projections did not catch up: ${stuck.map((lag) => `${lag.projection} (${lag.status}, ${lag.behind} behind)`).join(', ')}`,
      );
    }
    if (roles.includes('worker'))
      supervised.push(
        await supervise({
          lease: new Lease({ db, name: 'worker', logger: logger.child({ component: 'lease' }) }),
          start: () => worker.start(),
          stop: () => worker.stop(),
          exclusive: !sharedStorage,
          logger,
        }),
      );
  } catch (error) {
    for (const running of supervised.reverse()) await running.stop();
    stopReceiving();
    stopRelaying();
    readSide.close();
    await bus.close();
    await store.close();
    await db.destroy();
    throw error;
  }
  const pageViews = new PageViewCounter({ db, clock, logger: logger.child({ component: 'page-views' }) });
  // Admissions go from the scan route to the list's devices directly, before the read model has them.
  const checkInFeed = new CheckInFeed();
  const app = roles.includes('api') ? createApp(services, { pageViews, checkInFeed }) : null;
  let http: DrainableServer | undefined;
  let realtime: ReturnType<typeof attachRealtime> | undefined;
  const openBus = bus;

  return {
    services,
    roles,
    runner,
    worker,
    async listen() {
      if (!app) throw new Error('this process has no API role');
      http = createDrainableServer(app.callback());
      const server = http.server;
      server.requestTimeout = 30_000;
      server.headersTimeout = 20_000;
      realtime = attachRealtime(server, services, [checkInLive(checkInFeed)], openBus);
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
      for (const running of [...supervised].reverse()) await running.stop();
      stopReceiving();
      stopRelaying();
      readSide.close();
      await openBus.close();
      await store.close();
      await db.destroy();
      return outcome;
    },
  };
}

interface Supervised {
  /** Stops what runs and frees the lease (or stops waiting for it). */
  stop(): Promise<void>;
}

/**
 * Runs `start` while this process holds the lease, `stop` when it loses it, and takes the lease again when it
 * comes free. Resolves once this process holds the lease or waits for it as a standby; `exclusive` (SQLite:
 * one process per data folder) refuses to wait instead.
 */
async function supervise(options: {
  lease: Lease;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  exclusive: boolean;
  logger: Logger;
}): Promise<Supervised> {
  const { lease, logger } = options;
  let running = false;
  let stopping = false;
  let transition: Promise<void> = Promise.resolve();
  const begin = (): Promise<void> =>
    (transition = transition.then(async () => {
      if (stopping || running) return;
      await options.start();
      running = true;
    }));
  const end = (): Promise<void> =>
    (transition = transition.then(async () => {
      if (!running) return;
      running = false;
      await options.stop();
    }));
  const holdAndRun = (): void => {
    lease.acquire().then(
      () => begin(),
      () => undefined,
    );
  };
  lease.onLost(() => {
    logger.error('lease lost: stopping until it is held again', { lease: lease.name });
    void end().then(() => {
      if (!stopping) holdAndRun();
    });
  });
  if (await lease.tryAcquire()) {
    await begin();
  } else if (options.exclusive) {
    await lease.release();
    throw new Error(
      `another process runs the ${lease.name} on this data folder: one process per DATA_DIR on SQLite ` +
        '(set DATABASE_URL to run several)',
    );
  } else {
    logger.info('standing by: another process holds the lease', { lease: lease.name });
    holdAndRun();
  }
  return {
    async stop() {
      stopping = true;
      await end();
      await lease.release();
    },
  };
}
