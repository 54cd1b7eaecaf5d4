import { HTMLTable } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../shared/intl/eventFormat';
import {
  orderSummaryRows,
  type OrderSummaryRow,
  type SummarizedOrder,
} from '../../../../services/sales/orders/orderSummary';
import { orderDetailMessages as d } from './messages';

/**
 * The order drawer's items and money, the same rows the buyer sees (services/sales/orders/orderSummary.ts):
 * lines before the discount, the discount once, fees and taxes up to the total; included taxes as notes.
 */
export function OrderMoney({ order }: { order: SummarizedOrder & { currency: string } }) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, amount, order.currency);
  const label = (row: OrderSummaryRow): string => {
    switch (row.kind) {
      case 'line':
        return intl.formatMessage(d.line, { quantity: row.quantity, title: row.title });
      case 'discount':
        return row.code
          ? intl.formatMessage(d.discountCode, { code: row.code })
          : intl.formatMessage(d.discount);
      case 'subtotal':
        return intl.formatMessage(d.subtotal);
      case 'fee':
      case 'tax':
        return row.name;
      case 'addedTaxes':
        return intl.formatMessage(d.addedTaxes);
      case 'rounding':
        return intl.formatMessage(d.rounding);
      case 'total':
        return intl.formatMessage(d.total);
      case 'includedTax':
        return intl.formatMessage(d.includedTax, { name: row.name });
    }
  };
  const amount = (row: OrderSummaryRow): string =>
    row.kind === 'discount' || (row.kind === 'rounding' && row.amount < 0)
      ? `−${money(Math.abs(row.amount))}`
      : money(row.amount);
  return (
    <HTMLTable compact className="order-money" aria-label={intl.formatMessage(d.lines)}>
      <tbody>
        {orderSummaryRows(order).map((row, index) => (
          <tr key={index} className={`order-money__${row.kind}`} data-summary-row={row.kind}>
            <th scope="row">{label(row)}</th>
            <td>{amount(row)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
