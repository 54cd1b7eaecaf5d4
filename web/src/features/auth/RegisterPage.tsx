import { Button, Callout, Classes, InputGroup } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../shared/intl/LocaleProvider';
import { browserTimeZone } from '../../shared/time/zonedTime';
import { FormFailure } from '../../shared/forms/FormFailure';
import { FieldGroup, useForm, type ClientErrors } from '../../shared/forms/useForm';
import { register, type RegisterValues } from './api';
import { NameFields, NewPasswordFields, ZoneAndLanguageFields } from './fields';
import { authMessages, passwordMessages, registerMessages } from './messages';
import { emailError, nameError, newPasswordErrors, withoutEmpty } from './validation';
import './auth.css';
import { PageTitle } from '../../shared/ui/PageTitle';

type Field = keyof RegisterValues;
const FIELDS: readonly Field[] = [
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
  'timezone',
  'locale',
];

function validate(values: RegisterValues): ClientErrors<Field> {
  return withoutEmpty({
    first_name: nameError(values.first_name, registerMessages.firstNameRequired),
    last_name: nameError(values.last_name, registerMessages.lastNameRequired),
    email: emailError(values.email),
    ...newPasswordErrors(values.password, values.password_confirmation),
  });
}

/**
 * `/auth/register`: a new account with its owner; time zone and language start from the browser's. Whether the
 * address is new or already has a login, the page then says the same: check your email (docs/identity.md).
 */
export function RegisterPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const mutation = useMutation({ mutationFn: register });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: (): RegisterValues => ({
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      timezone: browserTimeZone(),
      locale,
    }),
    validate,
    onValid: (input) =>
      mutation.mutate({
        ...input,
        first_name: input.first_name.trim(),
        last_name: input.last_name.trim(),
        email: input.email.trim(),
      }),
    serverError: mutation.error,
  });
  const email = field('email');
  if (mutation.isSuccess) {
    return (
      <div className="auth-card">
        <PageTitle parts={[registerMessages.pageTitle]} />
        <h1 className="auth-card__heading">{intl.formatMessage(registerMessages.heading)}</h1>
        <Callout
          intent="success"
          role="status"
          icon="envelope"
          title={intl.formatMessage(registerMessages.sentTitle)}
          className="auth-card__alert"
          data-testid="register-sent"
        >
          {intl.formatMessage(registerMessages.sent, { email: values.email.trim() })}
        </Callout>
        <Link to="/auth/login" className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.FILL}`}>
          {intl.formatMessage(registerMessages.toLogin)}
        </Link>
        <p className="auth-card__footer">
          <Link to="/auth/forgot-password">{intl.formatMessage(authMessages.forgotPassword)}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card auth-card--wide">
      <PageTitle parts={[registerMessages.pageTitle]} />
      <h1 className="auth-card__heading">{intl.formatMessage(registerMessages.heading)}</h1>
      <p className="auth-card__subheading">{intl.formatMessage(registerMessages.subheading)}</p>

      <form onSubmit={onSubmit} noValidate>
        <FormFailure {...failure} title={registerMessages.failed} className="auth-card__alert" />
        <NameFields
          first={field('first_name')}
          last={field('last_name')}
          values={values}
          onFirst={set('first_name')}
          onLast={set('last_name')}
          autoFocus
        />
        <FieldGroup view={email} label={intl.formatMessage(authMessages.email)}>
          <InputGroup
            {...email.inputProps}
            size="large"
            type="email"
            autoComplete="email"
            placeholder={intl.formatMessage(authMessages.emailPlaceholder)}
            value={values.email}
            onChange={set('email')}
            aria-required
          />
        </FieldGroup>
        <NewPasswordFields
          password={field('password', intl.formatMessage(passwordMessages.hint))}
          confirmation={field('password_confirmation')}
          values={values}
          onPassword={set('password')}
          onConfirmation={set('password_confirmation')}
        />
        <ZoneAndLanguageFields
          timezone={field('timezone')}
          language={field('locale')}
          values={values}
          onTimezone={set('timezone')}
          onLanguage={set('locale')}
        />
        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          loading={mutation.isPending}
          text={intl.formatMessage(registerMessages.submit)}
        />
      </form>

      <p className="auth-card__footer">
        {intl.formatMessage(registerMessages.haveAccount, {
          link: (chunks) => <Link to="/auth/login">{chunks}</Link>,
        })}
      </p>
    </div>
  );
}

export default RegisterPage;
