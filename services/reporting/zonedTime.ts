/**
 * Grouping UTC minutes by the event's time zone (docs/reporting.md): the read models store UTC minutes; an
 * hour or a day is the event's local hour or day, worked out here when a dashboard or a report is read.
 */

export type Granularity = 'minute' | 'hour' | 'day';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `2026-11-22T19:05` in `timeZone` for an instant (milliseconds since the epoch). */
export function localMinute(at: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The local bucket an instant falls in: `2026-11-22`, `2026-11-22T19:00` or `2026-11-22T19:05`. */
export function bucketOf(at: number, timeZone: string, granularity: Granularity): string {
  const local = localMinute(at, timeZone);
  if (granularity === 'day') return local.slice(0, 10);
  if (granularity === 'hour') return `${local.slice(0, 13)}:00`;
  return local;
}

const STEP_MS: Record<Granularity, number> = { minute: 60_000, hour: 15 * 60_000, day: 60 * 60_000 };

/**
 * Every local bucket from the one holding `from` to the one holding `to`, oldest first, without gaps or
 * repeats. Hours step by a quarter hour and days by an hour, so offsets of 30 or 45 minutes and days of 23
 * or 25 hours are all met.
 */
export function bucketsBetween(
  from: number,
  to: number,
  timeZone: string,
  granularity: Granularity,
): string[] {
  const buckets: string[] = [];
  const step = STEP_MS[granularity];
  const start = from - (from % 60_000);
  for (let at = start; at <= to; at += step) {
    const bucket = bucketOf(at, timeZone, granularity);
    if (buckets[buckets.length - 1] !== bucket) buckets.push(bucket);
  }
  const last = bucketOf(to, timeZone, granularity);
  if (buckets[buckets.length - 1] !== last) buckets.push(last);
  return buckets;
}

/** The instant a local date (`2026-03-29`) starts in `timeZone`: midnight there, or the first minute after a gap. */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const wanted = Date.UTC(year, month - 1, day);
  let guess = wanted;
  // Two corrections settle the zone's offset at that instant, across a change of offset too.
  for (let i = 0; i < 3; i++) {
    const local = localMinute(guess, timeZone);
    const shown = Date.parse(`${local}:00.000Z`);
    guess += wanted - shown;
  }
  while (localMinute(guess, timeZone).slice(0, 10) < date) guess += 60_000;
  while (localMinute(guess - 60_000, timeZone).slice(0, 10) >= date) guess -= 60_000;
  return guess;
}

/** Whether a string is a real calendar date `YYYY-MM-DD`. */
export function isLocalDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value);
}

/** The day after a local date. */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}
