import type { CheckInChanged } from '../../kit/contracts/realtime';

/**
 * Admissions and check-outs this process just committed, handed to the realtime layer at once, so the other
 * devices of the list hear of them without waiting for the read model (docs/admission.md "Live"). Devices
 * connected to another API process hear of them through that process's read-model notice a moment later.
 */
export class CheckInFeed {
  private readonly listeners = new Set<(change: CheckInChanged) => void>();
  /** The last change published here per (list, attendee): the read-model notice of it need not go out again. */
  private readonly published = new Map<string, string>();

  constructor(private readonly remember = 100_000) {}

  publish(change: CheckInChanged): void {
    const key = `${change.checkInListId}:${change.attendeeId}`;
    this.published.delete(key);
    this.published.set(key, `${change.checkInId}:${change.state}`);
    if (this.published.size > this.remember) this.published.delete(this.published.keys().next().value!);
    for (const listener of this.listeners) listener(change);
  }

  /** Whether the latest published change of this attendee on this list is the one the read model now holds. */
  alreadyPublished(checkInListId: string, attendeeId: string, checkInId: string, state: string): boolean {
    return this.published.get(`${checkInListId}:${attendeeId}`) === `${checkInId}:${state}`;
  }

  subscribe(listener: (change: CheckInChanged) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
