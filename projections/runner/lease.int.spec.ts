import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { afterEach, expect, it } from 'vitest';
import { readCheckpoint } from './checkpoints';
import { Lease } from './lease';
import { rebuildProjection } from './rebuild';
import { createReadModelTables } from './tables';
import {
  accountsProjection,
  appendAccountEvents,
  countingProjection,
  describeEachStorage,
  dumpTable,
  recordingLogger,
  type TestStorage,
} from './testing';
import { childScriptArgs } from '../../services/kit/testing/childScript';

const childScript = fileURLToPath(new URL('./testing-lease-child.ts', import.meta.url));
const ttlMs = 1_500;

interface LeaseChild {
  process: ChildProcessWithoutNullStreams;
  /** Resolves when the child printed the line. */
  said(line: string): Promise<void>;
  exited: Promise<unknown>;
}

function startChild(storage: TestStorage, label: string, head: bigint): LeaseChild {
  const child = spawn(process.execPath, childScriptArgs(childScript), {
    env: {
      ...process.env,
      LEASE_CHILD: JSON.stringify({ config: storage.config, label, head: head.toString(), ttlMs }),
    },
  });
  let output = '';
  const waiting = new Map<string, () => void>();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
    for (const [line, resolve] of waiting) if (output.split('\n').includes(line)) resolve();
  });
  child.stderr.resume();
  return {
    process: child,
    said: (line) =>
      output.split('\n').includes(line)
        ? Promise.resolve()
        : new Promise((resolve) => waiting.set(line, resolve)),
    exited: once(child, 'exit'),
  };
}

async function dumpAccounts(db: Knex) {
  return {
    balances: await dumpTable(db, 'acct_balances', ['stream']),
    movements: await dumpTable(db, 'acct_movements', ['stream', 'revision']),
  };
}

describeEachStorage('the projections lease', (open) => {
  let storage: TestStorage | undefined;
  const children: LeaseChild[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) child.process.kill('SIGKILL');
    await storage?.close();
    storage = undefined;
  });

  it('lets one process hold it, and another take it once the holder stops renewing it', async () => {
    storage = await open();
    const first = new Lease({
      db: storage.db,
      name: 'group',
      ttlMs: 300,
      holder: 'first',
      logger: recordingLogger(),
    });
    const second = new Lease({
      db: storage.db,
      name: 'group',
      ttlMs: 300,
      holder: 'second',
      logger: recordingLogger(),
    });
    expect(await first.tryAcquire()).toBe(true);
    expect(await second.tryAcquire()).toBe(false);
    let lost = false;
    first.onLost(() => (lost = true));
    // The holder stalls (a frozen process): its lease expires and the standby takes it; the holder then learns it
    // lost the lease at its next renewal and must stop writing.
    const stalled = first as unknown as { timer: NodeJS.Timeout | null };
    if (stalled.timer) clearTimeout(stalled.timer);
    const taken = second.acquire();
    await taken;
    expect(second.isHeld).toBe(true);
    expect(await first.tryAcquire().then(() => first.isHeld)).toBe(false);
    expect(lost).toBe(true);
    await second.release();
    expect(await first.tryAcquire()).toBe(true);
    await first.release();
  });

  it('hands the projections to the standby within seconds of a SIGKILL mid-batch; no event applied twice, rows equal a rebuild', async () => {
    storage = await open();
    const { db, store } = storage;
    await createReadModelTables(db, [...countingProjection('a').tables, ...accountsProjection().tables]);
    await db('race_counter').insert({ name: 'total', n: 0 });
    const events = 800;
    const head = await appendAccountEvents(store, { count: events, perAppend: 50 });

    const holder = startChild(storage, 'a', head);
    children.push(holder);
    await holder.said('holding');
    const standby = startChild(storage, 'b', head);
    children.push(standby);
    await standby.said('ready');
    // Mid-catch-up: some batches committed, a batch in flight.
    for (;;) {
      const checkpoint = (await readCheckpoint(db, 'race'))?.position ?? 0n;
      if (checkpoint > 100n) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const killedAt = Date.now();
    holder.process.kill('SIGKILL');
    await holder.exited;
    await standby.said('holding');
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs).toBeLessThan(ttlMs * 4);
    await standby.said('done');

    const counter = (await db('race_counter').where({ name: 'total' }).first()) as { n: number | string };
    expect(Number(counter.n)).toBe(events);
    const distinct = (await db('race_seen').countDistinct({ n: 'position' }).first()) as {
      n: number | string;
    };
    expect(Number(distinct.n)).toBe(events);
    const byRunner: { runner: string }[] = await db('race_seen').distinct('runner');
    expect(byRunner.map((row) => row.runner).sort()).toEqual(['a', 'b']);

    const incremental = await dumpAccounts(db);
    await rebuildProjection(store, db, accountsProjection(), { batchSize: 100, logger: recordingLogger() });
    expect(await dumpAccounts(db)).toEqual(incremental);
    console.info(`[${storage.kind}] the standby took over ${tookOverMs} ms after the SIGKILL`);
  }, 120_000);
});
