import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { formatEventDates, formatEventDatesForViewer, type EventClock } from '../../shared/intl/eventFormat';
import { browserTimeZone } from '../../shared/time/zonedTime';
import { PageTitle } from '../../shared/ui/PageTitle';
import type { PublicEvent } from '../events/types';
import { checkoutApi, type PublicOrder } from './api';
import { checkoutMessages as m } from './messages';
import { browserStore, currentOrder, rememberOrder } from './orderMemory';
import { checkoutPath, eventPagePath, type CheckoutStep } from './paths';
import { checkoutQueries } from './queries';
import { ReservationCountdown } from './ReservationCountdown';
import './checkout.css';

export function useCheckoutParams() {
  const { eventId = '', orderShortId = '' } = useParams();
  return { eventId, orderShortId };
}

/** Open: the buyer may still give details and pay (after a failed card payment too). */
const isOpen = (order: PublicOrder) =>
  order.status === 'AWAITING_DETAILS' || order.status === 'RESERVED' || order.status === 'PAYMENT_FAILED';

/**
 * A full-page state (loading, expired, not found…) in the public look, with its way onwards; with the event
 * once it is known, so the buyer still sees which event the order was for.
 */
export function CheckoutState({
  title,
  description,
  action,
  busy = false,
  event,
}: {
  title: MessageDescriptor;
  description?: MessageDescriptor | undefined;
  action?: ReactNode;
  busy?: boolean;
  event?: (EventClock & { title: string }) | undefined;
}) {
  const intl = useIntl();
  return (
    <main className="public-page public-page--centered" id="main-content" aria-busy={busy || undefined}>
      <PageTitle parts={event ? [title, event.title] : [title]} />
      <div className="light-non-ideal" role={busy ? 'status' : undefined}>
        {event ? <EventHeading event={event} /> : null}
        <h1 className="light-non-ideal__title">{intl.formatMessage(title)}</h1>
        {description ? (
          <p className="light-non-ideal__description">{intl.formatMessage(description)}</p>
        ) : null}
        {action}
      </div>
    </main>
  );
}

/** The event's title and dates in its own zone (and the buyer's, where that reads differently). */
export function EventHeading({ event }: { event: EventClock & { title: string } }) {
  const intl = useIntl();
  const viewer = formatEventDatesForViewer(intl, event, browserTimeZone());
  return (
    <div className="checkout-event">
      <p className="checkout-event__title">{event.title}</p>
      <p className="checkout-event__dates">{formatEventDates(intl, event, 'long')}</p>
      {viewer ? (
        <p className="checkout-event__viewer">{intl.formatMessage(m.viewerTime, { dates: viewer })}</p>
      ) : null}
    </div>
  );
}

const STEPS: { step: CheckoutStep; label: MessageDescriptor }[] = [
  { step: 'details', label: m.stepDetails },
  { step: 'payment', label: m.stepPayment },
  { step: 'summary', label: m.stepSummary },
];

function Steps({ current }: { current: CheckoutStep }) {
  const intl = useIntl();
  const index = STEPS.findIndex((entry) => entry.step === current);
  return (
    <nav aria-label={intl.formatMessage(m.stepsLabel)}>
      <ol className="checkout-steps">
        {STEPS.map((entry, position) => (
          <li
            key={entry.step}
            className={
              position <= index ? 'checkout-steps__step checkout-steps__step--done' : 'checkout-steps__step'
            }
            aria-current={position === index ? 'step' : undefined}
          >
            <span aria-hidden="true" className="checkout-steps__number">
              {position + 1}
            </span>
            {intl.formatMessage(entry.label)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * One checkout step: loads the order and its event, answers the spec's error states (section 8: expired, no
 * longer exists, already processed, cancelled) and, while the order is open, runs the reservation countdown.
 * `open` steps (details, payment) render for an open order; the summary for one that went through.
 */
export function CheckoutFrame({
  step,
  title,
  children,
}: {
  step: CheckoutStep;
  title: MessageDescriptor;
  children: (order: PublicOrder, event: PublicEvent) => ReactNode;
}) {
  const intl = useIntl();
  const { eventId, orderShortId } = useCheckoutParams();
  const queryClient = useQueryClient();
  const orderQuery = useQuery(checkoutQueries.order(eventId, orderShortId));
  const eventQuery = useQuery(checkoutQueries.event(eventId));
  const [expiredHere, setExpiredHere] = useState(false);

  const onExpired = useCallback(() => {
    setExpiredHere(true);
    void queryClient.invalidateQueries({ queryKey: checkoutQueries.order(eventId, orderShortId).queryKey });
  }, [queryClient, eventId, orderShortId]);

  const onExtend = useCallback(async () => {
    const order = await checkoutApi.extend(eventId, orderShortId);
    queryClient.setQueryData(checkoutQueries.order(eventId, orderShortId).queryKey, order);
    return order;
  }, [queryClient, eventId, orderShortId]);

  const event = eventQuery.data;
  const backToEvent = (label: MessageDescriptor) => (
    <a className="public-button" href={eventPagePath(event, eventId)}>
      {intl.formatMessage(label)}
    </a>
  );

  if (orderQuery.isError) {
    const error = orderQuery.error;
    if (isApiError(error) && error.status === 404)
      return (
        <CheckoutState
          title={m.notFoundTitle}
          description={m.notFoundDescription}
          action={backToEvent(m.backToEvent)}
        />
      );
    return (
      <CheckoutState
        title={m.loadFailed}
        action={
          <button
            type="button"
            className="public-button checkout-button--plain"
            onClick={() => void orderQuery.refetch()}
          >
            {intl.formatMessage(m.retry)}
          </button>
        }
      />
    );
  }
  if (eventQuery.isError && !(isApiError(eventQuery.error) && eventQuery.error.status === 404))
    return <CheckoutState title={m.loadFailed} />;
  const order = orderQuery.data;
  if (!order || (!event && !eventQuery.isError)) return <CheckoutState title={m.loading} busy />;
  if (!event) return <CheckoutState title={m.notFoundTitle} description={m.notFoundDescription} />;

  const open = isOpen(order);
  if (order.status === 'EXPIRED' || order.status === 'ABANDONED' || (open && expiredHere)) {
    const store = browserStore();
    if (currentOrder(store, eventId)?.orderId === order.id) rememberOrder(store, eventId, null);
    return (
      <CheckoutState
        title={m.expiredTitle}
        description={m.expiredDescription}
        action={backToEvent(m.startNewOrder)}
        event={event}
      />
    );
  }
  if (order.status === 'CANCELLED')
    return (
      <CheckoutState
        title={m.cancelledTitle}
        description={m.cancelledDescription}
        action={backToEvent(m.backToEvent)}
        event={event}
      />
    );
  if (step !== 'summary' && step !== 'payment_return' && !open)
    return (
      <CheckoutState
        title={m.processedTitle}
        description={m.processedDescription}
        event={event}
        action={
          <Link className="public-button" to={checkoutPath(eventId, orderShortId, 'summary')}>
            {intl.formatMessage(m.viewOrder)}
          </Link>
        }
      />
    );

  return (
    <main className="public-page checkout" id="main-content">
      <PageTitle parts={[title, event.title]} />
      <EventHeading event={event} />
      <Steps current={step === 'payment_return' ? 'payment' : step} />
      {open ? (
        <ReservationCountdown
          key={order.id}
          expiresAt={order.expires_at}
          createdAt={order.created_at}
          reservationEndsAt={order.reservation_ends_at}
          onExtend={onExtend}
          onExpired={onExpired}
        />
      ) : null}
      {children(order, event)}
    </main>
  );
}
