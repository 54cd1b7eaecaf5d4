import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { isApiError } from '../../shared/api/ApiError';
import { EventsList } from '../events/EventsPage';
import { readListView } from '../events/listParams';
import { ImageUploadField } from '../../shared/ui/ImageUploadField';
import { deleteOrganizerImage, uploadOrganizerImage } from './api';
import { organizerMessages as m } from './messages';
import { OrganizerDialog } from './OrganizerDialog';
import { organizerQueries } from './queries';
import '../../shared/ui/manage.css';

/** `/manage/organizer/{organizerId}/events?/{eventsState?}`: one organizer, its images and its events. */
export function OrganizerEventsPage() {
  const intl = useIntl();
  const { organizerId = '', eventsState } = useParams();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const organizer = useQuery(organizerQueries.detail(organizerId));
  const [editing, setEditing] = useState(false);
  const view = readListView(eventsState, searchParams, organizerId);
  if (!view) return <ErrorPage status={404} />;
  if (organizer.isPending) return <Spinner size={24} />;
  if (organizer.isError) {
    return isApiError(organizer.error) && organizer.error.status === 404 ? (
      <NonIdealState
        icon="search"
        title={intl.formatMessage(m.notFoundTitle)}
        description={intl.formatMessage(m.notFoundDescription)}
        action={<Link to="/manage/events">{intl.formatMessage(m.allEvents)}</Link>}
      />
    ) : (
      <ErrorPage status={isApiError(organizer.error) ? organizer.error.status : 500} />
    );
  }
  const data = organizer.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: organizerQueries.all });
  const image = (type: 'ORGANIZER_LOGO' | 'ORGANIZER_COVER') =>
    data.images.find((i) => i.type === type) ?? null;

  return (
    <>
      <Card className="organizer-header">
        <div className="organizer-header__main">
          {data.logo_url ? (
            <img className="organizer-header__logo" src={data.logo_url} alt="" width={56} height={56} />
          ) : null}
          <div>
            <Link to="/manage/events" className="event-layout__back">
              {intl.formatMessage(m.allEvents)}
            </Link>
            <h1 className="page-header__title">{data.name}</h1>
            <p className="organizer-header__meta">{[data.email, data.website].filter(Boolean).join(' · ')}</p>
          </div>
          <Button icon="edit" text={intl.formatMessage(m.edit)} onClick={() => setEditing(true)} />
        </div>
        <details className="organizer-header__images">
          <summary>{intl.formatMessage(m.images)}</summary>
          <div className="form-row">
            <ImageUploadField
              label={intl.formatMessage(m.logo)}
              help={intl.formatMessage(m.logoHelp)}
              image={image('ORGANIZER_LOGO')}
              upload={(file) => uploadOrganizerImage(data.id, 'ORGANIZER_LOGO', file)}
              remove={(id) => deleteOrganizerImage(data.id, id)}
              onChanged={refresh}
              previewClassName="image-field__preview image-field__preview--logo"
            />
            <ImageUploadField
              label={intl.formatMessage(m.cover)}
              help={intl.formatMessage(m.coverHelp)}
              image={image('ORGANIZER_COVER')}
              upload={(file) => uploadOrganizerImage(data.id, 'ORGANIZER_COVER', file)}
              remove={(id) => deleteOrganizerImage(data.id, id)}
              onChanged={refresh}
            />
          </div>
        </details>
        <OrganizerDialog isOpen={editing} onClose={() => setEditing(false)} organizer={data} />
      </Card>
      <EventsList
        view={view}
        basePath={`/manage/organizer/${encodeURIComponent(data.id)}/events`}
        heading={<h2 className="page-header__title">{intl.formatMessage(m.events)}</h2>}
      />
    </>
  );
}

export default OrganizerEventsPage;
