import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Database from 'better-sqlite3';

/**
 * The targets of issue 29 as the benchmarks print them: each a limit on a figure of the run, often derived from
 * a baseline measured in the same run, and the verdict `ok` or `MISSED` (a figure that could not be measured,
 * NaN, is missed too).
 */
export type Verdict = 'ok' | 'MISSED';

/** `ok` when `value` is at most `limit` (both finite). */
export const atMost = (value: number, limit: number): Verdict =>
  Number.isFinite(value) && Number.isFinite(limit) && value <= limit ? 'ok' : 'MISSED';

/** `ok` when `value` is at least `limit` (both finite). */
export const atLeast = (value: number, limit: number): Verdict =>
  Number.isFinite(value) && Number.isFinite(limit) && value >= limit ? 'ok' : 'MISSED';

/** The p-th percentile (nearest rank below) of unsorted values; NaN when there are none. */
export function percentileOf(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface TargetRow {
  target: string;
  measured: string;
  limit: string;
  baseline: string;
  verdict: Verdict;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The door's scan-latency figures of one run and the baselines of the same run. */
export interface DoorFigures {
  /** Decisions of one device scanning alone on an idle server. */
  alone: readonly number[];
  /** `GET /healthz` of the same device the same way (the least any request costs on an idle server). */
  healthAlone: readonly number[];
  /** Decisions of the devices at door pace (each from when it was due). */
  paced: { devices: number; scansPerSecond: number; latencies: readonly number[] };
  /** `GET /healthz` from the same devices at the same pace, counted the same way. */
  pacedHealth: readonly number[];
  /** fdatasync of 512 bytes on the disk the event store writes to. */
  fdatasync: readonly number[];
  /** A one-event durable SQLite commit after the same idle pause as the lone scans (`measureIdleCommits`). */
  idleCommit: readonly number[];
}

/** Issue 29's door limits: one device alone p50 ≤ 2 ms and p99 ≤ 6 ms; at door pace p99 ≤ /healthz p99 + 5 ms. */
export const DOOR_LIMITS = { aloneP50Ms: 2, aloneP99Ms: 6, pacedOverHealthP99Ms: 5 } as const;

export function doorTargets(figures: DoorFigures): TargetRow[] {
  const aloneP50 = percentileOf(figures.alone, 50);
  const aloneP99 = percentileOf(figures.alone, 99);
  const pacedP99 = percentileOf(figures.paced.latencies, 99);
  const healthP99 = percentileOf(figures.pacedHealth, 99);
  // The floor of a lone admission: a bare request and a durable commit, each on the idle machine.
  const aloneBaseline = (p: number) => {
    const health = percentileOf(figures.healthAlone, p);
    const commit = percentileOf(figures.idleCommit, p);
    return `GET /healthz alone p${p} ${ms(health)} + idle SQLite commit p${p} ${ms(commit)} = ${ms(health + commit)}; fdatasync 512 B p${p} ${ms(percentileOf(figures.fdatasync, p))}`;
  };
  const pacedLimit = healthP99 + DOOR_LIMITS.pacedOverHealthP99Ms;
  return [
    {
      target: 'scan decision p50, 1 device alone, idle server',
      measured: ms(aloneP50),
      limit: `<= ${ms(DOOR_LIMITS.aloneP50Ms)}`,
      baseline: aloneBaseline(50),
      verdict: atMost(aloneP50, DOOR_LIMITS.aloneP50Ms),
    },
    {
      target: 'scan decision p99, 1 device alone, idle server',
      measured: ms(aloneP99),
      limit: `<= ${ms(DOOR_LIMITS.aloneP99Ms)}`,
      baseline: aloneBaseline(99),
      verdict: atMost(aloneP99, DOOR_LIMITS.aloneP99Ms),
    },
    {
      target: `scan decision p99, ${figures.paced.devices} devices at ${figures.paced.scansPerSecond} scans/s`,
      measured: ms(pacedP99),
      limit: `<= healthz p99 + ${DOOR_LIMITS.pacedOverHealthP99Ms} ms = ${ms(pacedLimit)}`,
      baseline: `GET /healthz at the same pace p99 ${ms(healthP99)}`,
      verdict: atMost(pacedP99, pacedLimit),
    },
  ];
}

/**
 * fdatasync of 512 bytes, `count` times, in a scratch file of `dir` (put it on the event store's disk): what one
 * durable commit costs at the least on this machine.
 */
export function measureFdatasync(dir: string, count = 200): number[] {
  const file = join(dir, `fdatasync-baseline-${process.pid}`);
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(512, 7);
  const times: number[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const started = performance.now();
      writeSync(fd, block, 0, block.length, n * block.length);
      fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  return times;
}

/**
 * One small durable SQLite commit (WAL, synchronous=FULL, as the event store writes), each after `pauseMs` of
 * idleness, in a scratch database of `dir`: the least a lone admission's append costs on an idle machine, where
 * caches and CPU have cooled between two people at the door.
 */
export async function measureIdleCommits(dir: string, count = 100, pauseMs = 50): Promise<number[]> {
  const file = join(dir, `commit-baseline-${process.pid}.sqlite`);
  const db = new Database(file);
  const times: number[] = [];
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE events (position INTEGER PRIMARY KEY, stream TEXT NOT NULL, data TEXT NOT NULL)');
    const begin = db.prepare('BEGIN IMMEDIATE');
    const insert = db.prepare('INSERT INTO events (stream, data) VALUES (?, ?)');
    const commit = db.prepare('COMMIT');
    const data = JSON.stringify({ checkInId: 'ci_0123456789abcdef', deviceId: 'door-1', gate: null });
    for (let n = 0; n < count; n++) {
      await delay(pauseMs);
      const started = performance.now();
      begin.run();
      insert.run(`check-in-${n}`, data);
      commit.run();
      times.push(performance.now() - started);
    }
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
  return times;
}

/** What the on-sale targets read of one run of `npm run bench -- onsale`. */
export interface OnsaleFigures {
  storage: string;
  run: string;
  buyers: number;
  completedPerSecond: number;
  commandsPerOrder: number;
  p50: number;
  p99: number;
  idleRssMb: number;
  peakRssMb: number;
  serverCpuMsPerOrder: number;
}

/** Issue 29's on-sale limits. */
export const ONSALE_LIMITS = {
  /** Completed orders a second as a share of what the command handler alone allows (its cmd/s ÷ commands/order). */
  shareOfAllowance: 0.2,
  allowanceBuyers: 50,
  cpuMsPerOrder: { sqlite: 3, postgres: 6 } as Record<string, number>,
  p99OverP50: 3,
  peakRssMb: 300,
  rushBuyers: 500,
} as const;

/**
 * The on-sale targets of one bench run, per storage: orders a second against the command handler's allowance
 * measured in the same run (50 buyers), server CPU per completed order, p99 ÷ p50 and peak RSS at 500 buyers. A
 * figure the run did not measure (a smaller run) is shown as such and MISSED.
 */
export function onsaleTargets(
  results: readonly OnsaleFigures[],
  commandCeilings: Readonly<Record<string, number>>,
): (TargetRow & { storage: string })[] {
  const storages = [...new Set(results.map((row) => row.storage))];
  const fixed = (value: number, digits: number) =>
    Number.isFinite(value) ? value.toFixed(digits) : 'not measured';
  return storages.flatMap((storage) => {
    const throughput = results.filter((row) => row.storage === storage && row.run === 'throughput');
    const at = (buyers: number) => throughput.find((row) => row.buyers === buyers);
    const few = at(ONSALE_LIMITS.allowanceBuyers);
    const many = at(ONSALE_LIMITS.rushBuyers);
    const ceiling = commandCeilings[storage] ?? Number.NaN;
    const allowance = few ? ceiling / few.commandsPerOrder : Number.NaN;
    const share = few ? few.completedPerSecond / allowance : Number.NaN;
    const cpuLimit = ONSALE_LIMITS.cpuMsPerOrder[storage] ?? Number.NaN;
    const rows: (TargetRow & { storage: string })[] = [
      {
        storage,
        target: `completed orders/s, ${ONSALE_LIMITS.allowanceBuyers} buyers, share of the command handler's allowance`,
        measured: few
          ? `${Math.round(few.completedPerSecond)} orders/s = ${fixed(share, 3)}`
          : 'not measured',
        limit: `>= ${ONSALE_LIMITS.shareOfAllowance}`,
        baseline: `command handler alone ${Math.round(ceiling)} cmd/s ÷ ${few ? few.commandsPerOrder.toFixed(2) : '?'} commands/order = ${fixed(allowance, 0)} orders/s`,
        verdict: atLeast(share, ONSALE_LIMITS.shareOfAllowance),
      },
    ];
    for (const row of throughput)
      rows.push({
        storage,
        target: `server CPU per completed order, ${row.buyers} buyers (the server process, until the rush's mails are sent)`,
        measured: `${row.serverCpuMsPerOrder.toFixed(2)} ms`,
        limit: `<= ${cpuLimit} ms`,
        baseline: '',
        verdict: atMost(row.serverCpuMsPerOrder, cpuLimit),
      });
    const spread = many ? many.p99 / many.p50 : Number.NaN;
    rows.push(
      {
        storage,
        target: `order p99 ÷ p50, ${ONSALE_LIMITS.rushBuyers} buyers`,
        measured: many
          ? `${many.p99.toFixed(0)} ÷ ${many.p50.toFixed(0)} ms = ${spread.toFixed(1)}x`
          : 'not measured',
        limit: `<= ${ONSALE_LIMITS.p99OverP50}x`,
        baseline: '',
        verdict: atMost(spread, ONSALE_LIMITS.p99OverP50),
      },
      {
        storage,
        target: `peak RSS of the server process, ${ONSALE_LIMITS.rushBuyers} buyers`,
        measured: many ? `${Math.round(many.peakRssMb)} MB` : 'not measured',
        limit: `<= ${ONSALE_LIMITS.peakRssMb} MB`,
        baseline: many ? `idle, settled: ${Math.round(many.idleRssMb)} MB` : '',
        verdict: atMost(many?.peakRssMb ?? Number.NaN, ONSALE_LIMITS.peakRssMb),
      },
    );
    return rows;
  });
}

export interface QueueFigures {
  joined: number;
  admitted: number;
  waitP50: number;
  waitP99: number;
  /** Pairs of people where the one who asked first got the later number. */
  inversions: number;
  /** People whose number came more than one admission batch (the checkout capacity) after a later arrival's. */
  overtakenBeyondBatch: number;
}

/** The order of the numbers against the order the joins were sent, and the waits. */
export function queueFigures(
  joins: readonly { sentAt: number; number: number }[],
  waitMs: readonly number[],
  /** The admission batch: the event's checkout capacity. */
  batch: number,
): QueueFigures {
  const bySending = [...joins].sort((a, b) => a.sentAt - b.sentAt).map((join) => join.number);
  let inversions = 0;
  let overtaken = 0;
  // From the last sent backwards: how many later-sent people hold a smaller number, and the smallest of them.
  const later: number[] = [];
  let smallestLater = Number.POSITIVE_INFINITY;
  for (let index = bySending.length - 1; index >= 0; index--) {
    const number = bySending[index]!;
    let low = 0;
    let high = later.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (later[middle]! < number) low = middle + 1;
      else high = middle;
    }
    inversions += low;
    later.splice(low, 0, number);
    if (number - smallestLater > batch) overtaken++;
    smallestLater = Math.min(smallestLater, number);
  }
  return {
    joined: joins.length,
    admitted: waitMs.length,
    waitP50: percentileOf(waitMs, 50),
    waitP99: percentileOf(waitMs, 99),
    inversions,
    overtakenBeyondBatch: overtaken,
  };
}
