import { Button, Callout, Card, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { isApiError } from '../../shared/api/ApiError';
import type { User } from '../../shared/api/types';
import { useLocale } from '../../shared/intl/LocaleProvider';
import { matchLocale } from '../../shared/intl/locale';
import { browserTimeZone } from '../../shared/time/zonedTime';
import { uiMessages } from '../../shared/ui/messages';
import { useToaster } from '../../shared/ui/toaster';
import { FormFailure } from '../../shared/forms/FormFailure';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { NameFields, NewPasswordFields, ZoneAndLanguageFields } from '../auth/fields';
import { authMessages, passwordMessages, registerMessages } from '../auth/messages';
import { PasswordInput } from '../auth/PasswordInput';
import { emailError, nameError, newPasswordErrors, withoutEmpty } from '../auth/validation';
import { userQueries } from '../users/queries';
import { cancelEmailChange, resendEmailConfirmation, updateProfile, type ProfileChanges } from './api';
import { profileMessages as m } from './messages';
import '../../shared/ui/account.css';
import { PageTitle } from '../../shared/ui/PageTitle';

/** Keeps the cached `me` in step with what the server answered. */
function useSaveMe() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(userQueries.me().queryKey, user);
}

/** `/manage/profile`: name, time zone and language; email (changed by a confirmed link); password. */
export function ProfilePage() {
  const intl = useIntl();
  const me = useQuery(userQueries.me());
  if (me.isPending) {
    return (
      <div className="page-loading" aria-busy="true">
        <Spinner size={20} /> {intl.formatMessage(m.loading)}
      </div>
    );
  }
  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  return (
    <div className="profile-page">
      <PageTitle parts={[m.pageTitle]} />
      <div className="page-header">
        <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>
      </div>
      <div className="settings-stack">
        <DetailsForm me={me.data} />
        <EmailSection me={me.data} />
        <PasswordForm />
      </div>
    </div>
  );
}

type DetailsField = 'first_name' | 'last_name' | 'timezone' | 'locale';
const DETAILS: readonly DetailsField[] = ['first_name', 'last_name', 'timezone', 'locale'];

function DetailsForm({ me }: { me: User }) {
  const intl = useIntl();
  const toaster = useToaster();
  const saveMe = useSaveMe();
  const { setLocale } = useLocale();
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      saveMe(user);
      const chosen = matchLocale(user.locale);
      if (chosen) setLocale(chosen);
      toaster.success(m.saved);
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: DETAILS,
    initial: {
      first_name: me.first_name,
      last_name: me.last_name,
      timezone: me.timezone ?? browserTimeZone(),
      locale: matchLocale(me.locale) ?? 'en',
    },
    validate: (input) =>
      withoutEmpty({
        first_name: nameError(input.first_name, registerMessages.firstNameRequired),
        last_name: nameError(input.last_name, registerMessages.lastNameRequired),
      }),
    onValid: (input) =>
      mutation.mutate({ ...input, first_name: input.first_name.trim(), last_name: input.last_name.trim() }),
    serverError: mutation.error,
  });
  return (
    <Card className="settings-card" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="section-title">
        {intl.formatMessage(m.detailsTitle)}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <FormFailure {...failure} title={m.failed} />
        <NameFields
          first={field('first_name')}
          last={field('last_name')}
          values={values}
          onFirst={set('first_name')}
          onLast={set('last_name')}
          size="medium"
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
          loading={mutation.isPending}
          text={intl.formatMessage(m.save)}
        />
      </form>
    </Card>
  );
}

function EmailSection({ me }: { me: User }) {
  const intl = useIntl();
  const toaster = useToaster();
  const saveMe = useSaveMe();
  const change = useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(changes),
    onSuccess: (user) => {
      saveMe(user);
      if (user.pending_email) toaster.success(m.changeRequested, { email: user.pending_email });
    },
  });
  const { values, setValues, set, onSubmit, field, failure } = useForm({
    fields: ['email'] as const,
    initial: { email: '' },
    validate: ({ email }) =>
      withoutEmpty({
        email:
          emailError(email) ??
          (email.trim().toLowerCase() === me.email.toLowerCase() ? m.sameEmail : undefined),
      }),
    onValid: ({ email }) =>
      change.mutate({ email: email.trim() }, { onSuccess: () => setValues({ email: '' }) }),
    serverError: change.error,
  });
  const resend = useMutation({
    mutationFn: () => resendEmailConfirmation(me.id),
    onSuccess: () => toaster.success(m.resent),
  });
  const cancel = useMutation({
    mutationFn: () => cancelEmailChange(me.id),
    onSuccess: (user) => {
      saveMe(user);
      toaster.show(m.changeCancelled);
    },
  });
  const newEmail = field('email');
  const resendFailed = resend.isError
    ? isApiError(resend.error) && resend.error.status === 429
      ? authMessages.tooManyAttempts
      : uiMessages.unexpectedError
    : null;
  return (
    <Card className="settings-card" aria-labelledby="profile-email-title">
      <h2 id="profile-email-title" className="section-title">
        {intl.formatMessage(m.emailTitle)}
      </h2>
      <dl className="details-list details-list--compact">
        <dt>{intl.formatMessage(m.currentEmail)}</dt>
        <dd className="profile-email">
          <span data-testid="current-email">{me.email}</span>
          <Tag
            minimal
            round
            intent={me.email_verified ? 'success' : 'warning'}
            icon={me.email_verified ? 'tick' : 'warning-sign'}
          >
            {intl.formatMessage(me.email_verified ? m.verified : m.unverified)}
          </Tag>
        </dd>
      </dl>
      {me.email_verified ? null : (
        <Callout intent="warning" className="form-callout" icon="envelope">
          <p className="callout-text">{intl.formatMessage(m.unverifiedHelp)}</p>
          <Button
            text={intl.formatMessage(m.resend)}
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          />
          {resendFailed ? (
            <p role="alert" className="callout-text callout-text--error">
              {intl.formatMessage(resendFailed)}
            </p>
          ) : null}
        </Callout>
      )}
      {me.pending_email ? (
        <Callout
          intent="primary"
          className="form-callout"
          icon="time"
          title={intl.formatMessage(m.pendingTitle)}
        >
          <p className="callout-text">{intl.formatMessage(m.pending, { email: me.pending_email })}</p>
          <Button
            text={intl.formatMessage(m.cancelChange)}
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          />
        </Callout>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <FormFailure {...failure} title={m.failed} />
        <FieldGroup view={newEmail} label={intl.formatMessage(m.newEmail)}>
          <InputGroup
            {...newEmail.inputProps}
            type="email"
            autoComplete="email"
            placeholder={intl.formatMessage(authMessages.emailPlaceholder)}
            value={values.email}
            onChange={set('email')}
          />
        </FieldGroup>
        <Button type="submit" loading={change.isPending} text={intl.formatMessage(m.changeEmail)} />
      </form>
    </Card>
  );
}

type PasswordField = 'current_password' | 'password' | 'password_confirmation';
const PASSWORD_FIELDS: readonly PasswordField[] = ['current_password', 'password', 'password_confirmation'];
const emptyPasswords = { current_password: '', password: '', password_confirmation: '' };

function PasswordForm() {
  const intl = useIntl();
  const toaster = useToaster();
  const saveMe = useSaveMe();
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      saveMe(user);
      toaster.success(m.passwordChanged);
    },
  });
  const { values, setValues, set, onSubmit, field, failure } = useForm({
    fields: PASSWORD_FIELDS,
    initial: emptyPasswords,
    validate: (input) =>
      withoutEmpty({
        current_password: input.current_password ? undefined : m.currentRequired,
        ...newPasswordErrors(input.password, input.password_confirmation),
      }),
    onValid: (input) => mutation.mutate(input, { onSuccess: () => setValues(emptyPasswords) }),
    serverError: mutation.error,
  });
  const current = field('current_password');
  return (
    <Card className="settings-card" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className="section-title">
        {intl.formatMessage(m.passwordTitle)}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <FormFailure {...failure} title={m.failed} />
        <FieldGroup view={current} label={intl.formatMessage(m.currentPassword)}>
          <PasswordInput
            {...current.inputProps}
            size="medium"
            autoComplete="current-password"
            value={values.current_password}
            onChange={set('current_password')}
          />
        </FieldGroup>
        <NewPasswordFields
          password={field('password', intl.formatMessage(passwordMessages.hint))}
          confirmation={field('password_confirmation')}
          values={values}
          onPassword={set('password')}
          onConfirmation={set('password_confirmation')}
          size="medium"
        />
        <Button
          type="submit"
          intent="primary"
          loading={mutation.isPending}
          text={intl.formatMessage(m.changePassword)}
        />
      </form>
    </Card>
  );
}

export default ProfilePage;
