/**
 * When the reservation countdown speaks and warns. The visible clock ticks every second; screen readers hear it
 * only at a few steps (WCAG 2.2.1 asks for a warning, not a running commentary), and the buyer is warned early
 * enough to ask for more time.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** `mm:ss` (or `h:mm:ss`) of what is left, rounded up to the second. */
export function clockText(remainingMs: number): string {
  const total = Math.ceil(Math.max(0, remainingMs) / SECOND);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(hours > 0 ? 2 : 1, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * The step a screen reader is told about: every 5 minutes, then at 2 and 1 minute, then 30 seconds; null between
 * (the announcement stays as it was). Expressed in whole minutes or seconds for `formatRelativeTime`.
 */
export function spokenStep(remainingMs: number): { value: number; unit: 'minute' | 'second' } {
  if (remainingMs > 5 * MINUTE) return { value: Math.ceil(remainingMs / (5 * MINUTE)) * 5, unit: 'minute' };
  if (remainingMs > 2 * MINUTE) return { value: 5, unit: 'minute' };
  if (remainingMs > MINUTE) return { value: 2, unit: 'minute' };
  if (remainingMs > 30 * SECOND) return { value: 1, unit: 'minute' };
  return { value: 30, unit: 'second' };
}

/**
 * How long before the end the buyer is warned: 2 minutes, or half the reservation when it is shorter than
 * 4 minutes (a 1-minute reservation warns at 30 seconds, not at once).
 */
export function warningLeadMs(reservationMs: number): number {
  return Math.min(2 * MINUTE, Math.max(10 * SECOND, reservationMs / 2));
}
