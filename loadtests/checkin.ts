import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { io, type Socket } from 'socket.io-client';
import { startPlatform } from '../services/api/compose';
import { loadTicketSigningKeys } from '../services/admission/signingKeys';
import { signTicketCode } from '../services/admission/ticketCodes';
import type { CheckInChanged } from '../services/kit/contracts/realtime';
import { bootstrapFirstRun } from '../services/identity/bootstrap';
import { readAppConfig } from '../services/kit/config';
import { createLogger } from '../services/kit/logger';
import { ScanMemory } from '../web/src/features/checkIn/scanner/scanMemory';

/**
 * `npm run bench -- checkin` (issue 15): 10,000 attendees on one check-in list, 20 scanning devices, each
 * with its own Socket.IO connection to the list's room and its own HTTP scans. 10 % of the scans repeat a
 * ticket already admitted (at another device), 1 % are the same ticket scanned by two devices at once.
 * Measured: the scan decision (HTTP round trip of `POST …/check-ins`), the push delay from a scan being sent
 * to each other device hearing of it, duplicates answered as such, double admissions (must be 0), and a
 * device that is offline for 30 s catching up (snapshot with position, then newer pushes). `GET /healthz`
 * under the same 20-way concurrency is the baseline of the same run.
 */
const ATTENDEES = 10_000;
const DEVICES = 20;
const REPEAT_SHARE = 0.1;
const COLLISION_SHARE = 0.01;
const OFFLINE_MS = 30_000;
/** Attendees first scanned after the offline device is back (while it loads its snapshot). */
const LATE = 200;
/** Attendees first scanned by one device alone, before the 20 start: the decision without contention. */
const ALONE = 200;
const ADMIN = { email: 'bench@example.org', password: 'bench-password-1' };

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function api<T>(url: string, token: string | null, method: string, path: string, json?: unknown) {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Straight into the orders module's attendees read model, 500 rows a statement in one transaction. */
async function seedAttendees(db: Knex, eventId: string, ticketId: string): Promise<string[]> {
  const columns = await db('attendees').columnInfo();
  const shortIds: string[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let n = 0; n < ATTENDEES; n++) {
    const shortId = `b${String(n).padStart(19, '0')}`;
    shortIds.push(shortId);
    const row: Record<string, unknown> = {
      id: `at_bench${n}`,
      account_id: 'ac_bench',
      event_id: eventId,
      order_id: `or_bench${Math.floor(n / 4)}`,
      position: n % 4,
      ticket_id: ticketId,
      tier_id: null,
      short_id: shortId,
      first_name: `Guest`,
      last_name: `${n}`,
      email: `guest${n}@example.test`,
      locale: 'en',
      status: 'ACTIVE',
      payment: 'PAID',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    rows.push(Object.fromEntries(Object.entries(row).filter(([key]) => key in columns)));
  }
  await db.transaction(async (trx) => {
    for (let start = 0; start < rows.length; start += 500)
      await trx('attendees').insert(rows.slice(start, start + 500));
  });
  return shortIds;
}

interface Device {
  id: string;
  socket: Socket;
  /** attendee id → when this device heard of its admission (performance.now()). */
  heard: Map<string, number>;
  memory: ScanMemory;
}

function connectDevice(url: string, shortId: string, id: string): Promise<Device> {
  const socket = io(url, { auth: { checkInList: shortId }, transports: ['websocket'], forceNew: true });
  const device: Device = { id, socket, heard: new Map(), memory: new ScanMemory() };
  socket.on('checkin.changed', (change: CheckInChanged) => {
    if (change.state === 'CHECKED_IN' && !device.heard.has(change.attendeeId))
      device.heard.set(change.attendeeId, performance.now());
    device.memory.receive(change);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(device));
    socket.once('connect_error', reject);
  });
}

type ScanAnswer = { data: { result: string; attendee: { id: string } | null } };

export async function benchCheckIn(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'checkin-bench-'));
  const config = {
    ...readAppConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'error' as const,
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
  const devices: Device[] = [];
  try {
    await bootstrapFirstRun(platform.services);
    const { port } = await platform.listen();
    const url = `http://127.0.0.1:${port}`;
    const { token } = await api<{ token: string }>(url, null, 'POST', '/auth/login', ADMIN);
    const organizer = await api<{ data: { id: string } }>(url, token, 'POST', '/organizers', {
      name: 'Bench',
    });
    const event = await api<{ data: { id: string } }>(url, token, 'POST', '/events', {
      title: 'Check-in bench',
      start_date: new Date(Date.now() + 86_400_000).toISOString(),
      timezone: 'UTC',
      currency: 'EUR',
      organizer_id: organizer.data.id,
    });
    const eventId = event.data.id;
    const ticket = await api<{ data: { id: string } }>(url, token, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'Entry',
    });
    const seedStart = performance.now();
    const shortIds = await seedAttendees(platform.services.db, eventId, ticket.data.id);
    const seedMs = performance.now() - seedStart;
    const list = await api<{ data: { id: string; short_id: string } }>(
      url,
      token,
      'POST',
      `/events/${eventId}/check-in-lists`,
      { name: 'Main door', ticket_ids: [ticket.data.id] },
    );
    const listShortId = list.data.short_id;
    const keys = loadTicketSigningKeys({ dataDir });
    const codes = shortIds.map((attendeeShortId) =>
      signTicketCode({ eventId, ticketId: ticket.data.id, attendeeShortId, issue: 0 }, keys.current),
    );

    // Baseline: /healthz at the same concurrency.
    const health: number[] = [];
    await Promise.all(
      Array.from({ length: DEVICES }, async () => {
        for (let n = 0; n < 100; n++) {
          const started = performance.now();
          await (await fetch(`${url}/healthz`)).arrayBuffer();
          health.push(performance.now() - started);
        }
      }),
    );

    for (let n = 0; n < DEVICES; n++) devices.push(await connectDevice(url, listShortId, `dev-${n}`));
    const late = await connectDevice(url, listShortId, 'dev-offline');

    // The plan: every attendee once, 1 % of them by two devices at once, then 10 % repeated elsewhere.
    const early = codes.length - LATE;
    const collisions = new Set(
      Array.from({ length: Math.round(ATTENDEES * COLLISION_SHARE) }, (_, n) => n * 97 + ALONE + 11),
    );
    const decisions: number[] = [];
    const sentAt = new Map<string, { at: number; device: string }>();
    const admissions = new Map<string, number>();
    const results = new Map<string, number>();
    let repeatsAnswered = 0;
    let repeatsAsDuplicate = 0;
    let errors = 0;
    const errorSamples = new Set<string>();
    let nonce = 0;
    const scan = async (device: Device, index: number, kind: 'first' | 'repeat') => {
      const started = performance.now();
      const response = await fetch(`${url}/api/public/check-in-lists/${listShortId}/check-ins`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          code: codes[index],
          nonce: `${device.id}-${String(nonce++).padStart(8, '0')}`,
          device_id: device.id,
        }),
      });
      const body = (await response.json()) as ScanAnswer;
      decisions.push(performance.now() - started);
      if (!response.ok) {
        errors++;
        if (errorSamples.size < 5)
          errorSamples.add(`${response.status} ${JSON.stringify(body).slice(0, 200)}`);
        return;
      }
      const { result, attendee } = body.data;
      results.set(result, (results.get(result) ?? 0) + 1);
      if (kind === 'repeat') {
        repeatsAnswered++;
        if (result === 'already_checked_in') repeatsAsDuplicate++;
      }
      if (result === 'admitted' && attendee) {
        admissions.set(attendee.id, (admissions.get(attendee.id) ?? 0) + 1);
        sentAt.set(attendee.id, { at: started, device: device.id });
      }
    };
    const runScans = async (indexes: readonly number[], kind: 'first' | 'repeat') => {
      let next = 0;
      await Promise.all(
        devices.map(async (device, d) => {
          for (;;) {
            const index = indexes[next++];
            if (index === undefined) return;
            if (kind === 'first' && collisions.has(index)) {
              // The same ticket at two doors at the same moment.
              const other = devices[(d + 1) % DEVICES]!;
              await Promise.all([scan(device, index, kind), scan(other, index, kind)]);
            } else await scan(device, index, kind === 'repeat' ? 'repeat' : 'first');
          }
        }),
      );
    };

    // The offline device leaves now and comes back after 30 s.
    late.socket.disconnect();
    const wentOffline = performance.now();
    for (let index = 0; index < ALONE; index++) await scan(devices[0]!, index, 'first');
    const alone = decisions.splice(0, decisions.length);
    const scanStart = performance.now();
    await runScans(
      Array.from({ length: early - ALONE }, (_, n) => ALONE + n),
      'first',
    );
    const repeats = Array.from(
      { length: Math.round(ATTENDEES * REPEAT_SHARE) },
      (_, n) => (n * 7919) % early,
    );
    await runScans(repeats, 'repeat');
    const scanSeconds = (performance.now() - scanStart) / 1000;
    const waitLeft = OFFLINE_MS - (performance.now() - wentOffline);
    if (waitLeft > 0) await new Promise((resolve) => setTimeout(resolve, waitLeft));
    const offlineSeconds = (performance.now() - wentOffline) / 1000;

    // Back: it reconnects, takes the snapshot while the last attendees are being scanned, and lays newer
    // pushes over it (what the scanning page does).
    const catchUp = performance.now();
    late.socket.connect();
    await new Promise((resolve) => late.socket.once('connect', () => resolve(undefined)));
    const [snapshot] = await Promise.all([
      api<{ data: { attendees: never[]; position: string } }>(
        url,
        null,
        'GET',
        `/public/check-in-lists/${listShortId}/snapshot`,
      ),
      runScans(
        Array.from({ length: LATE }, (_, n) => early + n),
        'first',
      ),
    ]);
    late.memory.loadSnapshot(snapshot.data.attendees, snapshot.data.position);
    const catchUpMs = performance.now() - catchUp;
    // Pushes of the last scans may still be on the way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const admitted = [...admissions.keys()];
    const missed = admitted.filter((id) => !late.memory.admissionOf(id));

    // Push delay: from the admitting scan's send to each other device hearing of it.
    const pushDelays: number[] = [];
    let unheard = 0;
    for (const [attendeeId, sent] of sentAt)
      for (const device of devices) {
        if (device.id === sent.device) continue;
        const heard = device.heard.get(attendeeId);
        if (heard === undefined) unheard++;
        else pushDelays.push(heard - sent.at);
      }

    const doubleAdmissions = [...admissions.values()].filter((count) => count > 1).length;
    const collisionAdmissions = [...collisions].filter((index) => admissions.has(`at_bench${index}`)).length;
    const decisionP99 = percentile(decisions, 99);
    const pushP99 = percentile(pushDelays, 99);
    console.log(
      `\nCheck-in: ${ATTENDEES.toLocaleString('en-US')} attendees (seeded in ${ms(seedMs)}), ${DEVICES} devices, ` +
        `${decisions.length.toLocaleString('en-US')} concurrent scans in ${scanSeconds.toFixed(1)} s, SQLite; ` +
        `load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} (figures are for comparison with the baseline of this run)`,
    );
    console.table([
      {
        measure: 'baseline GET /healthz',
        p50: ms(percentile(health, 50)),
        p95: ms(percentile(health, 95)),
        p99: ms(percentile(health, 99)),
        target: '',
      },
      {
        measure: `scan decision, ${ALONE} scans of 1 device alone`,
        p50: ms(percentile(alone, 50)),
        p95: ms(percentile(alone, 95)),
        p99: ms(percentile(alone, 99)),
        target: '',
      },
      {
        measure: 'scan decision (POST check-ins)',
        p50: ms(percentile(decisions, 50)),
        p95: ms(percentile(decisions, 95)),
        p99: ms(decisionP99),
        target: `p99 < 15 ms ${decisionP99 < 15 ? 'ok' : 'MISSED'} (${(decisionP99 / percentile(health, 99)).toFixed(1)}x healthz p99)`,
      },
      {
        measure: 'push to the other devices',
        p50: ms(percentile(pushDelays, 50)),
        p95: ms(percentile(pushDelays, 95)),
        p99: ms(pushP99),
        target: `p99 < 100 ms ${pushP99 < 100 ? 'ok' : 'MISSED'}`,
      },
    ]);
    console.table([
      { check: 'results', value: JSON.stringify(Object.fromEntries(results)) },
      { check: 'HTTP errors', value: `${errors} ${[...errorSamples].join(' | ')}` },
      {
        check: 'repeated scans answered as duplicates',
        value: `${repeatsAsDuplicate} of ${repeatsAnswered} ${repeatsAsDuplicate === repeatsAnswered ? 'ok (all)' : 'MISSED'}`,
      },
      {
        check: 'same-ticket collisions admitted once',
        value: `${collisionAdmissions} of ${collisions.size} tickets, each by 2 devices at once`,
      },
      {
        check: 'double admissions',
        value: `${doubleAdmissions} ${doubleAdmissions === 0 ? 'ok' : 'FAILED'}`,
      },
      { check: 'pushes never heard (device × admission)', value: String(unheard) },
      {
        check: `reconnect after ${offlineSeconds.toFixed(0)} s offline`,
        value: `knows ${admitted.length - missed.length} of ${admitted.length} admissions, missed ${missed.length} ${missed.length === 0 ? 'ok' : 'FAILED'} (snapshot + pushes in ${ms(catchUpMs)})`,
      },
    ]);
  } finally {
    for (const device of devices) device.socket.disconnect();
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
