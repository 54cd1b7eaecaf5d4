import { isApiError, NETWORK_ERROR_REASON } from '../api/ApiError';

/** A server field error the form has no field for, shown under the field's own name. */
export interface UnplacedError {
  field: string;
  messages: string[];
}

/**
 * The one reading of a failed submission for every form: the server's problem+json `errors` per field, the
 * ones the form shows no field for, and whether the failure said nothing about fields at all.
 */
export interface FormErrors {
  /** The server's messages for a field the form shows, joined; null when there are none. */
  of(field: string): string | null;
  unplaced: UnplacedError[];
  /** Failed without a single field error (a conflict, a refusal, a network failure). */
  general: boolean;
  offline: boolean;
  /** Whether something needs saying above the form because no field shows it. */
  needsCallout: boolean;
}

export function formErrors(error: unknown, fields: readonly string[]): FormErrors {
  const failed = error !== null && error !== undefined;
  const server = isApiError(error) ? error.errors : {};
  const unplaced = Object.entries(server)
    .filter(([field, messages]) => !fields.includes(field) && messages.length > 0)
    .map(([field, messages]) => ({ field, messages }));
  const general = failed && !Object.values(server).some((messages) => messages.length > 0);
  return {
    of(field) {
      const messages = server[field];
      return messages && messages.length > 0 ? messages.join(' ') : null;
    },
    unplaced,
    general,
    offline: isApiError(error) && error.reason === NETWORK_ERROR_REASON,
    needsCallout: general || unplaced.length > 0,
  };
}

/** The problem+json convention for errors not tied to a field (`_`, or the empty name) reads as no name. */
export function unplacedLabel(field: string): string | null {
  return field === '_' || field === '' ? null : field;
}
