import type { ReadModelChanged } from './liveMap';

/**
 * The newest position each read model announced per notice key, so a live counter can start from a snapshot
 * and apply only the notices newer than it. Positions are per read model (each projection has its own
 * checkpoint), hence one entry per key and read model.
 */
export class NoticePositions {
  private readonly latest = new Map<string, Map<string, bigint>>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  record(notice: ReadModelChanged): void {
    let position: bigint;
    try {
      position = BigInt(notice.position);
    } catch {
      return;
    }
    let changed = false;
    for (const key of notice.keys) {
      const byReadModel = this.latest.get(key) ?? new Map<string, bigint>();
      const known = byReadModel.get(notice.readModel);
      if (known !== undefined && known >= position) continue;
      byReadModel.set(notice.readModel, position);
      this.latest.set(key, byReadModel);
      changed = true;
    }
    if (!changed) return;
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** The newest position `readModel` announced for `key`, as the decimal string the server sent; null before any. */
  positionOf(key: string, readModel: string): string | null {
    return this.latest.get(key)?.get(readModel)?.toString() ?? null;
  }

  /** Whether a snapshot taken at `position` is already older than what `readModel` announced for `key`. */
  isBehind(key: string, readModel: string, position: string): boolean {
    const known = this.latest.get(key)?.get(readModel);
    return known !== undefined && known > BigInt(position);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): number => this.version;
}
