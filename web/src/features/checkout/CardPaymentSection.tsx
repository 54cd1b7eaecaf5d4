import { useIntl } from 'react-intl';
import type { PublicOrder } from './api';
import { checkoutMessages as m } from './messages';

/**
 * The card option of the payment step. The seam for card payments (issue 13: Stripe's Payment Element mounts
 * here and calls `onCompleted` once the order went through); until then it says that cards are not set up.
 */
export function CardPaymentSection({
  order,
}: {
  order: PublicOrder;
  onCompleted: (order: PublicOrder) => void;
}) {
  const intl = useIntl();
  const available = order.payment_methods.includes('CARD');
  return (
    <section className="checkout-card" aria-labelledby="checkout-card-title">
      <h2 id="checkout-card-title" className="checkout-card__title">
        {intl.formatMessage(m.cardTitle)}
      </h2>
      {available ? null : <p className="checkout-muted">{intl.formatMessage(m.cardNotConfigured)}</p>}
    </section>
  );
}
