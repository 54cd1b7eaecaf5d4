import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatEventDates, formatInEventZone, formatMoney } from './eventFormat';
import en from './locales/en.json';

const gb = createIntl({ locale: 'en-GB', messages: en });
const de = createIntl({ locale: 'de', messages: en });

const concert = {
  start_date: '2026-12-12T18:30:00.000Z',
  end_date: '2026-12-12T22:00:00.000Z',
  timezone: 'Europe/Berlin',
};

describe("event dates are shown in the event's time zone, not the viewer's", () => {
  it('formats a same-day range with the zone name', () => {
    const text = formatEventDates(gb, concert);
    expect(text).toContain('Saturday');
    expect(text).toContain('12 December 2026');
    expect(text).toContain('19:30');
    expect(text).toContain('23:00');
    expect(text.endsWith('(Europe/Berlin)')).toBe(true);
  });

  it('shows the same instant differently for an event in New York', () => {
    const text = formatEventDates(gb, { ...concert, timezone: 'America/New_York' });
    expect(text).toContain('13:30');
    expect(text).toContain('17:00');
    expect(text).toContain('(America/New_York)');
  });

  it('shows only the start when there is no end', () => {
    const text = formatEventDates(gb, { ...concert, end_date: null }, 'short');
    expect(text).toContain('19:30');
    expect(text).not.toContain('23:00');
  });

  it('formats a single instant in the zone', () => {
    const text = formatInEventZone(gb, '2026-12-12T18:30:00.000Z', 'Asia/Tokyo');
    expect(text).toContain('13 Dec 2026');
    expect(text).toContain('3:30');
  });
});

describe("money is shown in the event's currency and the viewer's locale", () => {
  it('formats euros in German', () => {
    expect(formatMoney(de, 1234.5, 'EUR').replace(/\s/g, ' ')).toBe('1.234,50 €');
  });

  it('formats yen without decimals', () => {
    expect(formatMoney(createIntl({ locale: 'en-US', messages: en }), 1500, 'JPY')).toBe('¥1,500');
  });
});
