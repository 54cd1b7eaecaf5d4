import { Button, Card } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { OrganizerDialog } from './OrganizerDialog';
import { organizerMessages as m } from './messages';
import { organizerQueries } from './queries';
import '../../shared/ui/manage.css';

/** The account's organizers above the events list: each links to its own events; a new one can be added. */
export function OrganizersBar() {
  const intl = useIntl();
  const organizers = useQuery(organizerQueries.list());
  const [creating, setCreating] = useState(false);
  const list = organizers.data?.data ?? [];
  return (
    <Card compact className="organizers-bar">
      <h2 className="organizers-bar__title">{intl.formatMessage(m.heading)}</h2>
      <ul className="organizers-bar__list">
        {list.map((organizer) => (
          <li key={organizer.id}>
            <Link
              className="organizers-bar__link"
              to={`/manage/organizer/${encodeURIComponent(organizer.id)}/events`}
            >
              {organizer.logo_url ? <img src={organizer.logo_url} alt="" width={20} height={20} /> : null}
              {organizer.name}
            </Link>
          </li>
        ))}
        {organizers.isSuccess && list.length === 0 ? (
          <li className="organizers-bar__empty">{intl.formatMessage(m.none)}</li>
        ) : null}
      </ul>
      <Button
        size="small"
        icon="plus"
        variant="outlined"
        text={intl.formatMessage(m.newOrganizer)}
        onClick={() => setCreating(true)}
      />
      <OrganizerDialog isOpen={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
