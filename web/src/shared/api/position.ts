/**
 * Read-your-writes across the event-sourced backend.
 *
 * Every mutation answers with `X-Position`, the global position of the last event it appended. We keep the
 * highest position seen and send it as `X-Min-Position` on later reads, so the API can wait until the read
 * models have caught up with our own actions (design section 5: never show stale data after an action).
 */
export const POSITION_HEADER = 'X-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';

let highest: bigint | null = null;

function parsePosition(value: string | null | undefined): bigint | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  try {
    return BigInt(trimmed);
  } catch {
    return null;
  }
}

/** Records a position from a response header; keeps the highest one. */
export function notePosition(value: string | null | undefined): void {
  const position = parsePosition(value);
  if (position === null) return;
  if (highest === null || position > highest) highest = position;
}

/** The highest position seen, as the decimal string to send, or null before the first mutation. */
export function minPosition(): string | null {
  return highest === null ? null : highest.toString();
}

/** For tests. */
export function resetPosition(): void {
  highest = null;
}
