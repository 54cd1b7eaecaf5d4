import { defineMessage, defineMessages, type IntlShape } from 'react-intl';

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

/** A single instant in the event's time zone (no zone suffix). */
export function formatInEventZone(
  intl: IntlShape,
  iso: string,
  timeZone: string,
  style: 'long' | 'short' = 'short',
): string {
  return intl.formatDate(new Date(iso), { ...(style === 'long' ? LONG : SHORT), timeZone });
}

/** An amount in the event's currency, e.g. `€1,234.50`. */
export function formatMoney(intl: IntlShape, amount: number, currency: string): string {
  return intl.formatNumber(amount, { style: 'currency', currency });
}
