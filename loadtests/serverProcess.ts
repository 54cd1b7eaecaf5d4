import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { Knex } from 'knex';

/**
 * The platform's processes as the benchmarks watch them from outside: CPU and memory from /proc, and the moment a
 * rush is settled (every read model and reactor at the log's head, the outbox empty).
 */

/** The flags `npm start` and the Dockerfile give the server (docs/decisions/young-generation.md). */
export const PRODUCTION_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=8',
  '--heap-growing-percent=30',
];

/**
 * A bench server's environment as production's: real time, quiet logs, one proxy in front (each simulated client
 * names its own address in X-Forwarded-For, so the per-address limits meet many clients, not one).
 */
export function productionEnv(admin: { email: string; password: string }): Record<string, string> {
  return {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    TEST_CLOCK: '',
    TRUST_PROXY: '1',
  };
}

/** CPU seconds (user and system, all its threads) of a process so far; clock ticks are 1/100 s on Linux. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process now, in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples the resident memory of each process every `everyMs` until stopped; answers each one's peak. */
export function peakRss(pids: readonly number[], everyMs = 100): { stop(): number[] } {
  const peaks = pids.map(() => 0);
  const sample = () =>
    pids.forEach((pid, index) => {
      void rssMb(pid).then((mb) => (peaks[index] = Math.max(peaks[index] ?? 0, mb)));
    });
  sample();
  const sampler = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(sampler);
      return [...peaks];
    },
  };
}

/**
 * Until every projection and reactor of the server has applied the whole log (`/readyz`) and the mails have left
 * the outbox (read from the read-model database `db`).
 */
export async function platformSettled(url: string, db: Knex, timeoutMs = 180_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const { projections } = (await (await fetch(`${url}/readyz`)).json()) as {
      projections?: { projection: string; behind: string }[];
    };
    const unsent = await db('mail_outbox').whereIn('status', ['pending', 'sending']).count({ count: '*' });
    if (projections?.every((lag) => lag.behind === '0') && Number(unsent[0]?.count ?? 1) === 0) return;
    if (performance.now() > until)
      throw new Error(`the read models or the outbox are still behind after ${timeoutMs / 1000} s`);
    await delay(100);
  }
}
