/**
 * The live-update contract between the API's Socket.IO server and the web (design section 6), declared once.
 * Type-only: the web imports it with `import type`, so nothing from the server ends up in its bundle.
 */

/**
 * What a notice says was touched, e.g. `event:ev_1` or `account:ac_1`. A key is also the name of the Socket.IO
 * room that receives the notice.
 */
export type NoticeKey = string;

/** A room a socket may join on request (its account's room it joins on connecting). */
export type LiveRoom = `event:${string}`;

/** What the server emits after a projection commits a batch that touched something. */
export interface ReadModelChanged {
  /** The projection that committed, e.g. `events`. */
  readModel: string;
  keys: NoticeKey[];
  /** The projection's checkpoint after the batch, a decimal bigint: later notices carry larger positions. */
  position: string;
}

export type SubscribeAnswer = { ok: true } | { ok: false; reason: string };

/**
 * Pushed to every scanning device of a check-in list (room `check-in-list:<listId>`, joined by connecting with
 * `auth: { checkInList: <shortId> }`, no login) right after an admission or a check-out is committed. A device
 * keeps the admitted attendee ids and answers the next scan of one as a duplicate before asking. They travel
 * in `checkin.changes`: what one turn of the server's event loop committed for the list, in order, one frame.
 */
export interface CheckInChanged {
  checkInListId: string;
  attendeeId: string;
  checkInId: string;
  state: 'CHECKED_IN' | 'CHECKED_OUT';
  /** When the door scanned it. */
  checkedInAt: string;
  deviceId: string;
  gate: string | null;
  /** The read model's position after the change, a decimal bigint (compare with the snapshot's). */
  position: string;
}

/** Messages the server sends. */
export interface ServerToClientEvents {
  'readmodel.changed': (notice: ReadModelChanged) => void;
  'checkin.changes': (changes: CheckInChanged[]) => void;
}

/** Messages a client sends: join or leave one of its own events' rooms. */
export interface ClientToServerEvents {
  subscribe: (payload: { room: LiveRoom }, ack?: (answer: SubscribeAnswer) => void) => void;
  unsubscribe: (payload: { room: LiveRoom }) => void;
}
