import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Koa from 'koa';
import type { Knex } from 'knex';
import { createTestDatabase, postgresServerUrl } from '../services/kit/testing/postgres';
import { startApp, type RunningApp } from '../services/kit/testing/e2e';
import { CommandHandler } from '../services/kit/commandHandler';
import { openEventStore, type EventStore } from '../services/eventstore';
import { benchAdapters } from '../services/eventstore/bench';
import { commandsPerSecond } from './commandCeiling';
import { inventoryDecider } from '../services/inventory/inventoryDecider';
import { inventoryStream } from '../services/inventory/inventoryEvents';
import { openReadModelDb, readStorageConfig } from '../projections/runner';
import { readOnsaleScenario, type OnsaleScenario } from './onsaleScenario';
import {
  cpuSeconds,
  peakRss,
  platformSettled,
  PRODUCTION_NODE_FLAGS,
  productionEnv,
  rssMb,
} from './serverProcess';
import { quantileBound, routeBuckets, type Buckets } from './serverHistogram';
import { onsaleTargets, queueFigures, type QueueFigures } from './targets';

/** The reservation's route as the server's request histogram labels it. */
const RESERVATION_ROUTE = '/api/public/events/:eventId/orders';

/**
 * `npm run bench -- onsale`: the on-sale rush of issue 12 against the all-in-one server, on SQLite and (with
 * DATABASE_URL) PostgreSQL, at each concurrency of the scenario. The ceiling (`/healthz`) and a bare Koa route
 * are measured in the same run; figures are read as ratios against them. The server runs as production runs it
 * (the bundle, in a process of its own) and the buyers in another (loadtests/onsaleBuyers.ts), so the server's
 * CPU and memory are its own, read from /proc. The k6 twin is loadtests/k6/onsale.js.
 */
export const ADMIN = { email: 'bench@example.org', password: 'bench-password-1' };

interface RunResult {
  storage: string;
  run: string;
  buyers: number;
  capacity: number;
  reservationsPerSecond: number;
  completedPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  requestP99: number;
  /**
   * The bucket bound (seconds) of the reservations' p99 in the server's own histogram: the time inside its
   * handlers. Far below the buyers' p99, the wait was before the handlers (socket or event-loop queue).
   */
  serverP99Bound: number;
  ticketsSold: number;
  oversold: number;
  soldOutRefusals: number;
  errors: number;
  retriedAfter503: number;
  errorSamples: string[];
  /** The server process's resident memory on a settled platform, just before the buyers come. */
  idleRssMb: number;
  /** The V8 heap in use when idle before the run: what of the idle RSS is live (or not yet collected) JavaScript. */
  idleHeapUsedMb: number;
  peakRssMb: number;
  /**
   * The server process's CPU time (user and system, all its threads) per completed order, from the buyers' first
   * request until the rush's mails are sent and every read model has caught up.
   */
  serverCpuMsPerOrder: number;
  /** The same, during the buyers' run only. */
  runCpuMsPerOrder: number;
  /** From the buyers' last answer until the mails were sent and the read models caught up. */
  settleSeconds: number;
  /** With `ONSALE_WAITING_ROOM`: the queue's order and waits. */
  waitingRoom: QueueFigures | null;
  /** Commands the server's command handler took per completed order (the reactors' included). */
  commandsPerOrder: number;
  seconds: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The platform as production runs it: the server bundle in a process of its own (`npm start`), all roles, on
 * SQLite files or on a fresh PostgreSQL database for events and read models. The bench reads the event store and
 * the read models beside it, and the process's CPU and memory from /proc.
 */
async function startServer(kind: 'sqlite' | 'postgres') {
  const database = kind === 'postgres' ? await createTestDatabase('onsale') : null;
  const env: Record<string, string> = {
    ...productionEnv(ADMIN),
    ...(database ? { EVENTSTORE: 'postgres', EVENTSTORE_URL: database.url, DATABASE_URL: database.url } : {}),
  };
  let app: RunningApp | null = null;
  let store: EventStore | null = null;
  let readModels: Knex | null = null;
  try {
    // ONSALE_PROFILE=<dir>: the server writes its CPU profile there as it exits (its whole life).
    const profileDir = process.env.ONSALE_PROFILE;
    app = await startApp({
      env,
      nodeFlags: [
        ...PRODUCTION_NODE_FLAGS,
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=500'] : []),
      ],
    });
    const storage = readStorageConfig({ ...env, DATA_DIR: app.dataDir });
    store = await openEventStore(storage.eventStore);
    readModels = openReadModelDb(storage.readModels);
  } catch (error) {
    await readModels?.destroy();
    await store?.close();
    await app?.stop();
    await database?.drop();
    throw error;
  }
  const running = app;
  const inventory = new CommandHandler(store);
  const opened = { store, readModels };
  return {
    url: running.url,
    pid: running.pid,
    readModels,
    /** The server's counters now: commands taken (its `commands_total`, the reactors' included), reservations. */
    async counters(): Promise<{ commands: number; reservations: Buckets; heapUsedMb: number }> {
      const metrics = await (await fetch(`${running.url}/metrics`)).text();
      const heapUsed = /^nodejs_heap_size_used_bytes (\d+)/m.exec(metrics)?.[1];
      return {
        heapUsedMb: heapUsed === undefined ? Number.NaN : Number(heapUsed) / 2 ** 20,
        commands: [...metrics.matchAll(/^commands_total\{[^}]*\} (\d+)/gm)].reduce(
          (sum, match) => sum + Number(match[1]),
          0,
        ),
        reservations: routeBuckets(metrics, 'POST', RESERVATION_ROUTE),
      };
    },
    /** Tickets sold of `ticketIds`, from the inventory's own events. */
    async soldOf(eventId: string, ticketIds: readonly string[]): Promise<number> {
      const { state } = await inventory.load(inventoryDecider, inventoryStream(eventId));
      return ticketIds.reduce((sum, id) => sum + (state.tickets[id]?.sold ?? 0), 0);
    },
    async close() {
      await opened.readModels.destroy();
      await opened.store.close();
      await running.stop();
      await database?.drop();
    },
  };
}

async function api<T>(
  url: string,
  token: string | null,
  method: string,
  path: string,
  json?: unknown,
): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** A live event with the scenario's three tickets under one capacity assignment of `capacity`. */
export async function createOnsaleEvent(
  url: string,
  scenario: OnsaleScenario,
  capacity: number,
  /** Buyers in checkout at once with the event's waiting room on; null: the room off. */
  waitingRoomCheckouts: number | null = null,
) {
  const { token } = await api<{ token: string }>(url, null, 'POST', '/auth/login', ADMIN);
  const organizer = await api<{ data: { id: string } }>(url, token, 'POST', '/organizers', {
    name: 'Bench Hall',
  });
  const start = new Date(Date.now() + scenario.event.startsInDays * 86_400_000).toISOString();
  const event = await api<{ data: { id: string } }>(url, token, 'POST', '/events', {
    organizer_id: organizer.data.id,
    title: scenario.event.title,
    start_date: start,
    timezone: scenario.event.timezone,
    currency: scenario.event.currency,
  });
  const eventId = event.data.id;
  const ticketIds: string[] = [];
  for (const ticket of scenario.tickets) {
    const created = await api<{ data: { id: string } }>(
      url,
      token,
      'POST',
      `/events/${eventId}/tickets`,
      ticket,
    );
    ticketIds.push(created.data.id);
  }
  await api(url, token, 'POST', `/events/${eventId}/capacity-assignments`, {
    name: scenario.capacityAssignment.name,
    capacity,
    ticket_ids: ticketIds,
  });
  // Either the rush itself, every buyer straight at the reservation (the waiting room, on by default from 1,000
  // seats, docs/waiting-room.md, switched off), or every buyer through the room.
  await api(
    url,
    token,
    'PUT',
    `/events/${eventId}/settings`,
    waitingRoomCheckouts === null
      ? { waiting_room_enabled: false }
      : { waiting_room_enabled: true, waiting_room_checkout_capacity: waitingRoomCheckouts },
  );
  await api(url, token, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
  return { eventId, ticketIds };
}

export function runBuyers(env: Record<string, string>): Promise<{
  reservations: number;
  refusedSoldOut: number;
  completed: number;
  ticketsCompleted: number;
  errors: number;
  retriedAfter503: number;
  errorSamples: string[];
  elapsedSeconds: number;
  reservationMs: number[];
  requestMs: number[];
  joins?: { sentAt: number; number: number }[];
  waitMs?: number[];
}> {
  const script = fileURLToPath(new URL('./onsaleBuyers.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as never) : reject(new Error(`buyers exited with ${code}`)),
    );
  });
}

async function onsaleRun(
  server: Awaited<ReturnType<typeof startServer>>,
  storage: string,
  scenario: OnsaleScenario,
  run: OnsaleScenario['runs'][number],
  buyers: number,
): Promise<RunResult> {
  const { eventId, ticketIds } = await createOnsaleEvent(
    server.url,
    scenario,
    run.capacity,
    waitingRoomCheckouts(),
  );
  // From a settled platform: the work left by the run before (and the event's set-up) is not this run's.
  await platformSettled(server.url, server.readModels);
  const idleRssMb = await rssMb(server.pid);
  const countersBefore = await server.counters();
  const cpuBefore = await cpuSeconds(server.pid);
  const memory = peakRss([server.pid]);
  let peaks: number[];
  let outcome;
  let cpuDuringRun: number;
  let settleSeconds: number;
  try {
    outcome = await runBuyers({
      ONSALE_URL: server.url,
      ONSALE_EVENT_ID: eventId,
      ONSALE_TICKET_IDS: ticketIds.join(','),
      ONSALE_BUYERS: String(buyers),
      ONSALE_SECONDS: String(run.seconds),
      ONSALE_WAITING_ROOM: waitingRoomCheckouts() === null ? 'off' : 'on',
    });
    cpuDuringRun = (await cpuSeconds(server.pid)) - cpuBefore;
    const settling = performance.now();
    await platformSettled(server.url, server.readModels);
    settleSeconds = (performance.now() - settling) / 1000;
  } finally {
    peaks = memory.stop();
  }
  const [peakRssMb = Number.NaN] = peaks;
  const cpuUntilSettled = (await cpuSeconds(server.pid)) - cpuBefore;
  const countersAfter = await server.counters();
  const commands = countersAfter.commands - countersBefore.commands;
  const sold = await server.soldOf(eventId, ticketIds);
  const completed = Math.max(1, outcome.completed);
  const latencies = [...outcome.reservationMs].sort((a, b) => a - b);
  const requests = [...outcome.requestMs].sort((a, b) => a - b);
  return {
    storage,
    run: run.name,
    buyers,
    capacity: run.capacity,
    reservationsPerSecond: outcome.reservations / outcome.elapsedSeconds,
    completedPerSecond: outcome.completed / outcome.elapsedSeconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requestP99: percentile(requests, 99),
    serverP99Bound: quantileBound(countersBefore.reservations, countersAfter.reservations, 0.99).bound,
    ticketsSold: sold,
    oversold: Math.max(0, sold - run.capacity),
    soldOutRefusals: outcome.refusedSoldOut,
    errors: outcome.errors,
    retriedAfter503: outcome.retriedAfter503,
    errorSamples: outcome.errorSamples,
    idleRssMb,
    idleHeapUsedMb: countersBefore.heapUsedMb,
    peakRssMb,
    serverCpuMsPerOrder: (cpuUntilSettled * 1000) / completed,
    runCpuMsPerOrder: (cpuDuringRun * 1000) / completed,
    settleSeconds,
    commandsPerOrder: commands / completed,
    seconds: outcome.elapsedSeconds,
    waitingRoom:
      waitingRoomCheckouts() !== null && outcome.joins && outcome.waitMs
        ? queueFigures(outcome.joins, outcome.waitMs, waitingRoomCheckouts() ?? 0)
        : null,
  };
}

/** `ONSALE_WAITING_ROOM=<buyers in checkout at once>`: every buyer goes through the event's waiting room. */
function waitingRoomCheckouts(): number | null {
  const value = Number(process.env.ONSALE_WAITING_ROOM);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 50, duration: seconds, workers: 1 });
  return result.requests.average;
}

async function startBareKoa(): Promise<{ url: string; server: Server }> {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { status: 'ok' };
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** Issue 12's targets, in reservations (each buyer's one per order) a second. */
const TARGETS: Record<string, number> = { sqlite: 3_000, postgres: 1_000 };

/** The command handler alone on a fresh store of the same kind, in this run: the ceiling of its commands a second. */
async function commandCeiling(storage: 'sqlite' | 'postgres'): Promise<number> {
  for await (const adapter of benchAdapters([storage])) {
    try {
      const run = Math.random().toString(36).slice(2, 10);
      return await commandsPerSecond(
        adapter.store,
        (writer) => `inventory-${run}-d${writer}`,
        storage === 'sqlite' ? 200 : 60,
      );
    } finally {
      await adapter.cleanup();
    }
  }
  return Number.NaN;
}

/**
 * What a target asks of this machine, from ceilings measured in this run: each completed order takes the
 * commands counted above and 3 HTTP requests. At the target rate, the share of the command handler's ceiling
 * (one process, nothing else running) and the share of a bare Koa route's ceiling add up to a lower bound of
 * the work the one server process would do each second, before validation, the read side and the mails.
 */
function printBudget(
  results: readonly RunResult[],
  commandCeilings: Record<string, number>,
  bareRps: number,
) {
  const rows = Object.entries(commandCeilings).map(([storage, ceiling]) => {
    const measured = results.filter((row) => row.storage === storage && row.completedPerSecond > 0);
    // The fewest of the runs: a checkout without retries or abandoned holds, which favours the target.
    const perOrder = Math.min(...measured.map((row) => row.commandsPerOrder));
    const target = TARGETS[storage] ?? Number.NaN;
    const commandsShare = (target * perOrder) / ceiling;
    const httpShare = bareRps > 0 ? (target * 3) / bareRps : Number.NaN;
    return {
      storage,
      'target orders/s': target,
      'command handler alone, cmd/s': Math.round(ceiling),
      'commands/order': perOrder.toFixed(2),
      'orders/s the command handler alone allows': Math.round(ceiling / perOrder),
      'share of it at the target': commandsShare.toFixed(2),
      'share of bare Koa at the target (3 requests/order)': httpShare.toFixed(2),
      'lower bound of the load at the target': `${(commandsShare + httpShare).toFixed(2)} of one process`,
    };
  });
  if (rows.length === 0) return;
  console.log(
    '\nBudget of the targets, from ceilings of this run (a sum over 1.00 cannot be met by one server process):',
  );
  console.table(rows);
}

/** `ONSALE_RUN=throughput`, `ONSALE_SECONDS=5`, `ONSALE_CONCURRENCY=50`: a shorter run while profiling. */
function runsOf(scenario: OnsaleScenario): OnsaleScenario['runs'] {
  const seconds = Number(process.env.ONSALE_SECONDS) || undefined;
  return scenario.runs
    .filter((run) => !process.env.ONSALE_RUN || process.env.ONSALE_RUN === run.name)
    .map((run) => (seconds && run.name === 'throughput' ? { ...run, seconds } : run));
}

function concurrencyOf(scenario: OnsaleScenario): number[] {
  const only = Number(process.env.ONSALE_CONCURRENCY) || undefined;
  return only ? [only] : scenario.concurrency;
}

export async function benchOnsale(): Promise<void> {
  const scenario = readOnsaleScenario();
  const only = process.env.ONSALE_STORAGE;
  const storages = (['sqlite', 'postgres'] as const).filter(
    (kind) => (!only || only === kind) && (kind === 'sqlite' || postgresServerUrl),
  );
  if (!postgresServerUrl) console.log('DATABASE_URL is not set: PostgreSQL is left out of this run.');
  const results: RunResult[] = [];
  const ceilings: Record<string, number> = {};
  const commandCeilings: Record<string, number> = {};
  const bare = await startBareKoa();
  let bareRps = 0;
  // ONSALE_BASELINES=off skips the ceilings (while profiling the server alone).
  const baselines = process.env.ONSALE_BASELINES !== 'off';
  try {
    if (baselines) bareRps = await requestsPerSecond(bare.url, 4);
  } finally {
    await new Promise((resolve) => bare.server.close(resolve));
  }
  for (const storage of storages) {
    if (baselines) commandCeilings[storage] = await commandCeiling(storage);
    const server = await startServer(storage);
    try {
      if (baselines) ceilings[storage] = await requestsPerSecond(`${server.url}/healthz`, 4);
      for (const run of runsOf(scenario))
        for (const buyers of concurrencyOf(scenario))
          results.push(await onsaleRun(server, storage, scenario, run, buyers));
    } finally {
      await server.close();
    }
  }

  console.log(
    `\nOn-sale rush: ${scenario.tickets.length} free tickets under one capacity assignment; buyers reserve 1–4, give details, complete.`,
  );
  console.log(
    `bare Koa route: ${Math.round(bareRps)} req/s; /healthz: ${Object.entries(ceilings)
      .map(([k, v]) => `${k} ${Math.round(v)} req/s`)
      .join(', ')}`,
  );
  console.table(
    results.map((row) => ({
      storage: row.storage,
      run: row.run,
      buyers: row.buyers,
      'reservations/s': Math.round(row.reservationsPerSecond),
      'of /healthz': (row.reservationsPerSecond / (ceilings[row.storage] ?? 1)).toFixed(3),
      'completed/s': Math.round(row.completedPerSecond),
      'p50 ms': row.p50.toFixed(1),
      'p95 ms': row.p95.toFixed(1),
      'p99 ms': row.p99.toFixed(1),
      'any request p99 ms': row.requestP99.toFixed(1),
      'in the server, p99 ≤ s': row.serverP99Bound,
      capacity: row.run === 'sell-out' ? row.capacity : 'unbounded',
      'tickets sold': row.ticketsSold,
      oversold: row.oversold,
      errors: row.errors,
      'sent again after 503': row.retriedAfter503,
      'idle RSS MB': Math.round(row.idleRssMb),
      'idle heap used MB': Math.round(row.idleHeapUsedMb),
      'peak RSS MB': Math.round(row.peakRssMb),
      'CPU ms/order, run': row.runCpuMsPerOrder.toFixed(2),
      'CPU ms/order, until mails sent': row.serverCpuMsPerOrder.toFixed(2),
      'settled after s': row.settleSeconds.toFixed(1),
      'commands/order': row.commandsPerOrder.toFixed(2),
      seconds: row.seconds.toFixed(1),
    })),
  );
  const queued = results.filter((row) => row.waitingRoom !== null);
  if (queued.length > 0) {
    console.log(
      `\nThrough the waiting room (${waitingRoomCheckouts()} buyers in checkout at once; each looks at its place every ${(Number(process.env.ONSALE_ROOM_POLL_MS) || 3_000) / 1000} s, as the event page does unless ONSALE_ROOM_POLL_MS says otherwise):`,
    );
    console.table(
      queued.map((row) => {
        const room = row.waitingRoom!;
        return {
          storage: row.storage,
          run: row.run,
          buyers: row.buyers,
          'took a number': room.joined,
          admitted: room.admitted,
          'wait p50 s': (room.waitP50 / 1000).toFixed(1),
          'wait p99 s': (room.waitP99 / 1000).toFixed(1),
          'numbers out of arrival order (pairs)': room.inversions,
          'overtaken by more than a batch': `${room.overtakenBeyondBatch} ${room.overtakenBeyondBatch === 0 ? 'ok' : 'MISSED'}`,
          "admitted buyers' request p99 ms": `${row.requestP99.toFixed(0)} ${row.buyers < 500 ? '' : row.requestP99 <= 1000 ? 'ok (<= 1 s)' : 'MISSED (<= 1 s)'}`,
        };
      }),
    );
  }
  printBudget(results, commandCeilings, bareRps);
  console.log('\nTargets (issue 29), against ceilings of this run:');
  console.table(onsaleTargets(results, commandCeilings));
  for (const row of results) {
    if (row.run === 'sell-out' && row.ticketsSold !== row.capacity)
      console.log(`!! ${row.storage} ${row.buyers} buyers: sold ${row.ticketsSold} of ${row.capacity}`);
    if (row.oversold > 0) console.log(`!! ${row.storage} ${row.buyers} buyers: OVERSOLD by ${row.oversold}`);
    if (row.errorSamples.length > 0)
      console.log(`errors (${row.storage}, ${row.run}, ${row.buyers}):`, row.errorSamples);
  }
}
