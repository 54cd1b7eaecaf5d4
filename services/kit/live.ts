import type { Server, Socket } from 'socket.io';
import type { CheckInChanged, ClientToServerEvents, ServerToClientEvents } from './contracts/realtime';
import type { Services } from './http/context';
import type { ProjectionNotice } from '../../projections/runner/types';

/** The platform's one Socket.IO server (services/api/clusterBus.ts), typed with what the processes tell each other. */
export type PlatformIo = Server<ClientToServerEvents, ServerToClientEvents, PeerEvents>;
export type PlatformSocket = Socket<ClientToServerEvents, ServerToClientEvents, PeerEvents>;

export interface RelayedNotice {
  projection: ProjectionNotice['projection'];
  position: string;
  keys: ProjectionNotice['keys'];
}

export interface PeerEvents {
  'readmodel.notices': (notices: RelayedNotice[]) => void;
  'checkin.published': (change: CheckInChanged) => void;
}

/**
 * A feature's own part of the live connection: sockets it admits on a credential of its own, their rooms and
 * the pushes to them. services/api/realtime.ts composes them around the members' sockets, as
 * web/src/app/live.ts composes the web's `live.ts` files.
 */
export interface LiveHandlers {
  /** Runs before the members' login check, so the feature's middleware sees each handshake first. */
  register(io: PlatformIo, context: LiveContext): LiveRegistration;
}

export interface LiveContext {
  services: Services;
  /** Whether other API processes hear this one's `serverSideEmit`. */
  shared: boolean;
}

export interface LiveRegistration {
  /** A socket the feature admitted itself: it has no session, joins no member room and never expires as one. */
  admitted(socket: PlatformSocket): boolean;
  /** A notice key naming one of the feature's rooms: the feature pushes to it, members' notices stay out. */
  ownsKey(key: string): boolean;
  close(): void;
}
