import type { PublicOrder } from './api';

/**
 * The rows of an order's summary in the event's display mode. EXCLUSIVE: the lines, then fees and taxes added
 * up to the total. INCLUSIVE: the lines already hold their taxes, so fees are added and the taxes follow the
 * total as "includes". A free order shows neither subtotal nor charges.
 */
export type SummaryRow =
  | { kind: 'line'; key: string; quantity: number; title: string; amount: number }
  | { kind: 'discount'; code: string; amount: number }
  | { kind: 'subtotal'; amount: number }
  | { kind: 'fee' | 'tax' | 'includedTax'; name: string; amount: number }
  | { kind: 'total'; amount: number };

export function summaryRows(
  order: Pick<
    PublicOrder,
    'lines' | 'discount_total' | 'promo_code' | 'subtotal' | 'fees' | 'taxes' | 'total'
  >,
  displayMode: 'INCLUSIVE' | 'EXCLUSIVE',
): SummaryRow[] {
  const inclusive = displayMode === 'INCLUSIVE';
  const rows: SummaryRow[] = order.lines.map((line) => ({
    kind: 'line',
    key: `${line.ticket_id}:${line.tier_id ?? ''}`,
    quantity: line.quantity,
    title: line.tier_label ? `${line.ticket_title} – ${line.tier_label}` : line.ticket_title,
    amount: line.price,
  }));
  if (order.discount_total > 0)
    rows.push({ kind: 'discount', code: order.promo_code ?? '', amount: order.discount_total });
  const added = [
    ...order.fees.map((fee) => ({ kind: 'fee' as const, name: fee.name, amount: fee.amount })),
    ...(inclusive
      ? []
      : order.taxes.map((tax) => ({ kind: 'tax' as const, name: tax.name, amount: tax.amount }))),
  ].filter((row) => row.amount > 0);
  if (order.total > 0 && added.length > 0) rows.push({ kind: 'subtotal', amount: order.subtotal }, ...added);
  rows.push({ kind: 'total', amount: order.total });
  if (inclusive)
    for (const tax of order.taxes)
      if (tax.amount > 0) rows.push({ kind: 'includedTax', name: tax.name, amount: tax.amount });
  return rows;
}
