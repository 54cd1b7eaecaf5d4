import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { buildAuditedShop, copyStorage, type StorageCopy } from '../api/auditTesting';
import type { StorageConfig } from '../../projections/runner';
import { childScriptArgs } from '../kit/testing/childScript';

/**
 * `npm run audit:verify` as CI runs it after the integration tier: this file is in that tier and runs the command on
 * a platform's storage, SQLite and PostgreSQL, as an operator would (configured by DATA_DIR / DATABASE_URL).
 */

interface Run {
  code: number | null;
  output: string;
}

function auditVerify(storage: StorageConfig, args: readonly string[] = []): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: storage.dataDir };
  for (const name of ['DATABASE_URL', 'EVENTSTORE', 'EVENTSTORE_URL']) delete env[name];
  if (storage.eventStore.kind === 'postgres')
    Object.assign(env, { DATABASE_URL: storage.eventStore.url, EVENTSTORE: 'postgres' });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...childScriptArgs('services/audit/verify-cli.ts'), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

function cliSuite(kind: StorageKind) {
  let t: TestPlatform;
  let copy: StorageCopy;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    await buildAuditedShop(t);
    // A copy: the running platform keeps its SQLite folder to itself, and the copy is what gets tampered with.
    copy = await copyStorage(kind, t.storage);
  });
  afterAll(async () => {
    await copy?.close();
    await t?.close();
  });

  it('exits 0 with a summary on an untouched log, and 1 naming the position once an event is removed', async () => {
    const report = await copy.verify();
    const head = report.chain.head!;
    const clean = await auditVerify(copy.storage, [`--head=${head.position}:${head.hash}`]);
    expect(clean.output).toContain(`audit:verify on the ${kind} event store`);
    expect(clean.output).toContain(`events checked  ${report.events} (last position ${report.lastPosition})`);
    expect(clean.output).toContain('orders          3');
    expect(clean.output).toContain(`hash chain      ${report.events} of ${report.events} links verified`);
    expect(clean.output).toContain('no findings');
    expect(clean.code, clean.output).toBe(0);

    const removed: { position: number | string } | undefined = await copy
      .events('es_events')
      .where({ type: 'OrderCancelled' })
      .first('position');
    if (!removed) throw new Error('the shop has no cancelled order');
    await copy.events('es_events').where({ position: removed.position }).delete();
    const tampered = await auditVerify(copy.storage);
    expect(tampered.output).toContain(
      `[chain] position ${removed.position}: the event notarised at position ${removed.position} is missing from the log`,
    );
    expect(tampered.code, tampered.output).toBe(1);
  });
}

describe('npm run audit:verify on SQLite', () => cliSuite('sqlite'));
describeWithPostgres('npm run audit:verify on PostgreSQL', () => cliSuite('postgres'));
