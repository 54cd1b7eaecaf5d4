/**
 * An iCalendar file (RFC 5545) for an event: the `.ics` attached to order and ticket emails. Times are UTC
 * (`…Z`), which every calendar shows in its user's own zone and which needs no VTIMEZONE block; an all-day
 * event uses DATE values with the day after the last as its (exclusive) end.
 */
export type CalendarEventTime =
  | { kind: 'timed'; start: Date; end: Date }
  /** Calendar days as `YYYY-MM-DD`, both inclusive. */
  | { kind: 'allDay'; firstDay: string; lastDay: string };

export interface CalendarEvent {
  /** Globally unique and stable for the event, so a second file updates the entry instead of adding one. */
  uid: string;
  time: CalendarEventTime;
  summary: string;
  /** Address or venue; for an online event, say so (e.g. "Online"). */
  location?: string | undefined;
  /** Plain text; line breaks are kept. */
  description?: string | undefined;
  /** The event's public page. */
  url?: string | undefined;
}

export interface CalendarOptions {
  /** When the file is made (DTSTAMP): from the injected clock. */
  now: Date;
  /** `-//Organisation//Product//EN`. */
  productId?: string;
}

const lineEnd = '\r\n';
const maxLineOctets = 75;
/** Octets of a character in UTF-8, from its code point (no buffer per character: every ticket mail folds its lines). */
const utf8Octets = (codePoint: number): number =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

export function eventCalendar(event: CalendarEvent, options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.productId ?? '-//Ticketing//Tickets//EN'}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${calendarText(event.uid)}`,
    `DTSTAMP:${utc(options.now)}`,
    ...timeLines(event.time),
    `SUMMARY:${calendarText(event.summary)}`,
    ...(event.location ? [`LOCATION:${calendarText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${calendarText(event.description)}`] : []),
    ...(event.url ? [`URL:${uri(event.url)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldCalendarLine).join(lineEnd) + lineEnd;
}

function timeLines(time: CalendarEventTime): string[] {
  if (time.kind === 'timed') {
    if (!(time.end.getTime() >= time.start.getTime()))
      throw new Error('An event cannot end before it starts');
    return [`DTSTART:${utc(time.start)}`, `DTEND:${utc(time.end)}`];
  }
  const first = calendarDay(time.firstDay);
  const last = calendarDay(time.lastDay);
  if (last < first) throw new Error('An event cannot end before it starts');
  const dayAfterLast = new Date(last.getTime() + 24 * 60 * 60 * 1000);
  return [`DTSTART;VALUE=DATE:${date(first)}`, `DTEND;VALUE=DATE:${date(dayAfterLast)}`];
}

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`, no controls. */
export function calendarText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are not allowed in TEXT
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

function uri(value: string): string {
  // eslint-disable-next-line no-control-regex -- a URI has no controls or spaces
  if (/[\u0000-\u0020\u007F]/.test(value))
    throw new Error('A calendar URL cannot contain spaces or line breaks');
  return value;
}

/**
 * Lines longer than 75 octets are folded (RFC 5545 3.1): CRLF and one space, the space counting toward the
 * next line's 75. Breaks fall between code points, never inside a UTF-8 sequence.
 */
export function foldCalendarLine(line: string): string {
  // A UTF-16 unit is at most three octets (a surrogate pair, two units, is four): short lines need no count.
  if (line.length * 3 <= maxLineOctets) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    if (octets + size > maxLineOctets) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(lineEnd);
}

function calendarDay(day: string): Date {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : new Date(NaN);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    throw new Error(`Not a calendar day: "${day}"`);
  return parsed;
}

function utc(moment: Date): string {
  return moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function date(day: Date): string {
  return day.toISOString().slice(0, 10).replace(/-/g, '');
}
