import { Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { uiMessages } from '../../shared/ui/messages';
import { userQueries } from '../users/queries';
import { confirmEmailAddress, confirmEmailChange } from './api';
import { confirmMessages as m } from './messages';
import '../../shared/ui/account.css';
import { PageTitle } from '../../shared/ui/PageTitle';

type Kind = 'address' | 'change';

const TEXT = {
  address: {
    title: m.addressTitle,
    done: m.addressDone,
    detail: m.addressDoneDetail,
    invalid: m.addressInvalid,
  },
  change: { title: m.changeTitle, done: m.changeDone, detail: m.changeDoneDetail, invalid: m.changeInvalid },
} as const;

/**
 * `/manage/profile/confirm-email-address/{token}` and `/manage/profile/confirm-email-change/{token}`: follow
 * the emailed link once (the manage area asks to log in first when needed) and say how it went.
 */
export function ConfirmEmailPage({ kind }: { kind: Kind }) {
  const intl = useIntl();
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const me = useQuery(userQueries.me());
  const text = TEXT[kind];
  const confirm = useMutation({
    mutationFn: (userId: string) =>
      kind === 'address' ? confirmEmailAddress(userId, token) : confirmEmailChange(userId, token),
    onSuccess: (user) => queryClient.setQueryData(userQueries.me().queryKey, user),
  });
  // A link is good for one use: never send it twice, whatever re-renders or re-mounts.
  const sent = useRef(false);
  const userId = me.data?.id;
  useEffect(() => {
    if (!userId || sent.current) return;
    sent.current = true;
    confirm.mutate(userId);
  }, [userId, confirm]);

  const title = intl.formatMessage(text.title);
  if (confirm.isSuccess) {
    return (
      <div className="confirm-page" role="status">
        <PageTitle parts={[title]} />
        <NonIdealState
          icon="tick-circle"
          title={intl.formatMessage(text.done)}
          description={intl.formatMessage(text.detail, { email: confirm.data.email })}
          action={
            <Link
              to={kind === 'address' ? '/manage/events' : '/manage/profile'}
              className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
            >
              {intl.formatMessage(kind === 'address' ? m.toEvents : m.toProfile)}
            </Link>
          }
        />
      </div>
    );
  }
  if (confirm.isError || me.isError) {
    const error = confirm.error ?? me.error;
    const reason = isApiError(error) ? error.reason : null;
    const description =
      reason === 'invalid_token'
        ? text.invalid
        : reason === 'email_taken'
          ? m.emailTaken
          : uiMessages.unexpectedError;
    return (
      <div className="confirm-page" role="alert">
        <PageTitle parts={[title]} />
        <NonIdealState
          icon="disable"
          title={intl.formatMessage(reason === 'email_taken' ? text.title : m.invalidTitle)}
          description={intl.formatMessage(description)}
          action={
            <Link to="/manage/profile" className={Classes.BUTTON}>
              {intl.formatMessage(m.toProfile)}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="confirm-page" aria-busy="true">
      <PageTitle parts={[title]} />
      <NonIdealState icon={<Spinner size={32} />} title={intl.formatMessage(m.working)} />
    </div>
  );
}

export function ConfirmEmailAddressPage() {
  return <ConfirmEmailPage kind="address" />;
}

export function ConfirmEmailChangePage() {
  return <ConfirmEmailPage kind="change" />;
}
