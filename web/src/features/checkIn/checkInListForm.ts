import type { ClientErrors } from '../../shared/forms/useForm';
import { dateTimeLocalToUtcIso, utcToDateTimeLocal } from '../../shared/time/zonedTime';
import type { CheckInList, CheckInListRequest } from './api';
import { checkInListDialogMessages as m } from './messages';

export const FIELDS = ['name', 'description', 'activates_at', 'expires_at', 'ticket_ids'] as const;
export type Field = (typeof FIELDS)[number];
/** Text as typed; dates as `datetime-local` values in the event's zone. Ticket ids are kept beside them. */
export type Values = Record<Field, string>;

export function initialValues(list: CheckInList | null, timeZone: string): Values {
  const local = (value: string | null | undefined) => (value ? utcToDateTimeLocal(value, timeZone) : '');
  return {
    name: list?.name ?? '',
    description: list?.description ?? '',
    activates_at: local(list?.activates_at),
    expires_at: local(list?.expires_at),
    ticket_ids: '',
  };
}

export function validate(
  values: Values,
  ticketIds: readonly string[],
  timeZone: string,
): ClientErrors<Field> {
  const errors: ClientErrors<Field> = {};
  if (values.name.trim() === '') errors.name = m.nameRequired;
  if (ticketIds.length === 0) errors.ticket_ids = m.ticketsRequired;
  const activates = values.activates_at ? dateTimeLocalToUtcIso(values.activates_at, timeZone) : null;
  const expires = values.expires_at ? dateTimeLocalToUtcIso(values.expires_at, timeZone) : null;
  if (values.activates_at && !activates) errors.activates_at = m.invalidDate;
  if (values.expires_at && !expires) errors.expires_at = m.invalidDate;
  else if (activates && expires && Date.parse(expires) <= Date.parse(activates))
    errors.expires_at = m.expiresBeforeActive;
  return errors;
}

/** The request: empty dates are no limit (null), the note is null when blank. */
export function toRequest(
  values: Values,
  ticketIds: readonly string[],
  timeZone: string,
): CheckInListRequest {
  const instant = (value: string) => (value ? dateTimeLocalToUtcIso(value, timeZone) : null);
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description,
    activates_at: instant(values.activates_at),
    expires_at: instant(values.expires_at),
    ticket_ids: [...ticketIds],
  };
}
