import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatEventDates,
  formatEventDatesForViewer,
  formatInEventZone,
  formatMoney,
} from './eventFormat';
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

describe("money is shown in the event's currency and the viewer's locale, from integer minor units", () => {
  const en = createIntl({ locale: 'en', messages: {} });
  const zh = createIntl({ locale: 'zh-CN', messages: {} });
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('formats euros in German, English and Chinese', () => {
    expect(plain(formatMoney(de, 123450, 'EUR'))).toBe('1.234,50 €');
    expect(formatMoney(en, 123450, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(zh, 123450, 'EUR')).toBe('€1,234.50');
  });

  it('formats yen without decimals: the minor unit of JPY is the yen', () => {
    expect(formatMoney(en, 1500, 'JPY')).toBe('¥1,500');
    expect(plain(formatMoney(de, 1500, 'JPY'))).toBe('1.500 ¥');
    expect(formatMoney(zh, 1500, 'JPY')).toBe('JP¥1,500');
  });

  it('formats yuan in Chinese and a three-decimal currency', () => {
    expect(formatMoney(zh, 9900, 'CNY')).toBe('¥99.00');
    expect(plain(formatMoney(en, 1234, 'KWD'))).toBe('KWD 1.234');
  });

  it('knows the exponents of the currencies', () => {
    expect([currencyExponent('EUR'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([2, 0, 3]);
  });
});

describe("the buyer's own clock is shown beside the event's when they differ", () => {
  it('shows a Berlin concert in New York time for a viewer there, with the zone named', () => {
    const text = formatEventDatesForViewer(gb, concert, 'America/New_York');
    expect(text).toContain('13:30');
    expect(text).toContain('(America/New_York)');
  });

  it('says nothing when the viewer is in the same zone or one with the same offset', () => {
    expect(formatEventDatesForViewer(gb, concert, 'Europe/Berlin')).toBeNull();
    expect(formatEventDatesForViewer(gb, concert, 'Europe/Paris')).toBeNull();
  });

  it('formats in German and Chinese', () => {
    expect(formatEventDatesForViewer(de, concert, 'Asia/Tokyo')).toMatch(
      /13\. Dezember 2026.*03:30.*\(Asia\/Tokyo\)/,
    );
    const zh = createIntl({ locale: 'zh-CN', messages: {} });
    expect(formatEventDatesForViewer(zh, concert, 'Asia/Shanghai')).toMatch(
      /2026年12月13日.*\(Asia\/Shanghai\)/,
    );
  });

  it('gives up quietly on an unknown zone', () => {
    expect(formatEventDatesForViewer(gb, concert, 'Mars/Olympus')).toBeNull();
  });
});
