import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import { isValidTimeZone, timeZoneOffsetMs } from '../time/zonedTime';

const messages = defineMessages({
  withTimeZone: defineMessage<{ dates: string; timeZone: string }>({
    id: 'shared.eventFormat.withTimeZone',
    defaultMessage: '{dates} ({timeZone})',
    description: 'Event dates followed by the IANA time zone they are shown in',
  }),
});

/** The parts of an event that decide how its dates and prices read. */
export interface EventClock {
  start_date: string;
  end_date: string | null;
  timezone: string;
}

const LONG: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

const SHORT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

function range(intl: IntlShape, event: EventClock, options: Intl.DateTimeFormatOptions): string {
  const opts = { ...options, timeZone: event.timezone };
  const start = new Date(event.start_date);
  if (!event.end_date) return intl.formatDate(start, opts);
  const end = new Date(event.end_date);
  if (Number.isNaN(end.getTime()) || end.getTime() < start.getTime()) return intl.formatDate(start, opts);
  return intl.formatDateTimeRange(start, end, opts);
}

/**
 * An event's dates in the event's own time zone, whatever the viewer's zone, e.g.
 * "Saturday, 12 December 2026, 19:30 – 23:00 (Europe/Berlin)"; the range collapses shared parts.
 */
export function formatEventDates(
  intl: IntlShape,
  event: EventClock,
  style: 'long' | 'short' = 'long',
): string {
  return intl.formatMessage(messages.withTimeZone, {
    dates: range(intl, event, style === 'long' ? LONG : SHORT),
    timeZone: event.timezone,
  });
}

/**
 * The event's dates on the viewer's own clock, with the viewer's zone named, when that clock reads differently
 * from the event's at the start (a Berlin concert seen from New York); null when both clocks agree, so the
 * page does not repeat the same times.
 */
export function formatEventDatesForViewer(
  intl: IntlShape,
  event: EventClock,
  viewerTimeZone: string,
  style: 'long' | 'short' = 'long',
): string | null {
  if (!isValidTimeZone(viewerTimeZone) || !isValidTimeZone(event.timezone)) return null;
  const start = Date.parse(event.start_date);
  if (Number.isNaN(start)) return null;
  if (timeZoneOffsetMs(start, viewerTimeZone) === timeZoneOffsetMs(start, event.timezone)) return null;
  return formatEventDates(intl, { ...event, timezone: viewerTimeZone }, style);
}

/** A single instant in the event's time zone (no zone suffix). */
export function formatInEventZone(
  intl: IntlShape,
  iso: string,
  timeZone: string,
  style: 'long' | 'short' = 'short',
): string {
  return intl.formatDate(new Date(iso), { ...(style === 'long' ? LONG : SHORT), timeZone });
}

/**
 * Digits after the decimal point of a currency's minor unit (ISO 4217 exponent): 2 for EUR (cents), 0 for JPY
 * and KRW, 3 for KWD. The runtime's CLDR data knows them; an unknown code counts as 2.
 */
export function currencyExponent(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/**
 * An amount the server keeps as integer minor units (cents for EUR, yen for JPY) in the event's currency and
 * the viewer's locale: `formatMoney(intl, 123450, 'EUR')` is `1.234,50 €` in German and `€1,234.50` in English.
 */
export function formatMoney(intl: IntlShape, minorUnits: number, currency: string): string {
  return intl.formatNumber(minorUnits / 10 ** currencyExponent(currency), { style: 'currency', currency });
}
