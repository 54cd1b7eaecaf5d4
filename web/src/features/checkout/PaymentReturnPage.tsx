import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { CheckoutFrame, useCheckoutParams } from './CheckoutFrame';
import { checkoutMessages as m } from './messages';
import { checkoutPath } from './paths';

/** Stripe's `redirect_status` values that mean the payment did not go through. */
const FAILED = new Set(['failed', 'requires_payment_method', 'canceled']);

/**
 * `/checkout/{eventId}/{orderShortId}/payment_return`: where a card payment's redirect lands. It reads
 * `redirect_status`: a failure offers the payment again, anything else is processing until the order says
 * otherwise (issue 13 confirms the payment here and forwards to the summary).
 */
export function PaymentReturnPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const { eventId, orderShortId } = useCheckoutParams();
  const failed = FAILED.has(params.get('redirect_status') ?? '');
  return (
    <CheckoutFrame step="payment_return" title={failed ? m.returnFailedTitle : m.returnProcessingTitle}>
      {(order) => {
        const settled = order.status === 'COMPLETED' || order.status === 'AWAITING_PAYMENT';
        return (
          <section className="checkout-card" role="status">
            <h1 className="checkout-title">
              {intl.formatMessage(failed && !settled ? m.returnFailedTitle : m.returnProcessingTitle)}
            </h1>
            <p>{intl.formatMessage(failed && !settled ? m.returnFailed : m.returnProcessing)}</p>
            {failed && !settled ? (
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
