import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { PublicOrder } from './api';
import { CheckoutFrame, useCheckoutParams } from './CheckoutFrame';
import { InvoiceLinks, OrderPdfLink } from './TicketDownloads';
import { checkoutMessages as m, orderStatusMessages } from './messages';
import { OrderSummary } from './OrderSummary';
import { checkoutPath, orderPrintPath, ticketPath } from './paths';

const holderName = (attendee: PublicOrder['attendees'][number], index: number) =>
  [attendee.first_name, attendee.last_name].filter(Boolean).join(' ') || `#${index + 1}`;

function Summary({ order }: { order: PublicOrder }) {
  const intl = useIntl();
  const { eventId, orderShortId } = useCheckoutParams();
  const open =
    order.status === 'AWAITING_DETAILS' || order.status === 'RESERVED' || order.status === 'PAYMENT_FAILED';
  const title = open
    ? m.openTitle
    : order.status === 'AWAITING_PAYMENT'
      ? m.awaitingTitle
      : order.status === 'REFUND_PENDING' || order.status === 'REFUNDED'
        ? m.refundedTitle
        : m.completedTitle;
  return (
    <div className="checkout-columns">
      <OrderSummary order={order} />
      <div className="checkout-form">
        <h1 className="checkout-title">{intl.formatMessage(title)}</h1>
        <p className={`checkout-status checkout-status--${order.status.toLowerCase()}`}>
          {intl.formatMessage(m.statusLine, {
            status: intl.formatMessage(orderStatusMessages[order.status]),
          })}
        </p>
        {open ? (
          <Link
            className="checkout-button checkout-button--link"
            to={checkoutPath(eventId, orderShortId, 'details')}
          >
            {intl.formatMessage(m.continueCheckout)}
          </Link>
        ) : null}
        {order.email && !open ? (
          <p>{intl.formatMessage(m.confirmationSent, { email: order.email })}</p>
        ) : null}
        {order.status === 'AWAITING_PAYMENT' && order.offline_payment_instructions ? (
          <section className="checkout-card" aria-labelledby="checkout-instructions-title">
            <h2 id="checkout-instructions-title" className="checkout-card__title">
              {intl.formatMessage(m.paymentInstructions)}
            </h2>
            {/* Sanitised HTML from the event's settings (server side). */}
            <div
              className="checkout-html"
              dangerouslySetInnerHTML={{ __html: order.offline_payment_instructions }}
            />
          </section>
        ) : null}
        {order.post_checkout_message ? (
          <div
            className="checkout-card checkout-html"
            dangerouslySetInnerHTML={{ __html: order.post_checkout_message }}
          />
        ) : null}
        {open ? null : (
          <section className="checkout-card" aria-labelledby="checkout-tickets-title">
            <h2 id="checkout-tickets-title" className="checkout-card__title">
              {intl.formatMessage(m.ticketsTitle)}
            </h2>
            <ul className="checkout-tickets">
              {order.attendees.map((attendee, index) => (
                <li key={attendee.id}>
                  <Link to={ticketPath(eventId, attendee.short_id)}>
                    {intl.formatMessage(m.viewTicket, { name: holderName(attendee, index) })}
                  </Link>
                  <span className="checkout-muted"> · {attendee.ticket_title}</span>
                </li>
              ))}
            </ul>
            <div className="checkout-actions">
              <Link
                className="checkout-button checkout-button--link"
                to={orderPrintPath(eventId, orderShortId)}
              >
                {intl.formatMessage(m.printOrder)}
              </Link>
              {order.attendees.some((attendee) => attendee.ticket_code) ? (
                <OrderPdfLink eventId={eventId} orderShortId={orderShortId} />
              ) : null}
              <InvoiceLinks
                eventId={eventId}
                orderShortId={orderShortId}
                invoiceNumber={order.invoice_number}
                creditNoteNumber={order.credit_note_number}
              />
              <button type="button" className="checkout-button-secondary" onClick={() => window.print()}>
                {intl.formatMessage(m.print)}
              </button>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}

/** `/checkout/{eventId}/{orderShortId}/summary`: the order, its status, the post-checkout message and the tickets. */
export function SummaryPage() {
  return (
    <CheckoutFrame step="summary" title={m.stepSummary}>
      {(order) => <Summary order={order} />}
    </CheckoutFrame>
  );
}

export default SummaryPage;
