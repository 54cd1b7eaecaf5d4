/**
 * Conversions between a wall-clock time in an IANA time zone and a UTC instant, with nothing but `Intl`.
 *
 * Organisers type an event's start as "2026-12-12 19:30" meaning Berlin time, whatever zone their own browser
 * is in; the API wants the UTC instant.
 */

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatterCache.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading in `timeZone` at the instant `utcMs`. */
export function utcToWallTime(utcMs: number, timeZone: string): Required<WallTime> {
  const values: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(utcMs))) values[part.type] = part.value;
  const rawYear = Number(values.year);
  const year = values.era === 'BC' || values.era === 'B' ? 1 - rawYear : rawYear;
  return {
    year,
    month: Number(values.month),
    day: Number(values.day),
    hour: Number(values.hour) % 24,
    minute: Number(values.minute),
    second: Number(values.second),
  };
}

function wallAsUtcMs(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second ?? 0, 0);
  return date.getTime();
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in milliseconds (Berlin in winter: +3_600_000). */
export function timeZoneOffsetMs(utcMs: number, timeZone: string): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  return wallAsUtcMs(utcToWallTime(whole, timeZone)) - whole;
}

/**
 * The UTC instant at which the clocks in `timeZone` show `wall`.
 *
 * - A time that happens twice (clocks going back) resolves to the earlier instant.
 * - A time that does not exist (clocks jumping forward) is moved forward by the size of the gap,
 *   the way most calendar apps do (02:30 on a spring-forward night becomes 03:30).
 */
export function wallTimeToUtc(wall: WallTime, timeZone: string): Date {
  const local = wallAsUtcMs(wall);
  // The offset can only be one of the offsets in force about a day around the wanted instant.
  const candidates = new Set<number>([
    timeZoneOffsetMs(local - 86_400_000, timeZone),
    timeZoneOffsetMs(local, timeZone),
    timeZoneOffsetMs(local + 86_400_000, timeZone),
  ]);
  const matches: number[] = [];
  for (const offset of candidates) {
    const utc = local - offset;
    if (timeZoneOffsetMs(utc, timeZone) === offset) matches.push(utc);
  }
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In a gap: use the offset in force before the transition, which lands after it.
  const before = timeZoneOffsetMs(local - 86_400_000, timeZone);
  return new Date(local - before);
}

const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** Parses an `<input type="datetime-local">` value (`2026-12-12T19:30`); null when empty or malformed. */
export function parseDateTimeLocal(value: string): WallTime | null {
  const match = DATETIME_LOCAL.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const wall: WallTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: s === undefined ? 0 : Number(s),
  };
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.hour > 23 || wall.minute > 59) return null;
  const check = new Date(wallAsUtcMs(wall));
  if (check.getUTCDate() !== wall.day) return null; // 31 February and friends
  return wall;
}

/** `<input type="datetime-local">` value in `timeZone` → ISO 8601 UTC string (`2026-12-12T18:30:00.000Z`). */
export function dateTimeLocalToUtcIso(value: string, timeZone: string): string | null {
  const wall = parseDateTimeLocal(value);
  if (!wall) return null;
  return wallTimeToUtc(wall, timeZone).toISOString();
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A UTC instant → the `<input type="datetime-local">` value showing it in `timeZone`. */
export function utcToDateTimeLocal(utc: Date | string | number, timeZone: string): string {
  const ms = utc instanceof Date ? utc.getTime() : typeof utc === 'string' ? Date.parse(utc) : utc;
  const w = utcToWallTime(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The browser's own zone, falling back to UTC. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * IANA zones for a picker: the runtime's list, plus UTC and any extra zones (the browser's, the account's)
 * that the list may spell differently (an alias such as `Asia/Calcutta`).
 */
export function listTimeZones(extra: ReadonlyArray<string | null | undefined> = []): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  all.add('UTC');
  for (const zone of extra) if (zone && isValidTimeZone(zone)) all.add(zone);
  return [...all].sort((a, b) => a.localeCompare(b));
}
