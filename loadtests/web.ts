import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import {
  buyFreeTicketsThroughApi,
  callApi,
  fullChromiumPath,
  launchFullBrowser,
  startApp,
  type RunningApp,
} from '../services/kit/testing/e2e';

/**
 * `npm run bench -- web`: what a phone downloads and how long it waits on the pages that matter (issue 26).
 *
 * Starts the built server as `npm start` does (fresh data folder, sample event), seeds a few orders and a
 * check-in list, then loads four pages in Debian's Chromium on a phone profile: a fast 4G network (9 Mbit/s
 * down, 1.5 Mbit/s up, 165 ms round trip, Chrome DevTools' "Fast 4G" figures) and the CPU slowed down 4×.
 * Each page is loaded cold (a new browser context: empty cache) and then warm (the same context again), ROUNDS
 * times; the table shows the median round. Service workers are blocked, so the scanner's offline cache does
 * not stand in for the network.
 *
 * - transferred: bytes received over the network (headers and bodies as sent, so compressed sizes), until
 *   the page has been quiet for a moment after its useful content showed;
 * - requests: HTTP requests the page made (the Socket.IO connection counts as one);
 * - useful content: from the navigation's start to the first moment the page's useful element is in the
 *   document (the event's tickets, the checkout form, the scanner's list, the dashboard's figures).
 */
const ROUNDS = Number(process.env.WEB_BENCH_ROUNDS ?? 3);
/** `WEB_BENCH_VERBOSE=1` lists every response that came over the network: size, start and end of its load. */
const VERBOSE = process.env.WEB_BENCH_VERBOSE === '1';

const FAST_4G = {
  offline: false,
  latency: 165,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (1_500_000 / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;
/** Quiet this long (no request in flight) after the useful content showed ends a load. */
const QUIET_MS = 1_000;
const LOAD_TIMEOUT_MS = 60_000;

interface Target {
  page: string;
  visit: 'cold' | 'warm';
  measure: 'transferred' | 'useful content';
  /** KB for transferred, ms for useful content. */
  atMost: number;
}

/** The targets; every one is printed with its figure. */
const TARGETS: Target[] = [
  { page: 'public event page', visit: 'cold', measure: 'transferred', atMost: 150 },
  { page: 'public event page', visit: 'cold', measure: 'useful content', atMost: 2_000 },
  { page: 'scanner', visit: 'cold', measure: 'transferred', atMost: 400 },
  { page: 'scanner', visit: 'cold', measure: 'useful content', atMost: 3_000 },
  { page: 'event dashboard', visit: 'cold', measure: 'transferred', atMost: 700 },
];

interface Scenario {
  name: string;
  path: string;
  /** The element whose arrival is the page's first useful content. */
  useful: string;
  /** A member's token in localStorage before the page loads. */
  token?: string;
}

interface Load {
  bytes: number;
  requests: number;
  /** Of the requests, those the browser's cache answered. */
  cached: number;
  usefulMs: number;
}

export async function benchWeb(): Promise<void> {
  if (!existsSync(fullChromiumPath)) {
    console.log(`SKIPPED: the web benchmark needs Chromium at ${fullChromiumPath}`);
    return;
  }
  // The seed buys its attendees from this one address; what is measured is the pages, not the limits.
  const app = await startApp({ env: { RESERVATIONS_PER_CLIENT: '0', RESERVATIONS_PER_MINUTE: '0' } });
  let browser: Browser | undefined;
  try {
    const scenarios = await seed(app);
    // The browser a buyer has, not the tests' headless shell: its load times are the ones a phone sees.
    browser = await launchFullBrowser();
    const rows: Record<string, string>[] = [];
    const figures = new Map<string, number>();
    for (const scenario of scenarios) {
      const cold: Load[] = [];
      const warm: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 1,
          isMobile: true,
          hasTouch: true,
          locale: 'en-GB',
          serviceWorkers: 'block',
        });
        try {
          if (VERBOSE) console.log(`\n${scenario.name}, round ${round + 1}`);
          if (scenario.token) {
            await context.addInitScript((token) => localStorage.setItem('token', token), scenario.token);
          }
          cold.push(await measure(context, `${app.url}${scenario.path}`, scenario.useful));
          warm.push(await measure(context, `${app.url}${scenario.path}`, scenario.useful));
        } finally {
          await context.close();
        }
      }
      for (const [visit, loads] of [
        ['cold', cold],
        ['warm', warm],
      ] as const) {
        const bytes = median(loads.map((load) => load.bytes));
        const requests = median(loads.map((load) => load.requests));
        const cached = median(loads.map((load) => load.cached));
        const usefulMs = median(loads.map((load) => load.usefulMs));
        figures.set(`${scenario.name}|${visit}|transferred`, bytes / 1024);
        figures.set(`${scenario.name}|${visit}|useful content`, usefulMs);
        rows.push({
          page: scenario.name,
          visit,
          'transferred KB': (bytes / 1024).toFixed(1),
          requests: String(requests),
          'from cache': String(cached),
          'useful content ms': String(Math.round(usefulMs)),
        });
      }
    }
    console.log(
      `\nWeb pages on a phone: fast 4G (9 Mbit/s down, 1.5 up, 165 ms RTT), CPU ${CPU_SLOWDOWN}× slower; median of ${ROUNDS} round(s)`,
    );
    console.table(rows);
    console.log('\nTargets');
    console.table(
      TARGETS.map((target) => {
        const figure = figures.get(`${target.page}|${target.visit}|${target.measure}`) ?? Number.NaN;
        const unit = target.measure === 'transferred' ? 'KB' : 'ms';
        return {
          page: target.page,
          visit: target.visit,
          measure: target.measure,
          target: `<= ${target.atMost} ${unit}`,
          figure: `${unit === 'KB' ? figure.toFixed(1) : Math.round(figure)} ${unit}`,
          result: figure <= target.atMost ? 'ok' : 'MISSED',
        };
      }),
    );
  } finally {
    await browser?.close();
    await app.stop();
  }
}

/**
 * The pages' data: the sample event (its public page, a few orders for the dashboard, a reserved order for the
 * checkout details page) and a check-in list for the scanner.
 */
async function seed(app: RunningApp): Promise<Scenario[]> {
  const { token } = await callApi<{ token: string }>(app, null, 'POST', '/auth/login', app.admin);
  const events = await callApi<{ data: { id: string; slug: string }[] }>(app, null, 'GET', '/public/events');
  const sample = events.data[0];
  if (!sample) throw new Error('the sample event is missing: the web benchmark needs SEED_SAMPLE_EVENT');
  const event = await callApi<{ data: { tickets: { id: string; type: string }[] } }>(
    app,
    null,
    'GET',
    `/public/events/${sample.id}`,
  );
  const free = event.data.tickets.find((ticket) => ticket.type === 'FREE');
  if (!free) throw new Error('the sample event has no free ticket');
  for (let order = 0; order < 12; order++) {
    await buyFreeTicketsThroughApi(app, sample.id, free.id, [
      { first_name: 'Ada', last_name: `Buyer ${order}`, email: `buyer-${order}@example.test` },
    ]);
  }
  const list = await callApi<{ data: { short_id: string } }>(
    app,
    token,
    'POST',
    `/events/${sample.id}/check-in-lists`,
    { name: 'Main door', ticket_ids: [free.id] },
  );
  const reserved = async () =>
    (
      await callApi<{ data: { short_id: string } }>(app, null, 'POST', `/public/events/${sample.id}/orders`, {
        lines: [{ ticket_id: free.id, quantity: 2 }],
      })
    ).data.short_id;
  return [
    {
      name: 'public event page',
      path: `/event/${sample.id}/${sample.slug}`,
      useful: '.ticket-selector .ticket-option',
    },
    {
      name: 'checkout details',
      path: `/checkout/${sample.id}/${await reserved()}/details`,
      useful: '.checkout-form input',
    },
    { name: 'scanner', path: `/check-in/${list.data.short_id}`, useful: '.scanner-header__list' },
    {
      name: 'event dashboard',
      path: `/manage/event/${sample.id}/dashboard`,
      useful: '.dashboard-grid',
      token,
    },
  ];
}

/** One load of `url` in a new tab of `context`, throttled; see the file's comment for what is measured. */
async function measure(context: BrowserContext, url: string, useful: string): Promise<Load> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const traffic = watchTraffic(cdp);
    // A string, not a function: the bundler that runs this file names functions with a helper the page lacks.
    await page.addInitScript(usefulContentProbe(useful));
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await page.waitForSelector(useful, { state: 'attached', timeout: LOAD_TIMEOUT_MS });
    await traffic.quiet();
    const usefulMs = await page.evaluate(() => (window as unknown as { usefulAt?: number }).usefulAt ?? NaN);
    return { ...traffic.totals(), usefulMs };
  } finally {
    await page.close();
  }
}

/** Records in `window.usefulAt` when an element matching `selector` first enters the document. */
function usefulContentProbe(selector: string): string {
  return `(() => {
    const selector = ${JSON.stringify(selector)};
    const arrived = () => {
      if (!document.querySelector(selector)) return false;
      window.usefulAt = performance.now();
      return true;
    };
    if (arrived()) return;
    const observer = new MutationObserver(() => {
      if (arrived()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  })();`;
}

function watchTraffic(cdp: CDPSession) {
  const inFlight = new Set<string>();
  const fromCache = new Set<string>();
  const urls = new Map<string, string>();
  const started = new Map<string, number>();
  let firstStart: number | undefined;
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  const counted = (url: string) => url.startsWith('http');
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!counted(event.request.url)) return;
    started.set(event.requestId, event.timestamp);
    firstStart ??= event.timestamp;
    // A redirect reuses the request id: it is one more request on the wire.
    if (!inFlight.has(event.requestId) || event.redirectResponse) requests++;
    inFlight.add(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    fromCache.add(event.requestId);
  });
  cdp.on('Network.responseReceived', (event) => {
    urls.set(event.requestId, event.response.url);
    if (event.response.fromDiskCache || event.response.fromServiceWorker) fromCache.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!inFlight.delete(event.requestId)) return;
    bytes += event.encodedDataLength;
    if (VERBOSE && !fromCache.has(event.requestId)) {
      const at = (time: number | undefined) =>
        String(Math.round(((time ?? Number.NaN) - (firstStart ?? 0)) * 1000)).padStart(6);
      console.log(
        `${String(event.encodedDataLength).padStart(9)} B ${at(started.get(event.requestId))} ms → ${at(event.timestamp)} ms  ${urls.get(event.requestId) ?? '?'}`,
      );
    }
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.webSocketCreated', () => {
    requests++;
    lastActivity = Date.now();
  });
  cdp.on('Network.webSocketFrameReceived', (event) => {
    bytes += event.response.payloadData.length;
  });
  return {
    totals: () => ({ bytes, requests, cached: fromCache.size }),
    /**
     * Resolves once nothing has been in flight for QUIET_MS, or nothing has moved for five times that (a long
     * poll that stays open).
     */
    async quiet(): Promise<void> {
      const deadline = Date.now() + LOAD_TIMEOUT_MS;
      while (Date.now() < deadline) {
        const still = Date.now() - lastActivity;
        if (still >= (inFlight.size === 0 ? QUIET_MS : QUIET_MS * 5)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
