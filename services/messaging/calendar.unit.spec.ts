import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarText, eventCalendar, foldCalendarLine } from './calendar';

const now = new Date('2026-03-01T09:30:15.123Z');

/** Undoes folding (RFC 5545 3.1), as a calendar reading the file does. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n');
}

describe('event calendar files', () => {
  it('describe a timed event in UTC, with CRLF line ends', () => {
    const ics = eventCalendar(
      {
        uid: 'ev_k3v9x2m4q8r1zz@tickets.example.org',
        time: {
          kind: 'timed',
          start: new Date('2026-05-02T18:00:00+02:00'),
          end: new Date('2026-05-02T23:00:00+02:00'),
        },
        summary: 'Spring concert',
        location: 'Town hall, Main street 1; Berlin',
        description: 'Doors open at 17:30.\nBring your ticket.',
        url: 'https://tickets.example.org/e/ev_k3v9x2m4q8r1zz/spring-concert',
      },
      { now },
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(ics)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Ticketing//Tickets//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:ev_k3v9x2m4q8r1zz@tickets.example.org',
      'DTSTAMP:20260301T093015Z',
      'DTSTART:20260502T160000Z',
      'DTEND:20260502T210000Z',
      'SUMMARY:Spring concert',
      'LOCATION:Town hall\\, Main street 1\\; Berlin',
      'DESCRIPTION:Doors open at 17:30.\\nBring your ticket.',
      'URL:https://tickets.example.org/e/ev_k3v9x2m4q8r1zz/spring-concert',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('describe an all-day online event with DATE values, the end being the day after the last', () => {
    const lines = unfold(
      eventCalendar(
        {
          uid: 'ev_1@x',
          time: { kind: 'allDay', firstDay: '2026-12-31', lastDay: '2027-01-01' },
          summary: 'Hackathon',
          location: 'Online',
        },
        { now },
      ),
    );
    expect(lines).toContain('DTSTART;VALUE=DATE:20261231');
    expect(lines).toContain('DTEND;VALUE=DATE:20270102');
    expect(lines).toContain('LOCATION:Online');
    expect(lines.some((line) => line.startsWith('DESCRIPTION') || line.startsWith('URL'))).toBe(false);
  });

  it('refuse impossible times', () => {
    const base = { uid: 'u', summary: 's' };
    expect(() =>
      eventCalendar(
        { ...base, time: { kind: 'allDay', firstDay: '2026-02-30', lastDay: '2026-03-01' } },
        { now },
      ),
    ).toThrow(/calendar day/);
    expect(() =>
      eventCalendar(
        { ...base, time: { kind: 'allDay', firstDay: '2026-03-02', lastDay: '2026-03-01' } },
        { now },
      ),
    ).toThrow(/before/);
    expect(() =>
      eventCalendar(
        { ...base, time: { kind: 'timed', start: new Date('2026-03-02'), end: new Date('2026-03-01') } },
        { now },
      ),
    ).toThrow(/before/);
    expect(() =>
      eventCalendar(
        { ...base, url: 'https://x.org/a b', time: { kind: 'timed', start: now, end: now } },
        { now },
      ),
    ).toThrow(/URL/);
  });

  it('escape backslashes, semicolons, commas and every kind of line break, and drop control characters', () => {
    expect(calendarText('a\\b;c,d\r\ne\rf\ng\u0007h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });

  it('fold long lines at 75 octets without splitting a Chinese character or an emoji', () => {
    const summary = `SUMMARY:${'音乐会'.repeat(20)} 🎉🎟️👩‍👩‍👧 ${'ab'.repeat(30)}`;
    const folded = foldCalendarLine(summary);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const [index, line] of lines.entries()) {
      const bytes = Buffer.from(line, 'utf8');
      expect(bytes.length).toBeLessThanOrEqual(75);
      expect(bytes.toString('utf8')).toBe(line);
      expect(line).not.toContain('\uFFFD');
      if (index > 0) expect(line.startsWith(' ')).toBe(true);
    }
    expect(lines[0]).toHaveLength(8 + 22);
    expect(folded.replace(/\r\n /g, '')).toBe(summary);
  });

  it('leave lines of exactly 75 octets alone', () => {
    expect(foldCalendarLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldCalendarLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('fold any text into lines of at most 75 octets that unfold to the original (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (value) => {
        const line = `DESCRIPTION:${calendarText(value)}`;
        const folded = foldCalendarLine(line);
        for (const part of folded.split('\r\n')) {
          expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
          expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
        }
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }),
    );
  });
});
