/**
 * The on-sale and door targets of issue 29, each a ratio to (or an allowance over) a ceiling measured in the
 * same run, and the verdict a bench prints beside it: `ok`, or `MISSED` so a run shows at a glance what holds.
 */

export type Verdict = 'ok' | 'MISSED';

export interface TargetRow {
  target: string;
  measured: string;
  /** The same-run ceiling or baseline the target is set against. */
  baseline: string;
  verdict: Verdict;
}

const verdictOf = (held: boolean): Verdict => (held ? 'ok' : 'MISSED');
const ms = (value: number): string => `${value.toFixed(2)} ms`;

/** What one on-sale run measured, as the onsale bench reports it. */
export interface RushRun {
  storage: string;
  run: string;
  buyers: number;
  completedPerSecond: number;
  p50: number;
  p99: number;
  peakRssMb: number;
  serverCpuMsPerOrder: number;
  commandsPerOrder: number;
}

/** Server CPU per completed order, per storage (every process of the platform until the rush's mails are sent). */
const CPU_MS_PER_ORDER: Record<string, number> = { sqlite: 3, postgres: 6 };
const ALLOWANCE_SHARE = 0.2;
const SPREAD = 3;
const PEAK_RSS_MB = 300;

/**
 * The rush targets for one storage: completed orders a second at 50 buyers against what the command handler alone
 * allows (its commands a second in this run ÷ the commands an order takes), CPU per order, the p99 ÷ p50 spread
 * and the peak RSS at 500 buyers. A target whose run is missing is left out.
 */
export function rushTargets(
  runs: readonly RushRun[],
  storage: string,
  commandsPerSecond: number | undefined,
): TargetRow[] {
  const ofStorage = runs.filter((run) => run.storage === storage);
  const rows: TargetRow[] = [];
  const throughput = ofStorage.find((run) => run.run === 'throughput' && run.buyers === 50);
  if (throughput && commandsPerSecond !== undefined && throughput.commandsPerOrder > 0) {
    const allowance = commandsPerSecond / throughput.commandsPerOrder;
    const share = throughput.completedPerSecond / allowance;
    rows.push({
      target: `${storage}: completed orders/s at 50 buyers >= ${ALLOWANCE_SHARE} of the command handler's allowance`,
      measured: `${Math.round(throughput.completedPerSecond)} orders/s = ${share.toFixed(3)} of it`,
      baseline: `${Math.round(commandsPerSecond)} cmd/s ÷ ${throughput.commandsPerOrder.toFixed(2)} commands/order = ${Math.round(allowance)} orders/s`,
      verdict: verdictOf(share >= ALLOWANCE_SHARE),
    });
  }
  const cpuLimit = CPU_MS_PER_ORDER[storage];
  if (cpuLimit !== undefined && ofStorage.length > 0) {
    const worst = Math.max(...ofStorage.map((run) => run.serverCpuMsPerOrder));
    rows.push({
      target: `${storage}: server CPU per completed order <= ${cpuLimit} ms (every run)`,
      measured: ms(worst),
      baseline: '-',
      verdict: verdictOf(worst <= cpuLimit),
    });
  }
  for (const run of ofStorage.filter((candidate) => candidate.buyers === 500)) {
    const spread = run.p99 / run.p50;
    rows.push({
      target: `${storage} ${run.run}: order p99 ÷ p50 at 500 buyers <= ${SPREAD}`,
      measured: `${run.p99.toFixed(0)} ÷ ${run.p50.toFixed(0)} ms = ${spread.toFixed(1)}`,
      baseline: '-',
      verdict: verdictOf(spread <= SPREAD),
    });
    rows.push({
      target: `${storage} ${run.run}: peak RSS of the API process at 500 buyers <= ${PEAK_RSS_MB} MB`,
      measured: `${Math.round(run.peakRssMb)} MB`,
      baseline: '-',
      verdict: verdictOf(run.peakRssMb <= PEAK_RSS_MB),
    });
  }
  return rows;
}

export interface Latencies {
  p50: number;
  p99: number;
}

/** What the check-in bench measured for the door targets, with its same-run baselines. */
export interface DoorMeasurements {
  /** One device scanning alone on an idle server. */
  alone: Latencies;
  /** `GET /healthz` from that device alone. */
  healthAlone: Latencies;
  /** `fdatasync` of 512 bytes on the data folder's disk. */
  fdatasync: Latencies;
  /** The 20 devices at door pace, and `/healthz` on the same schedule. */
  paced: { scansPerSecond: number; devices: number; scan: Latencies; health: Latencies };
}

const ALONE_P50_MS = 2;
const ALONE_P99_MS = 6;
const PACED_ALLOWANCE_MS = 5;

export function doorTargets(door: DoorMeasurements): TargetRow[] {
  const baselineAlone = `/healthz alone p50 ${ms(door.healthAlone.p50)}, p99 ${ms(door.healthAlone.p99)}; fdatasync 512 B p50 ${ms(door.fdatasync.p50)}, p99 ${ms(door.fdatasync.p99)}`;
  const pacedLimit = door.paced.health.p99 + PACED_ALLOWANCE_MS;
  return [
    {
      target: `one device alone, idle server: scan p50 <= ${ALONE_P50_MS} ms`,
      measured: ms(door.alone.p50),
      baseline: baselineAlone,
      verdict: verdictOf(door.alone.p50 <= ALONE_P50_MS),
    },
    {
      target: `one device alone, idle server: scan p99 <= ${ALONE_P99_MS} ms`,
      measured: ms(door.alone.p99),
      baseline: baselineAlone,
      verdict: verdictOf(door.alone.p99 <= ALONE_P99_MS),
    },
    {
      target: `${door.paced.devices} devices at ${door.paced.scansPerSecond} scans/s: p99 <= /healthz p99 + ${PACED_ALLOWANCE_MS} ms`,
      measured: ms(door.paced.scan.p99),
      baseline: `/healthz at the same pace p99 ${ms(door.paced.health.p99)}: limit ${ms(pacedLimit)}`,
      verdict: verdictOf(door.paced.scan.p99 <= pacedLimit),
    },
  ];
}
