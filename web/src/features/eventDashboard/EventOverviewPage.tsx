import { Card } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { Link, useOutletContext } from 'react-router';
import { EventManageActions } from '../events/EventManageActions';
import type { EventDetail } from '../events/types';
import { formatEventDates, formatInEventZone } from '../../shared/intl/eventFormat';
import { addressLines, hasAddress } from '../../shared/intl/location';
import { EventStatusActions } from '../events/EventStatusActions';
import { publicEventPath } from '../events/EventCard';
import { eventsMessages } from '../events/messages';
import { LifecycleTag, StatusTag } from '../events/StatusTag';
import { eventDashboardMessages as m } from './messages';
import { PageTitle } from '../../shared/ui/PageTitle';
import { EventGlance } from '../dashboard/EventGlance';

function currencyName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The index of `/manage/event/{eventId}`: the event's basic details and its status actions. */
export function EventOverviewPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const where = event.is_online
    ? intl.formatMessage(eventsMessages.online)
    : hasAddress(event.location)
      ? addressLines(event.location, intl.locale).join(', ')
      : intl.formatMessage(eventsMessages.noLocation);

  return (
    <div className="event-overview">
      <PageTitle parts={[event.title]} />
      <EventGlance eventId={event.id} />
      <Card className="event-overview__card">
        <h2 className="section-title">{intl.formatMessage(m.detailsHeading)}</h2>
        <dl className="details-list">
          <dt>{intl.formatMessage(m.status)}</dt>
          <dd className="details-list__tags">
            <StatusTag status={event.status} />
            <LifecycleTag lifecycle={event.lifecycle} />
          </dd>
          <dt>{intl.formatMessage(m.organizer)}</dt>
          <dd>
            {event.organizer ? (
              <Link to={`/manage/organizer/${encodeURIComponent(event.organizer.id)}/events`}>
                {event.organizer.name}
              </Link>
            ) : (
              '—'
            )}
          </dd>
          <dt>{intl.formatMessage(m.when)}</dt>
          <dd>{formatEventDates(intl, event, 'long')}</dd>
          <dt>{intl.formatMessage(m.timeZone)}</dt>
          <dd>{event.timezone}</dd>
          <dt>{intl.formatMessage(m.currency)}</dt>
          <dd>
            {intl.formatMessage(m.currencyValue, {
              name: currencyName(intl.locale, event.currency),
              code: event.currency,
            })}
          </dd>
          <dt>{intl.formatMessage(m.where)}</dt>
          <dd>{where}</dd>
          <dt>{intl.formatMessage(m.description)}</dt>
          <dd className="details-list__description">
            {event.description_html ? (
              // Sanitised on the server; the only field rendered as HTML.
              <div dangerouslySetInnerHTML={{ __html: event.description_html }} />
            ) : (
              intl.formatMessage(m.noDescription)
            )}
          </dd>
          <dt>{intl.formatMessage(m.created)}</dt>
          <dd>{formatInEventZone(intl, event.created_at, event.timezone)}</dd>
          <dt>{intl.formatMessage(m.updated)}</dt>
          <dd>{formatInEventZone(intl, event.updated_at, event.timezone)}</dd>
          <dt>{intl.formatMessage(m.publicPage)}</dt>
          <dd>
            {event.status === 'LIVE' ? (
              <Link to={publicEventPath(event)} target="_blank" rel="noopener">
                {publicEventPath(event)}
              </Link>
            ) : (
              intl.formatMessage(m.publicPageDraft)
            )}
          </dd>
        </dl>
      </Card>
      <Card className="event-overview__card">
        <h2 className="section-title">{intl.formatMessage(m.statusActions)}</h2>
        <EventStatusActions event={event} size="medium" />
      </Card>
      <Card className="event-overview__card">
        <h2 className="section-title">{intl.formatMessage(m.manageActions)}</h2>
        <div className="event-overview__actions">
          <EventManageActions event={event} size="medium" />
        </div>
      </Card>
    </div>
  );
}

export default EventOverviewPage;
