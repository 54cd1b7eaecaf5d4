import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { consumePreviousUrl } from '../../shared/api/authRedirect';
import { setToken } from '../../shared/api/session';
import { uiMessages } from '../../shared/ui/messages';
import { login, type LoginRequest } from './api';
import { authMessages } from './messages';

type Field = 'email' | 'password';
type ClientErrors = Partial<Record<Field, MessageDescriptor>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(values: LoginRequest): ClientErrors {
  const errors: ClientErrors = {};
  if (!values.email.trim()) errors.email = authMessages.emailRequired;
  else if (!EMAIL.test(values.email.trim())) errors.email = authMessages.emailInvalid;
  if (!values.password) errors.password = authMessages.passwordRequired;
  return errors;
}

/** Which message the form shows above the fields for a failed attempt (field errors go next to fields). */
export function loginFormError(error: unknown): MessageDescriptor | null {
  if (!error) return null;
  if (isApiError(error)) {
    if (error.status === 401) return authMessages.invalidCredentials;
    if ((error.status === 422 || error.status === 400) && !error.hasFieldErrors)
      return authMessages.invalidCredentials;
    if (error.status === 422 || error.status === 400) return null;
    if (error.status === 429) return authMessages.tooManyAttempts;
    if (error.isNetworkError) return uiMessages.offline;
  }
  return uiMessages.unexpectedError;
}

export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = {
    email: useId(),
    password: useId(),
    emailError: useId(),
    passwordError: useId(),
    alert: useId(),
  };
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [clientErrors, setClientErrors] = useState<ClientErrors>({});
  const [showPassword, setShowPassword] = useState(false);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async ({ token }) => {
      setToken(token);
      // Nothing cached under a previous identity may leak into this session.
      queryClient.clear();
      await navigate(consumePreviousUrl(), { replace: true });
    },
  });

  const serverErrors = isApiError(mutation.error) ? mutation.error.errors : {};
  const formError = loginFormError(mutation.error);

  const fieldError = (field: Field): string | null => {
    const client = clientErrors[field];
    if (client) return intl.formatMessage(client);
    const server = serverErrors[field];
    return server && server.length > 0 ? server.join(' ') : null;
  };
  const emailError = fieldError('email');
  const passwordError = fieldError('password');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validate(values);
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) {
      document.getElementById(errors.email ? ids.email : ids.password)?.focus();
      return;
    }
    mutation.mutate({ email: values.email.trim(), password: values.password });
  };

  const update = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (clientErrors[field]) setClientErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <div className="auth-card">
      <title>{intl.formatMessage(authMessages.pageTitle)}</title>
      <h1 className="auth-card__heading">{intl.formatMessage(authMessages.heading)}</h1>
      <p className="auth-card__subheading">{intl.formatMessage(authMessages.subheading)}</p>

      <form onSubmit={onSubmit} noValidate aria-describedby={formError ? ids.alert : undefined}>
        {formError ? (
          <Callout
            id={ids.alert}
            intent="danger"
            role="alert"
            title={intl.formatMessage(authMessages.formErrorTitle)}
            className="auth-card__alert"
          >
            {intl.formatMessage(formError)}
          </Callout>
        ) : null}

        <FormGroup
          label={intl.formatMessage(authMessages.email)}
          labelFor={ids.email}
          intent={emailError ? 'danger' : 'none'}
          helperText={emailError ? <span id={ids.emailError}>{emailError}</span> : undefined}
        >
          <InputGroup
            id={ids.email}
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            size="large"
            placeholder={intl.formatMessage(authMessages.emailPlaceholder)}
            value={values.email}
            onChange={update('email')}
            intent={emailError ? 'danger' : 'none'}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? ids.emailError : undefined}
            aria-required
          />
        </FormGroup>

        <FormGroup
          label={intl.formatMessage(authMessages.password)}
          labelFor={ids.password}
          intent={passwordError ? 'danger' : 'none'}
          helperText={passwordError ? <span id={ids.passwordError}>{passwordError}</span> : undefined}
        >
          <InputGroup
            id={ids.password}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            size="large"
            value={values.password}
            onChange={update('password')}
            intent={passwordError ? 'danger' : 'none'}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? ids.passwordError : undefined}
            aria-required
            rightElement={
              <Button
                variant="minimal"
                icon={showPassword ? 'eye-off' : 'eye-open'}
                aria-label={intl.formatMessage(
                  showPassword ? authMessages.hidePassword : authMessages.showPassword,
                )}
                title={intl.formatMessage(
                  showPassword ? authMessages.hidePassword : authMessages.showPassword,
                )}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              />
            }
          />
        </FormGroup>

        <div className="auth-card__row">
          <Link to="/auth/forgot-password">{intl.formatMessage(authMessages.forgotPassword)}</Link>
        </div>

        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          loading={mutation.isPending}
          text={intl.formatMessage(authMessages.submit)}
        />
      </form>

      <p className="auth-card__footer">
        {intl.formatMessage(authMessages.noAccount, {
          link: (chunks) => <Link to="/auth/register">{chunks}</Link>,
        })}
      </p>
    </div>
  );
}

export default LoginPage;
