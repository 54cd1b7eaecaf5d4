import type { Server as HttpServer } from 'node:http';
import type { Services } from '../kit/http/context';
import { hashToken } from '../identity/auth';
import { findActiveSession, findActiveSessionIds, type ActiveSession } from '../../projections/identity';
import { identityProjection, sessionsProjection } from '../../projections/identity';
import { findAccountEvent } from '../../projections/events';
import {
  checkInProjection,
  findAttendeeCheckIns,
  findCheckInList,
  findCheckInListByShortId,
} from '../../projections/checkIn';
import { isShortId } from '../kit/shortIds';
import { CheckInFeed } from '../admission/checkIn/checkInFeed';
import type { CheckInChanged, ReadModelChanged, SubscribeAnswer } from '../kit/contracts/realtime';
import { Server } from 'socket.io';
import type { ClusterBus, PlatformIo } from './clusterBus';

/**
 * Socket.IO on the API's HTTP server, authenticated by the same bearer token. Each socket joins its account's
 * room and may subscribe to its own events' rooms; projection notices become `readmodel.changed` messages
 * in the rooms named by the notice's keys. Every API process hears every notice (its own runner's, or relayed:
 * services/api/clusterBus.ts), so each sends them to its own sockets only; the admissions a door of this process
 * committed go to the other processes over the bus, which hand them to their devices.
 */
export function attachRealtime(
  server: HttpServer,
  services: Services,
  checkInFeed: CheckInFeed = new CheckInFeed(),
  bus: Pick<ClusterBus, 'io' | 'shared'> = {
    io: new Server({ serveClient: false, transports: ['websocket', 'polling'] }),
    shared: false,
  },
): { io: PlatformIo; close(): Promise<void> } {
  const { io } = bus;
  io.attach(server);

  // A scanning device: no login, the check-in list's link is its credential; it joins only that list's room.
  io.use((socket, next) => {
    const shortId = (socket.handshake.auth as { checkInList?: unknown }).checkInList;
    if (shortId === undefined) return next();
    if (typeof shortId !== 'string' || !isShortId(shortId)) return next(new Error('check_in_list_not_found'));
    findCheckInListByShortId(services.db, shortId).then(
      (found) => {
        if (!found) return next(new Error('check_in_list_not_found'));
        if ('revoked' in found) return next(new Error('check_in_link_revoked'));
        (socket.data as DeviceData).device = { checkInListId: found.list.id, shortId };
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });

  io.use((socket, next) => {
    if ((socket.data as DeviceData).device) return next();
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
    const device = (socket.data as DeviceData).device;
    if (device) {
      void socket.join(`check-in-list:${device.checkInListId}`);
      return;
    }
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
        const sockets = [...io.of('/').sockets.values()].filter(
          (socket) => !(socket.data as DeviceData).device,
        );
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

  const checkInPushes = new CheckInPushes((checkInListId, changes) =>
    io.local.to(`check-in-list:${checkInListId}`).emit('checkin.changes', changes),
  );
  const stopFeed = checkInFeed.subscribe((change, origin) => {
    checkInPushes.add(change);
    if (origin === 'here' && bus.shared) io.serverSideEmit('checkin.published', change);
  });
  const fromPeers = (change: CheckInChanged) => checkInFeed.receive(change);
  io.on('checkin.published', fromPeers);

  const unsubscribe = services.readSide.onNotice((notice) => {
    // A logout (sessions) or a deactivated member (identity) ends the session's live connections.
    if (notice.projection === sessionsProjection.name || notice.projection === identityProjection.name)
      disconnectEnded();
    if (notice.keys.length === 0) return;
    if (notice.projection === checkInProjection.name) pushCheckIns(notice.keys, notice.position);
    const message: ReadModelChanged = {
      readModel: notice.projection,
      keys: notice.keys,
      position: notice.position.toString(),
    };
    const memberRooms = notice.keys.filter((key) => !isDeviceKey(key));
    if (memberRooms.length > 0) io.local.to(memberRooms).emit('readmodel.changed', message);
  });

  /**
   * Each admission or check-out the check-in read model committed goes to the devices of its list, and a
   * rotated or deleted link disconnects the devices still holding the old one.
   */
  const pushCheckIns = (keys: readonly string[], position: bigint): void => {
    const attendeesByList = new Map<string, string[]>();
    for (const key of keys) {
      const change = /^check-in:(cl_[0-9a-z]+):(.+)$/.exec(key);
      if (change?.[1] && change[2]) {
        attendeesByList.set(change[1], [...(attendeesByList.get(change[1]) ?? []), change[2]]);
        continue;
      }
      // A notice without admissions of its list may be a rotated or deleted link.
      const list = /^check-in-list:(cl_[0-9a-z]+)$/.exec(key)?.[1];
      if (list && !keys.some((other) => other.startsWith(`check-in:${list}:`)))
        void disconnectRevokedDevices(list).catch((error: unknown) =>
          services.logger.error('checking check-in links failed', { error }),
        );
    }
    for (const [checkInListId, attendeeIds] of attendeesByList)
      findAttendeeCheckIns(services.db, checkInListId, attendeeIds).then(
        (rows) => {
          for (const row of rows) {
            // Admitted through this process: its devices heard of it from the feed already.
            if (checkInFeed.alreadyPublished(checkInListId, row.attendee_id, row.check_in_id, row.state))
              continue;
            const message: CheckInChanged = {
              checkInListId,
              attendeeId: row.attendee_id,
              checkInId: row.check_in_id,
              state: row.state,
              checkedInAt: row.scanned_at,
              deviceId: row.device_id,
              gate: row.gate,
              position: position.toString(),
            };
            checkInPushes.add(message);
          }
        },
        (error: unknown) => services.logger.error('pushing a check-in failed', { error }),
      );
  };

  const disconnectRevokedDevices = async (checkInListId: string): Promise<void> => {
    const row = await findCheckInList(services.db, checkInListId);
    const sockets = await io.local.in(`check-in-list:${checkInListId}`).fetchSockets();
    for (const socket of sockets)
      if ((socket.data as DeviceData).device?.shortId !== row?.short_id) socket.disconnect(true);
  };

  return {
    io,
    // Not io.close(): that closes the HTTP server too, which compose.ts drains on its own terms.
    close: () => {
      unsubscribe();
      stopFeed();
      io.off('checkin.published', fromPeers);
      clearInterval(expiryTimer);
      io.local.disconnectSockets(true);
      io.engine.close();
      return Promise.resolve();
    },
  };
}

interface DeviceData {
  device?: { checkInListId: string; shortId: string };
}

/**
 * Keys naming a check-in list's devices or one admission: the devices hear `checkin.changes` only (pushed
 * above), never the read-model notices meant for members, which would be twenty frames per scan for nothing.
 */
function isDeviceKey(key: string): boolean {
  return key.startsWith('check-in-list:') || key.startsWith('check-in:');
}

/**
 * Admissions go to a list's devices in frames, at most one per list every `spacingMs`: under a rush the
 * group commit settles many scans at once, and a frame (with its write to each of the devices' sockets, and a
 * wake-up of each phone) per admission cost more than deciding them. A lone admission, or the first after a
 * quiet spell, waits for nothing but the end of the current turn of the event loop; those that follow within
 * the spacing go together when it ends, so a push is late by at most the spacing.
 */
export class CheckInPushes {
  private readonly lists = new Map<string, PendingPushes>();

  constructor(
    private readonly send: (checkInListId: string, changes: CheckInChanged[]) => void,
    private readonly spacingMs = 10,
  ) {}

  add(change: CheckInChanged): void {
    let list = this.lists.get(change.checkInListId);
    if (!list) {
      list = { changes: [], sentAt: Number.NEGATIVE_INFINITY, scheduled: false };
      this.lists.set(change.checkInListId, list);
    }
    list.changes.push(change);
    if (list.scheduled) return;
    list.scheduled = true;
    const wait = list.sentAt + this.spacingMs - performance.now();
    if (wait > 0) setTimeout(() => this.flush(change.checkInListId), wait).unref();
    else setImmediate(() => this.flush(change.checkInListId));
  }

  private flush(checkInListId: string): void {
    const list = this.lists.get(checkInListId);
    if (!list) return;
    const changes = list.changes;
    list.changes = [];
    list.scheduled = false;
    list.sentAt = performance.now();
    this.send(checkInListId, changes);
    if (this.lists.size > 1_000) this.forgetQuietLists();
  }

  /** Lists with nothing pending whose spacing has passed: their next admission goes out at once anyway. */
  private forgetQuietLists(): void {
    const quietSince = performance.now() - this.spacingMs;
    for (const [checkInListId, list] of this.lists)
      if (!list.scheduled && list.sentAt <= quietSince) this.lists.delete(checkInListId);
  }
}

interface PendingPushes {
  changes: CheckInChanged[];
  /** When the list's last frame went out (performance.now()). */
  sentAt: number;
  scheduled: boolean;
}
