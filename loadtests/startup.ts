import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort, serverEntry } from '../services/kit/testing/e2e';

/**
 * `npm run bench -- startup`: the all-in-one process on SQLite, as `npm start` runs it (the compiled bundle on
 * plain node) and as `npm run dev` runs it (TypeScript through tsx), each started on a fresh data folder (first
 * start: migrations, keys, the sample event) and again on that folder (restart): the time until `/readyz` answers
 * 200, and the resident memory after it has idled for five seconds.
 */
const idleMs = 5_000;
const idleRssTargetMb = 150;

interface Figures {
  readyMs: number;
  idleRssMb: number;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function run(args: readonly string[], dataDir: string): Promise<Figures> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EVENTSTORE: 'sqlite',
      ADMIN_PASSWORD: 'startup bench password',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        await response.body?.cancel();
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await delay(10);
    }
    const readyMs = performance.now() - started;
    await delay(idleMs);
    return { readyMs, idleRssMb: await rssMb(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function benchStartup(): Promise<void> {
  const bundle = await serverEntry();
  const variants = [
    { name: 'compiled (npm start)', args: ['--max-semi-space-size=32', bundle] },
    { name: 'tsx (npm run dev)', args: ['--max-semi-space-size=32', '--import', 'tsx', 'services/main.ts'] },
  ];
  const rows: Record<string, string>[] = [];
  for (const variant of variants) {
    const dataDir = await mkdtemp(join(tmpdir(), 'startup-bench-'));
    try {
      const first = await run(variant.args, dataDir);
      const again = await run(variant.args, dataDir);
      const compiled = variant.args.includes(bundle);
      rows.push({
        server: variant.name,
        'first start, ready in': `${Math.round(first.readyMs)} ms`,
        'restart, ready in': `${Math.round(again.readyMs)} ms`,
        'idle RSS after the restart': `${again.idleRssMb.toFixed(0)} MB`,
        target: compiled
          ? `idle RSS <= ${idleRssTargetMb} MB ${again.idleRssMb <= idleRssTargetMb ? 'ok' : 'MISSED'}`
          : '-',
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\nStart-up of the all-in-one process on SQLite; RSS after ${idleMs / 1000} s idle`);
  console.table(rows);
}
