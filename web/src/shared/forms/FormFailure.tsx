import { Callout } from '@blueprintjs/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { uiMessages } from '../ui/messages';
import { formErrors, unplacedLabel } from './formErrors';

/**
 * Above a form: what went wrong that no field shows. A failure without field errors says so in general; a
 * server field error the form has no field for is listed under its own field name. Nothing when every error
 * sits next to its field.
 */
export function FormFailure({
  error,
  fields,
  title,
  className = 'form-callout',
}: {
  error: unknown;
  /** The fields the form shows (their errors sit next to them). */
  fields: readonly string[];
  title?: MessageDescriptor;
  className?: string;
}) {
  const intl = useIntl();
  const errors = formErrors(error, fields);
  if (!errors.needsCallout) return null;
  return (
    <Callout
      intent="danger"
      role="alert"
      className={className}
      title={title ? intl.formatMessage(title) : undefined}
    >
      {errors.general ? (
        <p>{intl.formatMessage(errors.offline ? uiMessages.offline : uiMessages.unexpectedError)}</p>
      ) : null}
      {errors.unplaced.length > 0 ? (
        <ul className="form-callout__list">
          {errors.unplaced.map(({ field, messages }) => {
            const label = unplacedLabel(field);
            return (
              <li key={field}>
                {label ? <code>{label}</code> : null}
                {label ? ': ' : null}
                {messages.join(' ')}
              </li>
            );
          })}
        </ul>
      ) : null}
    </Callout>
  );
}
