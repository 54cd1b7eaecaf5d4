import { useIntl } from 'react-intl';
import { formatMoney } from '../../shared/intl/eventFormat';
import type { PublicEvent } from '../events/types';
import type { PublicOrder } from './api';
import { checkoutMessages as m } from './messages';

/**
 * The order's lines and totals in the event's currency. In the event's display mode: EXCLUSIVE adds fees and
 * taxes to the lines; INCLUSIVE lines already hold their taxes, so the taxes are named as included.
 */
export function OrderSummary({ order, event }: { order: PublicOrder; event: PublicEvent }) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, amount, order.currency);
  const inclusive = event.settings.price_display_mode !== 'EXCLUSIVE';
  const free = order.total === 0;
  return (
    <section className="checkout-card" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-card__title">
        {intl.formatMessage(m.summaryTitle)}
      </h2>
      <p className="checkout-muted">{intl.formatMessage(m.reference, { reference: order.reference })}</p>
      <dl className="checkout-lines">
        {order.lines.map((line) => (
          <div key={`${line.ticket_id}:${line.tier_id ?? ''}`} className="checkout-lines__row">
            <dt>
              {intl.formatMessage(m.lineQuantity, {
                quantity: line.quantity,
                title: line.tier_label ? `${line.ticket_title} – ${line.tier_label}` : line.ticket_title,
              })}
            </dt>
            <dd>{line.price === 0 ? intl.formatMessage(m.free) : money(line.price)}</dd>
          </div>
        ))}
        {order.discount_total > 0 ? (
          <div className="checkout-lines__row checkout-lines__row--note">
            <dt>{intl.formatMessage(m.discount, { code: order.promo_code ?? '' })}</dt>
            <dd>−{money(order.discount_total)}</dd>
          </div>
        ) : null}
        {!free && (order.fees.length > 0 || (!inclusive && order.taxes.length > 0)) ? (
          <div className="checkout-lines__row checkout-lines__row--sub">
            <dt>{intl.formatMessage(m.subtotal)}</dt>
            <dd>{money(order.subtotal)}</dd>
          </div>
        ) : null}
        {order.fees.map((fee) => (
          <div key={`fee-${fee.name}`} className="checkout-lines__row">
            <dt>{fee.name}</dt>
            <dd>{money(fee.amount)}</dd>
          </div>
        ))}
        {inclusive
          ? null
          : order.taxes.map((tax) => (
              <div key={`tax-${tax.name}`} className="checkout-lines__row">
                <dt>{tax.name}</dt>
                <dd>{money(tax.amount)}</dd>
              </div>
            ))}
        <div className="checkout-lines__row checkout-lines__row--total">
          <dt>{intl.formatMessage(m.total)}</dt>
          <dd>{free ? intl.formatMessage(m.free) : money(order.total)}</dd>
        </div>
        {inclusive
          ? order.taxes.map((tax) => (
              <div key={`tax-${tax.name}`} className="checkout-lines__row checkout-lines__row--note">
                <dt>{intl.formatMessage(m.includedTaxes, { name: tax.name })}</dt>
                <dd>{money(tax.amount)}</dd>
              </div>
            ))
          : null}
      </dl>
    </section>
  );
}
