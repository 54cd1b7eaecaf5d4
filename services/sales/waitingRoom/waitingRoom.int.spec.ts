import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { ManualClock } from '../../kit/clock';
import { readReservationLimits } from '../../kit/config';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { waitingRoomStream } from './waitingRoomEvents';

type Problem = { status: number; reason: string; detail?: string; errors?: Record<string, string[]> };
type Place = {
  number: number;
  position: number;
  ahead: number;
  estimated_wait_seconds: number;
  admitted: boolean;
  admission_expires_at: string | null;
};
type Joined = { data: Place & { token: string; sold_out: boolean } };
type Status = { data: { enabled: boolean; sold_out: boolean; place: Place | null } };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** The on-sale waiting room (docs/waiting-room.md): numbers, admission as checkouts free up, the token gate. */
function waitingRoomSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-02-01T12:00:00.000Z'));
  let t: TestPlatform;
  let api: ReturnType<TestPlatform['client']>;
  let organizerId: string;

  interface Room {
    eventId: string;
    ticketId: string;
  }

  async function eventWith(options: {
    quantity: number;
    waitingRoom?: boolean | null;
    capacity?: number;
  }): Promise<Room> {
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Big Rush',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const eventId = event.body.data.id;
    const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Floor', quantity: options.quantity },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const settings: Record<string, unknown> = {};
    if (options.waitingRoom !== undefined) settings.waiting_room_enabled = options.waitingRoom;
    if (options.capacity !== undefined) settings.waiting_room_checkout_capacity = options.capacity;
    if (Object.keys(settings).length > 0) {
      const saved = await api('PUT', `/api/events/${eventId}/settings`, { json: settings });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const published = await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    expect(published.status, JSON.stringify(published.body)).toBeLessThan(300);
    return { eventId, ticketId: ticket.body.data.id };
  }

  const roomPath = (room: Room) => `/api/public/events/${room.eventId}/waiting-room`;
  const join = (room: Room, token: string | null = null) =>
    t.client()<Joined>('POST', roomPath(room), { json: { token } });
  const status = (room: Room, token?: string) =>
    t.client()<Status>(
      'GET',
      token === undefined ? roomPath(room) : `${roomPath(room)}?token=${encodeURIComponent(token)}`,
    );
  const reserve = (room: Room, token?: string, quantity = 1) =>
    t.client()('POST', `/api/public/events/${room.eventId}/orders`, {
      json: { lines: [{ ticket_id: room.ticketId, quantity }] },
      headers: token === undefined ? {} : { 'x-waiting-room-token': token },
    });
  /**
   * One keeper pass, once the worker's reactor has noted every join so far: the keeper finds the rooms where
   * someone waits in that read model, which follows the log a moment later.
   */
  const sweep = async () => {
    const head = await t.platform.services.store.head();
    expect(await t.platform.worker.runner.waitFor(head, 10_000)).toBe(true);
    return t.platform.worker.waitingRoom.sweep();
  };
  const upTo = async (room: Room) => {
    let last = 0;
    for await (const event of t.platform.services.store.readStream(waitingRoomStream(room.eventId)))
      if (event.type === 'WaitingRoomAdmitted') last = (event.data as { upTo: number }).upTo;
    return last;
  };

  beforeAll(async () => {
    t = await startTestPlatform(kind, {
      clock,
      config: {
        reservations: readReservationLimits({ RESERVATIONS_PER_CLIENT: '0', RESERVATIONS_PER_MINUTE: '0' }),
      },
    });
    api = t.client(await t.login(t.admin.email, t.admin.password));
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Rush Promotions' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands out numbers in arrival order, and a browser that holds a token keeps its number', async () => {
    const room = await eventWith({ quantity: 10, waitingRoom: true, capacity: 1 });
    const first = await join(room);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await join(room);
    expect([first.body.data.number, second.body.data.number]).toEqual([1, 2]);
    const again = await join(room, second.body.data.token);
    expect(again.body.data.number).toBe(2);
    expect(again.body.data.token).toBe(second.body.data.token);

    const rush = await Promise.all(Array.from({ length: 20 }, () => join(room)));
    const numbers = rush.map((response) => response.body.data.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 3));
  });

  it('admits in number order as checkout places free up, and the admitted reserve with their token', async () => {
    const room = await eventWith({ quantity: 10, waitingRoom: true, capacity: 2 });
    const buyers = [];
    for (let i = 0; i < 4; i++) buyers.push((await join(room)).body.data);
    await sweep();
    expect(await upTo(room)).toBe(2);

    const third = expectProblem(await reserve(room, buyers[2]!.token), 409, 'waiting_room_not_admitted_yet');
    expect(third.detail).toContain('Number 3');
    const waiting = await status(room, buyers[3]!.token);
    expect(waiting.body.data.place).toMatchObject({ number: 4, admitted: false, ahead: 1, position: 2 });
    expect(waiting.body.data.place!.estimated_wait_seconds).toBeGreaterThan(0);

    const firstOrder = await reserve(room, buyers[0]!.token);
    expect(firstOrder.status, JSON.stringify(firstOrder.body)).toBe(201);
    await sweep();
    // one open checkout, one admitted buyer still to come: no place free
    expect(await upTo(room)).toBe(2);
    expect((await reserve(room, buyers[1]!.token)).status).toBe(201);
    await sweep();
    expect(await upTo(room)).toBe(2);

    // The two holds run out (15 minutes): both places free, the next two are admitted.
    clock.advance(16 * 60_000);
    await sweep();
    expect(await upTo(room)).toBe(4);
    const admitted = await status(room, buyers[3]!.token);
    expect(admitted.body.data.place).toMatchObject({ number: 4, admitted: true, position: 0, ahead: 0 });
    expect((await reserve(room, buyers[2]!.token)).status).toBe(201);

    // The first buyer's admission is older than the window (10 minutes): the pass no longer holds a place, and
    // joining with it queues again at the end.
    expectProblem(await reserve(room, buyers[0]!.token), 409, 'waiting_room_admission_expired');
    expect((await status(room, buyers[0]!.token)).body.data.place).toBeNull();
    const again = await join(room, buyers[0]!.token);
    expect(again.body.data).toMatchObject({ number: 5, admitted: false });
  });

  it('admits the next number once an admitted buyer completes their order', async () => {
    const room = await eventWith({ quantity: 10, waitingRoom: true, capacity: 1 });
    const first = (await join(room)).body.data;
    const second = (await join(room)).body.data;
    await sweep();
    expect(await upTo(room)).toBe(1);
    const reserved = await reserve(room, first.token);
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
    await sweep();
    expect(await upTo(room)).toBe(1);
    const shortId = (reserved.body as { data: { short_id: string } }).data.short_id;
    const person = { first_name: 'Fay', last_name: 'First', email: 'fay@example.test' };
    const orders = `/api/public/events/${room.eventId}/orders/${shortId}`;
    const detailed = await t.client()('PUT', `${orders}/details`, {
      json: { ...person, attendees: [person], terms_agreed: true },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const completed = await t.client()('POST', `${orders}/complete`, { json: { payment_method: 'FREE' } });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    await sweep();
    expect(await upTo(room)).toBe(2);
    expect((await status(room, second.token)).body.data.place).toMatchObject({ admitted: true });
  });

  it('refuses a reservation without a token, with a forged one or one of another event', async () => {
    const room = await eventWith({ quantity: 10, waitingRoom: true, capacity: 5 });
    const other = await eventWith({ quantity: 10, waitingRoom: true, capacity: 5 });
    await join(room);
    const foreign = (await join(other)).body.data.token;
    await sweep();
    expectProblem(await reserve(room), 403, 'waiting_room_token_required');
    expectProblem(await reserve(room, foreign), 403, 'waiting_room_token_invalid');
    expectProblem(await reserve(room, 'not-a-token'), 403, 'waiting_room_token_invalid');
    const [payload, signature] = foreign.split('.');
    const forged = `${Buffer.from(`${room.eventId}.1`).toString('base64url')}.${signature}`;
    expect(payload).not.toBe(forged.split('.')[0]);
    expectProblem(await reserve(room, forged), 403, 'waiting_room_token_invalid');
    // and a forged token gets no place when polling
    expect((await status(room, forged)).body.data.place).toBeNull();
  });

  it('changes nothing while the waiting room is off', async () => {
    const room = await eventWith({ quantity: 10, waitingRoom: false });
    expect((await status(room)).body.data).toEqual({ enabled: false, sold_out: false, place: null });
    expect((await reserve(room)).status).toBe(201);
    expectProblem(await join(room), 409, 'waiting_room_closed');
  });

  it('is on by default for a large on-sale (1,000 tickets), off for a small one', async () => {
    const large = await eventWith({ quantity: 1000 });
    const small = await eventWith({ quantity: 999 });
    expect((await status(large)).body.data.enabled).toBe(true);
    expectProblem(await reserve(large), 403, 'waiting_room_token_required');
    expect((await status(small)).body.data.enabled).toBe(false);
    expect((await reserve(small)).status).toBe(201);
    const settings = await api<{ data: Record<string, unknown> }>(
      'GET',
      `/api/events/${large.eventId}/settings`,
    );
    expect(settings.body.data).toMatchObject({
      waiting_room_enabled: null,
      waiting_room_checkout_capacity: 100,
    });
  });

  it('tells the waiting buyers when the event sold out while they waited', async () => {
    const room = await eventWith({ quantity: 1, waitingRoom: true, capacity: 1 });
    const first = (await join(room)).body.data;
    const second = (await join(room)).body.data;
    await sweep();
    expect((await status(room, second.token)).body.data.sold_out).toBe(false);
    expect((await reserve(room, first.token)).status).toBe(201);
    const after = await status(room, second.token);
    expect(after.body.data.sold_out).toBe(true);
    expect(after.body.data.place).toMatchObject({ number: 2, admitted: false });
  });

  it('validates the settings with field errors, and answers another account and unknown events with 404', async () => {
    const room = await eventWith({ quantity: 10 });
    for (const bad of [0, 10_001, 1.5, '100'])
      expect(
        Object.keys(
          expectProblem(
            await api('PUT', `/api/events/${room.eventId}/settings`, {
              json: { waiting_room_checkout_capacity: bad },
            }),
            400,
            'validation_failed',
          ).errors ?? {},
        ),
      ).toEqual(['waiting_room_checkout_capacity']);
    expectProblem(
      await api('PUT', `/api/events/${room.eventId}/settings`, { json: { waiting_room_enabled: 'yes' } }),
      400,
      'validation_failed',
    );
    const other = await t.otherAccount();
    expectProblem(
      await t.client(other.token)('PUT', `/api/events/${room.eventId}/settings`, {
        json: { waiting_room_enabled: true },
      }),
      404,
      'event_not_found',
    );
    expectProblem(
      await t.client(other.token)('GET', `/api/events/${room.eventId}/settings`),
      404,
      'event_not_found',
    );
    expectProblem(await join({ eventId: 'ev_nonexistent', ticketId: 'x' }), 404, 'event_not_found');
    expectProblem(await status({ eventId: 'ev_nonexistent', ticketId: 'x' }), 404, 'event_not_found');
  });
}

/** Joins are limited per client and minute like reservations (RESERVATIONS_PER_MINUTE). */
describe('waiting room joins per client', () => {
  const clock = new ManualClock(new Date('2027-02-01T12:00:00.000Z'));
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform('sqlite', {
      clock,
      config: { reservations: readReservationLimits({ RESERVATIONS_PER_MINUTE: '2' }) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a client more joins in a minute than reservations, with Retry-After', async () => {
    const api = t.client(await t.login(t.admin.email, t.admin.password));
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', { json: { name: 'Q' } });
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Limited',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const eventId = event.body.data.id;
    await api('POST', `/api/events/${eventId}/tickets`, { json: { type: 'FREE', title: 'A', quantity: 5 } });
    await api('PUT', `/api/events/${eventId}/settings`, { json: { waiting_room_enabled: true } });
    await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    const join = () => t.client()('POST', `/api/public/events/${eventId}/waiting-room`, { json: {} });
    expect((await join()).status).toBe(200);
    expect((await join()).status).toBe(200);
    const refused = expectProblem(await join(), 429, 'too_many_requests');
    expect(refused.status).toBe(429);
    clock.advance(61_000);
    expect((await join()).status).toBe(200);
  });
});

describe('waiting room on SQLite', () => waitingRoomSuite('sqlite'));
describeWithPostgres('waiting room on PostgreSQL', () => waitingRoomSuite('postgres'));
