import { Button, Callout, InputGroup, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { consumePreviousUrl } from '../../shared/api/authRedirect';
import { setToken } from '../../shared/api/session';
import { uiMessages } from '../../shared/ui/messages';
import { FieldGroup, useForm, type ClientErrors } from '../../shared/forms/useForm';
import { login, type AccountChoice, type LoginRequest } from './api';
import { authMessages } from './messages';
import { PasswordInput } from './PasswordInput';
import { emailError, withoutEmpty } from './validation';
import './auth.css';
import { PageTitle } from '../../shared/ui/PageTitle';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

function validate(values: Omit<LoginRequest, 'account_id'>): ClientErrors<Field> {
  return withoutEmpty({
    email: emailError(values.email),
    password: values.password ? undefined : authMessages.passwordRequired,
  });
}

/** Which message the form shows above the fields for a failed attempt (field errors go next to fields). */
export function loginFormError(error: unknown): MessageDescriptor | null {
  if (!error) return null;
  if (isApiError(error)) {
    if (error.reason === 'user_inactive') return authMessages.inactive;
    if (error.status === 401) return authMessages.invalidCredentials;
    if ((error.status === 422 || error.status === 400) && !error.hasFieldErrors)
      return authMessages.invalidCredentials;
    if (error.status === 422 || error.status === 400) return null;
    if (error.status === 429) return authMessages.tooManyAttempts;
    if (error.isNetworkError) return uiMessages.offline;
  }
  return uiMessages.unexpectedError;
}

const ROLE_LABEL = { ADMIN: authMessages.roleAdmin, ORGANIZER: authMessages.roleOrganizer } as const;

/**
 * `/auth/login`: email and password; someone who belongs to several accounts then picks one (the token is
 * bound to it). `?email=` prefills the address (after accepting an invitation).
 */
export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [accounts, setAccounts] = useState<AccountChoice[] | null>(null);
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (result) => {
      if (result.kind === 'choose-account') {
        setAccounts(result.accounts);
        return;
      }
      setToken(result.token);
      // Nothing cached under a previous identity may leak into this session.
      queryClient.clear();
      await navigate(consumePreviousUrl(), { replace: true });
    },
  });
  const { values, set, onSubmit, field } = useForm({
    fields: FIELDS,
    initial: { email: searchParams.get('email') ?? '', password: '' },
    validate,
    onValid: ({ email, password }) => mutation.mutate({ email: email.trim(), password }),
    serverError: mutation.error,
  });
  const formError = loginFormError(mutation.error);

  const alert = formError ? (
    <Callout
      intent="danger"
      role="alert"
      title={intl.formatMessage(authMessages.formErrorTitle)}
      className="auth-card__alert"
    >
      {intl.formatMessage(formError)}
    </Callout>
  ) : null;

  if (accounts) {
    return (
      <div className="auth-card">
        <PageTitle parts={[authMessages.chooseHeading]} />
        <h1 className="auth-card__heading">{intl.formatMessage(authMessages.chooseHeading)}</h1>
        <p className="auth-card__subheading">{intl.formatMessage(authMessages.chooseIntro)}</p>
        {alert}
        <Menu
          className="account-chooser"
          aria-label={intl.formatMessage(authMessages.chooseLabel)}
          size="large"
        >
          {accounts.map((account) => (
            <MenuItem
              key={account.id}
              icon="office"
              text={account.name}
              disabled={mutation.isPending}
              labelElement={<Tag minimal>{intl.formatMessage(ROLE_LABEL[account.role])}</Tag>}
              onClick={() =>
                mutation.mutate({
                  email: values.email.trim(),
                  password: values.password,
                  account_id: account.id,
                })
              }
            />
          ))}
        </Menu>
        <p className="auth-card__footer">
          <Button
            variant="minimal"
            icon="arrow-left"
            text={intl.formatMessage(authMessages.chooseBack)}
            onClick={() => {
              setAccounts(null);
              mutation.reset();
            }}
          />
        </p>
      </div>
    );
  }

  const email = field('email');
  const password = field('password');
  return (
    <div className="auth-card">
      <PageTitle parts={[authMessages.pageTitle]} />
      <h1 className="auth-card__heading">{intl.formatMessage(authMessages.heading)}</h1>
      <p className="auth-card__subheading">{intl.formatMessage(authMessages.subheading)}</p>

      <form onSubmit={onSubmit} noValidate>
        {alert}
        <FieldGroup view={email} label={intl.formatMessage(authMessages.email)}>
          <InputGroup
            {...email.inputProps}
            name="email"
            type="email"
            autoComplete="username"
            autoFocus={!values.email}
            size="large"
            placeholder={intl.formatMessage(authMessages.emailPlaceholder)}
            value={values.email}
            onChange={set('email')}
            aria-required
          />
        </FieldGroup>

        <FieldGroup view={password} label={intl.formatMessage(authMessages.password)}>
          <PasswordInput
            {...password.inputProps}
            name="password"
            autoComplete="current-password"
            autoFocus={Boolean(values.email)}
            value={values.password}
            onChange={set('password')}
            aria-required
          />
        </FieldGroup>

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
