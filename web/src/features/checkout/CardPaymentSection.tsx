import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { checkoutApi, type CardPaymentIntent, type PublicOrder } from './api';
import { useCheckoutParams } from './CheckoutFrame';
import { checkoutMessages as m } from './messages';
import { checkoutPath } from './paths';
import { refusalText } from './refusal';
import { loadStripeJs, type StripeElements, type StripeJs } from './stripeJs';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; stripe: StripeJs; elements: StripeElements }
  | { kind: 'noScript'; intent: CardPaymentIntent }
  | { kind: 'failed'; message: string };

/**
 * The card option of the payment step (docs/payments.md): the order's PaymentIntent, then Stripe's Payment
 * Element from js.stripe.com. Confirming sends the buyer through Stripe (3-D Secure and the like) back to
 * `payment_return`, where the order's status is awaited: only Stripe's verified webhook completes the order.
 * When Stripe.js cannot load, a clear message (and, with the local test double, its test card page).
 */
export function CardPaymentSection({
  order,
}: {
  order: PublicOrder;
  /** Kept for the payment page's seam: a card order completes on the return page, after Stripe's webhook. */
  onCompleted: (order: PublicOrder) => void;
}) {
  const intl = useIntl();
  const available = order.payment_methods.includes('CARD') && order.card_payment !== null;
  return (
    <section className="checkout-card" aria-labelledby="checkout-card-title">
      <h2 id="checkout-card-title" className="checkout-card__title">
        {intl.formatMessage(m.cardTitle)}
      </h2>
      {order.payment_failure ? (
        <p className="checkout-error" role="alert">
          {intl.formatMessage(m.returnFailed)}
        </p>
      ) : null}
      {available ? (
        <CardPayment order={order} />
      ) : (
        <p className="checkout-muted">{intl.formatMessage(m.cardNotConfigured)}</p>
      )}
    </section>
  );
}

function CardPayment({ order }: { order: PublicOrder }) {
  const intl = useIntl();
  const { eventId, orderShortId } = useCheckoutParams();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const returnUrl = `${window.location.origin}${checkoutPath(eventId, orderShortId, 'payment_return')}`;
  const card = order.card_payment;

  useEffect(() => {
    if (!card) return;
    let cancelled = false;
    let destroy: (() => void) | null = null;
    void (async () => {
      let intent: CardPaymentIntent;
      try {
        intent = await checkoutApi.paymentIntent(eventId, orderShortId);
      } catch (failure) {
        if (!cancelled) setPhase({ kind: 'failed', message: refusalText(intl, failure, m.loadFailed) });
        return;
      }
      let Stripe;
      try {
        Stripe = await loadStripeJs();
      } catch {
        if (!cancelled) setPhase({ kind: 'noScript', intent });
        return;
      }
      if (cancelled || !mountPoint.current) return;
      const stripe = Stripe(
        card.publishable_key,
        card.stripe_account ? { stripeAccount: card.stripe_account } : undefined,
      );
      const elements = stripe.elements({ clientSecret: intent.client_secret, locale: intl.locale });
      const element = elements.create('payment');
      element.mount(mountPoint.current);
      destroy = () => element.destroy();
      setPhase({ kind: 'ready', stripe, elements });
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
    // One intent per order and mount: the order's short id and the card settings decide it.
  }, [eventId, orderShortId, card, intl]);

  const pay = async () => {
    if (phase.kind !== 'ready' || paying) return;
    setPaying(true);
    setError(null);
    // On success Stripe leaves this page for the return URL; an answer here is a failure to show.
    const result = await phase.stripe.confirmPayment({
      elements: phase.elements,
      confirmParams: { return_url: returnUrl },
    });
    setError(result.error?.message ?? intl.formatMessage(m.returnFailed));
    setPaying(false);
  };

  if (phase.kind === 'failed')
    return (
      <p className="checkout-error" role="alert">
        {phase.message}
      </p>
    );
  if (phase.kind === 'noScript')
    return (
      <div role="alert">
        <p className="checkout-error">{intl.formatMessage(m.cardScriptFailed)}</p>
        {phase.intent.test_page_url ? (
          <a
            className="checkout-button checkout-button--link"
            href={`${phase.intent.test_page_url}?return_url=${encodeURIComponent(returnUrl)}`}
          >
            {intl.formatMessage(m.cardTestPage)}
          </a>
        ) : null}
      </div>
    );
  return (
    <div className="checkout-card-payment">
      <div ref={mountPoint} className="checkout-card-payment__element" />
      {phase.kind === 'loading' ? (
        <p className="checkout-muted" role="status">
          {intl.formatMessage(m.cardLoading)}
        </p>
      ) : (
        <button type="button" className="checkout-button" disabled={paying} onClick={() => void pay()}>
          {intl.formatMessage(paying ? m.cardPaying : m.cardPay)}
        </button>
      )}
      {error ? (
        <p className="checkout-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
