/**
 * Every reason code the platform answers with, its HTTP status and a short title. Stable: clients and tests
 * switch on these strings. docs/reason-codes.md lists them for humans.
 */
export const reasonCatalog = {
  // generic
  validation_failed: { status: 400, title: 'The request is not valid' },
  malformed_json: { status: 400, title: 'The request body is not valid JSON' },
  unsupported_sort: { status: 400, title: 'This list cannot be sorted by that field' },
  unsupported_filter: { status: 400, title: 'This list cannot be filtered that way' },
  payload_too_large: { status: 413, title: 'The request body is too large' },
  unsupported_media_type: { status: 415, title: 'The request body has an unsupported content type' },
  route_not_found: { status: 404, title: 'There is nothing at this address' },
  method_not_allowed: { status: 405, title: 'This method is not allowed here' },
  not_found: { status: 404, title: 'Not found' },
  unauthenticated: { status: 401, title: 'Authentication is required' },
  invalid_credentials: { status: 401, title: 'Please check your email and password and try again' },
  token_expired: { status: 401, title: 'Your session has expired' },
  forbidden: { status: 403, title: 'You do not have permission to do this' },
  xsrf_mismatch: { status: 403, title: 'The anti-forgery token is missing or wrong' },
  try_again: { status: 409, title: 'Others changed this at the same moment; please try again' },
  internal_error: { status: 500, title: 'Something went wrong' },
  not_ready: { status: 503, title: 'The service is not ready yet' },
  // events (the things people attend)
  event_already_exists: { status: 409, title: 'This event already exists' },
  event_not_found: { status: 404, title: 'Event not found' },
  event_dates_invalid: { status: 422, title: 'The event must end after it starts' },
  invalid_timezone: { status: 422, title: 'Unknown time zone' },
  invalid_currency: { status: 422, title: 'Unknown currency' },
  invalid_status_transition: { status: 409, title: 'The event cannot move to that status from its current one' },
  event_archived: { status: 409, title: 'An archived event cannot be changed; restore it first' },
  // identity
  email_taken: { status: 409, title: 'This email address is already in use' },
  user_inactive: { status: 401, title: 'This user is not active' },
  account_already_exists: { status: 409, title: 'This account already exists' },
  user_already_exists: { status: 409, title: 'This user already exists' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ReasonCode = keyof typeof reasonCatalog;

export function isReasonCode(value: string): value is ReasonCode {
  return Object.hasOwn(reasonCatalog, value);
}
