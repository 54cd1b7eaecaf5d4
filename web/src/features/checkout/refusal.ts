import type { IntlShape, MessageDescriptor } from 'react-intl';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';

/** A failed call in the buyer's language: the reason's own message (sold out, expired…), else `fallback`. */
export function refusalText(intl: IntlShape, error: unknown, fallback: MessageDescriptor): string {
  const message: MessageDescriptor = (isApiError(error) && reasonMessage(error.reason)) || fallback;
  return intl.formatMessage(message);
}
