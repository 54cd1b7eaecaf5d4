import { AnchorButton, Card, Icon } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Event } from '../../shared/api/types';
import { formatEventDates } from '../../shared/intl/eventFormat';
import { EventManageActions } from './EventManageActions';
import { EventStatusActions } from './EventStatusActions';
import { eventsMessages } from './messages';
import { LifecycleTag, StatusTag } from './StatusTag';

export function publicEventPath(event: Pick<Event, 'id' | 'slug'>): string {
  return `/event/${encodeURIComponent(event.id)}/${encodeURIComponent(event.slug || 'event')}`;
}

export function EventCard({ event }: { event: Event }) {
  const intl = useIntl();
  const place = event.is_online
    ? intl.formatMessage(eventsMessages.online)
    : [event.location?.venue_name, event.location?.city].filter(Boolean).join(', ') ||
      intl.formatMessage(eventsMessages.noLocation);
  return (
    <Card className="event-card" compact>
      <div className="event-card__main">
        <h2 className="event-card__title">
          <Link to={`/manage/event/${encodeURIComponent(event.id)}`}>{event.title}</Link>
        </h2>
        <p className="event-card__meta">
          <Icon icon="calendar" size={14} aria-hidden />
          <span>{formatEventDates(intl, event, 'short')}</span>
        </p>
        <p className="event-card__meta">
          <Icon icon={event.is_online ? 'globe-network' : 'map-marker'} size={14} aria-hidden />
          <span>{place}</span>
        </p>
      </div>
      <div className="event-card__side">
        <div className="event-card__tags">
          <StatusTag status={event.status} />
          <LifecycleTag lifecycle={event.lifecycle} />
        </div>
        <div className="event-card__actions">
          <EventStatusActions event={event} />
          <EventManageActions event={event} showSettings={false} />
          {event.status === 'LIVE' ? (
            <AnchorButton
              size="small"
              variant="minimal"
              icon="eye-open"
              href={publicEventPath(event)}
              target="_blank"
              rel="noopener"
              text={intl.formatMessage(eventsMessages.viewPublicPage)}
            />
          ) : null}
        </div>
      </div>
    </Card>
  );
}
