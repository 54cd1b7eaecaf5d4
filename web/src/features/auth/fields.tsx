import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMemo, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { listTimeZones } from '../../shared/time/zonedTime';
import { FieldGroup, type FieldView } from '../../shared/forms/useForm';
import { LanguageOptions } from './LanguageOptions';
import { passwordMessages, registerMessages } from './messages';
import { PasswordInput } from './PasswordInput';

type Change = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
type Size = 'medium' | 'large';

/** First and last name side by side (sign-up, accepting an invitation, the profile). */
export function NameFields({
  first,
  last,
  values,
  onFirst,
  onLast,
  size = 'large',
  autoFocus = false,
}: {
  first: FieldView;
  last: FieldView;
  values: { first_name: string; last_name: string };
  onFirst: Change;
  onLast: Change;
  size?: Size;
  autoFocus?: boolean;
}) {
  const intl = useIntl();
  return (
    <div className="form-row">
      <FieldGroup view={first} label={intl.formatMessage(registerMessages.firstName)}>
        <InputGroup
          {...first.inputProps}
          size={size}
          autoComplete="given-name"
          autoFocus={autoFocus}
          value={values.first_name}
          onChange={onFirst}
          aria-required
        />
      </FieldGroup>
      <FieldGroup view={last} label={intl.formatMessage(registerMessages.lastName)}>
        <InputGroup
          {...last.inputProps}
          size={size}
          autoComplete="family-name"
          value={values.last_name}
          onChange={onLast}
          aria-required
        />
      </FieldGroup>
    </div>
  );
}

/** A new password and its confirmation side by side. */
export function NewPasswordFields({
  password,
  confirmation,
  values,
  onPassword,
  onConfirmation,
  size = 'large',
  autoFocus = false,
}: {
  password: FieldView;
  confirmation: FieldView;
  values: { password: string; password_confirmation: string };
  onPassword: Change;
  onConfirmation: Change;
  size?: Size;
  autoFocus?: boolean;
}) {
  const intl = useIntl();
  return (
    <div className="form-row">
      <FieldGroup view={password} label={intl.formatMessage(passwordMessages.newPassword)}>
        <PasswordInput
          {...password.inputProps}
          size={size}
          autoComplete="new-password"
          autoFocus={autoFocus}
          value={values.password}
          onChange={onPassword}
          aria-required
        />
      </FieldGroup>
      <FieldGroup view={confirmation} label={intl.formatMessage(passwordMessages.confirmPassword)}>
        <PasswordInput
          {...confirmation.inputProps}
          size={size}
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={onConfirmation}
          aria-required
        />
      </FieldGroup>
    </div>
  );
}

/** Every IANA time zone, the current value included even when the list lacks it. */
export function TimeZoneSelect({
  view,
  value,
  onChange,
  label,
}: {
  view: FieldView;
  value: string;
  onChange: Change;
  label: string;
}) {
  const zones = useMemo(() => listTimeZones([value]), [value]);
  return (
    <FieldGroup view={view} label={label}>
      <HTMLSelect {...view.controlProps} fill value={value} onChange={onChange}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </HTMLSelect>
    </FieldGroup>
  );
}

/** Time zone and language side by side (sign-up, accepting an invitation, the profile). */
export function ZoneAndLanguageFields({
  timezone,
  language,
  values,
  onTimezone,
  onLanguage,
}: {
  timezone: FieldView;
  language: FieldView;
  values: { timezone: string; locale: string };
  onTimezone: Change;
  onLanguage: Change;
}) {
  const intl = useIntl();
  return (
    <div className="form-row">
      <TimeZoneSelect
        view={timezone}
        value={values.timezone}
        onChange={onTimezone}
        label={intl.formatMessage(registerMessages.timezone)}
      />
      <FieldGroup view={language} label={intl.formatMessage(registerMessages.language)}>
        <HTMLSelect {...language.controlProps} fill value={values.locale} onChange={onLanguage}>
          <LanguageOptions />
        </HTMLSelect>
      </FieldGroup>
    </div>
  );
}
