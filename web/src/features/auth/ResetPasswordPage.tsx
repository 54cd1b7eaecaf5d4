import { Button, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { uiMessages } from '../../shared/ui/messages';
import { useToaster } from '../../shared/ui/toaster';
import { FormFailure } from '../../shared/forms/FormFailure';
import { useForm } from '../../shared/forms/useForm';
import { checkResetLink, resetPassword } from './api';
import { NewPasswordFields } from './fields';
import { forgotMessages, passwordMessages, resetMessages } from './messages';
import { newPasswordErrors, withoutEmpty } from './validation';
import './auth.css';
import { PageTitle } from '../../shared/ui/PageTitle';

const FIELDS = ['password', 'password_confirmation'] as const;

/** `/auth/reset-password/{token}`: a new password, once, while the link is valid; the spec's message otherwise. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const toaster = useToaster();
  const { token = '' } = useParams();
  const link = useQuery({
    queryKey: ['auth', 'reset-link', token],
    queryFn: ({ signal }) => checkResetLink(token, signal),
    retry: false,
    staleTime: 0,
  });
  const mutation = useMutation({
    mutationFn: (values: { password: string; password_confirmation: string }) => resetPassword(token, values),
    onSuccess: async () => {
      toaster.success(resetMessages.done);
      await navigate('/auth/login', { replace: true });
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: { password: '', password_confirmation: '' },
    validate: (input) => withoutEmpty(newPasswordErrors(input.password, input.password_confirmation)),
    onValid: (input) => mutation.mutate(input),
    serverError: mutation.error,
  });
  const linkInvalid =
    (isApiError(link.error) && link.error.reason === 'invalid_token') ||
    (isApiError(mutation.error) && mutation.error.reason === 'invalid_token');

  if (link.isPending) {
    return (
      <div className="auth-card auth-card--centered" aria-busy="true">
        <Spinner size={24} />
        <p>{intl.formatMessage(resetMessages.checking)}</p>
      </div>
    );
  }
  if (linkInvalid || link.isError) {
    return (
      <div className="auth-card">
        <PageTitle parts={[resetMessages.invalidTitle]} />
        <NonIdealState
          icon="disable"
          title={intl.formatMessage(resetMessages.invalidTitle)}
          description={intl.formatMessage(linkInvalid ? resetMessages.invalid : uiMessages.unexpectedError)}
          action={
            <Link to="/auth/forgot-password" className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}>
              {intl.formatMessage(resetMessages.requestNew)}
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="auth-card">
      <PageTitle parts={[resetMessages.pageTitle]} />
      <h1 className="auth-card__heading">{intl.formatMessage(resetMessages.heading)}</h1>
      <form onSubmit={onSubmit} noValidate className="auth-card__stacked">
        <FormFailure {...failure} className="auth-card__alert" />
        <NewPasswordFields
          password={field('password', intl.formatMessage(passwordMessages.hint))}
          confirmation={field('password_confirmation')}
          values={values}
          onPassword={set('password')}
          onConfirmation={set('password_confirmation')}
          autoFocus
        />
        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          loading={mutation.isPending}
          text={intl.formatMessage(resetMessages.submit)}
        />
      </form>
      <p className="auth-card__footer">
        <Link to="/auth/login">{intl.formatMessage(forgotMessages.backToLogin)}</Link>
      </p>
    </div>
  );
}

export default ResetPasswordPage;
