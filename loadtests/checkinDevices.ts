import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import type { CheckInChanged } from '../services/kit/contracts/realtime';
import { ScanMemory } from '../web/src/features/checkIn/scanner/scanMemory';
import { JsonClient } from './jsonClient';

/**
 * The scanning devices of `npm run bench -- checkin`, in a process of their own so the server's event loop
 * is not also the devices' (20 HTTP clients and 21 Socket.IO connections hearing every admission). Reads the
 * plan from the file named by `CHECKIN_PLAN`; prints the measurements as JSON on stdout.
 */
export interface CheckInPlan {
  url: string;
  listShortId: string;
  codes: string[];
  /** The attendee each code belongs to, index for index. */
  attendeeIds: string[];
  devices: number;
  alone: number;
  late: number;
  /**
   * After the rush, the devices scan at each of these steady rates in turn (all 20 together, each device evenly
   * spaced, whatever the server's speed): the decision latency as a function of the offered load.
   */
  paceStages: readonly PaceStage[];
  repeatShare: number;
  collisionShare: number;
  offlineMs: number;
}

export interface PaceStage {
  /** All devices together. */
  scansPerSecond: number;
  /** Attendees scanned (once each) at this rate. */
  scans: number;
}

export interface CheckInMeasurements {
  health: number[];
  /** `GET /healthz` from the 20 devices at the first stage's rate, from when each was due. */
  pacedHealth: { scansPerSecond: number; latencies: number[] };
  /** One device alone, back to back: each scan as soon as the last was answered (the server still busy with it). */
  alone: number[];
  /** One device alone on an idle server: each scan `IDLE_PAUSE_MS` after the last was answered, as at a door. */
  aloneIdle: number[];
  /** `GET /healthz` from the same device the same way: the least any request costs on an idle server. */
  healthAloneIdle: number[];
  decisions: number[];
  /** Per stage: each decision from the moment the scan was due, so a device held up by its last scan counts it. */
  paced: { scansPerSecond: number; latencies: number[]; sentLate: number[] }[];
  pushDelays: number[];
  unheard: number;
  results: Record<string, number>;
  errors: number;
  errorSamples: string[];
  repeatsAnswered: number;
  repeatsAsDuplicate: number;
  admissionCounts: number[];
  collisions: number;
  collisionAdmissions: number;
  admitted: number;
  missed: number;
  catchUpMs: number;
  offlineSeconds: number;
  scanSeconds: number;
}

/** Between two scans of the device alone on an idle server. */
const IDLE_PAUSE_MS = 50;

interface Device {
  id: string;
  /** The phone's own connections (a scan and a collision scan may overlap). */
  http: JsonClient;
  socket: Socket;
  /** attendee id → when this device heard of its admission (performance.now()). */
  heard: Map<string, number>;
  memory: ScanMemory;
}

function connectDevice(url: string, shortId: string, id: string): Promise<Device> {
  const socket = io(url, { auth: { checkInList: shortId }, transports: ['websocket'], forceNew: true });
  const device: Device = {
    id,
    http: new JsonClient(url, 2),
    socket,
    heard: new Map(),
    memory: new ScanMemory(),
  };
  socket.on('checkin.changes', (changes: CheckInChanged[]) => {
    const at = performance.now();
    for (const change of changes) {
      if (change.state === 'CHECKED_IN' && !device.heard.has(change.attendeeId))
        device.heard.set(change.attendeeId, at);
      device.memory.receive(change);
    }
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(device));
    socket.once('connect_error', reject);
  });
}

/** Until the server's projections have applied the whole log, by `/readyz` (open when no METRICS_TOKEN is set). */
async function projectionsCaughtUp(url: string): Promise<void> {
  const until = performance.now() + 60_000;
  for (;;) {
    const response = await fetch(`${url}/readyz`);
    const { projections } = (await response.json()) as {
      projections?: { projection: string; behind: string }[];
    };
    if (!projections)
      throw new Error(`/readyz gave no projections (${response.status}): is METRICS_TOKEN set?`);
    const behind = projections.filter((lag) => lag.behind !== '0');
    if (behind.length === 0) return;
    if (performance.now() > until)
      throw new Error(`still behind after a minute: ${behind.map((lag) => lag.projection).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function api<T>(url: string, path: string): Promise<T> {
  const response = await fetch(`${url}/api${path}`);
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

type ScanAnswer = { data: { result: string; attendee: { id: string } | null } };

async function measure(plan: CheckInPlan): Promise<CheckInMeasurements> {
  const { url, listShortId, codes } = plan;
  const DEVICES = plan.devices;
  const ALONE = plan.alone;
  const LATE = plan.late;
  const OFFLINE_MS = plan.offlineMs;
  const ATTENDEES = codes.length;
  const devices: Device[] = [];
  try {
    // Baseline: /healthz at the same concurrency.
    const health: number[] = [];
    await Promise.all(
      Array.from({ length: DEVICES }, async () => {
        const http = new JsonClient(url, 1);
        for (let n = 0; n < 100; n++) {
          const started = performance.now();
          await http.send('GET', '/healthz');
          health.push(performance.now() - started);
        }
        http.close();
      }),
    );

    for (let n = 0; n < DEVICES; n++) devices.push(await connectDevice(url, listShortId, `dev-${n}`));
    const late = await connectDevice(url, listShortId, 'dev-offline');

    // The plan: 200 attendees scanned by one device alone back to back, 200 more with pauses; then the paced stages, each from a quiet server; then
    // the rest as fast as answered, 1 % of them by two devices at once, and 10 % of all repeated elsewhere; the
    // late ones once the offline device is back.
    const early = codes.length - LATE;
    const rushFrom = 2 * ALONE + plan.paceStages.reduce((sum, stage) => sum + stage.scans, 0);
    const collisionCount = Math.round(ATTENDEES * plan.collisionShare);
    const collisions = new Set(
      Array.from(
        { length: collisionCount },
        (_, n) => rushFrom + 11 + Math.floor((n * (early - rushFrom - 11)) / collisionCount),
      ),
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
    const sentLate: number[] = [];
    const scan = async (device: Device, index: number, kind: 'first' | 'repeat', due?: number) => {
      const started = performance.now();
      if (due !== undefined) sentLate.push(started - due);
      const response = await device.http.send<ScanAnswer>(
        'POST',
        `/api/public/check-in-lists/${listShortId}/check-ins`,
        {
          code: codes[index],
          nonce: `${device.id}-${String(nonce++).padStart(8, '0')}`,
          device_id: device.id,
        },
      );
      const { body } = response;
      decisions.push(performance.now() - (due ?? started));
      if (response.status < 200 || response.status >= 300) {
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
    // The same on an idle server: a door lets one person through every second or two, so the work an admission
    // leaves behind (read models, pushes) is done before the next scan; a pause of `IDLE_PAUSE_MS` lets it finish.
    await projectionsCaughtUp(url);
    for (let index = ALONE; index < 2 * ALONE; index++) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_PAUSE_MS));
      await scan(devices[0]!, index, 'first');
    }
    const aloneIdle = decisions.splice(0, decisions.length);
    const healthAloneIdle: number[] = [];
    for (let n = 0; n < ALONE; n++) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_PAUSE_MS));
      const started = performance.now();
      await devices[0]!.http.send('GET', '/healthz');
      healthAloneIdle.push(performance.now() - started);
    }

    // The paced stages, each from a server that has caught up with the stage before: each device scans every
    // `DEVICES / rate` seconds (staggered across devices), as a lane with a queue of people would; a scan that
    // overruns its slot delays that device's next one, and the delay is counted in the next one.
    /** Each device acts every `DEVICES / rate` seconds, staggered across devices, `count` times in all. */
    const atPace = async (
      scansPerSecond: number,
      count: number,
      act: (device: Device, slot: number, due: number) => Promise<void>,
    ) => {
      const intervalMs = (DEVICES * 1000) / scansPerSecond;
      const stageStart = performance.now() + 20;
      await Promise.all(
        devices.map(async (device, d) => {
          for (let round = 0; ; round++) {
            const slot = round * DEVICES + d;
            if (slot >= count) return;
            const due = stageStart + (d / DEVICES + round) * intervalMs;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            await act(device, slot, due);
          }
        }),
      );
    };

    // The baseline at door pace: /healthz on the same schedule as the first stage's scans, counted the same way.
    await projectionsCaughtUp(url);
    const doorPace = plan.paceStages[0]?.scansPerSecond ?? 80;
    const pacedHealth: number[] = [];
    await atPace(doorPace, 400, async (device, _slot, due) => {
      await device.http.send('GET', '/healthz');
      pacedHealth.push(performance.now() - due);
    });

    const paced: CheckInMeasurements['paced'] = [];
    let nextPaced = 2 * ALONE;
    for (const stage of plan.paceStages) {
      await projectionsCaughtUp(url);
      const first = nextPaced;
      nextPaced += stage.scans;
      const from = decisions.length;
      await atPace(stage.scansPerSecond, stage.scans, (device, slot, due) =>
        scan(device, first + slot, 'first', due),
      );
      paced.push({
        scansPerSecond: stage.scansPerSecond,
        latencies: decisions.splice(from),
        sentLate: sentLate.splice(0),
      });
    }

    const scanStart = performance.now();
    await runScans(
      Array.from({ length: early - rushFrom }, (_, n) => rushFrom + n),
      'first',
    );
    const repeats = Array.from(
      { length: Math.round(ATTENDEES * plan.repeatShare) },
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

    const admissionCounts = [...admissions.values()];
    const collisionAdmissions = [...collisions].filter((index) =>
      admissions.has(plan.attendeeIds[index] ?? ''),
    ).length;
    return {
      health,
      pacedHealth: { scansPerSecond: doorPace, latencies: pacedHealth },
      alone,
      aloneIdle,
      healthAloneIdle,
      decisions,
      paced,
      pushDelays,
      unheard,
      results: Object.fromEntries(results),
      errors,
      errorSamples: [...errorSamples],
      repeatsAnswered,
      repeatsAsDuplicate,
      admissionCounts,
      collisions: collisions.size,
      collisionAdmissions,
      admitted: admitted.length,
      missed: missed.length,
      catchUpMs,
      offlineSeconds,
      scanSeconds,
    };
  } finally {
    for (const device of devices) {
      device.socket.disconnect();
      device.http.close();
    }
  }
}

const planFile = process.env.CHECKIN_PLAN;
if (!planFile) throw new Error('CHECKIN_PLAN names the plan file');
const measured = await measure(JSON.parse(readFileSync(planFile, 'utf8')) as CheckInPlan);
// Written out in full before exiting: a pipe takes large writes asynchronously.
await new Promise((resolve) => process.stdout.write(JSON.stringify(measured), resolve));
process.exit(0);
