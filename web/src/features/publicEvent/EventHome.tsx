import { useIntl } from 'react-intl';
import { formatEventDates, formatEventDatesForViewer } from '../../shared/intl/eventFormat';
import { addressLines, hasAddress } from '../../shared/intl/location';
import { browserTimeZone } from '../../shared/time/zonedTime';
import { LogoMark } from '../../shared/ui/Logo';
import { uiMessages } from '../../shared/ui/messages';
import type { PublicEventWithTickets } from './loader';
import type { OrderRequest } from './ticketSelection';
import { TicketSelector } from './TicketSelector';
import { WaitingRoomGate } from './WaitingRoom';
import { homeStyle } from './homeStyle';
import { publicEventMessages as m } from './messages';

function Icon({ path }: { path: string }) {
  return (
    <svg className="public-event__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

const CALENDAR =
  'M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 16H5V9h14v11Z';
const PIN =
  'M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z';
const GLOBE =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.9 8ZM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82A13.8 13.8 0 0 1 12 4.04ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.82 2h2.95c.32 1.25.78 2.45 1.38 3.56A7.99 7.99 0 0 1 5.08 16Zm2.95-8H5.08a7.99 7.99 0 0 1 4.33-3.56A15.7 15.7 0 0 0 8.03 8ZM12 19.96A14.1 14.1 0 0 1 10.09 16h3.82A14.1 14.1 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z';
const MAP = 'M15 5.1 9 3 3 5v16l6-2.1 6 2.1 6-2V3l-6 2.1ZM15 19l-6-2.1V5l6 2.1V19Z';

/**
 * An event's homepage in its own colours: the public page, and the homepage designer's live preview (`preview`
 * renders a section instead of the page's main landmark and leaves the document title alone).
 */
export function EventHome({
  event,
  promoCode = null,
  promoCodeValid = null,
  preview = false,
  onCheckout,
  checkoutBusy = false,
  checkoutProblem = null,
}: {
  event: PublicEventWithTickets;
  promoCode?: string | null;
  promoCodeValid?: boolean | null;
  preview?: boolean;
  /** Continue with the buyer's tickets (the checkout); absent, Continue stays disabled. */
  onCheckout?: ((request: OrderRequest) => void) | undefined;
  /** The reservation is on its way: Continue waits. */
  checkoutBusy?: boolean;
  /** Why the last reservation was refused, in the buyer's language. */
  checkoutProblem?: string | null;
}) {
  const intl = useIntl();
  const lines = hasAddress(event.location) ? addressLines(event.location, intl.locale) : [];
  const organizer = event.organizer;
  const viewerDates = formatEventDatesForViewer(intl, event, browserTimeZone());
  const Root = preview ? 'div' : 'main';
  const continueText = event.settings.continue_button_text || intl.formatMessage(m.continue);
  const coverBackground =
    event.settings.homepage_background_type === 'COVER_IMAGE' && event.cover_image_url !== null;
  const className = [
    'event-home',
    preview ? 'event-home--preview' : '',
    coverBackground ? 'event-home--cover' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} style={homeStyle(event.settings, event.cover_image_url)}>
      <Root className="public-page event-home__page" {...(preview ? {} : { id: 'main-content' })}>
        {preview ? null : <title>{event.settings.seo_title || event.title}</title>}
        <article
          className="public-event event-home__content"
          aria-labelledby={preview ? undefined : 'public-event-title'}
        >
          {event.cover_image_url ? (
            <img className="event-home__cover" src={event.cover_image_url} alt="" width={1080} height={540} />
          ) : null}
          <div className="event-home__body">
            <header className="public-event__header">
              <h1 id={preview ? undefined : 'public-event-title'} className="public-event__title">
                {event.title}
              </h1>
              {organizer ? (
                <p className="event-home__organizer">
                  {organizer.logo_url ? <img src={organizer.logo_url} alt="" width={28} height={28} /> : null}
                  <span>{intl.formatMessage(m.organizedBy, { name: organizer.name })}</span>
                </p>
              ) : null}
            </header>

            <section className="public-event__facts">
              <div className="public-fact">
                <Icon path={CALENDAR} />
                <div>
                  <h2 className="public-fact__label">{intl.formatMessage(m.when)}</h2>
                  <p className="public-fact__value">{formatEventDates(intl, event, 'long')}</p>
                  {viewerDates ? (
                    <p className="public-fact__hint">
                      {intl.formatMessage(m.viewerTime, { dates: viewerDates })}
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="public-fact">
                <Icon path={event.is_online ? GLOBE : PIN} />
                <div>
                  <h2 className="public-fact__label">{intl.formatMessage(m.where)}</h2>
                  {event.is_online ? (
                    <>
                      <p className="public-fact__value">{intl.formatMessage(m.online)}</p>
                      <p className="public-fact__hint">{intl.formatMessage(m.onlineHint)}</p>
                    </>
                  ) : lines.length > 0 ? (
                    <address className="public-fact__value public-fact__address">
                      {lines.map((line, index) => (
                        <span key={index}>{line}</span>
                      ))}
                    </address>
                  ) : (
                    <p className="public-fact__value">{intl.formatMessage(m.locationTba)}</p>
                  )}
                  {event.map_url ? (
                    <a
                      className="event-home__map"
                      href={event.map_url}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <Icon path={MAP} />
                      {intl.formatMessage(m.viewMap)}
                    </a>
                  ) : null}
                </div>
              </div>
            </section>

            <section
              className="public-event__tickets event-home__widget"
              aria-labelledby={preview ? undefined : 'public-event-tickets'}
            >
              <h2 id={preview ? undefined : 'public-event-tickets'} className="public-section-title">
                {intl.formatMessage(m.tickets)}
              </h2>
              {preview || event.tickets === undefined ? (
                <div className="light-non-ideal light-non-ideal--compact" role="status">
                  <h3 className="light-non-ideal__title">{intl.formatMessage(m.ticketsNotOnSaleTitle)}</h3>
                  <p className="light-non-ideal__description">
                    {intl.formatMessage(m.ticketsNotOnSaleDescription)}
                  </p>
                  <button type="button" className="event-home__button" disabled>
                    {continueText}
                  </button>
                </div>
              ) : (
                <WaitingRoomGate eventId={event.id} timeZone={event.timezone}>
                  <TicketSelector
                    eventId={event.id}
                    tickets={event.tickets}
                    currency={event.currency}
                    timeZone={event.timezone}
                    continueText={continueText}
                    promo={
                      promoCode && promoCodeValid !== null ? { code: promoCode, valid: promoCodeValid } : null
                    }
                    onCheckout={onCheckout}
                    busy={checkoutBusy}
                    problem={checkoutProblem}
                  />
                </WaitingRoomGate>
              )}
            </section>

            {event.description_html ? (
              <section
                className="public-event__about"
                aria-labelledby={preview ? undefined : 'public-event-about'}
              >
                <h2 id={preview ? undefined : 'public-event-about'} className="public-section-title">
                  {intl.formatMessage(m.about)}
                </h2>
                {/* The server sanitises description_html; it is the only field rendered as HTML. */}
                <div
                  className="public-event__description"
                  dangerouslySetInnerHTML={{ __html: event.description_html }}
                />
              </section>
            ) : null}

            {organizer && (organizer.description_html || organizer.website) ? (
              <section
                className="public-event__about"
                aria-labelledby={preview ? undefined : 'public-event-organizer'}
              >
                <h2 id={preview ? undefined : 'public-event-organizer'} className="public-section-title">
                  {intl.formatMessage(m.aboutOrganizer, { name: organizer.name })}
                </h2>
                {organizer.description_html ? (
                  <div
                    className="public-event__description"
                    dangerouslySetInnerHTML={{ __html: organizer.description_html }}
                  />
                ) : null}
                {organizer.website ? (
                  <a href={organizer.website} target="_blank" rel="noopener noreferrer">
                    {organizer.website.replace(/^https?:\/\//, '')}
                  </a>
                ) : null}
              </section>
            ) : null}
          </div>
        </article>
        <footer className="public-footer event-home__footer">
          <LogoMark size={18} />
          <span>
            {intl.formatMessage(m.poweredBy, { product: intl.formatMessage(uiMessages.productName) })}
          </span>
        </footer>
      </Root>
    </div>
  );
}
