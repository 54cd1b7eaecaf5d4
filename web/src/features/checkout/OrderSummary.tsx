import { useIntl } from 'react-intl';
import { formatMoney } from '../../shared/intl/eventFormat';
import { orderSummaryRows, type OrderSummaryRow } from '../../../../services/sales/orders/orderSummary';
import type { PublicOrder } from './api';
import { checkoutMessages as m } from './messages';

const rowClass: Record<OrderSummaryRow['kind'], string> = {
  line: 'checkout-lines__row',
  discount: 'checkout-lines__row',
  subtotal: 'checkout-lines__row checkout-lines__row--sub',
  fee: 'checkout-lines__row',
  tax: 'checkout-lines__row',
  addedTaxes: 'checkout-lines__row',
  rounding: 'checkout-lines__row',
  total: 'checkout-lines__row checkout-lines__row--total',
  includedTax: 'checkout-lines__row checkout-lines__row--note',
};

/**
 * The order's lines and totals in the event's currency (services/sales/orders/orderSummary.ts): the rows add
 * up to the total; included taxes follow it as notes.
 */
export function OrderSummary({ order }: { order: PublicOrder }) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, amount, order.currency);
  const rows = orderSummaryRows(order);
  const label = (row: OrderSummaryRow): string => {
    switch (row.kind) {
      case 'line':
        return intl.formatMessage(m.lineQuantity, { quantity: row.quantity, title: row.title });
      case 'discount':
        return row.code
          ? intl.formatMessage(m.discount, { code: row.code })
          : intl.formatMessage(m.discountWithoutCode);
      case 'subtotal':
        return intl.formatMessage(m.subtotal);
      case 'fee':
      case 'tax':
        return row.name;
      case 'addedTaxes':
        return intl.formatMessage(m.addedTaxes);
      case 'rounding':
        return intl.formatMessage(m.rounding);
      case 'includedTax':
        return intl.formatMessage(m.includedTaxes, { name: row.name });
      case 'total':
        return intl.formatMessage(m.total);
    }
  };
  const amount = (row: OrderSummaryRow): string => {
    if (row.kind === 'discount' || (row.kind === 'rounding' && row.amount < 0))
      return `−${money(Math.abs(row.amount))}`;
    if ((row.kind === 'line' || row.kind === 'total') && row.amount === 0) return intl.formatMessage(m.free);
    return money(row.amount);
  };
  return (
    <section className="checkout-card" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-card__title">
        {intl.formatMessage(m.summaryTitle)}
      </h2>
      <p className="checkout-muted">{intl.formatMessage(m.reference, { reference: order.reference })}</p>
      <dl className="checkout-lines">
        {rows.map((row, index) => (
          <div
            key={row.kind === 'line' ? row.key : `${row.kind}-${index}`}
            className={rowClass[row.kind]}
            data-summary-row={row.kind}
          >
            <dt>{label(row)}</dt>
            <dd>{amount(row)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
