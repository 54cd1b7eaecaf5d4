import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { countdownAt, useCountdown } from './countdown';

const deadline = Date.parse('2026-12-12T18:30:00.000Z');
const before = (ms: number) => deadline - ms;

describe('a countdown speaks in the largest natural unit, rounded up', () => {
  it('counts seconds in the last minute, minutes in the last hour, hours, then days', () => {
    expect(countdownAt(deadline, before(42_000))).toMatchObject({
      value: 42,
      unit: 'second',
      expired: false,
    });
    expect(countdownAt(deadline, before(14 * 60_000 + 1))).toMatchObject({ value: 15, unit: 'minute' });
    expect(countdownAt(deadline, before(60_000))).toMatchObject({ value: 1, unit: 'minute' });
    expect(countdownAt(deadline, before(3 * 3_600_000))).toMatchObject({ value: 3, unit: 'hour' });
    expect(countdownAt(deadline, before(50 * 3_600_000))).toMatchObject({ value: 3, unit: 'day' });
  });

  it('never says "in 0 seconds" before the end, and is expired at and after it', () => {
    expect(countdownAt(deadline, before(1))).toMatchObject({ value: 1, unit: 'second', expired: false });
    expect(countdownAt(deadline, deadline)).toMatchObject({ value: 0, remainingMs: 0, expired: true });
    expect(countdownAt(deadline, deadline + 5_000)).toMatchObject({ remainingMs: 0, expired: true });
  });

  it('reads in German, Chinese and English through Intl.RelativeTimeFormat', () => {
    const { value, unit } = countdownAt(deadline, before(5 * 60_000));
    expect(createIntl({ locale: 'de', messages: {} }).formatRelativeTime(value, unit)).toBe('in 5 Minuten');
    expect(createIntl({ locale: 'zh-CN', messages: {} }).formatRelativeTime(value, unit)).toBe('5分钟后');
    expect(createIntl({ locale: 'en', messages: {} }).formatRelativeTime(value, unit)).toBe('in 5 minutes');
  });
});

function Remaining({ now }: { now: () => number }) {
  const { value, unit, expired } = useCountdown(new Date(deadline), { now });
  return <output>{expired ? 'expired' : `${value} ${unit}`}</output>;
}

describe('useCountdown reads the injected clock', () => {
  it('renders the time left at the injected now', () => {
    expect(renderToString(<Remaining now={() => before(90_000)} />)).toContain('2 minute');
    expect(renderToString(<Remaining now={() => before(30_000)} />)).toContain('30 second');
    expect(renderToString(<Remaining now={() => deadline} />)).toContain('expired');
  });
});
