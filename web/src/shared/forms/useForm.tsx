import { FormGroup, type Intent } from '@blueprintjs/core';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { formErrors } from './formErrors';

export type ClientErrors<Field extends string> = Partial<Record<Field, MessageDescriptor>>;

export interface FieldView {
  /** For FormGroup and the input. */
  intent: Intent;
  /** The error next to the field, else the given help. */
  helperText: ReactNode;
  /** Spread onto an input (InputGroup). */
  inputProps: { id: string; intent: Intent; 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** Spread onto a control without an intent (HTMLSelect, checkbox). */
  controlProps: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The FormGroup's `labelFor`. */
  labelFor: string;
  error: string | null;
}

/**
 * Errors next to the fields of a form: the client's own checks first, then the server's field errors from a
 * problem+json answer (`errors.<field>`, read by `formErrors`). Server field errors the form has no field for
 * go to `FormFailure` through `failure`, so nothing the server said goes unseen.
 */
export function useFieldErrors<Field extends string>(
  fields: readonly Field[],
  clientErrors: ClientErrors<Field>,
  serverError: unknown,
  /** The form's own words for a field the server refused: the server's messages are in English. */
  serverMessages: ClientErrors<Field> = {},
) {
  const intl = useIntl();
  const baseId = useId();
  const server = formErrors(serverError, fields);
  const idOf = (field: Field) => `${baseId}-${field}`;

  const errorOf = (field: Field): string | null => {
    const client: MessageDescriptor | undefined = clientErrors[field];
    if (client) return intl.formatMessage(client);
    const refused = server.of(field);
    const ownWords: MessageDescriptor | undefined = serverMessages[field];
    return refused && ownWords ? intl.formatMessage(ownWords) : refused;
  };

  const field = (name: Field, help?: ReactNode): FieldView => {
    const error = errorOf(name);
    const errorId = `${idOf(name)}-error`;
    const intent: Intent = error ? 'danger' : 'none';
    const controlProps = {
      id: idOf(name),
      ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}),
    };
    return {
      intent,
      helperText: error ? <span id={errorId}>{error}</span> : help,
      inputProps: { ...controlProps, intent },
      controlProps,
      labelFor: idOf(name),
      error,
    };
  };

  /** Moves focus to the first field with a client error. */
  const focusFirst = (errors: ClientErrors<Field>) => {
    const first = fields.find((name) => errors[name]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  /** Spread onto `FormFailure`: what no field shows goes above the form. */
  const failure = { error: serverError, fields };
  return { field, failure, focusFirst };
}

/** A FormGroup wired to a field's view: label, error or help below, intent. */
export function FieldGroup({
  view,
  label,
  labelInfo,
  children,
}: {
  view: FieldView;
  label: string;
  labelInfo?: string;
  children: ReactNode;
}) {
  return (
    <FormGroup
      label={label}
      labelInfo={labelInfo}
      labelFor={view.labelFor}
      intent={view.intent}
      helperText={view.helperText}
    >
      {children}
    </FormGroup>
  );
}

/**
 * A form's values, its client-side check and its errors: `set(field)` updates a value (and clears that
 * field's client error), `onSubmit` checks the values, focuses the first bad field or hands them on.
 */
export function useForm<Field extends string, Values extends Record<Field, string>>(options: {
  fields: readonly Field[];
  initial: Values | (() => Values);
  validate: (values: Values) => ClientErrors<NoInfer<Field>>;
  onValid: (values: Values) => void;
  /** The submission's failure (a mutation's error), for the server's field errors. */
  serverError: unknown;
  /** The form's own words for a field the server refused, in place of the server's English. */
  serverMessages?: ClientErrors<NoInfer<Field>>;
}) {
  const [values, setValues] = useState<Values>(options.initial);
  const [clientErrors, setClientErrors] = useState<ClientErrors<Field>>({});
  const errors = useFieldErrors(options.fields, clientErrors, options.serverError, options.serverMessages);
  const set = (name: Field) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
    setClientErrors((current) => ({ ...current, [name]: undefined }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = options.validate(values);
    setClientErrors(found);
    if (Object.values(found).some(Boolean)) {
      errors.focusFirst(found);
      return;
    }
    options.onValid(values);
  };
  return { values, setValues, set, onSubmit, ...errors };
}
