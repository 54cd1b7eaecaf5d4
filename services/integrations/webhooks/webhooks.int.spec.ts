import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { eventually } from '../../messaging/testing';
import type { PresentedWebhook } from '../../../projections/webhooks';
import type { PresentedWebhookDelivery } from './webhookDeliveries';
import { checkInStream, type AttendeeCheckedIn } from '../../admission/checkIn/checkInEvents';
import { checkWebhookUrl, postWebhook } from './addressGuard';
import { verifySignature } from './signature';

type Problem = { reason: string; errors?: Record<string, string[]> };
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** A real HTTP receiver on 127.0.0.1 answering what the test queues (200 otherwise). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    answerNext: (...codes: number[]) => answers.push(...codes),
    clearAnswers: () => void answers.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function webhookSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let token: string;
  let eventId: string;
  let ticketId: string;
  const api = () => t.client(token);
  const path = () => `/api/events/${eventId}/webhooks`;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestPlatform(kind, { clock, config: { webhooksAllowPrivate: true } });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Quay' },
    });
    const event = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Quay Sessions',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    ticketId = (
      await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
        json: { type: 'FREE', title: 'Entry', quantity: 50, tax_and_fee_ids: [] },
      })
    ).body.data.id;
    await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  async function buy(email: string) {
    const buyer = t.client();
    const placed = await buyer<{ data: { id: string; short_id: string } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      { json: { lines: [{ ticket_id: ticketId, quantity: 1 }] } },
    );
    const order = placed.body.data;
    await buyer('PUT', `/api/public/events/${eventId}/orders/${order.short_id}/details`, {
      json: {
        first_name: 'Ola',
        last_name: 'Nor',
        email,
        locale: 'en',
        attendees: [{ first_name: 'Ola', last_name: 'Nor', email }],
        terms_agreed: true,
      },
    });
    const done = await buyer('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
      json: { payment_method: 'FREE' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return order;
  }

  async function create(hookPath: string, types: string[]) {
    const created = await api()<{ data: PresentedWebhook }>('POST', path(), {
      json: { url: receiver.url(hookPath), event_types: types },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  }

  const deliveries = async (webhookId: string) =>
    (await api()<{ data: PresentedWebhookDelivery[] }>('GET', `${path()}/${webhookId}/deliveries`)).body.data;

  it('delivers signed order and attendee payloads and logs the response codes', async () => {
    const hook = await create('/signed', ['order.created', 'attendee.created']);
    expect(hook.secret).toMatch(/^whsec_/);
    const order = await buy('ola@example.test');
    const orderCall = await eventually(() =>
      Promise.resolve(
        receiver.received.find((r) => r.path === '/signed' && r.body.includes('"order.created"')),
      ),
    );
    const payload = JSON.parse(orderCall.body) as {
      type: string;
      data: { id: string; buyer: { email: string } };
    };
    expect(payload.data.id).toBe(order.id);
    expect(payload.data.buyer.email).toBe('ola@example.test');
    const header = orderCall.headers['x-webhook-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(hook.secret, orderCall.body, header)).toBe(true);
    expect(verifySignature('whsec_wrong', orderCall.body, header)).toBe(false);
    expect(verifySignature(hook.secret, orderCall.body.replace('ola@', 'eve@'), header)).toBe(false);
    await eventually(() =>
      Promise.resolve(
        receiver.received.find((r) => r.path === '/signed' && r.body.includes('"attendee.created"')),
      ),
    );
    const log = await eventually(async () => {
      const rows = await deliveries(hook.id);
      return rows.length === 2 && rows.every((row) => row.status === 'delivered') ? rows : undefined;
    });
    expect(log.map((row) => row.attempts.map((attempt) => attempt.status_code))).toEqual([[200], [200]]);
    // Paid-only events did not fire: the endpoint is not subscribed to them.
    expect(receiver.received.filter((r) => r.path === '/signed')).toHaveLength(2);
    await api()('DELETE', `${path()}/${hook.id}`);
  });

  it('retries a 500 with back-off on the injected clock until it is delivered', async () => {
    const hook = await create('/flaky', ['order.created']);
    receiver.answerNext(500);
    await buy('flaky@example.test');
    const first = await eventually(async () => {
      const rows = await deliveries(hook.id);
      return rows[0]?.attempts.length === 1 ? rows[0] : undefined;
    });
    expect(first.status).toBe('pending');
    expect(first.attempts[0]!.status_code).toBe(500);
    expect(first.next_attempt_at).toBe('2027-01-10T12:01:00.000Z');
    // Not yet due: nothing is sent.
    await t.platform.worker.webhooks.deliverDue();
    expect((await deliveries(hook.id))[0]!.attempts).toHaveLength(1);
    clock.advance(61_000);
    await t.platform.worker.webhooks.deliverDue();
    const done = (await deliveries(hook.id))[0]!;
    expect(done.status).toBe('delivered');
    expect(done.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
    await api()('DELETE', `${path()}/${hook.id}`);
  });

  it('disables an endpoint answering 410 and sends it nothing more', async () => {
    const hook = await create('/gone', ['order.created']);
    receiver.answerNext(410);
    await buy('gone@example.test');
    const disabled = await eventually(async () => {
      const read = await api()<{ data: PresentedWebhook }>('GET', `${path()}/${hook.id}`);
      return read.body.data.status === 'DISABLED' ? read.body.data : undefined;
    });
    expect(disabled.disabled_reason).toBe('gone');
    const calls = receiver.received.filter((r) => r.path === '/gone').length;
    await buy('after@example.test');
    await t.platform.worker.webhooks.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter((r) => r.path === '/gone')).toHaveLength(calls);
    const enabled = await api()<{ data: PresentedWebhook }>('PUT', `${path()}/${hook.id}/status`, {
      json: { status: 'ENABLED' },
    });
    expect(enabled.body.data).toMatchObject({ status: 'ENABLED', disabled_reason: null });
  });

  it('refuses private and loopback addresses unless allowed, after DNS resolution and at delivery', async () => {
    expect(await checkWebhookUrl(receiver.url('/x'), false)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl(`http://localhost:${receiver.port}/x`, false)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('http://10.1.2.3/x', false)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('http://169.254.169.254/latest', false)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('http://[::ffff:127.0.0.1]/x', false)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('http://93.184.215.14/x', false)).toEqual({ ok: true });
    expect(await checkWebhookUrl(receiver.url('/x'), true)).toEqual({ ok: true });
    const before = receiver.received.length;
    const options = { allowPrivate: false, timeoutMs: 2_000, now: () => Date.now() };
    // A name resolving to loopback is refused inside the connection's own lookup; so is a literal address.
    const byName = await postWebhook(`http://localhost:${receiver.port}/private`, '{}', {}, options);
    expect(byName.status).toBeNull();
    expect(byName.error).toMatch(/address not allowed/);
    const byAddress = await postWebhook(receiver.url('/private'), '{}', {}, options);
    expect(byAddress.error).toMatch(/address not allowed/);
    expect(receiver.received.length).toBe(before);
    const allowed = await postWebhook(receiver.url('/private'), '{}', {}, { ...options, allowPrivate: true });
    expect(allowed.status).toBe(200);

    const bad = await api()('POST', path(), {
      json: { url: 'ftp://files.example.test/in', event_types: ['order.created'] },
    });
    expect(expectProblem(bad, 422, 'webhook_url_not_allowed').errors).toHaveProperty('url');
    const none = await api()('POST', path(), { json: { url: receiver.url('/x'), event_types: [] } });
    expectProblem(none, 400, 'validation_failed');
  });

  it('sends attendee.checked_in when the check-in module records an admission', async () => {
    const hook = await create('/door', ['attendee.checked_in']);
    const event: AttendeeCheckedIn = {
      type: 'AttendeeCheckedIn',
      data: {
        nonce: 'n-1',
        deviceId: 'dev-1',
        gate: 'North',
        checkInId: 'ci_1',
        checkInListId: 'cl_1',
        eventId,
        attendeeId: 'at_1',
        ticketId,
        source: 'online',
        scannedAt: '2027-01-10T12:00:00.000Z',
        checkedInAt: '2027-01-10T12:00:00.000Z',
      },
    };
    // Recorded as the check-in decider records it (its own rules are tested in services/admission).
    await t.platform.services.store.append(
      checkInStream('cl_1', 'at_1'),
      [
        {
          id: t.platform.services.ids.uuid(),
          ...event,
          metadata: { correlationId: 'test', causationId: 'test', actor: 'door' },
        },
      ],
      { expected: 'no_stream' },
    );
    const call = await eventually(() => Promise.resolve(receiver.received.find((r) => r.path === '/door')));
    expect(JSON.parse(call.body)).toMatchObject({
      type: 'attendee.checked_in',
      data: { attendee_id: 'at_1', event_id: eventId, check_in_list_id: 'cl_1' },
    });
    await api()('DELETE', `${path()}/${hook.id}`);
  });

  it("answers another account's webhooks like unknown ones", async () => {
    const hook = await create('/mine', ['attendee.checked_in', 'order.refunded']);
    const other = await t.otherAccount();
    const theirs = t.client(other.token);
    expectProblem(await theirs('GET', path()), 404, 'event_not_found');
    expectProblem(await theirs('GET', `${path()}/${hook.id}/deliveries`), 404, 'event_not_found');
    expectProblem(await api()('GET', `${path()}/wh_unknown12345`), 404, 'webhook_not_found');
  });

  it('gives up three days after the delivery was recorded', async () => {
    const hook = await create('/down', ['order.created']);
    receiver.answerNext(...Array<number>(60).fill(503));
    await buy('down@example.test');
    await eventually(async () => ((await deliveries(hook.id))[0]?.attempts.length === 1 ? true : undefined));
    const log = await deliveries(hook.id);
    // Sessions expire as the clock runs three days on: this test comes last.
    for (let i = 0; i < 30; i++) {
      clock.advance(6 * 3_600_000);
      await t.platform.worker.webhooks.deliverDue();
    }
    const attempts = (await t.platform.services
      .db('webhook_attempts')
      .where({ delivery_id: log[0]!.id })
      .orderBy('attempt')) as { attempted_at: string }[];
    const row = (await t.platform.services.db('webhook_deliveries').where({ id: log[0]!.id }).first()) as {
      status: string;
      created_at: string;
    };
    expect(row.status).toBe('failed');
    const last = attempts.at(-1)!;
    expect(Date.parse(last.attempted_at) - Date.parse(row.created_at)).toBeLessThanOrEqual(
      3 * 24 * 3_600_000,
    );
    expect(attempts.length).toBeGreaterThan(10);
    receiver.clearAnswers();
  });
}

describe('webhooks on SQLite', () => webhookSuite('sqlite'));
describeWithPostgres('webhooks on PostgreSQL', () => webhookSuite('postgres'));
