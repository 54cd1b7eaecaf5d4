import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { checkoutMessages } from '../checkout/messages';
import { browserStore, rememberAffiliate } from '../checkout/orderMemory';
import { refusalText } from '../checkout/refusal';
import { useStartCheckout } from '../checkout/startOrder';
import type { PublicEventWithTickets } from './loader';
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

/** The page with its checkout: Continue reserves the tickets and opens the order's details step. */
function EventWithCheckout({
  event,
  promoCode,
  promoCodeValid,
}: {
  event: PublicEventWithTickets;
  promoCode: string | null;
  promoCodeValid: boolean | null;
}) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const affiliate = params.get('aff');
  const checkout = useStartCheckout(event.id);
  useEffect(() => {
    // An affiliate's link: the code goes with this browser's orders for the event for 30 days.
    if (affiliate) rememberAffiliate(browserStore(), event.id, affiliate, Date.now());
  }, [affiliate, event.id]);
  const error = checkout.error;
  const problem = error ? refusalText(intl, error, checkoutMessages.startFailed) : null;
  return (
    <EventHome
      event={event}
      promoCode={promoCode}
      promoCodeValid={promoCodeValid}
      onCheckout={(request) => void checkout.start(request)}
      checkoutBusy={checkout.pending}
      checkoutProblem={problem}
    />
  );
}

/** `/e/{eventId}/{eventSlug}` and `/event/{eventId}/{eventSlug}`: what buyers see. */
export function PublicEventPage() {
  const { event, promoCode, promoCodeValid } = useLoaderData<PublicEventLoaderData>();
  usePageView(event?.id);
  if (!event) return <EventNotAvailable />;
  return <EventWithCheckout event={event} promoCode={promoCode} promoCodeValid={promoCodeValid} />;
}

export default PublicEventPage;
