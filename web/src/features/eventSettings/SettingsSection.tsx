import { Button, Card, FormGroup } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useToaster } from '../../shared/ui/toaster';
import { FormFailure } from '../../shared/forms/FormFailure';
import { formErrors } from '../../shared/forms/formErrors';
import { changedEntries } from '../../shared/forms/values';
import { eventSettingsMessages as m } from './messages';

export interface SectionForm<T> {
  values: T;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  id: (field: string) => string;
  /** FormGroup props and the input's aria props for a field, with the server's error when there is one. */
  field: (
    name: string,
    label: string,
    options?: { help?: ReactNode; required?: boolean },
  ) => {
    group: {
      label: string;
      labelFor: string;
      labelInfo?: string;
      intent: 'danger' | 'none';
      helperText?: ReactNode;
    };
    input: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };
    invalid: boolean;
  };
}

/**
 * One section of a settings screen: its own form, its own Save, saving only the fields that changed. Saving one
 * section leaves what is typed in the others alone.
 */
export function SettingsSection<T extends object>({
  anchor,
  title,
  initial,
  disabled,
  save,
  children,
  toApi,
}: {
  anchor: string;
  title: string;
  initial: T;
  disabled?: boolean;
  save: (changes: Partial<T>) => Promise<unknown>;
  children: (form: SectionForm<T>) => ReactNode;
  /** Maps the form's field names to the API's, for field errors (identity by default). */
  toApi?: (field: string) => string;
}) {
  const intl = useIntl();
  const toaster = useToaster();
  const baseId = useId();
  const [values, setValues] = useState<T>(initial);
  // When what the server has changes (this section saved, or the event was edited elsewhere), start from it.
  const saved = JSON.stringify(initial);
  useEffect(() => {
    setValues(JSON.parse(saved) as T);
  }, [saved]);
  const changes = changedEntries(initial, values);
  const dirty = Object.keys(changes).length > 0;
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => toaster.success(m.saved, { section: title }),
  });
  const apiName = toApi ?? ((field: string) => field);
  const knownFields = Object.keys(initial).map(apiName);
  const serverErrors = formErrors(mutation.error, knownFields);
  const errorOf = (field: string) => serverErrors.of(apiName(field));

  const form: SectionForm<T> = {
    values,
    set: (key, value) => setValues((current) => ({ ...current, [key]: value })),
    id: (field) => `${baseId}-${field}`,
    field: (name, label, options = {}) => {
      const error = errorOf(name);
      const inputId = `${baseId}-${name}`;
      const errorId = `${inputId}-error`;
      return {
        group: {
          label,
          labelFor: inputId,
          ...(options.required ? { labelInfo: intl.formatMessage(m.required) } : {}),
          intent: error ? 'danger' : 'none',
          ...(error
            ? { helperText: <span id={errorId}>{error}</span> }
            : options.help
              ? { helperText: options.help }
              : {}),
        },
        input: { id: inputId, ...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}) },
        invalid: Boolean(error),
      };
    },
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dirty) mutation.mutate(changes);
  };

  return (
    <Card className="settings-section" id={anchor}>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${baseId}-heading`}>
        <h2 className="section-title" id={`${baseId}-heading`}>
          {title}
        </h2>
        <FormFailure error={mutation.error} fields={knownFields} title={m.failed} />
        <fieldset className="settings-section__fields" disabled={disabled}>
          {children(form)}
        </fieldset>
        <div className="settings-section__footer">
          <Button
            type="submit"
            intent="primary"
            text={intl.formatMessage(m.save)}
            loading={mutation.isPending}
            disabled={disabled || !dirty}
          />
        </div>
      </form>
    </Card>
  );
}

/** A labelled field in a section. */
export function Field({
  props,
  children,
}: {
  props: ReturnType<SectionForm<unknown>['field']>;
  children: ReactNode;
}) {
  return <FormGroup {...props.group}>{children}</FormGroup>;
}
