import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../services/kit/contracts/realtime';
import type { LiveRoom } from './liveMap';

export type RoomStatus = 'joining' | 'joined' | 'refused';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Room {
  status: RoomStatus;
  readonly holders: Set<(status: RoomStatus) => void>;
}

/**
 * The rooms the components of one page hold on its socket, counted: the socket joins a room with the room's first
 * holder (and again after every reconnect) and leaves it only when the last holder lets go. The event layout and
 * the section inside it (the dashboard, the check-in lists) hold the same event's room; without the count, a
 * section that unmounts would take the room from the layout, whose lists would stop following the event.
 */
export class RoomHolds {
  readonly #rooms = new Map<LiveRoom, Room>();

  constructor(
    private readonly socket: LiveSocket,
    /** A room was joined: notices sent before the join were not heard, so the page refetches. */
    private readonly joined: () => void,
  ) {
    socket.on('connect', this.#rejoinAll);
    socket.on('disconnect', this.#lost);
  }

  /** Holds `room` until the returned function is called; `onStatus` hears the room's status, the current one first. */
  hold(room: LiveRoom, onStatus: (status: RoomStatus) => void): () => void {
    let held = this.#rooms.get(room);
    if (held) {
      held.holders.add(onStatus);
      onStatus(held.status);
    } else {
      held = { status: 'joining', holders: new Set([onStatus]) };
      this.#rooms.set(room, held);
      onStatus('joining');
      if (this.socket.connected) this.#join(room, held);
    }
    const entry = held;
    return () => {
      entry.holders.delete(onStatus);
      if (entry.holders.size > 0 || this.#rooms.get(room) !== entry) return;
      this.#rooms.delete(room);
      this.socket.emit('unsubscribe', { room });
    };
  }

  /** Stops following the socket's connection (the socket itself is the caller's to close). */
  close(): void {
    this.socket.off('connect', this.#rejoinAll);
    this.socket.off('disconnect', this.#lost);
    this.#rooms.clear();
  }

  #join(room: LiveRoom, held: Room): void {
    this.#set(held, 'joining');
    this.socket.emit('subscribe', { room }, (answer) => {
      // Let go of (or joined again) meanwhile: this answer is no longer the room's.
      if (this.#rooms.get(room) !== held) return;
      this.#set(held, answer.ok ? 'joined' : 'refused');
      if (answer.ok) this.joined();
    });
  }

  #set(held: Room, status: RoomStatus): void {
    if (held.status === status) return;
    held.status = status;
    for (const holder of held.holders) holder(status);
  }

  readonly #rejoinAll = () => {
    for (const [room, held] of this.#rooms) this.#join(room, held);
  };

  /** Disconnected, a room hears nothing until the socket is back and has joined it again. */
  readonly #lost = () => {
    for (const held of this.#rooms.values()) this.#set(held, 'joining');
  };
}
