import { describe, expect, it } from 'vitest';
import { bucketOf, bucketsBetween, isLocalDate, startOfLocalDay } from './zonedTime';

const at = (iso: string) => Date.parse(iso);

describe('zoned buckets', () => {
  it('puts a UTC minute into the local hour and day of the event', () => {
    expect(bucketOf(at('2026-11-22T23:30:00Z'), 'Europe/Berlin', 'day')).toBe('2026-11-23');
    expect(bucketOf(at('2026-11-22T23:30:00Z'), 'Europe/Berlin', 'hour')).toBe('2026-11-23T00:00');
    expect(bucketOf(at('2026-11-22T23:30:00Z'), 'Asia/Kolkata', 'minute')).toBe('2026-11-23T05:00');
    expect(bucketOf(at('2026-11-22T23:30:00Z'), 'America/New_York', 'day')).toBe('2026-11-22');
  });

  it('lists every local day once across a change of offset (a 25-hour day)', () => {
    const days = bucketsBetween(
      at('2026-10-24T12:00:00Z'),
      at('2026-10-27T12:00:00Z'),
      'Europe/Berlin',
      'day',
    );
    expect(days).toEqual(['2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27']);
    const hours = bucketsBetween(
      at('2026-10-24T22:00:00Z'),
      at('2026-10-25T02:00:00Z'),
      'Europe/Berlin',
      'hour',
    );
    // 02:00 happens twice that night: one bucket, holding both.
    expect(hours).toEqual(['2026-10-25T00:00', '2026-10-25T01:00', '2026-10-25T02:00', '2026-10-25T03:00']);
  });

  it('lists half-hour zones by their own hours', () => {
    expect(
      bucketsBetween(at('2026-11-22T10:00:00Z'), at('2026-11-22T11:00:00Z'), 'Asia/Kolkata', 'hour'),
    ).toEqual(['2026-11-22T15:00', '2026-11-22T16:00']);
  });

  it('finds when a local day starts, also on a day that skips midnight', () => {
    expect(new Date(startOfLocalDay('2026-11-22', 'Europe/Berlin')).toISOString()).toBe(
      '2026-11-21T23:00:00.000Z',
    );
    expect(new Date(startOfLocalDay('2026-07-01', 'America/New_York')).toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    // Santiago skips 00:00–00:59 on its spring-forward day.
    expect(new Date(startOfLocalDay('2026-09-06', 'America/Santiago')).toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('accepts only real calendar dates', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-30')).toBe(false);
    expect(isLocalDate('2026-2-3')).toBe(false);
  });
});
