import { Button, Callout, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { useLocale } from '../../shared/intl/LocaleProvider';
import { browserTimeZone } from '../../shared/time/zonedTime';
import { uiMessages } from '../../shared/ui/messages';
import { useToaster } from '../../shared/ui/toaster';
import { FormFailure } from '../../shared/forms/FormFailure';
import { FieldGroup, useForm, type ClientErrors } from '../../shared/forms/useForm';
import { acceptInvitation, getInvitation, type Invitation } from './api';
import { NameFields, NewPasswordFields, ZoneAndLanguageFields } from './fields';
import { authMessages, invitationMessages, passwordMessages, registerMessages } from './messages';
import { PasswordInput } from './PasswordInput';
import { nameError, newPasswordErrors, withoutEmpty } from './validation';
import './auth.css';
import { PageTitle } from '../../shared/ui/PageTitle';

type Field = 'first_name' | 'last_name' | 'password' | 'password_confirmation' | 'timezone' | 'locale';
type Values = Record<Field, string>;
const FIELDS: readonly Field[] = [
  'first_name',
  'last_name',
  'password',
  'password_confirmation',
  'timezone',
  'locale',
];
const ROLE = { ADMIN: authMessages.roleAdmin, ORGANIZER: authMessages.roleOrganizer } as const;

/**
 * `/auth/accept-invitation/{token}`: a new person sets their name and password; someone who already has a
 * login accepts with its password. Then they log in.
 */
export function AcceptInvitationPage() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['auth', 'invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
    staleTime: 0,
  });

  if (invitation.isPending) {
    return (
      <div className="auth-card auth-card--centered" aria-busy="true">
        <Spinner size={24} />
        <p>{intl.formatMessage(invitationMessages.loading)}</p>
      </div>
    );
  }
  if (invitation.isError) {
    const invalid = isApiError(invitation.error) && invitation.error.reason === 'invalid_token';
    return (
      <div className="auth-card">
        <PageTitle parts={[invitationMessages.invalidTitle]} />
        <NonIdealState
          icon="disable"
          title={intl.formatMessage(invitationMessages.invalidTitle)}
          description={intl.formatMessage(invalid ? invitationMessages.invalid : uiMessages.unexpectedError)}
          action={
            <Link to="/auth/login" className={Classes.BUTTON}>
              {intl.formatMessage(authMessages.submit)}
            </Link>
          }
        />
      </div>
    );
  }
  return <AcceptForm token={token} invitation={invitation.data} />;
}

function AcceptForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const toaster = useToaster();
  const { locale } = useLocale();
  const existing = invitation.existing_user;
  const mutation = useMutation({
    mutationFn: (values: Values) =>
      acceptInvitation(
        token,
        existing
          ? { password: values.password }
          : { ...values, first_name: values.first_name.trim(), last_name: values.last_name.trim() },
      ),
    onSuccess: async () => {
      toaster.success(invitationMessages.accepted, { account: invitation.account_name });
      await navigate(`/auth/login?${new URLSearchParams({ email: invitation.email }).toString()}`, {
        replace: true,
      });
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: (): Values => ({
      first_name: invitation.first_name,
      last_name: invitation.last_name,
      password: '',
      password_confirmation: '',
      timezone: browserTimeZone(),
      locale,
    }),
    validate: (input): ClientErrors<Field> =>
      existing
        ? withoutEmpty({ password: input.password ? undefined : authMessages.passwordRequired })
        : withoutEmpty({
            first_name: nameError(input.first_name, registerMessages.firstNameRequired),
            last_name: nameError(input.last_name, registerMessages.lastNameRequired),
            ...newPasswordErrors(input.password, input.password_confirmation),
          }),
    onValid: (input) => mutation.mutate(input),
    serverError: mutation.error,
  });
  const reason = isApiError(mutation.error) ? mutation.error.reason : null;

  const role = intl.formatMessage(ROLE[invitation.role]);
  const password = field('password');
  return (
    <div className="auth-card auth-card--wide">
      <PageTitle parts={[invitationMessages.pageTitle]} />
      <h1 className="auth-card__heading">
        {intl.formatMessage(invitationMessages.heading, { account: invitation.account_name })}
      </h1>
      <p className="auth-card__subheading">
        {intl.formatMessage(existing ? invitationMessages.introExisting : invitationMessages.intro, {
          email: invitation.email,
          role,
        })}
      </p>
      <form onSubmit={onSubmit} noValidate>
        {reason === 'invalid_token' || reason === 'invalid_credentials' ? (
          <Callout intent="danger" role="alert" className="auth-card__alert">
            {intl.formatMessage(
              reason === 'invalid_token' ? invitationMessages.invalid : invitationMessages.wrongPassword,
            )}
          </Callout>
        ) : (
          <FormFailure {...failure} className="auth-card__alert" />
        )}
        {existing ? (
          <FieldGroup view={password} label={intl.formatMessage(authMessages.password)}>
            <PasswordInput
              {...password.inputProps}
              autoComplete="current-password"
              autoFocus
              value={values.password}
              onChange={set('password')}
              aria-required
            />
          </FieldGroup>
        ) : (
          <>
            <NameFields
              first={field('first_name')}
              last={field('last_name')}
              values={values}
              onFirst={set('first_name')}
              onLast={set('last_name')}
              autoFocus
            />
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
          </>
        )}
        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          loading={mutation.isPending}
          text={intl.formatMessage(invitationMessages.submit)}
        />
      </form>
    </div>
  );
}

export default AcceptInvitationPage;
