import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { io } from 'socket.io-client';
import { getToken } from '../api/session';
import type { LiveMap, LiveRoom, ReadModelChanged } from './liveMap';
import { NoticePositions } from './positions';
import { RoomHolds, type LiveSocket, type RoomStatus } from './roomHolds';

export type { RoomStatus } from './roomHolds';

interface Live {
  socket: LiveSocket | null;
  /** The rooms this page's components hold on the socket, counted. */
  rooms: RoomHolds | null;
  positions: NoticePositions;
}

const LiveContext = createContext<Live | null>(null);

/**
 * Keeps the manage area live: one Socket.IO connection to this origin, authenticated with the bearer token;
 * every `readmodel.changed` notice invalidates the queries `map` names for it (each feature declares its own in
 * `live.ts`, app/live.ts joins them) and its position is kept. After each connect (the first one too), and after
 * each room is joined, everything the map feeds is refetched: notices sent before the join never reached this
 * page, so only a snapshot read after it is sure to include them (joins at the same moment share one refetch).
 */
export function LiveUpdates({ map, children }: { map: LiveMap; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<Live>(() => ({
    socket: null,
    rooms: null,
    positions: new NoticePositions(),
  }));

  useEffect(() => {
    const token = getToken();
    // The server authenticates sockets by bearer token only; without one there is nothing to listen to.
    if (!token) return undefined;
    const socket: LiveSocket = io({ auth: { token }, withCredentials: true });
    const invalidate = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const onChanged = (notice: ReadModelChanged) => {
      if (!notice || typeof notice.readModel !== 'string' || !Array.isArray(notice.keys)) return;
      live.positions.record(notice);
      invalidate(map.invalidates(notice));
    };
    let catchUp: ReturnType<typeof setTimeout> | null = null;
    // A room was joined: refetch what the live read models feed, since notices before the join were not heard.
    const rooms = new RoomHolds(socket, () => {
      catchUp ??= setTimeout(() => {
        catchUp = null;
        invalidate(map.feeds);
      }, 0);
    });
    // Connected, the first time too: the server joins the account's room only now, so a notice sent between the
    // page's first reads and this moment (a Stripe webhook just after the redirect back) reached no one here.
    const onConnect = () => invalidate(map.feeds);
    socket.on('readmodel.changed', onChanged);
    socket.on('connect', onConnect);
    setLive((current) => ({ ...current, socket, rooms }));
    return () => {
      if (catchUp) clearTimeout(catchUp);
      rooms.close();
      socket.off('readmodel.changed', onChanged);
      socket.off('connect', onConnect);
      socket.disconnect();
      setLive((current) => ({ ...current, socket: null, rooms: null }));
    };
  }, [queryClient, map, live.positions]);

  return <LiveContext value={live}>{children}</LiveContext>;
}

/**
 * Joins one of the account's event rooms for as long as the caller is mounted (a dashboard, a scanner), again
 * after every reconnect. `positionOf(readModel)` is the newest position that read model announced for the
 * room: a live counter shows its snapshot plus the notices newer than the snapshot's position.
 */
export function useLiveRoom(room: LiveRoom): {
  status: RoomStatus;
  positionOf: (readModel: string) => string | null;
} {
  const live = useContext(LiveContext);
  const [status, setStatus] = useState<RoomStatus>('joining');
  const rooms = live?.rooms ?? null;

  // Held, not joined outright: the layout and the section inside it may hold the same room (roomHolds.ts).
  useEffect(() => rooms?.hold(room, setStatus), [rooms, room]);

  const positions = live?.positions;
  useSyncExternalStore(positions?.subscribe ?? noSubscription, positions?.snapshot ?? noVersion);
  return { status, positionOf: (readModel) => positions?.positionOf(room, readModel) ?? null };
}

/** Calls `onNotice` with every notice naming `key` (a room or `account:…`), position included, while mounted. */
export function useLiveNotices(key: string, onNotice: (notice: ReadModelChanged) => void): void {
  const socket = useContext(LiveContext)?.socket ?? null;
  const latest = useRef(onNotice);
  useEffect(() => {
    latest.current = onNotice;
  });
  useEffect(() => {
    if (!socket) return undefined;
    const listener = (notice: ReadModelChanged) => {
      if (Array.isArray(notice?.keys) && notice.keys.includes(key)) latest.current(notice);
    };
    socket.on('readmodel.changed', listener);
    return () => {
      socket.off('readmodel.changed', listener);
    };
  }, [socket, key]);
}

const noSubscription = () => () => undefined;
const noVersion = () => 0;
