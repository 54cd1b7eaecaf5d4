import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestPlatform, type TestPlatform } from './testing';
import type { ReadModelChanged } from '../kit/contracts/realtime';

function connect(baseUrl: string, token?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

function nextChange(
  socket: Socket,
  predicate: (message: ReadModelChanged) => boolean,
): Promise<ReadModelChanged> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no readmodel.changed within 5 s')), 5_000);
    const listener = (message: ReadModelChanged) => {
      if (!predicate(message)) return;
      clearTimeout(timer);
      socket.off('readmodel.changed', listener);
      resolve(message);
    };
    socket.on('readmodel.changed', listener);
  });
}

describe('Socket.IO live updates', () => {
  let t: TestPlatform;
  let token: string;
  let organizerId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestPlatform('sqlite');
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await t.client(token)<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Live Organizer' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connect(t.baseUrl)).rejects.toThrow(/unauthenticated/);
    await expect(connect(t.baseUrl, 'forged')).rejects.toThrow(/unauthenticated/);
  });

  it("tells the account's dashboards about an event created elsewhere, after the projection committed it", async () => {
    const socket = await connect(t.baseUrl, token);
    sockets.push(socket);
    const change = nextChange(socket, (m) => m.readModel === 'events');
    const created = await t.client(token)<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        title: 'Live Update Test',
        start_date: '2027-01-01T19:00:00Z',
        timezone: 'UTC',
        currency: 'EUR',
        organizer_id: organizerId,
      },
    });
    const message = await change;
    expect(message.keys).toEqual(
      expect.arrayContaining([`event:${created.body.data.id}`, `account:${t.admin.accountId}`]),
    );
    expect(BigInt(message.position)).toBeGreaterThanOrEqual(BigInt(created.headers.get('x-position')!));
  });

  it("lets a socket subscribe to its own event's room but not to another account's", async () => {
    const created = await t.client(token)<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        title: 'Room Test',
        start_date: '2027-01-02T19:00:00Z',
        timezone: 'UTC',
        currency: 'EUR',
        organizer_id: organizerId,
      },
    });
    const eventId = created.body.data.id;
    // Publishing needs a ticket (`no_tickets` otherwise).
    await t.client(token)('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Entry' },
    });
    const other = await t.otherAccount();
    const stranger = await connect(t.baseUrl, other.token);
    sockets.push(stranger);
    const denied: unknown = await stranger.emitWithAck('subscribe', { room: `event:${eventId}` });
    expect(denied).toEqual({ ok: false, reason: 'event_not_found' });
    const nonsense: unknown = await stranger.emitWithAck('subscribe', { room: 'account:ac_everyone' });
    expect(nonsense).toEqual({ ok: false, reason: 'unsupported_room' });

    let strangerHeard = false;
    stranger.on('readmodel.changed', (m: ReadModelChanged) => {
      if (m.keys.includes(`event:${eventId}`)) strangerHeard = true;
    });
    const owner = await connect(t.baseUrl, token);
    sockets.push(owner);
    expect(await owner.emitWithAck('subscribe', { room: `event:${eventId}` })).toEqual({ ok: true });
    const change = nextChange(owner, (m) => m.keys.includes(`event:${eventId}`));
    await t.client(token)('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    await change;
    expect(strangerHeard).toBe(false);
  });

  describe('when its session ends', () => {
    function disconnected(socket: Socket): Promise<string> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('still connected after 5 s')), 5_000);
        socket.once('disconnect', (reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });
    }

    it('disconnects the socket of a session that logs out', async () => {
      const session = await t.login(t.admin.email, t.admin.password);
      const socket = await connect(t.baseUrl, session);
      sockets.push(socket);
      const gone = disconnected(socket);
      expect((await t.client(session)('POST', '/api/auth/logout')).status).toBe(204);
      expect(await gone).toBe('io server disconnect');
    });

    it('disconnects the sockets of a member who is deactivated', async () => {
      const other = await t.otherAccount();
      const invited = await t.client(token)<{ data: { id: string } }>('POST', '/api/users', {
        json: { email: other.email, role: 'ORGANIZER' },
      });
      // The invitation mail is written by the worker; accept it with the member's own password.
      let text = '';
      for (let i = 0; i < 100 && !text; i++) {
        const row: { text_body: string } | undefined = await t.platform.services
          .db('mail_outbox')
          .where({ template: 'invitation', to_address: other.email })
          .first('text_body');
        text = row?.text_body ?? '';
        if (!text) await new Promise((r) => setTimeout(r, 50));
      }
      const invitationToken = /\/auth\/accept-invitation\/([\w-]+)/.exec(text)?.[1] ?? '';
      const accepted = await t.client()('POST', `/api/auth/invitation/${invitationToken}`, {
        json: { password: other.password },
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const login = await t.client()<{ token: string }>('POST', '/api/auth/login', {
        json: { email: other.email, password: other.password, account_id: t.admin.accountId },
      });
      const memberToken = login.body.token;
      const socket = await connect(t.baseUrl, memberToken);
      sockets.push(socket);
      const gone = disconnected(socket);
      const deactivated = await t.client(token)('PUT', `/api/users/${invited.body.data.id}`, {
        json: { status: 'INACTIVE' },
      });
      expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
      expect(await gone).toBe('io server disconnect');
    });
  });
});
