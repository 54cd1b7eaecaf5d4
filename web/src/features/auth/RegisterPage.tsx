import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { setToken } from '../../shared/api/session';
import { useLocale } from '../../shared/intl/LocaleProvider';
import { browserTimeZone } from '../../shared/time/zonedTime';
import { FormFailure } from '../../shared/forms/FormFailure';
import { FieldGroup, useForm, type ClientErrors } from '../../shared/forms/useForm';
import { register, type RegisterRequest } from './api';
import { NameFields, NewPasswordFields, ZoneAndLanguageFields } from './fields';
import { authMessages, passwordMessages, registerMessages } from './messages';
import { emailError, nameError, newPasswordErrors, withoutEmpty } from './validation';
import './auth.css';
import { PageTitle } from '../../shared/ui/PageTitle';

type Field = keyof RegisterRequest;
const FIELDS: readonly Field[] = [
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
  'timezone',
  'locale',
];

function validate(values: RegisterRequest): ClientErrors<Field> {
  return withoutEmpty({
    first_name: nameError(values.first_name, registerMessages.firstNameRequired),
    last_name: nameError(values.last_name, registerMessages.lastNameRequired),
    email: emailError(values.email),
    ...newPasswordErrors(values.password, values.password_confirmation),
  });
}

/** `/auth/register`: a new account with its owner; time zone and language start from the browser's. */
export function RegisterPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: async ({ token }) => {
      setToken(token);
      queryClient.clear();
      await navigate('/welcome', { replace: true });
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: (): RegisterRequest => ({
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
  const emailTaken = isApiError(mutation.error) && mutation.error.reason === 'email_taken';

  const email = field('email');
  return (
    <div className="auth-card auth-card--wide">
      <PageTitle parts={[registerMessages.pageTitle]} />
      <h1 className="auth-card__heading">{intl.formatMessage(registerMessages.heading)}</h1>
      <p className="auth-card__subheading">{intl.formatMessage(registerMessages.subheading)}</p>

      <form onSubmit={onSubmit} noValidate>
        {emailTaken ? (
          <Callout intent="warning" role="alert" className="auth-card__alert">
            {intl.formatMessage(registerMessages.emailTaken)}{' '}
            <Link to="/auth/forgot-password">{intl.formatMessage(authMessages.forgotPassword)}</Link>
          </Callout>
        ) : (
          <FormFailure {...failure} title={registerMessages.failed} className="auth-card__alert" />
        )}
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
