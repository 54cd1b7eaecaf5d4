import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLoaderData, useSearchParams } from 'react-router';
import { checkoutMessages } from '../checkout/messages';
import { refusalText } from '../checkout/refusal';
import { useStartCheckout } from '../checkout/startOrder';
import { TicketSelector } from '../publicEvent/TicketSelector';
import { WaitingRoomGate } from '../publicEvent/WaitingRoom';
import { homeStyle } from '../publicEvent/homeStyle';
import type { PublicEventLoaderData } from '../publicEvent/loader';
import { publicEventMessages } from '../publicEvent/messages';
import { formatEventDates } from '../../shared/intl/eventFormat';
import { checkoutModeOf } from './snippet';
import { widgetMessages as m } from './messages';
import '../publicEvent/public.css';
import './widget.css';

/**
 * `/widget/{eventId}`: the ticket selector alone, in the widget colours, for an iframe on the organizer's site
 * (web/public/widget.js). Continue reserves the tickets and opens the checkout in a new tab, or in the frame
 * with `?checkout=in-place`.
 */
export function WidgetPage() {
  const intl = useIntl();
  const { event, promoCode, promoCodeValid } = useLoaderData<PublicEventLoaderData>();
  const [params] = useSearchParams();
  const mode = checkoutModeOf(params.get('checkout'));
  const [blockedPath, setBlockedPath] = useState<string | null>(null);
  const checkout = useStartCheckout(event?.id ?? '', {
    open:
      mode === 'new-tab'
        ? (path) => {
            const tab = window.open(new URL(path, window.location.origin).toString(), '_blank');
            if (tab) tab.opener = null;
            else setBlockedPath(path);
          }
        : undefined,
  });

  if (!event || event.tickets === undefined)
    return (
      <main className="widget" id="main-content">
        <p className="widget__message" role="status">
          {intl.formatMessage(m.notAvailable)}
        </p>
      </main>
    );

  const problem = checkout.error ? refusalText(intl, checkout.error, checkoutMessages.startFailed) : null;
  const continueText =
    event.settings.continue_button_text || intl.formatMessage(publicEventMessages.continue);
  return (
    <main
      className="widget"
      id="main-content"
      style={homeStyle(event.settings, null)}
      aria-labelledby="widget-title"
    >
      <title>{intl.formatMessage(m.frameTitle, { event: event.title })}</title>
      <header className="widget__header">
        <h1 id="widget-title" className="widget__title">
          {event.title}
        </h1>
        <p className="widget__dates">{formatEventDates(intl, event, 'short')}</p>
      </header>
      {/* With the event's waiting room on, the queue first (docs/waiting-room.md). */}
      <WaitingRoomGate eventId={event.id} timeZone={event.timezone}>
        <TicketSelector
          eventId={event.id}
          tickets={event.tickets}
          currency={event.currency}
          timeZone={event.timezone}
          continueText={continueText}
          promo={promoCode && promoCodeValid !== null ? { code: promoCode, valid: promoCodeValid } : null}
          onCheckout={(request) => void checkout.start(request)}
          busy={checkout.pending}
          problem={problem}
        />
      </WaitingRoomGate>
      {blockedPath ? (
        <p className="widget__message" role="alert">
          {intl.formatMessage(m.newTabBlocked)}{' '}
          <a className="public-link" href={blockedPath}>
            {intl.formatMessage(m.continueHere)}
          </a>
        </p>
      ) : null}
      <p className="widget__footer">
        <a
          className="public-link"
          href={`/event/${encodeURIComponent(event.id)}/${encodeURIComponent(event.slug || 'event')}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {intl.formatMessage(m.poweredBy)}
        </a>
      </p>
    </main>
  );
}

export default WidgetPage;
