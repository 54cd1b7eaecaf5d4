import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { startApp, type RunningApp } from '../services/kit/testing/e2e';
import { createTestDatabase, postgresServerUrl } from '../services/kit/testing/postgres';
import { startRoundRobinProxy, type RoundRobinProxy } from '../services/kit/testing/roundRobinProxy';
import { ADMIN, createOnsaleEvent, percentile, runBuyers } from './onsale';
import { readOnsaleScenario } from './onsaleScenario';
import { cpuSeconds, peakRss, PRODUCTION_NODE_FLAGS, productionEnv } from './serverProcess';

/**
 * `npm run bench -- scaleout`: the on-sale rush on PostgreSQL (event store and read models) against three shapes
 * of the platform, in one run (docs/decisions/process-roles.md): everything in one process; the API, the
 * projections and the worker in three; and two API processes behind a round-robin proxy with one projections
 * process and one worker. For each: completed orders a second, the reservation p50/p99, and each process's CPU
 * per completed order and peak RSS until the rush's mails are sent, and oversold (0).
 */
const buyers = Number(process.env.SCALEOUT_BUYERS) || 50;
const seconds = Number(process.env.SCALEOUT_SECONDS) || 15;
const capacity = Number(process.env.SCALEOUT_CAPACITY) || 3_000;

interface Shape {
  name: string;
  processes: { role: string; roles: string | undefined }[];
}

const shapes: Shape[] = [
  { name: 'all in one', processes: [{ role: 'all', roles: undefined }] },
  {
    name: 'api + projections + worker',
    processes: [
      { role: 'projections', roles: 'projections' },
      { role: 'worker', roles: 'worker' },
      { role: 'api', roles: 'api' },
    ],
  },
  {
    name: '2 api + projections + worker',
    processes: [
      { role: 'projections', roles: 'projections' },
      { role: 'worker', roles: 'worker' },
      { role: 'api 1', roles: 'api' },
      { role: 'api 2', roles: 'api' },
    ],
  },
];

/** Waits until every projection and reactor checkpoint reached the log's head, and the outbox is empty. */
async function settled(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 600; attempt++) {
      const head = await client.query<{ head: string | null }>(
        'SELECT max(position)::text AS head FROM es_events',
      );
      const behind = await client.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM projection_checkpoints WHERE position::numeric < $1::numeric AND status <> 'failed'",
        [head.rows[0]?.head ?? '0'],
      );
      const unsent = await client.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM mail_outbox WHERE status = 'pending'",
      );
      if (behind.rows[0]?.n === '0' && unsent.rows[0]?.n === '0') return;
      await delay(200);
    }
    throw new Error('the platform did not settle within two minutes');
  } finally {
    await client.end();
  }
}

async function runShape(shape: Shape) {
  const database = await createTestDatabase('scaleout');
  const dataDir = await mkdtemp(join(tmpdir(), 'scaleout-bench-'));
  // As the on-sale bench runs its server: production's environment and heap flags, the simulated buyers each
  // behind their own address (the TCP proxy leaves X-Forwarded-For as the buyer sent it).
  const env = {
    ...productionEnv(ADMIN),
    EVENTSTORE: 'postgres',
    EVENTSTORE_URL: database.url,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
  };
  const running: { role: string; app: RunningApp; pid: number }[] = [];
  let proxy: RoundRobinProxy | null = null;
  try {
    for (const process of shape.processes) {
      const app = await startApp({
        env,
        nodeFlags: PRODUCTION_NODE_FLAGS,
        ...(process.roles ? { roles: process.roles } : {}),
      });
      running.push({ role: process.role, app, pid: app.pid });
    }
    const apis = running.filter((entry) => entry.role.startsWith('api') || entry.role === 'all');
    if (apis.length > 1)
      proxy = await startRoundRobinProxy(
        apis.map((entry) => ({ host: '127.0.0.1', port: Number(new URL(entry.app.url).port) })),
      );
    const url = proxy?.url ?? apis[0]!.app.url;
    const scenario = readOnsaleScenario();
    const { eventId, ticketIds } = await createOnsaleEvent(url, scenario, capacity);
    await settled(database.url);
    const before = await Promise.all(running.map((entry) => cpuSeconds(entry.pid)));
    const memory = peakRss(running.map((entry) => entry.pid));
    let peaks: number[] = [];
    let outcome;
    try {
      outcome = await runBuyers({
        ONSALE_URL: url,
        ONSALE_EVENT_ID: eventId,
        ONSALE_TICKET_IDS: ticketIds.join(','),
        ONSALE_BUYERS: String(buyers),
        ONSALE_SECONDS: String(seconds),
      });
      await settled(database.url);
    } finally {
      peaks = memory.stop();
    }
    if (outcome.errors > 0)
      console.log(
        `${shape.name}: ${outcome.errors} errors, for example:\n  ${outcome.errorSamples.join('\n  ')}`,
      );
    const after = await Promise.all(running.map((entry) => cpuSeconds(entry.pid)));
    const sold = await soldOf(database.url, eventId);
    const latencies = [...outcome.reservationMs].sort((a, b) => a - b);
    const completed = Math.max(1, outcome.completed);
    return {
      shape: shape.name,
      completedPerSecond: outcome.completed / outcome.elapsedSeconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: outcome.errors,
      oversold: Math.max(0, sold - capacity),
      perProcess: running.map((entry, index) => ({
        role: entry.role,
        cpuMsPerOrder: (((after[index] ?? 0) - (before[index] ?? 0)) * 1000) / completed,
        peakRssMb: peaks[index] ?? 0,
      })),
    };
  } finally {
    await proxy?.close();
    await Promise.all(running.map((entry) => entry.app.stop()));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Tickets sold, from the inventory's own events: holds converted into sales, per the event's stream. */
async function soldOf(url: string, eventId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ sold: string | null }>(
      `SELECT coalesce(sum(tickets_sold), 0)::text AS sold FROM stat_minutes WHERE event_id = $1 AND ticket_id = ''`,
      [eventId],
    );
    return Number(result.rows[0]?.sold ?? 0);
  } finally {
    await client.end();
  }
}

export async function benchScaleout(): Promise<void> {
  if (!postgresServerUrl) {
    console.log('DATABASE_URL is not set: the scale-out benchmark needs PostgreSQL.');
    return;
  }
  const results = [];
  for (const shape of shapes) results.push(await runShape(shape));
  console.log(
    `\nOn-sale rush on PostgreSQL, ${buyers} buyers for ${seconds} s, ${capacity} tickets; CPU counted until the rush's mails are sent`,
  );
  console.table(
    results.map((row) => ({
      shape: row.shape,
      'completed/s': Math.round(row.completedPerSecond),
      'p50 ms': row.p50.toFixed(1),
      'p99 ms': row.p99.toFixed(1),
      errors: row.errors,
      oversold: row.oversold,
      'CPU ms/order, all processes': row.perProcess
        .reduce((sum, entry) => sum + entry.cpuMsPerOrder, 0)
        .toFixed(2),
    })),
  );
  console.table(
    results.flatMap((row) =>
      row.perProcess.map((entry) => ({
        shape: row.shape,
        process: entry.role,
        'CPU ms/order': entry.cpuMsPerOrder.toFixed(2),
        'peak RSS MB': Math.round(entry.peakRssMb),
      })),
    ),
  );
}
