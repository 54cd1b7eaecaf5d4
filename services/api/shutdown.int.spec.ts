import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, serverEntry } from '../kit/testing/e2e';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../kit/testing/postgres';

const deadlineSeconds = 5;
const admin = { email: 'admin@example.test', password: `Shutdown-${randomBytes(12).toString('base64url')}` };

interface App {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>;
  signalled(): void;
  logs(): string;
}

/** The real process, as `npm start` runs it, on its own port; resolves once `/readyz` answers 200. */
async function startMain(env: Record<string, string>): Promise<App> {
  const server = await serverEntry();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [server], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_SAMPLE_EVENT: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(tmpdir(), 'no-web'),
      SHUTDOWN_SECONDS: String(deadlineSeconds),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let signalledAt = 0;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>(
    (resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, afterMs: Date.now() - signalledAt })),
  );
  const app: App = { url, child, exited, signalled: () => (signalledAt = Date.now()), logs: () => output };
  for (const started = Date.now(); Date.now() - started < 60_000; await delay(200)) {
    if (child.exitCode !== null) throw new Error(`the app exited on start:\n${output}`);
    const ready = await fetch(`${url}/readyz`).catch(() => undefined);
    if (ready?.status === 200) return app;
  }
  child.kill('SIGKILL');
  throw new Error(`the app did not become ready:\n${output}`);
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One HTTP request whose body can be sent in two parts with a pause between them (the slow client). */
function send(
  url: string,
  method: string,
  path: string,
  options: { agent?: Agent; token?: string; json?: unknown; pauseBeforeRest?: Promise<unknown> } = {},
): Promise<Answer> {
  const body = options.json === undefined ? '' : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method,
        agent: options.agent ?? false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!options.pauseBeforeRest) {
      req.end(body);
      return;
    }
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void options.pauseBeforeRest.then(() => req.end(body.slice(half)));
  });
}

async function login(url: string): Promise<string> {
  const answer = await send(url, 'POST', '/api/auth/login', { json: admin });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { token: string }).token;
}

function shutdownSuite(storageEnv: () => Promise<Record<string, string>>) {
  const started: App[] = [];
  let dataDir = '';
  afterEach(async () => {
    for (const app of started.splice(0)) if (app.child.exitCode === null) app.child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes in-flight requests, closes busy keep-alive connections and exits 0 on SIGTERM', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shutdown-'));
    const env = { DATA_DIR: dataDir, ...(await storageEnv()) };
    const app = await startMain(env);
    started.push(app);
    const token = await login(app.url);

    // A busy client: one keep-alive connection, one command after another, until it is told to close.
    const acknowledged: string[] = [];
    const connectionHeaders: (string | undefined)[] = [];
    let busyError: unknown;
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    let stopBusy = false;
    const busy = (async () => {
      for (let i = 0; !stopBusy; i++) {
        const answer = await send(app.url, 'POST', '/api/organizers', {
          agent: keepAlive,
          token,
          json: { name: `Busy ${i}` },
        }).catch((error: unknown) => {
          busyError = error;
          return undefined;
        });
        if (!answer) return;
        connectionHeaders.push(answer.connection);
        if (answer.status === 201)
          acknowledged.push((JSON.parse(answer.body) as { data: { id: string } }).data.id);
        if (answer.connection === 'close') return;
      }
    })();
    while (acknowledged.length < 5) await delay(20);

    // A live dashboard: its Socket.IO connection is closed by the server, not left to the deadline.
    const socket = io(app.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // A slow client: its request is in flight (headers and half a body) when SIGTERM arrives.
    let sendRest: () => void = () => {};
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    const slow = send(app.url, 'POST', '/api/organizers', {
      token,
      json: { name: 'Slow but acknowledged' },
      pauseBeforeRest: rest,
    });
    await delay(300);
    app.signalled();
    app.child.kill('SIGTERM');
    await delay(700);
    sendRest();

    const exit = await Promise.race([app.exited, delay((deadlineSeconds + 10) * 1000, 'still running')]);
    stopBusy = true;
    keepAlive.destroy();
    await busy;
    expect(exit, app.logs()).not.toBe('still running');
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(typeof exit === 'object' && exit.afterMs).toBeLessThan(deadlineSeconds * 1000);
    const slowAnswer = await slow;
    expect(slowAnswer.status, slowAnswer.body).toBe(201);
    acknowledged.push((JSON.parse(slowAnswer.body) as { data: { id: string } }).data.id);
    expect(connectionHeaders).toContain('close');
    expect(busyError).toBeUndefined();
    expect(await socketClosed).toBe('io server disconnect');

    // Every acknowledged command survived.
    const restarted = await startMain(env);
    started.push(restarted);
    const again = await login(restarted.url);
    for (const id of acknowledged) {
      expect((await send(restarted.url, 'GET', `/api/organizers/${id}`, { token: again })).status, id).toBe(
        200,
      );
    }
    restarted.signalled();
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toMatchObject({ code: 0 });
  }, 120_000);

  it('destroys what is still open at the deadline and exits 1', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shutdown-'));
    const app = await startMain({
      DATA_DIR: dataDir,
      SHUTDOWN_SECONDS: '1',
      ...(await storageEnv()),
    });
    started.push(app);
    const token = await login(app.url);
    // Headers and half a body, and the rest never comes.
    const stuck = send(app.url, 'POST', '/api/organizers', {
      token,
      json: { name: 'Never finished' },
      pauseBeforeRest: new Promise(() => {}),
    }).catch((error: unknown) => error);
    await delay(300);
    app.signalled();
    app.child.kill('SIGTERM');
    const exit = await Promise.race([app.exited, delay(10_000, 'still running')]);
    expect(exit, app.logs()).toMatchObject({ code: 1, signal: null });
    expect(typeof exit === 'object' && exit.afterMs).toBeLessThan(5_000);
    expect(await stuck).toBeInstanceOf(Error);
  }, 60_000);
}

describe('Graceful shutdown on SQLite', () => shutdownSuite(() => Promise.resolve({})));

describeWithPostgres('Graceful shutdown on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });
  shutdownSuite(async () => {
    database = await createTestDatabase('shutdown');
    return { EVENTSTORE: 'postgres', EVENTSTORE_URL: database.url, DATABASE_URL: database.url };
  });
});
