/**
 * The waiting room's pass of this browser tab for an event (docs/waiting-room.md, "Token"): kept in
 * `sessionStorage`, so a reload keeps the place and a new tab queues on its own. The reservation sends it as
 * `X-Waiting-Room-Token`; the server decides whether it lets the buyer in.
 */
const key = (eventId: string) => `waitingRoom:${eventId}`;

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function waitingRoomPass(eventId: string): string | null {
  try {
    return store()?.getItem(key(eventId)) ?? null;
  } catch {
    return null;
  }
}

export function keepWaitingRoomPass(eventId: string, token: string): void {
  try {
    store()?.setItem(key(eventId), token);
  } catch {
    // private mode or full storage: the pass lives as long as the page does
  }
}

/** The header a reservation carries, when this tab holds a pass for the event. */
export function waitingRoomHeaders(eventId: string): Record<string, string> {
  const pass = waitingRoomPass(eventId);
  return pass ? { 'X-Waiting-Room-Token': pass } : {};
}
