import { useIntl } from 'react-intl';
import { formatMoney } from '../../shared/intl/eventFormat';
import type { PublicEvent } from '../events/types';
import type { PublicOrder } from './api';
import { checkoutMessages as m } from './messages';
import { summaryRows, type SummaryRow } from './summaryRows';

const rowClass: Record<SummaryRow['kind'], string> = {
  line: 'checkout-lines__row',
  discount: 'checkout-lines__row checkout-lines__row--note',
  subtotal: 'checkout-lines__row checkout-lines__row--sub',
  fee: 'checkout-lines__row',
  tax: 'checkout-lines__row',
  total: 'checkout-lines__row checkout-lines__row--total',
  includedTax: 'checkout-lines__row checkout-lines__row--note',
};

/** The order's lines and totals in the event's currency and display mode (summaryRows.ts). */
export function OrderSummary({ order, event }: { order: PublicOrder; event: PublicEvent }) {
  const intl = useIntl();
  const money = (amount: number) =>
    amount === 0 ? intl.formatMessage(m.free) : formatMoney(intl, amount, order.currency);
  const rows = summaryRows(
    order,
    event.settings.price_display_mode === 'EXCLUSIVE' ? 'EXCLUSIVE' : 'INCLUSIVE',
  );
  const label = (row: SummaryRow): string => {
    switch (row.kind) {
      case 'line':
        return intl.formatMessage(m.lineQuantity, { quantity: row.quantity, title: row.title });
      case 'discount':
        return intl.formatMessage(m.discount, { code: row.code });
      case 'subtotal':
        return intl.formatMessage(m.subtotal);
      case 'fee':
      case 'tax':
        return row.name;
      case 'includedTax':
        return intl.formatMessage(m.includedTaxes, { name: row.name });
      case 'total':
        return intl.formatMessage(m.total);
    }
  };
  return (
    <section className="checkout-card" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-card__title">
        {intl.formatMessage(m.summaryTitle)}
      </h2>
      <p className="checkout-muted">{intl.formatMessage(m.reference, { reference: order.reference })}</p>
      <dl className="checkout-lines">
        {rows.map((row, index) => (
          <div key={row.kind === 'line' ? row.key : `${row.kind}-${index}`} className={rowClass[row.kind]}>
            <dt>{label(row)}</dt>
            <dd>
              {row.kind === 'discount'
                ? `−${formatMoney(intl, row.amount, order.currency)}`
                : money(row.amount)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
