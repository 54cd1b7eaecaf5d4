import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { CheckoutFrame, useCheckoutParams } from './CheckoutFrame';
import { checkoutMessages as m } from './messages';
import { checkoutPath } from './paths';
import { checkoutQueries } from './queries';
import type { PublicOrder } from './api';

/** Stripe's `redirect_status` values that mean the payment did not go through. */
const FAILED = new Set(['failed', 'requires_payment_method', 'canceled']);

const wentThrough = (order: PublicOrder) =>
  order.status === 'COMPLETED' || order.status === 'AWAITING_PAYMENT';

/**
 * `/checkout/{eventId}/{orderShortId}/payment_return`: where a card payment's redirect lands. The browser's
 * word completes nothing: the page waits for the order (polling) until Stripe's verified webhook completed it,
 * or marked the payment failed; a failure offers the payment again.
 */
export function PaymentReturnPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const { eventId, orderShortId } = useCheckoutParams();
  const redirectFailed = FAILED.has(params.get('redirect_status') ?? '');
  // Shares the frame's query: while the payment is processing, the order is read again every 1.5 s.
  useQuery({
    ...checkoutQueries.order(eventId, orderShortId),
    refetchInterval: (query) => {
      const order = query.state.data;
      return !order || (!wentThrough(order) && order.status !== 'PAYMENT_FAILED' && !redirectFailed)
        ? 1500
        : false;
    },
  });
  return (
    <CheckoutFrame
      step="payment_return"
      title={redirectFailed ? m.returnFailedTitle : m.returnProcessingTitle}
    >
      {(order) => {
        const settled = wentThrough(order);
        const failed = !settled && (redirectFailed || order.status === 'PAYMENT_FAILED');
        const title = settled
          ? m.returnCompletedTitle
          : failed
            ? m.returnFailedTitle
            : m.returnProcessingTitle;
        return (
          <section className="checkout-card" role="status" aria-live="polite">
            <h1 className="checkout-title">{intl.formatMessage(title)}</h1>
            {settled ? null : <p>{intl.formatMessage(failed ? m.returnFailed : m.returnProcessing)}</p>}
            {failed ? (
              <Link
                className="checkout-button checkout-button--link"
                to={checkoutPath(eventId, orderShortId, 'payment')}
              >
                {intl.formatMessage(m.retryPayment)}
              </Link>
            ) : (
              <Link
                className="checkout-button checkout-button--link"
                to={checkoutPath(eventId, orderShortId, 'summary')}
              >
                {intl.formatMessage(m.viewOrder)}
              </Link>
            )}
          </section>
        );
      }}
    </CheckoutFrame>
  );
}

export default PaymentReturnPage;
