import { useEffect, useState } from 'react';

/** The unit a countdown is spoken in, as `Intl.RelativeTimeFormat` and `FormattedRelativeTime` take it. */
export type CountdownUnit = 'second' | 'minute' | 'hour' | 'day';

export interface Countdown {
  /** Milliseconds until the deadline; 0 once it has passed. */
  remainingMs: number;
  expired: boolean;
  /** How far away the deadline is in `unit`, rounded up so that "in 0 minutes" never shows before the end. */
  value: number;
  unit: CountdownUnit;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long until `deadlineMs` at `nowMs`, in the largest unit that still reads naturally: seconds in the last
 * minute, minutes in the last hour, hours in the last day, days before. Render it with
 * `intl.formatRelativeTime(value, unit)` ("in 5 minutes", "dans 5 minutes", "5分钟后").
 */
export function countdownAt(deadlineMs: number, nowMs: number): Countdown {
  const remainingMs = Math.max(0, deadlineMs - nowMs);
  const expired = remainingMs === 0;
  if (remainingMs < MINUTE)
    return { remainingMs, expired, value: Math.ceil(remainingMs / SECOND), unit: 'second' };
  if (remainingMs < HOUR)
    return { remainingMs, expired, value: Math.ceil(remainingMs / MINUTE), unit: 'minute' };
  if (remainingMs < DAY) return { remainingMs, expired, value: Math.ceil(remainingMs / HOUR), unit: 'hour' };
  return { remainingMs, expired, value: Math.ceil(remainingMs / DAY), unit: 'day' };
}

function toMs(deadline: Date | string | number): number {
  return deadline instanceof Date
    ? deadline.getTime()
    : typeof deadline === 'string'
      ? Date.parse(deadline)
      : deadline;
}

export interface CountdownOptions {
  /** The clock; tests inject one. */
  now?: () => number;
  /** How often the countdown re-reads the clock. */
  tickMs?: number;
}

/**
 * A countdown to `deadline` (a reservation's expiry, an event's start) that re-renders every `tickMs` until the
 * deadline passes, then stops ticking.
 */
export function useCountdown(
  deadline: Date | string | number,
  { now = Date.now, tickMs = SECOND }: CountdownOptions = {},
): Countdown {
  const deadlineMs = toMs(deadline);
  const [countdown, setCountdown] = useState(() => countdownAt(deadlineMs, now()));
  useEffect(() => {
    setCountdown(countdownAt(deadlineMs, now()));
    const timer = setInterval(() => {
      const next = countdownAt(deadlineMs, now());
      setCountdown(next);
      if (next.expired) clearInterval(timer);
    }, tickMs);
    return () => clearInterval(timer);
  }, [deadlineMs, now, tickMs]);
  return countdown;
}
