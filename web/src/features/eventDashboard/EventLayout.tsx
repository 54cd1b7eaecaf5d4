import { Button, Callout, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { formatEventDates } from '../../shared/intl/eventFormat';
import { useLiveRoom } from '../../shared/live/LiveUpdates';
import { uiMessages } from '../../shared/ui/messages';
import { publicEventPath } from '../events/EventCard';
import { eventQueries } from '../events/queries';
import { StatusTag } from '../events/StatusTag';
import { eventDashboardMessages as m } from './messages';
import { EVENT_SECTIONS } from './sections';
import { PageTitle } from '../../shared/ui/PageTitle';

/** `/manage/event/{eventId}`: the event's title and a sidebar of its sections around the current one. */
export function EventLayout() {
  const intl = useIntl();
  const { eventId = '' } = useParams();
  const event = useQuery(eventQueries.detail(eventId));
  // Every section's lists are live: the event's room brings the notices of its read models (tickets, promo
  // codes, questions, capacity assignments, …), which the features' live maps turn into refetches.
  useLiveRoom(`event:${eventId}`);
  const base = `/manage/event/${encodeURIComponent(eventId)}`;

  if (event.isPending) {
    return (
      <div className="event-layout__loading" aria-live="polite">
        <Spinner size={24} aria-hidden />
        <span>{intl.formatMessage(m.loading)}</span>
      </div>
    );
  }
  if (event.isError) {
    const notFound = isApiError(event.error) && event.error.status === 404;
    return notFound ? (
      <NonIdealState
        icon="search"
        title={intl.formatMessage(m.notFoundTitle)}
        description={intl.formatMessage(m.notFoundDescription)}
        action={<Link to="/manage/events">{intl.formatMessage(m.backToEvents)}</Link>}
      >
        <PageTitle parts={[m.notFoundTitle]} />
      </NonIdealState>
    ) : (
      <Callout intent="danger" role="alert" title={intl.formatMessage(m.loadError)} className="form-callout">
        <Button
          icon="refresh"
          text={intl.formatMessage(uiMessages.retry)}
          onClick={() => void event.refetch()}
        />
      </Callout>
    );
  }

  return (
    <div className="event-layout">
      <aside className="event-layout__sidebar">
        <Link to="/manage/events" className="event-layout__back">
          <Icon icon="arrow-left" size={14} aria-hidden />
          {intl.formatMessage(m.backToEvents)}
        </Link>
        <nav aria-label={intl.formatMessage(m.sidebarLabel)}>
          <ul className="event-nav">
            {EVENT_SECTIONS.map((section) => (
              <li key={section.path}>
                <NavLink
                  to={section.path ? `${base}/${section.path}` : base}
                  end={section.path === ''}
                  className={({ isActive }) =>
                    isActive ? 'event-nav__link event-nav__link--active' : 'event-nav__link'
                  }
                >
                  <Icon icon={section.icon} size={16} aria-hidden />
                  <span>{intl.formatMessage(section.label)}</span>
                </NavLink>
              </li>
            ))}
            {event.data.status === 'LIVE' && !event.data.settings.hide_homepage_from_sidebar ? (
              <li>
                <a
                  className="event-nav__link"
                  href={publicEventPath(event.data)}
                  target="_blank"
                  rel="noopener"
                >
                  <Icon icon="share" size={16} aria-hidden />
                  <span>{intl.formatMessage(m.eventHomepage)}</span>
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      </aside>
      <section className="event-layout__content" aria-labelledby="event-title">
        <header className="event-layout__header">
          <h1 id="event-title" className="event-layout__title">
            {event.data.title}
          </h1>
          <StatusTag status={event.data.status} />
          <p className="event-layout__dates">{formatEventDates(intl, event.data, 'long')}</p>
        </header>
        <Outlet context={event.data} />
      </section>
    </div>
  );
}

export default EventLayout;
