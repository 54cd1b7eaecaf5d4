import { useId } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { CheckoutQuestion } from './api';
import {
  emptyAddress,
  type AddressValue,
  type AnswerValue,
  type Problem,
  type Problems,
} from './detailsForm';
import { checkoutMessages as m } from './messages';

export const problemMessage: Record<Problem, MessageDescriptor> = {
  required: m.errorRequired,
  email: m.errorEmail,
  terms: m.errorTerms,
  date: m.errorDate,
  invalid: m.errorInvalid,
};

/** The error line under a field; its id is what the field's `aria-describedby` names. */
export function FieldError({ id, problem }: { id: string; problem: Problem | undefined }) {
  const intl = useIntl();
  if (!problem) return null;
  return (
    <p className="checkout-field__error" id={id}>
      {intl.formatMessage(problemMessage[problem])}
    </p>
  );
}

export function RequiredMark() {
  const intl = useIntl();
  return (
    <span className="checkout-field__required">
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> ({intl.formatMessage(m.required)})</span>
    </span>
  );
}

/** A labelled text input with its error, keyed by the server's field key. */
export function TextField({
  fieldKey,
  label,
  value,
  onChange,
  problems,
  required = true,
  type = 'text',
  autoComplete,
  hint,
}: {
  fieldKey: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problems: Problems;
  required?: boolean;
  type?: 'text' | 'email' | 'date';
  autoComplete?: string;
  hint?: string;
}) {
  const id = useId();
  const problem = problems[fieldKey];
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="checkout-field" data-field={fieldKey}>
      <label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        id={id}
        className="checkout-input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {hint ? (
        <p className="checkout-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} problem={problem} />
    </div>
  );
}

/** One organizer question in the input its type asks for (all seven types). */
export function QuestionField({
  question,
  fieldKey,
  value,
  onChange,
  problems,
}: {
  question: CheckoutQuestion;
  fieldKey: string;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  problems: Problems;
}) {
  const intl = useIntl();
  const id = useId();
  const problem = problems[fieldKey];
  const descriptionId = question.description ? `${id}-description` : null;
  const errorId = `${id}-error`;
  const described = [descriptionId, problem ? errorId : null].filter(Boolean).join(' ') || undefined;
  const text = typeof value === 'string' ? value : '';
  const description = question.description ? (
    <p className="checkout-field__hint" id={descriptionId ?? undefined}>
      {question.description}
    </p>
  ) : null;
  const label = (
    <>
      {question.title}
      {question.required ? <RequiredMark /> : null}
    </>
  );

  switch (question.type) {
    case 'SINGLE_LINE_TEXT':
    case 'DATE':
    case 'MULTI_LINE_TEXT':
    case 'DROPDOWN': {
      const common = {
        id,
        value: text,
        'aria-required': question.required || undefined,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': described,
      } as const;
      return (
        <div className="checkout-field" data-field={fieldKey}>
          <label htmlFor={id}>{label}</label>
          {question.type === 'MULTI_LINE_TEXT' ? (
            <textarea
              {...common}
              className="checkout-input"
              rows={4}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          ) : question.type === 'DROPDOWN' ? (
            <select {...common} className="checkout-input" onChange={(e) => onChange(e.currentTarget.value)}>
              <option value="">{intl.formatMessage(m.chooseOption)}</option>
              {question.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...common}
              className="checkout-input"
              type={question.type === 'DATE' ? 'date' : 'text'}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          )}
          {description}
          <FieldError id={errorId} problem={problem} />
        </div>
      );
    }
    case 'RADIO':
    case 'CHECKBOX': {
      const ticked = Array.isArray(value) ? value : [];
      return (
        <fieldset
          className="checkout-field checkout-choices"
          data-field={fieldKey}
          aria-describedby={described}
          aria-invalid={problem ? true : undefined}
        >
          <legend>{label}</legend>
          {description}
          {question.options.map((option, index) => {
            const optionId = `${id}-${index}`;
            return (
              <div key={option} className="checkout-choice">
                {question.type === 'RADIO' ? (
                  <input
                    id={optionId}
                    type="radio"
                    name={id}
                    value={option}
                    checked={text === option}
                    required={question.required}
                    onChange={() => onChange(option)}
                  />
                ) : (
                  <input
                    id={optionId}
                    type="checkbox"
                    value={option}
                    checked={ticked.includes(option)}
                    onChange={(e) =>
                      onChange(
                        e.currentTarget.checked
                          ? [...ticked, option]
                          : ticked.filter((item) => item !== option),
                      )
                    }
                  />
                )}
                <label htmlFor={optionId}>{option}</label>
              </div>
            );
          })}
          <FieldError id={errorId} problem={problem} />
        </fieldset>
      );
    }
    case 'ADDRESS': {
      const address: AddressValue =
        typeof value === 'object' && !Array.isArray(value) ? value : emptyAddress();
      const part = (
        field: keyof AddressValue,
        partLabel: MessageDescriptor,
        required: boolean,
        autoComplete: string,
      ) => (
        <TextField
          fieldKey={`${fieldKey}.${field}`}
          label={intl.formatMessage(partLabel)}
          value={address[field]}
          onChange={(changed) => onChange({ ...address, [field]: changed })}
          problems={problems}
          required={question.required && required}
          autoComplete={autoComplete}
        />
      );
      return (
        <fieldset
          className="checkout-field checkout-address"
          data-field={fieldKey}
          aria-describedby={descriptionId ?? undefined}
        >
          <legend>{label}</legend>
          {description}
          {part('address_line_1', m.addressLine1, true, 'address-line1')}
          {part('address_line_2', m.addressLine2, false, 'address-line2')}
          {part('city', m.city, true, 'address-level2')}
          {part('state_or_region', m.stateOrRegion, false, 'address-level1')}
          {part('zip_or_postal_code', m.zip, true, 'postal-code')}
          {part('country', m.country, true, 'country-name')}
        </fieldset>
      );
    }
  }
}
