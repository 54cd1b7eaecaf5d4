import { describe, expect, it } from 'vitest';
import {
  dateTimeLocalToUtcIso,
  isValidTimeZone,
  listTimeZones,
  parseDateTimeLocal,
  timeZoneOffsetMs,
  utcToDateTimeLocal,
  wallTimeToUtc,
} from './zonedTime';

const at = (y: number, mo: number, d: number, h: number, mi: number) => ({
  year: y,
  month: mo,
  day: d,
  hour: h,
  minute: mi,
});

describe('wall-clock time in an event time zone converts to the right UTC instant', () => {
  it('uses winter time in Berlin in December', () => {
    expect(wallTimeToUtc(at(2026, 12, 12, 19, 30), 'Europe/Berlin').toISOString()).toBe(
      '2026-12-12T18:30:00.000Z',
    );
  });

  it('uses summer time in Berlin in July', () => {
    expect(wallTimeToUtc(at(2026, 7, 1, 20, 0), 'Europe/Berlin').toISOString()).toBe(
      '2026-07-01T18:00:00.000Z',
    );
  });

  it('does not depend on the zone the browser runs in (New York input from any machine)', () => {
    expect(wallTimeToUtc(at(2026, 1, 15, 9, 0), 'America/New_York').toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
  });

  it('handles half- and quarter-hour zones', () => {
    expect(wallTimeToUtc(at(2026, 3, 1, 12, 0), 'Asia/Kolkata').toISOString()).toBe(
      '2026-03-01T06:30:00.000Z',
    );
    expect(wallTimeToUtc(at(2026, 3, 1, 12, 0), 'Asia/Kathmandu').toISOString()).toBe(
      '2026-03-01T06:15:00.000Z',
    );
  });

  it('handles zones east of the date line', () => {
    expect(wallTimeToUtc(at(2026, 1, 1, 0, 0), 'Pacific/Auckland').toISOString()).toBe(
      '2025-12-31T11:00:00.000Z',
    );
  });

  it('is the identity for UTC', () => {
    expect(wallTimeToUtc(at(2026, 6, 30, 23, 59), 'UTC').toISOString()).toBe('2026-06-30T23:59:00.000Z');
  });

  it('moves a time that does not exist (spring forward) past the gap', () => {
    // New York, 8 March 2026: clocks jump from 02:00 to 03:00, so 02:30 means 03:30 EDT = 07:30Z.
    expect(wallTimeToUtc(at(2026, 3, 8, 2, 30), 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('picks the earlier instant for a time that happens twice (fall back)', () => {
    // New York, 1 November 2026: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(wallTimeToUtc(at(2026, 11, 1, 1, 30), 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('round-trips through the datetime-local input value', () => {
    for (const zone of ['Europe/Berlin', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Tokyo', 'UTC']) {
      const iso = dateTimeLocalToUtcIso('2026-10-25T02:15', zone);
      expect(iso).not.toBeNull();
      const back = utcToDateTimeLocal(iso ?? '', zone);
      // 02:15 on 25 Oct 2026 exists in all of these except where it is ambiguous; both readings show 02:15.
      expect(back).toBe('2026-10-25T02:15');
    }
  });
});

describe('offsets', () => {
  it('reports the zone offset at an instant', () => {
    expect(timeZoneOffsetMs(Date.UTC(2026, 0, 1), 'Europe/Berlin')).toBe(3_600_000);
    expect(timeZoneOffsetMs(Date.UTC(2026, 6, 1), 'Europe/Berlin')).toBe(7_200_000);
    expect(timeZoneOffsetMs(Date.UTC(2026, 6, 1), 'America/Los_Angeles')).toBe(-7 * 3_600_000);
  });
});

describe('datetime-local parsing', () => {
  it('reads valid values and rejects malformed or impossible ones', () => {
    expect(parseDateTimeLocal('2026-12-12T19:30')).toEqual({
      year: 2026,
      month: 12,
      day: 12,
      hour: 19,
      minute: 30,
      second: 0,
    });
    expect(parseDateTimeLocal('')).toBeNull();
    expect(parseDateTimeLocal('2026-02-31T10:00')).toBeNull();
    expect(parseDateTimeLocal('2026-13-01T10:00')).toBeNull();
    expect(parseDateTimeLocal('12/12/2026 19:30')).toBeNull();
    expect(dateTimeLocalToUtcIso('nonsense', 'UTC')).toBeNull();
  });
});

describe('time zone list', () => {
  it('contains UTC and the given extra zones, sorted, and validates names', () => {
    const zones = listTimeZones(['Europe/Berlin', 'Not/AZone']);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).not.toContain('Not/AZone');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
