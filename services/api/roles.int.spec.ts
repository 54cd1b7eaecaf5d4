import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, serverEntry } from '../kit/testing/e2e';
import { parseRoles } from './compose';

/** Runs the server bundle with `args` and `env` until it exits (or 30 s pass); answers its exit code and output. */
async function runServer(args: readonly string[], env: Record<string, string>) {
  const entry = await serverEntry();
  const child = spawn(process.execPath, [entry, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'error', PORT: String(await freePort()), ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

describe('process roles', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'roles-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are read from --roles, each once, all when none is named; an unknown one is refused', () => {
    expect(parseRoles(undefined)).toEqual(['api', 'projections', 'worker']);
    expect(parseRoles('')).toEqual(['api', 'projections', 'worker']);
    expect(parseRoles('worker, api,worker')).toEqual(['api', 'worker']);
    expect(() => parseRoles('api,web')).toThrow(/unknown role web/);
  });

  it('refuse to start a role alone on SQLite, clearly and with a non-zero exit', async () => {
    const { code, output } = await runServer(['--roles=api'], { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain('--roles=api needs PostgreSQL read models (DATABASE_URL)');
  }, 40_000);

  it('refuse a role whose database cannot be reached, and a role that does not exist', async () => {
    const closed = await freePort();
    const unreachable = await runServer(['--roles=projections'], {
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/postgres`,
      EVENTSTORE: 'postgres',
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.output).toMatch(/Failed to start: .*ECONNREFUSED/s);
    const unknown = await runServer(['--roles=everything'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('unknown role everything');
  }, 60_000);
});
