import { Card } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { HeadlineNumbers, LiveIndicator, headlineFigures } from './Headline';
import { overviewMessages as m } from './messages';
import { useLiveStats } from './useLiveStats';

/**
 * The event overview's headline numbers, live, with a link to the dashboard. Public to other features (the
 * event's overview page shows it), like `events/queries.ts`.
 */
export function EventGlance({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const { stats, status, updatedAt } = useLiveStats(eventId, '24h');
  return (
    <Card className="event-overview__card dashboard-glance">
      <h2 className="section-title">{intl.formatMessage(m.glanceHeading)}</h2>
      {stats.data ? <HeadlineNumbers figures={headlineFigures(intl, stats.data, false)} /> : null}
      <div className="dashboard-page__header dashboard-glance__footer">
        <LiveIndicator status={status} updatedAt={updatedAt} />
        <Link to={`/manage/event/${encodeURIComponent(eventId)}/dashboard`}>
          {intl.formatMessage(m.openDashboard)}
        </Link>
      </div>
    </Card>
  );
}
