import type { CheckInChanged } from '../../kit/contracts/realtime';

/** Where a change comes from: a door of this process, or another API process that relayed it. */
export type CheckInOrigin = 'here' | 'peer';

/**
 * Admissions and check-outs just committed, handed to the realtime layer at once, so the other devices of the
 * list hear of them without waiting for the read model (docs/admission.md "Live"). Those of this process's
 * doors are relayed to the other API processes, which hand them to their devices the same way (`receive`).
 */
export class CheckInFeed {
  private readonly listeners = new Set<(change: CheckInChanged, origin: CheckInOrigin) => void>();
  /** The last change published here per (list, attendee): the read-model notice of it need not go out again. */
  private readonly published = new Map<string, string>();

  constructor(private readonly remember = 100_000) {}

  publish(change: CheckInChanged): void {
    this.record(change, 'here');
  }

  /** A change another API process's door committed. */
  receive(change: CheckInChanged): void {
    this.record(change, 'peer');
  }

  private record(change: CheckInChanged, origin: CheckInOrigin): void {
    const key = `${change.checkInListId}:${change.attendeeId}`;
    this.published.delete(key);
    this.published.set(key, `${change.checkInId}:${change.state}`);
    if (this.published.size > this.remember) this.published.delete(this.published.keys().next().value!);
    for (const listener of this.listeners) listener(change, origin);
  }

  /** Whether the latest published change of this attendee on this list is the one the read model now holds. */
  alreadyPublished(checkInListId: string, attendeeId: string, checkInId: string, state: string): boolean {
    return this.published.get(`${checkInListId}:${attendeeId}`) === `${checkInId}:${state}`;
  }

  subscribe(listener: (change: CheckInChanged, origin: CheckInOrigin) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
