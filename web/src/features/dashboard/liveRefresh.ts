/** Whether a notice's position is newer than the snapshot's (positions are decimal bigints). */
export function isNewer(notice: string, snapshot: string | null): boolean {
  if (snapshot === null) return true;
  try {
    return BigInt(notice) > BigInt(snapshot);
  } catch {
    return false;
  }
}

/** How long to wait before refetching: at once after a quiet spell, else until `every` ms after the last one. */
export function refreshPlan(now: number, lastRefetch: number, every: number): number {
  return Math.max(0, lastRefetch + every - now);
}
