import type { MessageDescriptor } from 'react-intl';
import { dateTimeLocalToUtcIso } from '../../shared/time/zonedTime';
import { htmlOrNull } from '../../shared/forms/values';
import type { CreateEventPayload } from './api';
import { createEventMessages as m } from './messages';

/** Spec section 5 / 9 limits. */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 50_000;

export const FIELDS = [
  'organizer_id',
  'title',
  'start_date',
  'end_date',
  'timezone',
  'currency',
  'description',
] as const;
export type Field = (typeof FIELDS)[number];

export interface FormValues {
  organizer_id: string;
  title: string;
  start: string;
  end: string;
  timezone: string;
  currency: string;
  description: string;
}

export type ClientError = { message: MessageDescriptor; values?: Record<string, string | number> };

/** Checks the form and converts the wall-clock inputs (in the chosen zone) to UTC. */
export function buildPayload(
  values: FormValues,
):
  | { payload: CreateEventPayload; errors: null }
  | { payload: null; errors: Partial<Record<Field, ClientError>> } {
  const errors: Partial<Record<Field, ClientError>> = {};
  if (!values.organizer_id) errors.organizer_id = { message: m.organizerRequired };
  const title = values.title.trim();
  if (!title) errors.title = { message: m.titleRequired };
  else if (title.length >= TITLE_MAX) errors.title = { message: m.titleTooLong, values: { max: TITLE_MAX } };

  const start = values.start ? dateTimeLocalToUtcIso(values.start, values.timezone) : null;
  if (!values.start) errors.start_date = { message: m.startRequired };
  else if (!start) errors.start_date = { message: m.invalidDate };

  const end = values.end ? dateTimeLocalToUtcIso(values.end, values.timezone) : null;
  if (values.end && !end) errors.end_date = { message: m.invalidDate };
  else if (start && end && Date.parse(end) <= Date.parse(start))
    errors.end_date = { message: m.endBeforeStart };

  if (values.description.length >= DESCRIPTION_MAX)
    errors.description = { message: m.descriptionTooLong, values: { max: DESCRIPTION_MAX } };

  if (Object.keys(errors).length > 0 || !start) return { payload: null, errors };
  const payload: CreateEventPayload = {
    organizer_id: values.organizer_id,
    title,
    start_date: start,
    timezone: values.timezone,
    currency: values.currency,
  };
  if (end) payload.end_date = end;
  const description = htmlOrNull(values.description);
  if (description) payload.description = description;
  return { payload, errors: null };
}
