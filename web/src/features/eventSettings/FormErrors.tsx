import { Callout } from '@blueprintjs/core';
import { isApiError } from '../../shared/api/ApiError';
import { otherFieldErrors } from './forms';

/**
 * What a failed save says above its form: the general failure, and the field errors the form has no field for
 * (the fields it has show their own). Nothing when the save did not fail or every error sits at its field.
 */
export function FormErrors({
  error,
  fields,
  message,
}: {
  error: unknown;
  fields: readonly string[];
  message: string;
}) {
  const others = otherFieldErrors(error, fields);
  const general = error !== null && error !== undefined && (!isApiError(error) || !error.hasFieldErrors);
  if (!general && others.length === 0) return null;
  return (
    <Callout intent="danger" role="alert" className="form-callout">
      {message}
      {others.length > 0 ? (
        <ul>
          {others.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </Callout>
  );
}
