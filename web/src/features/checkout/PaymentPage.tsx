import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { checkoutApi, type PublicOrder } from './api';
import { CardPaymentSection } from './CardPaymentSection';
import { CheckoutFrame, useCheckoutParams } from './CheckoutFrame';
import { refusalText } from './refusal';
import { checkoutMessages as m } from './messages';
import { OrderSummary } from './OrderSummary';
import { checkoutPath } from './paths';
import { checkoutQueries } from './queries';

function Payment({ order }: { order: PublicOrder }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { eventId, orderShortId } = useCheckoutParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const done = async (completed: PublicOrder) => {
    queryClient.setQueryData(checkoutQueries.order(eventId, orderShortId).queryKey, completed);
    await navigate(checkoutPath(eventId, orderShortId, 'summary'));
  };

  const complete = async (method: 'FREE' | 'OFFLINE') => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await done(await checkoutApi.complete(eventId, orderShortId, method));
    } catch (error) {
      if (
        isApiError(error) &&
        ['order_expired', 'order_not_found', 'order_already_processed'].includes(error.reason)
      )
        await queryClient.invalidateQueries({
          queryKey: checkoutQueries.order(eventId, orderShortId).queryKey,
        });
      setFailure(refusalText(intl, error, m.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  // Details first: the server refuses to complete without them.
  if (order.status === 'AWAITING_DETAILS')
    return <Navigate to={checkoutPath(eventId, orderShortId, 'details')} replace />;

  const methods = order.payment_methods;
  return (
    <div className="checkout-columns">
      <OrderSummary order={order} />
      <div className="checkout-form">
        <h1 className="checkout-title">{intl.formatMessage(m.paymentTitle)}</h1>
        {methods.includes('FREE') ? (
          <button
            type="button"
            className="checkout-button"
            disabled={busy}
            onClick={() => void complete('FREE')}
          >
            {intl.formatMessage(busy ? m.completing : m.completeFree)}
          </button>
        ) : null}
        {methods.includes('OFFLINE') ? (
          <section className="checkout-card" aria-labelledby="checkout-offline-title">
            <h2 id="checkout-offline-title" className="checkout-card__title">
              {intl.formatMessage(m.offlineTitle)}
            </h2>
            {order.offline_payment_instructions ? (
              // Sanitised HTML from the event's settings (server side).
              <div
                className="checkout-html"
                dangerouslySetInnerHTML={{ __html: order.offline_payment_instructions }}
              />
            ) : null}
            <p className="checkout-muted">{intl.formatMessage(m.offlineHint)}</p>
            <button
              type="button"
              className="checkout-button"
              disabled={busy}
              onClick={() => void complete('OFFLINE')}
            >
              {intl.formatMessage(busy ? m.completing : m.offlineConfirm)}
            </button>
          </section>
        ) : null}
        {methods.includes('FREE') ? null : (
          <CardPaymentSection order={order} onCompleted={(paid) => void done(paid)} />
        )}
        {methods.length === 0 ? (
          <p className="checkout-notice" role="status">
            {intl.formatMessage(m.noMethods)}
          </p>
        ) : null}
        {failure ? (
          <p className="checkout-error" role="alert">
            {failure}
          </p>
        ) : null}
        <Link className="checkout-link" to={checkoutPath(eventId, orderShortId, 'details')}>
          {intl.formatMessage(m.backToDetails)}
        </Link>
      </div>
    </div>
  );
}

/** `/checkout/{eventId}/{orderShortId}/payment`: a free order completes at once, else offline or (later) card. */
export function PaymentPage() {
  return (
    <CheckoutFrame step="payment" title={m.paymentTitle}>
      {(order) => <Payment order={order} />}
    </CheckoutFrame>
  );
}

export default PaymentPage;
