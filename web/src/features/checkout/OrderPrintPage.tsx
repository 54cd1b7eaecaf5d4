import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { PageTitle } from '../../shared/ui/PageTitle';
import { CheckoutState } from './CheckoutFrame';
import { checkoutMessages as m } from './messages';
import { OrderSummary } from './OrderSummary';
import { checkoutPath } from './paths';
import { checkoutQueries } from './queries';
import { TicketCard, attendeeState } from './TicketPages';

/** `/order/{eventId}/{orderShortId}/print`: the order's summary, then every ticket of it, one per printed page. */
export function OrderPrintPage() {
  const intl = useIntl();
  const { eventId = '', orderShortId = '' } = useParams();
  const order = useQuery(checkoutQueries.order(eventId, orderShortId));
  const event = useQuery(checkoutQueries.event(eventId));
  if (order.isError || event.isError) {
    const error = order.error ?? event.error;
    return isApiError(error) && error.status === 404 ? (
      <CheckoutState title={m.notFoundTitle} description={m.notFoundDescription} />
    ) : (
      <CheckoutState title={m.loadFailed} />
    );
  }
  if (!order.data || !event.data) return <CheckoutState title={m.loading} busy />;
  const data = order.data;
  return (
    <main className="public-page ticket-print" id="main-content">
      <PageTitle parts={[intl.formatMessage(m.reference, { reference: data.reference }), event.data.title]} />
      <h1 className="checkout-title">{intl.formatMessage(m.reference, { reference: data.reference })}</h1>
      <div className="checkout-actions no-print">
        <button type="button" className="checkout-button" onClick={() => window.print()}>
          {intl.formatMessage(m.print)}
        </button>
        <Link className="checkout-link" to={checkoutPath(eventId, orderShortId, 'summary')}>
          {intl.formatMessage(m.viewOrder)}
        </Link>
      </div>
      <div className="ticket-print__summary">
        <OrderSummary order={data} />
      </div>
      <div className="ticket-print__list">
        {data.attendees.map((attendee) => (
          <TicketCard
            key={attendee.id}
            event={event.data}
            title={attendee.ticket_title}
            holder={[attendee.first_name, attendee.last_name].filter(Boolean).join(' ')}
            reference={data.reference}
            code={attendee.ticket_code}
            state={attendeeState(attendee)}
          />
        ))}
      </div>
    </main>
  );
}

export default OrderPrintPage;
