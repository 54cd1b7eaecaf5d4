import { useIntl } from 'react-intl';
import { Link, useLoaderData } from 'react-router';
import { LogoMark } from '../../shared/ui/Logo';
import { EventHome } from './EventHome';
import type { PublicEventLoaderData } from './loader';
import { publicEventMessages as m } from './messages';
import { PageTitle } from '../../shared/ui/PageTitle';
import { usePageView } from './pageView';

function EventNotAvailable() {
  const intl = useIntl();
  return (
    <main className="public-page public-page--centered" id="main-content">
      <PageTitle parts={[m.notAvailableTitle]} />
      <div className="light-non-ideal" role="status">
        <LogoMark size={48} />
        <h1 className="light-non-ideal__title">{intl.formatMessage(m.notAvailableTitle)}</h1>
        <p className="light-non-ideal__description">{intl.formatMessage(m.notAvailableDescription)}</p>
        <Link to="/" reloadDocument className="public-link">
          {intl.formatMessage(m.backHome)}
        </Link>
      </div>
    </main>
  );
}

/** `/e/{eventId}/{eventSlug}` and `/event/{eventId}/{eventSlug}`: what buyers see. */
export function PublicEventPage() {
  const { event, promoCode, promoCodeValid } = useLoaderData<PublicEventLoaderData>();
  usePageView(event?.id);
  if (!event) return <EventNotAvailable />;
  return <EventHome event={event} promoCode={promoCode} promoCodeValid={promoCodeValid} />;
}

export default PublicEventPage;
