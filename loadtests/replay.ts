import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../projections';
import type { StorageConfig } from '../projections/runner/config';
import { rebuildProjection, rebuildProjections, type RebuildResult } from '../projections/runner/rebuild';
import type { RunnerLogger } from '../projections/runner/types';
import { startPlatform } from '../services/api/compose';
import { bootstrapFirstRun } from '../services/api/firstRun';
import { verifyLog, type Finding } from '../services/audit/verify';
import { createDatabase } from '../services/eventstore/bench';
import { readAppConfig } from '../services/kit/config';
import { createLogger } from '../services/kit/logger';
import { generateReplayLog } from './replayLog';

/**
 * `npm run bench -- replay [--events=1000000] [--adapter=sqlite|postgres]` (issue 30): a generated log of
 * realistic shape (loadtests/replayLog.ts) in a fresh data folder, served by the platform in this process;
 * then, on that same store, the raw read rate (`readAll` over the whole log, each event's data opened), a rebuild of each projection
 * alone, and the rebuild of all of them together as `npm run projections:rebuild` does it (one pass), while
 * the app answers an event's order list and `/healthz` continuously. The rebuilt read models must hold the
 * rows the incremental runner wrote; `--verify` also runs `audit:verify` over the log and the read models.
 */

export interface ReplayOptions {
  events: number;
  adapter: 'sqlite' | 'postgres';
  /** Runs `audit:verify` over the generated log and the rebuilt read models afterwards (`--verify`). */
  verify?: boolean;
  /** Rebuilds only all projections together, not each alone first (`--together-only`): a million-event run in minutes. */
  togetherOnly?: boolean;
  /** Prints the tables; the test turns it off. */
  print?: boolean;
}

export interface ReplayOutcome {
  events: number;
  rawPerSecond: number;
  rows: Record<string, string>[];
  serving: Record<string, string>;
  /** Tables whose row count after the rebuild differs from the incremental run's. */
  differing: string[];
  tables: number;
  parked: number;
  /** With `verify`: what `audit:verify` found, and the log's events by type. */
  audit?: { findings: Finding[]; types: Record<string, number> };
}

const RATIO_TARGET = 0.1;

export function replayOptions(args: readonly string[], env = process.env): ReplayOptions {
  const flag = (name: string): string | undefined =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const events = Number(flag('events') ?? env.REPLAY_BENCH_EVENTS ?? 1_000_000);
  if (!Number.isSafeInteger(events) || events < 100)
    throw new Error('--events must be a whole number >= 100');
  const adapter = flag('adapter') ?? env.REPLAY_BENCH_ADAPTER ?? 'sqlite';
  if (adapter !== 'sqlite' && adapter !== 'postgres') throw new Error('--adapter must be sqlite or postgres');
  return {
    events,
    adapter,
    verify: args.includes('--verify'),
    togetherOnly: args.includes('--together-only'),
  };
}

const quiet: RunnerLogger = {
  info: () => undefined,
  error: (message, details) => console.error(message, details ?? ''),
};

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const rate = (perSecond: number): string => Math.round(perSecond).toLocaleString('en-US');

async function replayStorage(
  adapter: ReplayOptions['adapter'],
  dataDir: string,
): Promise<{ storage: StorageConfig; drop: () => Promise<void> }> {
  if (adapter === 'sqlite')
    return {
      storage: {
        dataDir,
        eventStore: { kind: 'sqlite', file: join(dataDir, 'events.sqlite') },
        readModels: { kind: 'sqlite', file: join(dataDir, 'readmodels.sqlite') },
      },
      drop: () => Promise.resolve(),
    };
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('--adapter=postgres needs DATABASE_URL');
  const database = await createDatabase(server);
  return {
    storage: {
      dataDir,
      eventStore: { kind: 'postgres', url: database.url },
      readModels: { kind: 'postgres', url: database.url },
    },
    drop: () => database.drop(),
  };
}

export async function benchReplay(
  options: ReplayOptions = replayOptions(process.argv.slice(2)),
): Promise<ReplayOutcome> {
  const print = options.print ?? true;
  const dataDir = mkdtempSync(join(tmpdir(), 'loadtest-replay-'));
  const { storage, drop } = await replayStorage(options.adapter, dataDir);
  const adminPassword = 'replay bench password 1';
  const config = {
    ...readAppConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'error' as const,
    adminEmail: 'replay@example.test',
    adminPassword,
  };
  const platform = await startPlatform(config, storage, { logger: createLogger('error') });
  try {
    const { store, db } = platform.services;
    const firstRun = await bootstrapFirstRun(platform.services);
    if (!firstRun) throw new Error('the fresh data folder already had users');
    // The reactors would mail every generated order; the bench is about the read side.
    await platform.worker.stop();
    let organizerId: string | undefined;
    for await (const event of store.readAll())
      if (event.type === 'OrganizerCreated')
        organizerId ??= (event.data as { organizerId: string }).organizerId;
    if (!organizerId) throw new Error('the first run created no organizer');
    if (!(await platform.runner.waitFor(await store.head(), 60_000))) throw new Error('the runner is stuck');

    const { port } = await platform.listen();
    const url = `http://127.0.0.1:${port}`;
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: config.adminEmail, password: adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };

    // The runner waits while the log is generated, so generation is timed alone; it catches up afterwards.
    await platform.runner.stop();
    const generationStarted = performance.now();
    const log = await generateReplayLog(store, {
      events: options.events,
      accountId: firstRun.accountId,
      organizerId,
    });
    const generationSeconds = (performance.now() - generationStarted) / 1000;
    const head = await store.head();

    const catchUpStarted = performance.now();
    await platform.runner.start();
    if (!(await platform.runner.waitFor(head, 3_600_000))) throw new Error('the runner did not catch up');
    const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;

    const tables = allProjections.flatMap((projection) => projection.tables.map((table) => table.name));
    const countRows = async (): Promise<Map<string, number>> => {
      const counts = new Map<string, number>();
      for (const table of tables) {
        const row = (await db(table).count({ n: '*' }).first()) as { n: number | string } | undefined;
        counts.set(table, Number(row?.n ?? 0));
      }
      return counts;
    };
    const incremental = await countRows();

    // The baseline reads every event as any reader gets it: its personal fields opened (they open when first
    // touched, services/eventstore/personalData.ts). Reading past them unopened is shown for comparison.
    const readRate = async (touchData: boolean): Promise<number> => {
      const started = performance.now();
      let read = 0;
      for await (const event of store.readAll())
        if (event.position > 0n && (!touchData || event.data !== undefined)) read++;
      total = read;
      return read / ((performance.now() - started) / 1000);
    };
    let total = 0;
    const unopenedPerSecond = await readRate(false);
    const rawPerSecond = await readRate(true);

    const perSecond = (result: Pick<RebuildResult, 'events' | 'durationMs'>): number =>
      result.events / (result.durationMs / 1000);
    const row = (name: string, eventsPerSecond: number, target: string): Record<string, string> => ({
      rebuild: name,
      'events/s': rate(eventsPerSecond),
      'of raw read rate': `${(eventsPerSecond / rawPerSecond).toFixed(3)}x`,
      target,
    });
    const rows: Record<string, string>[] = [
      row('raw read (readAll, data opened), baseline', rawPerSecond, '-'),
      row('readAll, personal fields left unopened', unopenedPerSecond, '(comparison)'),
    ];
    let parked = 0;
    let sequentialMs = 0;
    for (const projection of options.togetherOnly ? [] : allProjections) {
      const result = await rebuildProjection(store, db, projection, { logger: quiet });
      parked += result.parked;
      sequentialMs += result.durationMs;
      rows.push(row(projection.name, perSecond(result), '-'));
    }
    if (!options.togetherOnly)
      rows.push(
        row(
          'all, one after another (sum of the above)',
          perSecond({ events: total, durationMs: sequentialMs }),
          '(comparison)',
        ),
      );

    // The app keeps serving while every projection is rebuilt together: an event's orders and the health check.
    const eventId = log.concerts[0]!;
    const latencies: number[] = [];
    let errors = 0;
    let rebuilding = true;
    const client = async (path: string, auth: boolean): Promise<void> => {
      while (rebuilding) {
        const started = performance.now();
        try {
          const response = await fetch(`${url}${path}`, {
            headers: auth ? { authorization: `Bearer ${token}` } : {},
          });
          await response.arrayBuffer();
          if (response.status !== 200) errors++;
          else latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    };
    const clients = [
      client(`/api/events/${eventId}/orders?per_page=20`, true),
      client(`/api/events/${log.concerts.at(-1)!}/orders?per_page=20`, true),
      client('/healthz', false),
    ];
    let together: RebuildResult[];
    try {
      together = await rebuildProjections(store, db, allProjections, { logger: quiet });
    } finally {
      rebuilding = false;
      await Promise.all(clients);
    }
    parked += together.reduce((sum, result) => sum + result.parked, 0);
    const all = together[0]!;
    const allPerSecond = perSecond(all);
    const allRatio = allPerSecond / rawPerSecond;
    rows.push(
      row(
        'all together, one pass (projections:rebuild)',
        allPerSecond,
        `>= ${RATIO_TARGET} of raw read rate ${allRatio >= RATIO_TARGET ? 'ok' : 'MISSED'}`,
      ),
    );

    if (!(await platform.runner.waitFor(await store.head(), 60_000)))
      throw new Error('the runner did not go on after the swap');
    const rebuilt = await countRows();
    const differing = tables.filter((table) => rebuilt.get(table) !== incremental.get(table));
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const serving = {
      during: `all together (${(all.durationMs / 1000).toFixed(1)} s)`,
      answered: String(sorted.length),
      errors: String(errors),
      'p50 ms': percentile(sorted, 50).toFixed(1),
      'p99 ms': p99.toFixed(1),
      'max ms': (sorted.at(-1) ?? Number.NaN).toFixed(1),
      target: `errors = 0 ${errors === 0 && sorted.length > 0 ? 'ok' : 'MISSED'}`,
    };

    let audit: ReplayOutcome['audit'];
    if (options.verify) {
      const types: Record<string, number> = {};
      for await (const event of store.readAll()) types[event.type] = (types[event.type] ?? 0) + 1;
      audit = { findings: (await verifyLog({ store, db })).findings, types };
    }

    if (print) {
      console.log(
        `\n${log.events.toLocaleString('en-US')} events (${log.orders.toLocaleString('en-US')} orders, ` +
          `${log.concerts.length} concerts) generated in ${generationSeconds.toFixed(1)} s ` +
          `(${rate(log.events / generationSeconds)} events/s); the runner caught up in ${catchUpSeconds.toFixed(1)} s ` +
          `(${rate(total / catchUpSeconds)} events/s); ${options.adapter}, ${allProjections.length} projections`,
      );
      console.table(rows);
      console.log('\nThe app serving an event’s orders and /healthz during the rebuild of all projections');
      console.table([serving]);
      console.log(
        `rebuilt read models ${differing.length === 0 ? 'EQUAL' : `DIFFER (${differing.join(', ')})`} the incremental ones ` +
          `(row counts of ${tables.length} tables); parked events: ${parked}`,
      );
    }
    if (print && audit)
      console.log(
        `audit:verify over the generated log: ${audit.findings.length} finding(s)`,
        audit.findings.slice(0, 5),
      );
    if (differing.length > 0 || errors > 0 || parked > 0 || (audit?.findings.length ?? 0) > 0)
      process.exitCode = 1;
    return {
      events: total,
      rawPerSecond,
      rows,
      serving,
      differing,
      tables: tables.length,
      parked,
      ...(audit ? { audit } : {}),
    };
  } finally {
    await platform.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
