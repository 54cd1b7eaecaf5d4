import type { Server as HttpServer } from 'node:http';
import type { Services } from '../kit/http/context';
import { hashToken } from '../identity/auth';
import { findActiveSession, findActiveSessionIds, type ActiveSession } from '../../projections/identity';
import { identityProjection, sessionsProjection } from '../../projections/identity';
import { findAccountEvent } from '../../projections/events';
import type { ReadModelChanged, SubscribeAnswer } from '../kit/contracts/realtime';
import type { LiveHandlers, PlatformIo, PlatformSocket } from '../kit/live';
import { Server } from 'socket.io';
import type { ClusterBus } from './clusterBus';

/**
 * Socket.IO on the API's HTTP server, authenticated by the same bearer token. Each socket joins its account's
 * room and may subscribe to its own events' rooms; projection notices become `readmodel.changed` messages
 * in the rooms named by the notice's keys. Every API process hears every notice (its own runner's, or relayed:
 * services/api/clusterBus.ts), so each sends them to its own sockets only; the admissions a door of this process
 * committed go to the other processes over the bus, which hand them to their devices. The features' own sockets
 * and rooms (check-in's devices) come from their `LiveHandlers`, registered before the members' login check.
 */
export function attachRealtime(
  server: HttpServer,
  services: Services,
  features: readonly LiveHandlers[] = [],
  bus: Pick<ClusterBus, 'io' | 'shared'> = {
    io: new Server({ serveClient: false, transports: ['websocket', 'polling'] }),
    shared: false,
  },
): { io: PlatformIo; close(): Promise<void> } {
  const { io } = bus;
  io.attach(server);

  const registrations = features.map((feature) => feature.register(io, { services, shared: bus.shared }));
  const admittedByFeature = (socket: PlatformSocket) =>
    registrations.some((registration) => registration.admitted(socket));
  const ownedByFeature = (key: string) => registrations.some((registration) => registration.ownsKey(key));

  io.use((socket, next) => {
    if (admittedByFeature(socket)) return next();
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string' || token.length === 0) {
      next(new Error('unauthenticated'));
      return;
    }
    findActiveSession(services.db, hashToken(token), services.clock.now()).then(
      (session) => {
        if (!session) return next(new Error('unauthenticated'));
        (socket.data as { session?: ActiveSession }).session = session;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });

  io.on('connection', (socket) => {
    if (admittedByFeature(socket)) return;
    const session = (socket.data as { session: ActiveSession }).session;
    void socket.join(`account:${session.accountId}`);
    socket.on('subscribe', (payload: unknown, ack?: (answer: SubscribeAnswer) => void) => {
      const room = (payload as { room?: unknown } | null)?.room;
      const match = typeof room === 'string' ? /^event:([a-z]{2,4}_[0-9a-z]{4,40})$/.exec(room) : null;
      if (!match?.[1]) {
        ack?.({ ok: false, reason: 'unsupported_room' });
        return;
      }
      findAccountEvent(services.db, session.accountId, match[1]).then(
        async (row) => {
          if (!row) return ack?.({ ok: false, reason: 'event_not_found' });
          await socket.join(`event:${row.id}`);
          ack?.({ ok: true });
        },
        () => ack?.({ ok: false, reason: 'internal_error' }),
      );
    });
    socket.on('unsubscribe', (payload: unknown) => {
      const room = (payload as { room?: unknown } | null)?.room;
      if (typeof room === 'string' && room.startsWith('event:')) void socket.leave(room);
    });
  });

  /**
   * A socket lives no longer than its session: after each identity change (logout, password change or reset,
   * deactivation) and once a minute (expiry), sockets whose session is no longer active are disconnected.
   */
  let checking: Promise<void> | null = null;
  let checkAgain = false;
  const disconnectEnded = (): void => {
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = (async () => {
      do {
        checkAgain = false;
        const sockets = [...io.of('/').sockets.values()].filter((socket) => !admittedByFeature(socket));
        const sessionOf = (socket: (typeof sockets)[number]) =>
          (socket.data as { session: ActiveSession }).session.sessionId;
        const active = await findActiveSessionIds(
          services.db,
          [...new Set(sockets.map(sessionOf))],
          services.clock.now(),
        );
        for (const socket of sockets) if (!active.has(sessionOf(socket))) socket.disconnect(true);
      } while (checkAgain);
    })()
      .catch((error: unknown) => services.logger.error('checking live sessions failed', { error }))
      .finally(() => {
        checking = null;
      });
  };
  const expiryTimer = setInterval(disconnectEnded, 60_000);
  expiryTimer.unref();

  const unsubscribe = services.readSide.onNotice((notice) => {
    // A logout (sessions) or a deactivated member (identity) ends the session's live connections.
    if (notice.projection === sessionsProjection.name || notice.projection === identityProjection.name)
      disconnectEnded();
    if (notice.keys.length === 0) return;
    const message: ReadModelChanged = {
      readModel: notice.projection,
      keys: notice.keys,
      position: notice.position.toString(),
    };
    const memberRooms = notice.keys.filter((key) => !ownedByFeature(key));
    if (memberRooms.length > 0) io.local.to(memberRooms).emit('readmodel.changed', message);
  });

  return {
    io,
    // Not io.close(): that closes the HTTP server too, which compose.ts drains on its own terms.
    close: () => {
      unsubscribe();
      for (const registration of registrations) registration.close();
      clearInterval(expiryTimer);
      io.local.disconnectSockets(true);
      io.engine.close();
      return Promise.resolve();
    },
  };
}
