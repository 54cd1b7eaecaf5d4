import { Button, Card, Classes, Icon, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { isApiError } from '../../shared/api/ApiError';
import { useToaster } from '../../shared/ui/toaster';
import { listEvents } from '../events/api';
import { CreateEventDialog } from '../events/CreateEventDialog';
import { eventQueries } from '../events/queries';
import { OrganizerDialog } from '../organizers/OrganizerDialog';
import { organizerQueries } from '../organizers/queries';
import { resendEmailConfirmation } from '../profile/api';
import { hasPermission, userQueries } from '../users/queries';
import { welcomeMessages as m } from './messages';
import '../../shared/ui/account.css';
import { PageTitle } from '../../shared/ui/PageTitle';

/**
 * `/welcome`: the first-run screen after registration. Confirm the address, create the first organizer and
 * the first event (each step ticks itself from real state), invite the team.
 */
export function WelcomePage() {
  const intl = useIntl();
  const toaster = useToaster();
  const me = useQuery(userQueries.me());
  const organizers = useQuery(organizerQueries.list());
  const events = useQuery({
    queryKey: [...eventQueries.lists(), 'welcome'],
    queryFn: ({ signal }) => listEvents({ per_page: 1 }, signal),
  });
  const [dialog, setDialog] = useState<'organizer' | 'event' | null>(null);
  const resend = useMutation({
    mutationFn: (userId: string) => resendEmailConfirmation(userId),
    onSuccess: () => toaster.success(m.resent),
    onError: () => toaster.danger(m.resendFailed),
  });

  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  if (!me.data) {
    return (
      <div className="page-loading" aria-busy="true">
        <Spinner size={20} /> {intl.formatMessage(m.loading)}
      </div>
    );
  }
  const user = me.data;
  const firstOrganizer = organizers.data?.data[0];
  const hasEvent = (events.data?.meta.total ?? 0) > 0;

  return (
    <div className="welcome-page">
      <PageTitle parts={[m.pageTitle]} />
      <h1 className="welcome-page__heading">
        {intl.formatMessage(m.heading, { name: user.first_name || user.email })}
      </h1>
      <p className="page-intro">{intl.formatMessage(m.intro)}</p>
      <ol className="welcome-steps" aria-label={intl.formatMessage(m.stepsLabel)}>
        <Step number={1} done={Boolean(user.email_verified)} title={m.confirmTitle}>
          {user.email_verified ? (
            <p>{intl.formatMessage(m.confirmDone, { email: user.email })}</p>
          ) : (
            <>
              <p>{intl.formatMessage(m.confirmPending, { email: user.email })}</p>
              <Button
                icon="envelope"
                text={intl.formatMessage(m.resend)}
                loading={resend.isPending}
                onClick={() => resend.mutate(user.id)}
              />
            </>
          )}
        </Step>
        <Step number={2} done={Boolean(firstOrganizer)} title={m.organizerTitle}>
          {firstOrganizer ? (
            <p>{intl.formatMessage(m.organizerDone, { name: firstOrganizer.name })}</p>
          ) : (
            <>
              <p>{intl.formatMessage(m.organizerText)}</p>
              <Button
                intent="primary"
                icon="office"
                text={intl.formatMessage(m.createOrganizer)}
                onClick={() => setDialog('organizer')}
              />
            </>
          )}
        </Step>
        <Step number={3} done={hasEvent} title={m.eventTitle}>
          {hasEvent ? (
            <p>{intl.formatMessage(m.eventDone)}</p>
          ) : (
            <>
              <p>{intl.formatMessage(firstOrganizer ? m.eventText : m.eventNeedsOrganizer)}</p>
              <Button
                intent={firstOrganizer ? 'primary' : 'none'}
                icon="calendar"
                disabled={!firstOrganizer}
                text={intl.formatMessage(m.createEvent)}
                onClick={() => setDialog('event')}
              />
            </>
          )}
        </Step>
        {hasPermission(user, 'users.manage') ? (
          <Step number={4} done={false} optional title={m.teamTitle}>
            <p>{intl.formatMessage(m.teamText)}</p>
            <Link to="/account/users" className={Classes.BUTTON}>
              {intl.formatMessage(m.inviteTeam)}
            </Link>
          </Step>
        ) : null}
      </ol>
      <p>
        <Link to="/manage/events" className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
          {intl.formatMessage(m.toEvents)}
        </Link>
      </p>
      <OrganizerDialog
        isOpen={dialog === 'organizer'}
        onClose={() => setDialog(null)}
        onSaved={() => setDialog(null)}
      />
      <CreateEventDialog
        isOpen={dialog === 'event'}
        onClose={() => setDialog(null)}
        defaultTimeZone={user.timezone}
        defaultOrganizerId={firstOrganizer?.id ?? null}
      />
    </div>
  );
}

function Step({
  number,
  done,
  optional,
  title,
  children,
}: {
  number: number;
  done: boolean;
  optional?: boolean;
  title: MessageDescriptor;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <li className={`welcome-step${done ? ' welcome-step--done' : ''}`}>
      <Card className="welcome-step__card">
        <span className="welcome-step__marker" aria-hidden="true">
          {done ? <Icon icon="tick" /> : optional ? <Icon icon="people" /> : number}
        </span>
        <div className="welcome-step__body">
          <h2 className="welcome-step__title">
            {intl.formatMessage(title)}
            {done ? <span className="sr-only"> ({intl.formatMessage(m.done)})</span> : null}
          </h2>
          {children}
        </div>
      </Card>
    </li>
  );
}

export default WelcomePage;
