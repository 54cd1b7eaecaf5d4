/**
 * The on-sale waiting room of an event (docs/waiting-room.md): one stream per event, `waitingRoom-<eventId>`.
 * Buyers draw numbers in arrival order; the admission keeper moves the admitted mark forward as checkout places
 * free up. The stream holds no personal data: a number is all a buyer is.
 */
export const waitingRoomStream = (eventId: string): string => `waitingRoom-${eventId}`;

/** A buyer took the next number. */
export type WaitingRoomJoined = {
  type: 'WaitingRoomJoined';
  data: { eventId: string; number: number; joinedAt: string };
};
/** Every number up to `upTo` may reserve, for the admission window from `admittedAt`. */
export type WaitingRoomAdmitted = {
  type: 'WaitingRoomAdmitted';
  data: { eventId: string; upTo: number; admittedAt: string };
};

export type WaitingRoomEvent = WaitingRoomJoined | WaitingRoomAdmitted;

export const waitingRoomEventTypes: readonly WaitingRoomEvent['type'][] = [
  'WaitingRoomJoined',
  'WaitingRoomAdmitted',
];
