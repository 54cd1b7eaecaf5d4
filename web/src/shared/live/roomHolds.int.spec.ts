import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveRoom } from './liveMap';
import { RoomHolds, type LiveSocket, type RoomStatus } from './roomHolds';

const room: LiveRoom = 'event:ev_roomholds01';
const refused: LiveRoom = 'event:ev_notyours001';

/**
 * A real Socket.IO server that joins rooms as the platform's does (after an asynchronous check, services/api/
 * realtime.ts), and a real client socket under RoomHolds.
 */
describe('RoomHolds: the rooms a page holds on its socket', () => {
  let http: HttpServer;
  let server: Server;
  let socket: LiveSocket;
  let rooms: RoomHolds;
  let joins = 0;

  const members = async (name: LiveRoom) => (await server.in(name).fetchSockets()).length;
  const statuses = () => {
    const heard: RoomStatus[] = [];
    return { heard, listen: (status: RoomStatus) => heard.push(status) };
  };

  beforeEach(async () => {
    http = createServer();
    server = new Server(http);
    server.on('connection', (client) => {
      client.on('subscribe', async (payload: { room: string }, ack: (answer: { ok: boolean }) => void) => {
        await nextTurn();
        if (payload.room === refused) return ack({ ok: false });
        await client.join(payload.room);
        ack({ ok: true });
      });
      client.on('unsubscribe', (payload: { room: string }) => void client.leave(payload.room));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    socket = io(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'] });
    joins = 0;
    rooms = new RoomHolds(socket, () => joins++);
  });

  afterEach(async () => {
    rooms.close();
    socket.disconnect();
    await server.close();
  });

  it('keeps the room while any holder holds it, and leaves it with the last', async () => {
    const layout = statuses();
    const section = statuses();
    const releaseLayout = rooms.hold(room, layout.listen);
    await expect.poll(() => layout.heard.at(-1)).toBe('joined');
    const releaseSection = rooms.hold(room, section.listen);
    expect(section.heard).toEqual(['joined']);
    expect(await members(room)).toBe(1);

    // The section unmounts: the layout around it still follows the event.
    releaseSection();
    await nextTurn();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await members(room)).toBe(1);
    server.to(room).emit('readmodel.changed', { readModel: 'tickets', keys: [room], position: '7' });
    const heard = await new Promise((resolve) => socket.once('readmodel.changed', resolve));
    expect(heard).toMatchObject({ readModel: 'tickets', position: '7' });

    releaseLayout();
    await expect.poll(() => members(room)).toBe(0);
    expect(joins).toBe(1);
  });

  it('joins again after a reconnect, and tells each holder', async () => {
    const holder = statuses();
    rooms.hold(room, holder.listen);
    await expect.poll(() => holder.heard.at(-1)).toBe('joined');
    socket.disconnect();
    expect(holder.heard.at(-1)).toBe('joining');
    await expect.poll(() => members(room)).toBe(0);
    socket.connect();
    await expect.poll(() => holder.heard.at(-1)).toBe('joined');
    expect(await members(room)).toBe(1);
    expect(holder.heard).toEqual(['joining', 'joined', 'joining', 'joined']);
    expect(joins).toBe(2);
  });

  it('reports a room the server refuses, and a hold let go before the answer stays let go', async () => {
    const holder = statuses();
    rooms.hold(refused, holder.listen);
    await expect.poll(() => holder.heard.at(-1)).toBe('refused');

    const brief = statuses();
    const release = rooms.hold(room, brief.listen);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(brief.heard).toEqual(['joining']);
    expect(joins).toBe(0);
  });
});
