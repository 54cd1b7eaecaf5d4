import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { uiMessages } from '../../shared/ui/messages';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { requestPasswordReset } from './api';
import { authMessages, forgotMessages } from './messages';
import { emailError, withoutEmpty } from './validation';
import './auth.css';
import { PageTitle } from '../../shared/ui/PageTitle';

const FIELDS = ['email'] as const;

/** `/auth/forgot-password`: asks for a reset link; the answer never tells whether the address is known. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const { values, set, onSubmit, field } = useForm({
    fields: FIELDS,
    initial: { email: '' },
    validate: ({ email }) => withoutEmpty({ email: emailError(email) }),
    onValid: ({ email }) => mutation.mutate(email.trim()),
    serverError: mutation.error,
  });
  const tooMany = isApiError(mutation.error) && mutation.error.status === 429;
  const emailField = field('email');
  return (
    <div className="auth-card">
      <PageTitle parts={[forgotMessages.pageTitle]} />
      <h1 className="auth-card__heading">{intl.formatMessage(forgotMessages.heading)}</h1>
      {mutation.isSuccess ? (
        <Callout
          intent="success"
          role="status"
          icon="envelope"
          title={intl.formatMessage(forgotMessages.sentTitle)}
          className="auth-card__alert"
        >
          {intl.formatMessage(forgotMessages.sent, { email: values.email.trim() })}
        </Callout>
      ) : (
        <>
          <p className="auth-card__subheading">{intl.formatMessage(forgotMessages.subheading)}</p>
          <form onSubmit={onSubmit} noValidate>
            {mutation.isError && !(isApiError(mutation.error) && mutation.error.hasFieldErrors) ? (
              <Callout intent="danger" role="alert" className="auth-card__alert">
                {intl.formatMessage(tooMany ? forgotMessages.tooMany : uiMessages.unexpectedError)}
              </Callout>
            ) : null}
            <FieldGroup view={emailField} label={intl.formatMessage(authMessages.email)}>
              <InputGroup
                {...emailField.inputProps}
                size="large"
                type="email"
                autoComplete="email"
                autoFocus
                placeholder={intl.formatMessage(authMessages.emailPlaceholder)}
                value={values.email}
                onChange={set('email')}
                aria-required
              />
            </FieldGroup>
            <Button
              type="submit"
              intent="primary"
              size="large"
              fill
              loading={mutation.isPending}
              text={intl.formatMessage(forgotMessages.submit)}
            />
          </form>
        </>
      )}
      <p className="auth-card__footer">
        <Link to="/auth/login">{intl.formatMessage(forgotMessages.backToLogin)}</Link>
      </p>
    </div>
  );
}

export default ForgotPasswordPage;
