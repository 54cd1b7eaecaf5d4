import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CheckInChanged, ReadModelChanged } from '../kit/contracts/realtime';
import { describeWithPostgres, createTestDatabase, type TestDatabase } from '../kit/testing/postgres';
import { buyFreeTicketsThroughApi, startApp, type RunningApp } from '../kit/testing/e2e';
import { startRoundRobinProxy, type RoundRobinProxy } from '../kit/testing/roundRobinProxy';
import { startSmtpSink, type SmtpSink } from '../messaging/testing';

/**
 * The production shape on one machine (docs/decisions/process-roles.md): two API processes, one projections
 * process and one worker, all on one PostgreSQL (event store and read models), behind a round-robin proxy.
 */
describeWithPostgres('the platform split into processes', () => {
  let database: TestDatabase;
  let dataDir: string;
  let smtp: SmtpSink;
  let proxy: RoundRobinProxy;
  const processes: RunningApp[] = [];
  let apiA: RunningApp;
  let apiB: RunningApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('scaleout');
    dataDir = await mkdtemp(join(tmpdir(), 'scaleout-'));
    smtp = await startSmtpSink();
    const env = {
      EVENTSTORE: 'postgres',
      EVENTSTORE_URL: database.url,
      DATABASE_URL: database.url,
      // One data folder for every process: the ticket signing key and the uploads are shared.
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'split processes password 1',
      TEST_CLOCK: '',
    };
    processes.push(await startApp({ roles: 'projections', env }));
    processes.push(await startApp({ roles: 'worker', env }));
    [apiA, apiB] = await Promise.all([startApp({ roles: 'api', env }), startApp({ roles: 'api', env })]);
    processes.push(apiA, apiB);
    proxy = await startRoundRobinProxy(
      [apiA, apiB].map((api) => ({ host: '127.0.0.1', port: Number(new URL(api.url).port) })),
    );
    const login = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(processes.map((process) => process.stop()));
    await smtp?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { body: JSON.parse(text) as T, position: response.headers.get('x-position') };
  };

  function connect(url: string, auth: Record<string, string>): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = io(url, { auth, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('sells through one API process while the dashboard on the other sees it live; two doors admit once; each mail once', async () => {
    const eventId = (await call<{ data: { id: string }[] }>(proxy.url, 'GET', '/events')).body.data[0]!.id;
    const ticket = await call<{ data: { id: string } }>(apiA.url, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'Split shape',
      quantity: 10,
      tax_and_fee_ids: [],
    });
    const ticketId = ticket.body.data.id;
    const list = await call<{ data: { short_id: string } }>(
      apiA.url,
      'POST',
      `/events/${eventId}/check-in-lists`,
      {
        name: 'Both doors',
        ticket_ids: [ticketId],
      },
    );
    const shortId = list.body.data.short_id;
    // API B reads what API A wrote once its own view reached A's position.
    await call(apiB.url, 'GET', `/events/${eventId}/check-in-lists`, undefined, {
      'x-min-position': list.position ?? '0',
    });

    // The organizer's dashboard is connected to API B.
    const dashboard = await connect(apiB.url, { token });
    const joined: unknown = await dashboard.emitWithAck('subscribe', { room: `event:${eventId}` });
    expect(joined).toEqual({ ok: true });
    const sold = new Promise<ReadModelChanged>((resolve) =>
      dashboard.on('readmodel.changed', (message: ReadModelChanged) => {
        if (message.readModel === 'stats') resolve(message);
      }),
    );

    // A buyer checks out through API A.
    const [first, second] = await buyFreeTicketsThroughApi(apiA, eventId, ticketId, [
      { first_name: 'Ada', last_name: 'Split', email: 'ada@split.example' },
      { first_name: 'Alan', last_name: 'Split', email: 'alan@split.example' },
    ]);
    const notice = await sold;
    const stats = await call<{ data: { tickets_sold?: number; totals?: { tickets_sold: number } } }>(
      apiB.url,
      'GET',
      `/events/${eventId}/stats`,
      undefined,
      { 'x-min-position': notice.position },
    );
    expect(JSON.stringify(stats.body)).toContain('"tickets_sold":2');
    dashboard.close();

    // Two doors, one on each API process, scan the same ticket at the same moment.
    const doors = await Promise.all([apiA, apiB].map((api) => connect(api.url, { checkInList: shortId })));
    const heard = doors.map(
      (door) =>
        new Promise<CheckInChanged>((resolve) =>
          door.on('checkin.changes', (changes: CheckInChanged[]) => {
            const admitted = changes.find((change) => change.state === 'CHECKED_IN');
            if (admitted) resolve(admitted);
          }),
        ),
    );
    const answers = await Promise.all(
      [apiA, apiB].map(async (api, door) => {
        const response = await fetch(`${api.url}/api/public/check-in-lists/${shortId}/check-ins`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            code: first!.ticket_code,
            nonce: `split-door-${door}-scan`,
            device_id: `door-${door}`,
          }),
        });
        return ((await response.json()) as { data: { result: string } }).data.result;
      }),
    );
    expect(answers.sort()).toEqual(['admitted', 'already_checked_in']);
    // Both doors hear of the admission, whichever process took it: the other one through the adapter.
    const [atA, atB] = await Promise.all(heard);
    expect(atA).toMatchObject({ attendeeId: first!.id, state: 'CHECKED_IN' });
    expect(atB).toMatchObject({ attendeeId: first!.id, state: 'CHECKED_IN' });
    for (const door of doors) door.close();
    expect(second!.ticket_code).toBeTruthy();

    // The worker sends the order's mail once, though two API processes and a projections process ran.
    await smtp.waitFor((mail) => mail.to.includes('ada@split.example'), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const toAda = smtp.messages.filter((mail) => mail.to.includes('ada@split.example'));
    const subjects = toAda.map((mail) => mail.subject);
    // One of each kind: the order's confirmation to the buyer and Ada's own ticket; none twice.
    expect(new Set(subjects).size, subjects.join(' | ')).toBe(subjects.length);
    expect(new Set(toAda.map((mail) => mail.messageId)).size).toBe(toAda.length);
    expect(proxy.connections().every((count) => count > 0)).toBe(true);
  }, 120_000);
});
