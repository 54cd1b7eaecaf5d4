import { useQuery } from '@tanstack/react-query';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import type { EventClock } from '../../shared/intl/eventFormat';
import { PageTitle } from '../../shared/ui/PageTitle';
import type { TicketPage as TicketPageData } from './api';
import { CheckoutState, EventHeading } from './CheckoutFrame';
import { checkoutMessages as m } from './messages';
import { checkoutPath, eventPagePath, ticketPath, ticketPrintPath } from './paths';
import { checkoutQueries } from './queries';
import { TicketCode } from './TicketCode';
import { TicketDownloads } from './TicketDownloads';

export type TicketState = TicketPageData['state'];

const stateMessage: Record<Exclude<TicketState, 'VALID'>, MessageDescriptor> = {
  CANCELLED: m.ticketCancelled,
  UNPAID: m.ticketUnpaid,
  PENDING: m.ticketPending,
};

/** An attendee of an order as the ticket page judges it: a code only for an active, paid ticket. */
export function attendeeState(attendee: {
  status: string;
  payment: string;
  ticket_code: string | null;
}): TicketState {
  if (attendee.status === 'CANCELLED') return 'CANCELLED';
  if (attendee.ticket_code) return 'VALID';
  return attendee.payment === 'UNPAID' ? 'UNPAID' : 'PENDING';
}

/** One ticket: event, holder, ticket type, order reference, and its QR code or its state instead. */
export function TicketCard({
  event,
  title,
  holder,
  reference,
  code,
  state,
  headingLevel = 2,
}: {
  event: EventClock & { title: string };
  title: string | null;
  holder: string;
  reference: string;
  code: string | null;
  state: TicketState;
  headingLevel?: 1 | 2;
}) {
  const intl = useIntl();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className={`ticket-card ticket-card--${state.toLowerCase()}`}>
      <div className="ticket-card__body">
        <Heading className="ticket-card__title">{title ?? intl.formatMessage(m.ticketTitle)}</Heading>
        <EventHeading event={event} />
        <dl className="ticket-card__facts">
          <div>
            <dt>{intl.formatMessage(m.ticketHolder)}</dt>
            <dd>{holder}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.ticketOrder)}</dt>
            <dd>{reference}</dd>
          </div>
        </dl>
      </div>
      <div className="ticket-card__code">
        {state === 'VALID' && code ? (
          <>
            <TicketCode code={code} label={intl.formatMessage(m.ticketCode, { name: holder })} />
            <p className="checkout-muted">{intl.formatMessage(m.ticketShow)}</p>
          </>
        ) : (
          <p className="ticket-card__state" role="status">
            {intl.formatMessage(stateMessage[state === 'VALID' ? 'PENDING' : state])}
          </p>
        )}
      </div>
    </article>
  );
}

const nameOf = (person: { first_name: string | null; last_name: string | null }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');

function useTicket() {
  const { eventId = '', attendeeShortId = '' } = useParams();
  return { eventId, attendeeShortId, query: useQuery(checkoutQueries.ticket(eventId, attendeeShortId)) };
}

function TicketView({ printable }: { printable: boolean }) {
  const intl = useIntl();
  const { eventId, attendeeShortId, query } = useTicket();
  if (query.isError)
    return isApiError(query.error) && query.error.status === 404 ? (
      <CheckoutState title={m.notFoundTitle} description={m.ticketNotFound} />
    ) : (
      <CheckoutState title={m.loadFailed} />
    );
  const ticket = query.data;
  if (!ticket) return <CheckoutState title={m.loading} busy />;
  const holder = nameOf(ticket.attendee);
  return (
    <main className={printable ? 'public-page ticket-print' : 'public-page'} id="main-content">
      <PageTitle parts={[ticket.attendee.ticket_title ?? m.ticketTitle, ticket.event.title]} />
      <TicketCard
        event={ticket.event}
        title={ticket.attendee.ticket_title}
        holder={holder}
        reference={ticket.order.reference}
        code={ticket.attendee.ticket_code}
        state={ticket.state}
        headingLevel={1}
      />
      <div className="checkout-actions no-print">
        {printable ? (
          <>
            <button type="button" className="checkout-button" onClick={() => window.print()}>
              {intl.formatMessage(m.print)}
            </button>
            <Link className="checkout-link" to={ticketPath(eventId, attendeeShortId)}>
              {intl.formatMessage(m.ticketTitle)}
            </Link>
          </>
        ) : (
          <>
            <Link
              className="checkout-button checkout-button--link"
              to={ticketPrintPath(eventId, attendeeShortId)}
            >
              {intl.formatMessage(m.printTicket)}
            </Link>
            {ticket.state === 'VALID' ? (
              <TicketDownloads eventId={eventId} attendeeShortId={attendeeShortId} />
            ) : null}
            <Link className="checkout-link" to={checkoutPath(eventId, ticket.order.short_id, 'summary')}>
              {intl.formatMessage(m.viewOrder)}
            </Link>
            <a className="checkout-link" href={eventPagePath(undefined, eventId)}>
              {intl.formatMessage(m.backToEvent)}
            </a>
          </>
        )}
      </div>
    </main>
  );
}

/** `/ticket/{eventId}/{attendeeShortId}`: one ticket with its QR code (or its state). */
export function TicketPage() {
  return <TicketView printable={false} />;
}

/** `/ticket/{eventId}/{attendeeShortId}/print`: the same ticket laid out for paper. */
export function TicketPrintPage() {
  return <TicketView printable />;
}
