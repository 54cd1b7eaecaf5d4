import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { startPlatform, type Platform } from '../../api/compose';
import { createLogger } from '../../kit/logger';
import { CommandHandler } from '../../kit/commandHandler';
import type { EventStore } from '../../eventstore/port';
import { isRefusal } from '../../kit/refusal';
import type { CheckInChanged } from '../../kit/contracts/realtime';
import { loadTicketSigningKeys } from '../signingKeys';
import { signTicketCode } from '../ticketCodes';
import { checkInDecider, type AttendeeFacts, type ListFacts } from './checkInDecider';
import { checkInStream } from './checkInEvents';
import { seedAttendees } from './testing';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type List = {
  id: string;
  short_id: string;
  name: string;
  status: string;
  ticket_ids: string[];
  checked_in_attendees: number;
  total_attendees: number;
};
type Scan = {
  result: string;
  attendee: { id: string; first_name: string } | null;
  check_in: {
    id: string;
    checked_in_at: string;
    device_id: string;
    gate: string | null;
    check_in_list_name: string;
  } | null;
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

const short = (n: number) => `att${String(n).padStart(17, '0')}`;
let nonces = 0;
const nonce = () => `nonce-${++nonces}-${Math.random().toString(36).slice(2, 10)}`;

function checkInSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  let onList: string;
  let offList: string;
  let lists: string;
  const api = () => t.client(token);
  const anonymous = () => t.client();

  async function createTicket(title: string): Promise<string> {
    const created = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id;
  }

  async function createList(json: Record<string, unknown>): Promise<List> {
    const created = await api()<{ data: List }>('POST', lists, { json });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  }

  const scan = (shortId: string, json: Record<string, unknown>) =>
    anonymous()<{ data: Scan }>('POST', `/api/public/check-in-lists/${shortId}/check-ins`, {
      json: { nonce: nonce(), device_id: 'door-a', ...json },
    });

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const events = await api()<{ data: { id: string }[] }>('GET', '/api/events');
    eventId = events.body.data[0]!.id;
    lists = `/api/events/${eventId}/check-in-lists`;
    onList = await createTicket('General admission');
    offList = await createTicket('Backstage');
    const base = { accountId: t.admin.accountId, eventId, orderId: 'or_0001', email: 'guest@example.test' };
    await seedAttendees(t.platform.services.db, [
      { ...base, id: 'at_0001', ticketId: onList, shortId: short(1), firstName: 'Ada', lastName: 'Lovelace' },
      {
        ...base,
        id: 'at_0002',
        ticketId: offList,
        shortId: short(2),
        firstName: 'Bo',
        lastName: 'Backstage',
      },
      {
        ...base,
        id: 'at_0003',
        ticketId: onList,
        shortId: short(3),
        firstName: 'Cy',
        lastName: 'Cancelled',
        status: 'CANCELLED',
      },
      {
        ...base,
        id: 'at_0004',
        ticketId: onList,
        shortId: short(4),
        firstName: 'Di',
        lastName: 'Unpaid',
        payment: 'UNPAID',
      },
      { ...base, id: 'at_0005', ticketId: onList, shortId: short(5), firstName: 'Ed', lastName: 'Offline' },
      { ...base, id: 'at_0006', ticketId: onList, shortId: short(6), firstName: 'Flo', lastName: 'Rush' },
      { ...base, id: 'at_0007', ticketId: onList, shortId: short(7), firstName: 'Gus', lastName: 'Pushed' },
      {
        ...base,
        id: 'at_0008',
        ticketId: onList,
        shortId: short(10),
        firstName: 'Ivy',
        lastName: 'Unfinished',
        payment: 'PENDING',
      },
      {
        ...base,
        id: 'at_0009',
        eventId: 'ev_0therevent01',
        ticketId: 'tk_0thertckt01',
        shortId: short(9),
        firstName: 'Hal',
        lastName: 'Elsewhere',
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('check-in lists', () => {
    it('creates a list over existing tickets, with an unguessable link and its counts', async () => {
      const list = await createList({ name: 'Main door', ticket_ids: [onList] });
      expect(list).toMatchObject({
        name: 'Main door',
        status: 'ACTIVE',
        ticket_ids: [onList],
        checked_in_attendees: 0,
      });
      expect(list.short_id).toMatch(/^[0-9a-hjkmnp-tv-z]{20}$/);
      // Ada, Di (unpaid), Ed, Flo, Gus: not cancelled, on a linked ticket.
      expect(list.total_attendees).toBe(5);
      const listed = await api()<{ data: List[] }>('GET', lists);
      expect(listed.body.data.map((row) => row.id)).toContain(list.id);
    });

    it('refuses a ticket that does not exist, and bad input with field errors', async () => {
      const missing = expectProblem(
        await api()('POST', lists, { json: { name: 'Ghost', ticket_ids: ['tk_nothere0001'] } }),
        404,
        'ticket_not_found',
      );
      expect(Object.keys(missing.errors ?? {})).toEqual(['ticket_ids']);
      const invalid = expectProblem(
        await api()('POST', lists, {
          json: { name: '', ticket_ids: [], expires_at: 'soon', surprise: true },
        }),
        400,
        'validation_failed',
      );
      expect(Object.keys(invalid.errors ?? {}).sort()).toEqual([
        'expires_at',
        'name',
        'surprise',
        'ticket_ids',
      ]);
      expectProblem(
        await api()('POST', lists, {
          json: {
            name: 'Backwards',
            ticket_ids: [onList],
            activates_at: '2030-01-02T00:00:00Z',
            expires_at: '2030-01-01T00:00:00Z',
          },
        }),
        400,
        'validation_failed',
      );
    });

    it('derives the state from the dates', async () => {
      const later = await createList({
        name: 'Tomorrow',
        ticket_ids: [onList],
        activates_at: '2099-01-01T00:00:00Z',
      });
      expect(later.status).toBe('NOT_YET_ACTIVE');
      const gone = await createList({
        name: 'Yesterday',
        ticket_ids: [onList],
        expires_at: '2001-01-01T00:00:00Z',
      });
      expect(gone.status).toBe('EXPIRED');
      expect((await scan(later.short_id, { attendee_short_id: short(1) })).body.data.result).toBe(
        'list_not_active',
      );
      expect((await scan(gone.short_id, { attendee_short_id: short(1) })).body.data.result).toBe(
        'list_expired',
      );
    });

    it('edits and deletes a list; a deleted list link is revoked', async () => {
      const list = await createList({ name: 'Side door', ticket_ids: [onList] });
      const edited = await api()<{ data: List }>('PUT', `${lists}/${list.id}`, {
        json: { name: 'Side door B', ticket_ids: [onList, offList] },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({ name: 'Side door B', ticket_ids: [onList, offList] });
      expect((await api()('DELETE', `${lists}/${list.id}`)).status).toBe(204);
      expectProblem(await api()('GET', `${lists}/${list.id}`), 404, 'check_in_list_not_found');
      expectProblem(
        await anonymous()('GET', `/api/public/check-in-lists/${list.short_id}`),
        410,
        'check_in_link_revoked',
      );
    });

    it("answers another account's event and list ids like unknown ones", async () => {
      const list = await createList({ name: 'Private', ticket_ids: [onList] });
      const other = await t.otherAccount();
      const stranger = t.client(other.token);
      expectProblem(await stranger('GET', lists), 404, 'event_not_found');
      expectProblem(await stranger('GET', `${lists}/${list.id}`), 404, 'event_not_found');
      expectProblem(
        await stranger('PUT', `${lists}/${list.id}`, { json: { name: 'Mine' } }),
        404,
        'event_not_found',
      );
      expectProblem(await stranger('DELETE', `${lists}/${list.id}`), 404, 'event_not_found');
      expectProblem(await stranger('POST', `${lists}/${list.id}/rotate-link`), 404, 'event_not_found');
      expectProblem(await stranger('GET', `/api/events/${eventId}/check_in_stats`), 404, 'event_not_found');
      const theirEvents = await stranger<{ data: { id: string }[] }>('GET', '/api/events');
      const theirEvent = theirEvents.body.data[0]?.id;
      if (theirEvent)
        expectProblem(
          await stranger('GET', `/api/events/${theirEvent}/check-in-lists/${list.id}`),
          404,
          'check_in_list_not_found',
        );
      expectProblem(await api()('GET', `${lists}/cl_unknown0001`), 404, 'check_in_list_not_found');
      expectProblem(await api()('GET', `${lists}/not-an-id`), 404, 'check_in_list_not_found');
    });
  });

  describe('scanning', () => {
    let list: List;
    beforeAll(async () => {
      list = await createList({ name: 'Gate A list', ticket_ids: [onList] });
    });

    it('shows the list, its event and state to anyone holding the link', async () => {
      const shown = await anonymous()<{ data: { list: List; event: { id: string; title: string } } }>(
        'GET',
        `/api/public/check-in-lists/${list.short_id}`,
      );
      expect(shown.status, JSON.stringify(shown.body)).toBe(200);
      expect(shown.body.data.list).toMatchObject({ id: list.id, name: 'Gate A list', status: 'ACTIVE' });
      expect(shown.body.data.event.id).toBe(eventId);
      expectProblem(
        await anonymous()('GET', '/api/public/check-in-lists/00000000000000000000'),
        404,
        'check_in_list_not_found',
      );
      expectProblem(
        await anonymous()('GET', '/api/public/check-in-lists/nope'),
        404,
        'check_in_list_not_found',
      );
    });

    it('admits once; a second scan is a duplicate with when and where; a resent scan repeats its answer', async () => {
      const first = await scan(list.short_id, {
        attendee_short_id: short(1),
        nonce: 'first-scan-1',
        gate: 'Gate A',
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toMatchObject({
        result: 'admitted',
        attendee: { id: 'at_0001', first_name: 'Ada' },
      });
      const admission = first.body.data.check_in!;
      expect(admission).toMatchObject({
        device_id: 'door-a',
        gate: 'Gate A',
        check_in_list_name: 'Gate A list',
      });

      const again = await scan(list.short_id, { attendee_short_id: short(1), device_id: 'door-b' });
      expect(again.body.data.result).toBe('already_checked_in');
      expect(again.body.data.check_in).toEqual(admission);

      const resent = await scan(list.short_id, {
        attendee_short_id: short(1),
        nonce: 'first-scan-1',
        gate: 'Gate A',
      });
      expect(resent.body.data).toEqual(first.body.data);
      const events = [];
      for await (const event of t.platform.services.store.readStream(checkInStream(list.id, 'at_0001')))
        events.push(event.type);
      expect(events).toEqual(['AttendeeCheckedIn']);
    });

    it('refuses with the closed list of reasons', async () => {
      const result = async (json: Record<string, unknown>) =>
        (await scan(list.short_id, json)).body.data.result;
      expect(await result({ attendee_short_id: short(2) })).toBe('not_on_this_list');
      expect(await result({ attendee_short_id: short(3) })).toBe('attendee_cancelled');
      expect(await result({ attendee_short_id: short(4) })).toBe('attendee_unpaid');
      expect(await result({ attendee_short_id: short(8) })).toBe('ticket_not_found');
      // An attendee of an order that never completed holds no ticket.
      expect(await result({ attendee_short_id: short(10) })).toBe('ticket_not_found');
      expect(await result({ attendee_short_id: short(9) })).toBe('ticket_of_another_event');
    });

    it("reads signed QR codes; forged, malformed and other events' codes get their own result", async () => {
      const keys = loadTicketSigningKeys({ dataDir: t.storage.dataDir });
      const code = signTicketCode(
        { eventId, ticketId: onList, attendeeShortId: short(7), issue: 0 },
        keys.current,
      );
      const forged = code.slice(0, -5) + ((Number(code.at(-5)) + 1) % 10) + code.slice(-4);
      const elsewhere = signTicketCode(
        { eventId: 'ev_0therevent01', ticketId: 'tk_0thertckt01', attendeeShortId: short(9), issue: 0 },
        keys.current,
      );
      const result = async (value: string) => (await scan(list.short_id, { code: value })).body.data.result;
      expect(await result(forged)).toBe('invalid_ticket_code');
      expect(await result('hello')).toBe('invalid_ticket_code');
      expect(await result(elsewhere)).toBe('ticket_of_another_event');
      expect(await result(code)).toBe('admitted');
      expect(await result(code)).toBe('already_checked_in');
      expectProblem(
        await scan(list.short_id, { code, attendee_short_id: short(7) }),
        400,
        'validation_failed',
      );
      expectProblem(
        await scan(list.short_id, { attendee_short_id: short(7), nonce: 'x' }),
        400,
        'validation_failed',
      );
    });

    it('checks out (undo), idempotently, and admits again after', async () => {
      const admitted = await scan(list.short_id, { attendee_short_id: short(6) });
      const checkInId = admitted.body.data.check_in!.id;
      const path = `/api/public/check-in-lists/${list.short_id}/check-ins/${checkInId}?device_id=door-a`;
      expect((await anonymous()('DELETE', path)).status).toBe(204);
      expect((await anonymous()('DELETE', path)).status).toBe(204);
      expectProblem(
        await anonymous()('DELETE', `/api/public/check-in-lists/${list.short_id}/check-ins/ci_unknown0001`),
        409,
        'not_checked_in',
      );
      expect((await scan(list.short_id, { attendee_short_id: short(6) })).body.data.result).toBe('admitted');
    });

    it('refuses a check-out whose device id holds a NUL byte or a control character: the admission stands and the log does not move', async () => {
      // Admitted now, or already by the previous test: either answer names the admission.
      const admitted = await scan(list.short_id, { attendee_short_id: short(6) });
      expect(['admitted', 'already_checked_in']).toContain(admitted.body.data.result);
      const checkInId = admitted.body.data.check_in!.id;
      const path = `/api/public/check-in-lists/${list.short_id}/check-ins/${checkInId}`;
      const before = await t.platform.services.store.head();
      for (const deviceId of ['door\u0000a', 'door\u0007a', 'door\na', '\u202edoor']) {
        const refused = expectProblem(
          await anonymous()('DELETE', `${path}?device_id=${encodeURIComponent(deviceId)}`),
          400,
          'invalid_characters',
        );
        expect(Object.keys(refused.errors ?? {})).toEqual(['device_id']);
      }
      const badShape = expectProblem(
        await anonymous()('DELETE', `${path}?device_id=${encodeURIComponent('door a')}`),
        400,
        'validation_failed',
      );
      expect(badShape.errors?.device_id).toEqual(['A device id is 4 to 80 letters, digits, - or _']);
      expect(await t.platform.services.store.head()).toBe(before);
      expect((await scan(list.short_id, { attendee_short_id: short(6) })).body.data.result).toBe(
        'already_checked_in',
      );

      expect((await anonymous()('DELETE', `${path}?device_id=door-b`)).status).toBe(204);
      const recorded: { type: string; data: { deviceId?: string } }[] = [];
      for await (const event of t.platform.services.store.readStream(checkInStream(list.id, 'at_0006')))
        recorded.push(event as unknown as { type: string; data: { deviceId?: string } });
      expect(recorded.at(-1)).toMatchObject({ type: 'AttendeeCheckedOut', data: { deviceId: 'door-b' } });
      expect((await scan(list.short_id, { attendee_short_id: short(6) })).body.data.result).toBe('admitted');
    });

    it('records offline uploads as facts: a second admission is a flagged duplicate entry, a replay changes nothing', async () => {
      const upload = {
        scans: [
          {
            attendee_short_id: short(5),
            nonce: 'offline-door-a-1',
            device_id: 'door-a',
            gate: 'A',
            scanned_at: '2026-06-01T19:00:00Z',
          },
          {
            attendee_short_id: short(5),
            nonce: 'offline-door-b-1',
            device_id: 'door-b',
            gate: 'B',
            scanned_at: '2026-06-01T19:00:05Z',
          },
          {
            attendee_short_id: short(3),
            nonce: 'offline-door-b-2',
            device_id: 'door-b',
            gate: 'B',
            scanned_at: '2026-06-01T19:00:07Z',
          },
          {
            code: '12345',
            nonce: 'offline-door-b-3',
            device_id: 'door-b',
            gate: 'B',
            scanned_at: '2026-06-01T19:00:09Z',
          },
        ],
      };
      const path = `/api/public/check-in-lists/${list.short_id}/offline-scans`;
      const first = await anonymous()<{ data: { nonce: string; result: string }[] }>('POST', path, {
        json: upload,
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const results = first.body.data.map((row) => row.result);
      expect(results.slice(0, 2).sort()).toEqual(['admitted', 'duplicate_entry']);
      expect(results.slice(2)).toEqual(['attendee_cancelled', 'invalid_ticket_code']);
      const replay = await anonymous()<{ data: { nonce: string; result: string }[] }>('POST', path, {
        json: upload,
      });
      expect(replay.body.data).toEqual(first.body.data);

      await t.platform.services.readSide.waitFor(await t.platform.services.store.head(), 5_000);
      const stats = await api()<{
        data: {
          checked_in_attendees: number;
          scan_issues: {
            kind: string;
            attendee_id: string;
            attendee_name: string | null;
            reason: string | null;
          }[];
          arrivals_per_minute: { minute: string; arrivals: number }[];
          tickets: { ticket_id: string; checked_in_attendees: number }[];
        };
      }>('GET', `/api/events/${eventId}/check_in_stats`);
      expect(stats.status, JSON.stringify(stats.body)).toBe(200);
      expect(
        stats.body.data.scan_issues
          .map((row) => [row.kind, row.attendee_id, row.attendee_name, row.reason])
          .sort(),
      ).toEqual([
        ['DUPLICATE_ENTRY', 'at_0005', 'Ed Offline', null],
        ['REFUSED_OFFLINE', 'at_0003', 'Cy Cancelled', 'attendee_cancelled'],
      ]);
      expect(stats.body.data.arrivals_per_minute).toContainEqual({
        minute: '2026-06-01T19:00:00.000Z',
        arrivals: 1,
      });
      expect(stats.body.data.tickets).toEqual([
        { ticket_id: onList, checked_in_attendees: stats.body.data.checked_in_attendees },
      ]);
    });

    it('lists and searches attendees, and hands devices a snapshot with the public keys', async () => {
      await t.platform.services.readSide.waitFor(await t.platform.services.store.head(), 5_000);
      const found = await anonymous()<{ data: { id: string; check_in: unknown }[] }>(
        'GET',
        `/api/public/check-in-lists/${list.short_id}/attendees?query=lovelace`,
      );
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.data.map((row) => row.id)).toEqual(['at_0001']);
      expect(found.body.data[0]!.check_in).not.toBeNull();
      const byOrder = await anonymous()<{ data: unknown[] }>(
        'GET',
        `/api/public/check-in-lists/${list.short_id}/attendees?query=or_0001`,
      );
      expect(byOrder.body.data.length).toBe(6);
      const snapshot = await anonymous()<{
        data: {
          attendees: { id: string; check_in: unknown }[];
          ticket_keys: { kid: string }[];
          position: string;
        };
      }>('GET', `/api/public/check-in-lists/${list.short_id}/snapshot`);
      expect(snapshot.body.data.attendees.map((row) => row.id).sort()).toEqual([
        'at_0001',
        'at_0003',
        'at_0004',
        'at_0005',
        'at_0006',
        'at_0007',
      ]);
      expect(snapshot.body.data.ticket_keys[0]?.kid).toMatch(/^[0-9a-z]{4}$/);
      expect(BigInt(snapshot.body.data.position)).toBeGreaterThan(0n);
    });

    it('rotating the link revokes the old one at once', async () => {
      const rotated = await api()<{ data: List }>('POST', `${lists}/${list.id}/rotate-link`);
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      expect(rotated.body.data.short_id).not.toBe(list.short_id);
      expectProblem(await scan(list.short_id, { attendee_short_id: short(1) }), 410, 'check_in_link_revoked');
      expect((await scan(rotated.body.data.short_id, { attendee_short_id: short(1) })).body.data.result).toBe(
        'already_checked_in',
      );
      list = rotated.body.data;
    });
  });

  describe('two doors at once', () => {
    const facts = (listId: string): { attendee: AttendeeFacts; list: ListFacts } => ({
      attendee: { attendeeId: 'at_0006', eventId, ticketId: onList, status: 'ACTIVE', payment: 'PAID' },
      list: { checkInListId: listId, eventId, ticketIds: [onList], activatesAt: null, expiresAt: null },
    });

    /** 20 scans of one ticket on one list, from two command handlers (two API processes' worth). */
    async function rush(store: EventStore, listId: string): Promise<number> {
      const handlers = [new CommandHandler(store), new CommandHandler(store)];
      const now = new Date();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          handlers[i % 2]!.handle(
            checkInDecider,
            checkInStream(listId, 'at_0006'),
            {
              type: 'CheckIn',
              nonce: `rush-${listId}-${i}`,
              deviceId: `door-${i}`,
              gate: null,
              checkInId: `ci_rush${i}`,
              ...facts(listId),
              now,
            },
            { correlationId: `rush-${i}`, actor: 'public' },
          ),
        ),
      );
      for (const outcome of outcomes)
        if (
          outcome.status === 'rejected' &&
          !(isRefusal(outcome.reason) && ['already_checked_in', 'try_again'].includes(outcome.reason.reason))
        )
          throw outcome.reason;
      let admissions = 0;
      for await (const event of store.readStream(checkInStream(listId, 'at_0006')))
        if (event.type === 'AttendeeCheckedIn') admissions++;
      return admissions;
    }

    it('admits exactly once with the expected revision', async () => {
      expect(await rush(t.platform.services.store, 'cl_rushguarded')).toBe(1);
    });

    it('admits more than once with the guard off (expected revision "any"): the test can fail', async () => {
      const store = t.platform.services.store;
      const unguarded: EventStore = new Proxy(store, {
        get(target, property, receiver) {
          if (property === 'append')
            return (stream: string, events: never, _options: unknown) =>
              target.append(stream, events, { expected: 'any' });
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function'
            ? (value as (...args: unknown[]) => unknown).bind(target)
            : value;
        },
      });
      let admissions = 1;
      for (let attempt = 0; attempt < 5 && admissions <= 1; attempt++)
        admissions = await rush(unguarded, `cl_rushunguarded${attempt}`);
      expect(admissions).toBeGreaterThan(1);
    });
  });

  describe('live', () => {
    it('pushes each admission to every device of the list, fast, and refuses a socket with a bad link', async () => {
      const list = await createList({ name: 'Live door', ticket_ids: [onList] });
      const connect = (shortId: string) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = io(t.baseUrl, {
            auth: { checkInList: shortId },
            transports: ['websocket'],
            reconnection: false,
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', (error) => {
            socket.close();
            reject(error);
          });
        });
      await expect(connect('00000000000000000000')).rejects.toThrow(/check_in_list_not_found/);
      const devices = [await connect(list.short_id), await connect(list.short_id)];
      const heard = devices.map((socket) => {
        const log = { changes: 0, notices: 0 };
        socket.on('checkin.changes', (changes: CheckInChanged[]) => (log.changes += changes.length));
        socket.on('readmodel.changed', () => log.notices++);
        return log;
      });
      try {
        const pushed = devices.map(
          (socket) =>
            new Promise<{ change: CheckInChanged; at: number }>((resolve) =>
              socket.on('checkin.changes', ([change]: CheckInChanged[]) =>
                resolve({ change: change!, at: performance.now() }),
              ),
            ),
        );
        const started = performance.now();
        const admitted = await scan(list.short_id, { attendee_short_id: short(7) });
        const answered = performance.now();
        expect(admitted.body.data.result).toBe('admitted');
        const received = await Promise.all(pushed);
        for (const { change } of received)
          expect(change).toMatchObject({
            checkInListId: list.id,
            attendeeId: 'at_0007',
            state: 'CHECKED_IN',
            deviceId: 'door-a',
          });
        // How fast is the benchmark's to say (npm run bench -- checkin), not a test's: here, that it comes.
        const delay = Math.max(...received.map(({ at }) => at - answered));
        console.info(
          `check-in push: answer ${(answered - started).toFixed(1)} ms, push after answer ${delay.toFixed(1)} ms`,
        );

        // Once the read model has it too, each device has still heard of the admission once, and of nothing
        // meant for members (read-model notices).
        await t.platform.services.readSide.waitFor(await t.platform.services.store.head(), 5_000);
        const again = await scan(list.short_id, { attendee_short_id: short(7), nonce: 'live-repeat-1' });
        expect(again.body.data.result).toBe('already_checked_in');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(heard).toEqual([
          { changes: 1, notices: 0 },
          { changes: 1, notices: 0 },
        ]);

        const disconnected = new Promise<void>((resolve) => devices[0]!.once('disconnect', () => resolve()));
        await api()('POST', `${lists}/${list.id}/rotate-link`);
        await disconnected;
      } finally {
        for (const socket of devices) socket.close();
      }
    });
  });
}

function twoProcessSuite() {
  let t: TestPlatform;
  let second: Platform;
  let secondUrl: string;
  let token: string;

  beforeAll(async () => {
    t = await startTestPlatform('postgres');
    token = await t.login(t.admin.email, t.admin.password);
    second = await startPlatform(t.platform.services.config, t.storage, { logger: createLogger('error') });
    secondUrl = `http://127.0.0.1:${(await second.listen()).port}`;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('admits once when two API processes take 20 scans of one ticket; the admitting process pushes at once', async () => {
    const api = t.client(token);
    const eventId = (await api<{ data: { id: string }[] }>('GET', '/api/events')).body.data[0]!.id;
    const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Door' },
    });
    const ticketId = ticket.body.data.id;
    await seedAttendees(t.platform.services.db, [
      {
        id: 'at_0101',
        accountId: t.admin.accountId,
        eventId,
        orderId: 'or_0101',
        ticketId,
        shortId: short(101),
        firstName: 'Two',
        lastName: 'Doors',
        email: 'two@example.test',
      },
    ]);
    const list = await api<{ data: List }>('POST', `/api/events/${eventId}/check-in-lists`, {
      json: { name: 'Both processes', ticket_ids: [ticketId] },
    });
    const shortId = list.body.data.short_id;
    await second.services.readSide.waitFor(await t.platform.services.store.head(), 30_000);
    const urls = [t.baseUrl, secondUrl];
    const devices = await Promise.all(
      urls.map(
        (url) =>
          new Promise<Socket>((resolve, reject) => {
            const socket = io(url, {
              auth: { checkInList: shortId },
              transports: ['websocket'],
              reconnection: false,
            });
            socket.once('connect', () => resolve(socket));
            socket.once('connect_error', reject);
          }),
      ),
    );
    try {
      const heard = devices.map(
        (device) =>
          new Promise<CheckInChanged>((resolve) =>
            device.on('checkin.changes', ([change]: CheckInChanged[]) => resolve(change!)),
          ),
      );
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await fetch(`${urls[i % 2]}/api/public/check-in-lists/${shortId}/check-ins`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              attendee_short_id: short(101),
              nonce: `two-processes-${i}`,
              device_id: `door-${i}`,
            }),
          });
          return ((await response.json()) as { data: { result: string } }).data.result;
        }),
      );
      expect(answers.filter((result) => result === 'admitted')).toHaveLength(1);
      expect(answers.filter((result) => result === 'already_checked_in')).toHaveLength(19);
      // The process that admitted pushes to its own devices at once. (Devices on the other process hear of it
      // only if that process's projection runner applied the event: see docs/admission.md, "Live".)
      const admittedBy = answers.indexOf('admitted') % 2;
      expect(await heard[admittedBy]).toMatchObject({ attendeeId: 'at_0101', state: 'CHECKED_IN' });
    } finally {
      for (const device of devices) device.close();
    }
  });
}

describe('check-in on SQLite', () => checkInSuite('sqlite'));
describeWithPostgres('check-in across two API processes on PostgreSQL', () => twoProcessSuite());
describeWithPostgres('check-in on PostgreSQL', () => checkInSuite('postgres'));
