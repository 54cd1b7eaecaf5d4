import type { CheckInChanged } from '../../kit/contracts/realtime';
import type { LiveHandlers, PlatformSocket } from '../../kit/live';
import { isShortId } from '../../kit/shortIds';
import {
  checkInProjection,
  findAttendeeCheckIns,
  findCheckInList,
  findCheckInListByShortId,
} from '../../../projections/checkIn';
import type { CheckInFeed } from './checkInFeed';

/**
 * The scanning devices' live connection: no login, the check-in list's link is a device's credential and it
 * joins only that list's room. Admissions reach the devices from the feed (this process's doors, and those of
 * the other API processes, relayed over the bus) and from the check-in read model's notices.
 */
export function checkInLive(checkInFeed: CheckInFeed): LiveHandlers {
  return {
    register(io, { services, shared }) {
      io.use((socket, next) => {
        const shortId = (socket.handshake.auth as { checkInList?: unknown }).checkInList;
        if (shortId === undefined) return next();
        if (typeof shortId !== 'string' || !isShortId(shortId))
          return next(new Error('check_in_list_not_found'));
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

      io.on('connection', (socket) => {
        const device = deviceOf(socket);
        if (device) void socket.join(`check-in-list:${device.checkInListId}`);
      });

      const checkInPushes = new CheckInPushes((checkInListId, changes) =>
        io.local.to(`check-in-list:${checkInListId}`).emit('checkin.changes', changes),
      );
      const stopFeed = checkInFeed.subscribe((change, origin) => {
        checkInPushes.add(change);
        if (origin === 'here' && shared) io.serverSideEmit('checkin.published', change);
      });
      const fromPeers = (change: CheckInChanged) => checkInFeed.receive(change);
      io.on('checkin.published', fromPeers);

      /**
       * Each admission or check-out the check-in read model committed goes to the devices of its list, and a
       * rotated or deleted link disconnects the devices still holding the old one.
       */
      const pushCheckIns = (keys: readonly string[], position: bigint): void => {
        const attendeesByList = new Map<string, string[]>();
        for (const key of keys) {
          const change = /^check-in:(cl_[0-9a-z]+):(.+)$/.exec(key);
          if (change?.[1] && change[2]) {
            const listed = attendeesByList.get(change[1]);
            if (listed) listed.push(change[2]);
            else attendeesByList.set(change[1], [change[2]]);
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

      const unsubscribe = services.readSide.onNotice((notice) => {
        if (notice.projection === checkInProjection.name && notice.keys.length > 0)
          pushCheckIns(notice.keys, notice.position);
      });

      return {
        admitted: (socket) => deviceOf(socket) !== undefined,
        ownsKey: isDeviceKey,
        close: () => {
          unsubscribe();
          stopFeed();
          io.off('checkin.published', fromPeers);
        },
      };
    },
  };
}

interface DeviceData {
  device?: { checkInListId: string; shortId: string };
}

const deviceOf = (socket: PlatformSocket) => (socket.data as DeviceData).device;

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
