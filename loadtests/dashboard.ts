import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { startPlatform } from '../services/api/compose';
import { bootstrapFirstRun } from '../services/api/firstRun';
import { readAppConfig } from '../services/kit/config';
import { createLogger } from '../services/kit/logger';
import type { ReadModelChanged } from '../services/kit/contracts/realtime';
import { rebuildProjection } from '../projections/runner/rebuild';
import { statsProjection } from '../projections/stats';
import { headlineNumbers } from '../services/reporting/statsQueries';

/**
 * `npm run bench -- dashboard`: how fresh the live dashboard is during an order rush (issue 16).
 *
 * Starts the platform on the embedded default in this process (fresh data folder), creates a live event with
 * a free ticket, and lets BUYERS concurrent buyers complete ORDERS orders through the public checkout API
 * (create → details → complete FREE). A dashboard Socket.IO client, signed in as the organizer and joined to
 * the event's room, records every `readmodel.changed` notice of the stats read model with its arrival time.
 * For each order, the delay runs to the first stats notice whose position is at or past the completion's
 * `X-Position`, from:
 * - the commit: the `recordedAt` the store stamped on the `OrderCompleted` event (the platform's clock, the
 *   wall clock here, taken just before the write, so a few milliseconds early at most);
 * - the request: when the buyer sent the completion, so it includes the whole command (for comparison).
 * The completion's own answer waits for the orders read model, so the dashboard usually hears of the order
 * before the buyer does. Afterwards the live totals are compared with a full rebuild of the stats read model
 * and with what was sold.
 *
 * `DASHBOARD_BENCH_NO_WORKER=1` stops the in-process reactors (order mails with their QR codes, hold expiry)
 * first, to show how much of the delay is theirs: they share the process and its one SQLite connection.
 */
const BUYERS = Number(process.env.DASHBOARD_BENCH_BUYERS ?? 25);
const ORDERS = Number(process.env.DASHBOARD_BENCH_ORDERS ?? 400);

interface Completion {
  position: bigint;
  /** Wall-clock milliseconds. */
  sentAt: number;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function summary(name: string, delays: number[], target: { p95: number; p99: number } | string) {
  const sorted = [...delays].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const p99 = percentile(sorted, 99);
  return {
    measure: name,
    orders: sorted.length,
    'p50 ms': percentile(sorted, 50).toFixed(1),
    'p95 ms': p95.toFixed(1),
    'p99 ms': p99.toFixed(1),
    'max ms': (sorted.at(-1) ?? Number.NaN).toFixed(1),
    target:
      typeof target === 'string'
        ? target
        : `p95 < ${target.p95}, p99 < ${target.p99}: ${p95 < target.p95 && p99 < target.p99 ? 'ok' : 'MISSED'}`,
  };
}

export async function benchDashboard(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loadtest-dashboard-'));
  const adminPassword = 'dashboard bench password 1';
  const config = {
    ...readAppConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'error' as const,
    adminEmail: 'bench@example.test',
    adminPassword,
  };
  const platform = await startPlatform(
    config,
    {
      dataDir,
      eventStore: { kind: 'sqlite', file: join(dataDir, 'events.sqlite') },
      readModels: { kind: 'sqlite', file: join(dataDir, 'readmodels.sqlite') },
    },
    { logger: createLogger('error') },
  );
  let socket: Socket | undefined;
  try {
    await bootstrapFirstRun(platform.services);
    if (process.env.DASHBOARD_BENCH_NO_WORKER) await platform.worker.stop();
    const { port } = await platform.listen();
    const url = `http://127.0.0.1:${port}`;

    const call = async <T>(method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${url}/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return { body: (await response.json()) as T, headers: response.headers };
    };

    const { token } = (
      await call<{ token: string }>('POST', '/auth/login', {
        email: config.adminEmail,
        password: adminPassword,
      })
    ).body;
    const organizer = await call<{ data: { id: string } }>(
      'POST',
      '/organizers',
      { name: 'Bench Org' },
      token,
    );
    const event = await call<{ data: { id: string } }>(
      'POST',
      '/events',
      {
        title: 'Freshness Rush',
        start_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        organizer_id: organizer.body.data.id,
      },
      token,
    );
    const eventId = event.body.data.id;
    const ticket = await call<{ data: { id: string } }>(
      'POST',
      `/events/${eventId}/tickets`,
      { type: 'FREE', title: 'Entry', quantity: ORDERS * 2, tax_and_fee_ids: [] },
      token,
    );
    await call('PUT', `/events/${eventId}/status`, { status: 'LIVE' }, token);

    // The dashboard: one socket in the event's room, noting every stats notice as it arrives.
    const notices: { position: bigint; at: number }[] = [];
    socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });
    // The orders read model's notices, for comparison: the same room, a projection that writes less per event.
    const orderNotices: { position: bigint; at: number }[] = [];
    socket.on('readmodel.changed', (notice: ReadModelChanged) => {
      if (!notice.keys.includes(`event:${eventId}`)) return;
      if (notice.readModel === statsProjection.name)
        notices.push({ position: BigInt(notice.position), at: Date.now() });
      if (notice.readModel === 'orders')
        orderNotices.push({ position: BigInt(notice.position), at: Date.now() });
    });
    const joined = (await socket.emitWithAck('subscribe', { room: `event:${eventId}` })) as { ok: boolean };
    if (!joined.ok) throw new Error('the dashboard could not join the event room');

    const completions: Completion[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        while (next < ORDERS) {
          next += 1;
          const placed = await call<{ data: { short_id: string } }>(
            'POST',
            `/public/events/${eventId}/orders`,
            {
              lines: [{ ticket_id: ticket.body.data.id, quantity: 1 }],
            },
          );
          const shortId = placed.body.data.short_id;
          await call('PUT', `/public/events/${eventId}/orders/${shortId}/details`, {
            first_name: 'Bench',
            last_name: 'Buyer',
            email: 'buyer@example.test',
            attendees: [{ first_name: 'Bench', last_name: 'Buyer', email: 'buyer@example.test' }],
            terms_agreed: true,
          });
          const sentAt = Date.now();
          const done = await call('POST', `/public/events/${eventId}/orders/${shortId}/complete`, {
            payment_method: 'FREE',
          });
          completions.push({
            position: BigInt(done.headers.get('x-position') ?? '0'),
            sentAt,
          });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // Every order's notice must arrive; wait for the last one (bounded).
    const last = completions.reduce((max, c) => (c.position > max ? c.position : max), 0n);
    const deadline = Date.now() + 10_000;
    while (!notices.some((n) => n.position >= last) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));

    const committedAt = new Map<bigint, number>();
    for await (const recorded of platform.services.store.readAll())
      if (recorded.type === 'OrderCompleted')
        committedAt.set(recorded.position, recorded.recordedAt.getTime());
    const fromCommit: number[] = [];
    const fromRequest: number[] = [];
    const ordersFromCommit: number[] = [];
    let missing = 0;
    for (const completion of completions) {
      const notice = notices.find((n) => n.position >= completion.position);
      const committed = committedAt.get(completion.position);
      if (!notice || committed === undefined) {
        missing += 1;
        continue;
      }
      fromCommit.push(notice.at - committed);
      fromRequest.push(notice.at - completion.sentAt);
      const orderNotice = orderNotices.find((n) => n.position >= completion.position);
      if (orderNotice) ordersFromCommit.push(orderNotice.at - committed);
    }

    const live = await headlineNumbers(platform.services.db, eventId);
    await rebuildProjection(platform.services.store, platform.services.db, statsProjection, {
      logger: { info: () => undefined, error: () => undefined },
    });
    const afterRebuild = await headlineNumbers(platform.services.db, eventId);

    console.log(
      `\n${ORDERS} free orders by ${BUYERS} concurrent buyers in ${seconds.toFixed(1)} s (${(ORDERS / seconds).toFixed(0)} orders/s), one process on SQLite; ${notices.length} stats notices reached the dashboard`,
    );
    console.table([
      summary('order committed → dashboard notice', fromCommit, { p95: 250, p99: 1000 }),
      summary('completion sent → dashboard notice', fromRequest, '(includes the command)'),
      summary('order committed → orders read model notice', ordersFromCommit, '(comparison)'),
    ]);
    const totals = (label: string, numbers: typeof live) => ({
      totals: label,
      orders: numbers.orders,
      tickets_sold: numbers.tickets_sold,
      gross: numbers.gross,
    });
    console.table([
      totals('expected', { ...live, orders: ORDERS, tickets_sold: ORDERS, gross: 0 }),
      totals('live read model', live),
      totals('full rebuild', afterRebuild),
    ]);
    const same =
      live.orders === afterRebuild.orders &&
      live.tickets_sold === afterRebuild.tickets_sold &&
      live.gross === afterRebuild.gross &&
      live.orders === ORDERS &&
      live.tickets_sold === ORDERS;
    console.log(
      `orders without a notice: ${missing}; live totals ${same ? 'equal' : 'DIFFER FROM'} the rebuild and the sales`,
    );
    if (!same || missing > 0) process.exitCode = 1;
  } finally {
    socket?.close();
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
