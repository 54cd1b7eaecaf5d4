import { parseCount } from '../../shared/forms/amount';
import type { ClientErrors } from '../../shared/forms/useForm';
import type { CapacityAssignment, CapacityAssignmentRequest } from './api';
import { capacityDialogMessages as m } from './messages';

export const FIELDS = ['name', 'capacity', 'ticket_ids', 'enabled'] as const;
export type Field = (typeof FIELDS)[number];
export type Values = Record<Field, string>;
export const maxNameLength = 149;

export function initialValues(assignment: CapacityAssignment | null): Values {
  return {
    name: assignment?.name ?? '',
    capacity: assignment ? String(assignment.capacity) : '',
    ticket_ids: '',
    enabled: assignment?.enabled === false ? 'false' : 'true',
  };
}

/** The client's checks (spec section 5); the server checks the same and its field errors show too. */
export function validate(values: Values, ticketIds: readonly string[]): ClientErrors<Field> {
  const errors: ClientErrors<Field> = {};
  const name = values.name.trim();
  if (!name) errors.name = m.nameRequired;
  else if (name.length > maxNameLength) errors.name = m.nameTooLong;
  const capacity = parseCount(values.capacity);
  if (capacity === null || capacity === undefined) errors.capacity = m.capacityInvalid;
  if (ticketIds.length === 0) errors.ticket_ids = m.ticketsRequired;
  return errors;
}

export function toRequest(values: Values, ticketIds: readonly string[]): CapacityAssignmentRequest {
  return {
    name: values.name.trim(),
    capacity: parseCount(values.capacity) ?? 0,
    ticket_ids: [...ticketIds],
    enabled: values.enabled === 'true',
  };
}
