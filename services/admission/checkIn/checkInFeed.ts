import type { CheckInChanged } from '../../kit/contracts/realtime';

/**
 * Admissions and check-outs this process just committed, handed to the realtime layer at once, so the other
 * devices of the list hear of them without waiting for the read model (docs/admission.md "Live"). Devices
 * connected to another API process hear of them through that process's read-model notice a moment later.
 */
export class CheckInFeed {
  private readonly listeners = new Set<(change: CheckInChanged) => void>();

  publish(change: CheckInChanged): void {
    for (const listener of this.listeners) listener(change);
  }

  subscribe(listener: (change: CheckInChanged) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
