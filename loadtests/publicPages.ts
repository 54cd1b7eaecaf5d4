import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';
import { startPlatform } from '../services/api/compose';
import { bootstrapFirstRun } from '../services/api/firstRun';
import { readAppConfig } from '../services/kit/config';
import { createLogger } from '../services/kit/logger';
import { firstLiveEvent } from '../projections/events';

/**
 * The storefront during an on-sale rush: what buyers' phones load. Starts the platform on the embedded
 * default in this process (fresh data folder, sample event), then drives it from autocannon on loopback,
 * bounded in connections and time. `/healthz` measured in the same run is the ceiling the others are read
 * against; the ratios, not the absolute figures, are what compare across machines.
 *
 * Scenarios (k6 users: `loadtests/k6/public-event.js` does the same against a running instance).
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env.LOADTEST_SECONDS ?? 8);
/** Turns the bare route and /healthz take, sharing SECONDS each. */
const ROUNDS = 3;

interface Scenario {
  name: string;
  path: string;
}

async function run(url: string, scenario: Scenario, seconds = SECONDS) {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    // The load comes from a worker thread so it does not share the server's event loop.
    workers: 1,
  });
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The floor under every figure: a Koa app with no middleware and one JSON route, in this process. `/healthz`
 * runs the platform's whole middleware chain, so its share of this says what the chain costs per request.
 */
async function startBareKoa(): Promise<{ url: string; server: Server }> {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { status: 'ok' };
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function median<T extends { requestsPerSecond: number }>(runs: readonly T[]): T {
  return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
}

export async function benchPublicPages(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loadtest-'));
  const config = { ...readAppConfig({}), port: 0, host: '127.0.0.1', dataDir, logLevel: 'error' as const };
  const platform = await startPlatform(
    config,
    {
      dataDir,
      eventStore: { kind: 'sqlite', file: join(dataDir, 'events.sqlite') },
      readModels: { kind: 'sqlite', file: join(dataDir, 'readmodels.sqlite') },
    },
    { logger: createLogger('error') },
  );
  try {
    await bootstrapFirstRun(platform.services);
    const { port } = await platform.listen();
    const url = `http://127.0.0.1:${port}`;
    const sample = await firstLiveEvent(platform.services.db);
    if (!sample) throw new Error('no live sample event to load');
    // The bare route and /healthz take turns, after a warm-up, and the median of the rounds' ratios is
    // reported: on a shared machine one long run of each mostly measures what else ran at the time.
    const bare = await startBareKoa();
    const healthz: Scenario = { name: 'ceiling: GET /healthz', path: '/healthz' };
    const bareRoute: Scenario = { name: 'bare Koa route (no middleware)', path: '/' };
    const ratios: number[] = [];
    const bareRuns: Awaited<ReturnType<typeof run>>[] = [];
    const healthzRuns: Awaited<ReturnType<typeof run>>[] = [];
    try {
      await run(bare.url, bareRoute, 1);
      await run(url, healthz, 1);
      for (let round = 0; round < ROUNDS; round++) {
        const floorRun = await run(bare.url, bareRoute, SECONDS / ROUNDS);
        const ceilingRun = await run(url, healthz, SECONDS / ROUNDS);
        bareRuns.push(floorRun);
        healthzRuns.push(ceilingRun);
        ratios.push(ceilingRun.requestsPerSecond / floorRun.requestsPerSecond);
      }
    } finally {
      await new Promise((resolve) => bare.server.close(resolve));
    }
    const floor = median(bareRuns);
    const scenarios: Scenario[] = [
      { name: 'public event API', path: `/api/public/events/${sample.id}` },
      { name: 'public event page (HTML with SEO head)', path: `/event/${sample.id}/${sample.slug}` },
      { name: 'live events list API', path: '/api/public/events?per_page=20' },
    ];
    const rows = [floor, median(healthzRuns)];
    for (const scenario of scenarios) rows.push(await run(url, scenario));
    const ceiling = rows[1]!.requestsPerSecond;
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s each (the bare route and /healthz in ${ROUNDS} alternating rounds), loopback, one process on SQLite`,
    );
    const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    console.log(
      `/healthz reaches ${ratio.toFixed(2)} of the bare Koa route (target: at least 0.6); rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
    );
    console.table(
      rows.map((row) => ({
        scenario: row.name,
        'req/s': Math.round(row.requestsPerSecond).toLocaleString('en-US'),
        'of ceiling': `${((row.requestsPerSecond / ceiling) * 100).toFixed(0)}%`,
        'of bare Koa': `${((row.requestsPerSecond / floor.requestsPerSecond) * 100).toFixed(0)}%`,
        'p50 ms': row.p50,
        'p99 ms': row.p99,
        'non-2xx': row.non2xx,
        errors: row.errors,
      })),
    );
  } finally {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
