/**
 * The rows an order's money is shown in, everywhere it is shown: the buyer's summary and print page, the
 * organizer's order drawer and the confirmation mail. Pure and free of imports, because the web runs it too.
 *
 * The rows that carry an amount add up to the total, in both price display modes (docs/pricing.md):
 *
 *   lines at their price before the discount − discount = subtotal (the lines' prices as charged)
 *   subtotal + fees + taxes added on top = total
 *
 * A line's recorded `price` already has the promo discount taken off, so a line is shown at `price +
 * discount` and the discount once below the lines. Taxes not included in the prices are `total − subtotal −
 * fees`: every tax when prices exclude it; when prices include their taxes, only what the fees add (a fee is a
 * net amount, taxed on top) plus fixed taxes a discount left uncovered, or else a minor unit of rounding. Which of the two it is follows from
 * the amounts, so an order reads the same after the event's display mode changes. When taxes are included,
 * they follow the total as notes ("includes VAT"), which are not added.
 */

export interface SummaryCharge {
  readonly name: string;
  readonly amount: number;
}

/** An order as the API answers it (`PublicOrder`, the member's order detail), amounts in minor units. */
export interface SummarizedOrder {
  readonly lines: readonly {
    readonly ticket_id: string;
    readonly tier_id: string | null;
    readonly ticket_title: string | null;
    readonly tier_label: string | null;
    readonly quantity: number;
    /** After the promo discount. */
    readonly price: number;
    readonly discount: number;
  }[];
  readonly promo_code: string | null;
  readonly discount_total: number;
  readonly subtotal: number;
  readonly fee_total: number;
  readonly tax_total: number;
  readonly total: number;
  readonly fees: readonly SummaryCharge[];
  readonly taxes: readonly SummaryCharge[];
}

export type OrderSummaryRow =
  | { kind: 'line'; key: string; quantity: number; title: string; amount: number }
  /** Subtracted: the amount is what comes off. */
  | { kind: 'discount'; code: string; amount: number }
  | { kind: 'subtotal'; amount: number }
  | { kind: 'fee' | 'tax'; name: string; amount: number }
  /** Taxes added on top of prices that include their own (the fees' taxes). */
  | { kind: 'addedTaxes'; amount: number }
  /**
   * Signed: prices that include their taxes are rounded on their own, the total once (docs/pricing.md), so
   * with fees the two may be a minor unit apart that no tax explains.
   */
  | { kind: 'rounding'; amount: number }
  | { kind: 'total'; amount: number }
  /** A note after the total, not added: this much of the total is that tax. */
  | { kind: 'includedTax'; name: string; amount: number };

const lineTitle = (line: SummarizedOrder['lines'][number]) => {
  const title = line.ticket_title ?? '';
  return line.tier_label ? `${title} – ${line.tier_label}` : title;
};

export function orderSummaryRows(order: SummarizedOrder): OrderSummaryRow[] {
  const rows: OrderSummaryRow[] = order.lines.map((line) => ({
    kind: 'line',
    key: `${line.ticket_id}:${line.tier_id ?? ''}`,
    quantity: line.quantity,
    title: lineTitle(line),
    amount: line.price + line.discount,
  }));
  if (order.discount_total > 0)
    rows.push({ kind: 'discount', code: order.promo_code ?? '', amount: order.discount_total });

  const onTop = order.total - order.subtotal - order.fee_total;
  const taxesOnTop = onTop === order.tax_total;
  const added: OrderSummaryRow[] = order.fees
    .filter((fee) => fee.amount > 0)
    .map((fee) => ({ kind: 'fee', name: fee.name, amount: fee.amount }));
  if (taxesOnTop) {
    for (const tax of order.taxes)
      if (tax.amount > 0) added.push({ kind: 'tax', name: tax.name, amount: tax.amount });
  } else {
    // Taxes added on top come to at most the order's taxes; what goes beyond them (or below nothing) is rounding.
    const addedTaxes = Math.min(Math.max(onTop, 0), order.tax_total);
    if (addedTaxes > 0) added.push({ kind: 'addedTaxes', amount: addedTaxes });
    if (onTop !== addedTaxes) added.push({ kind: 'rounding', amount: onTop - addedTaxes });
  }
  if (added.length > 0) rows.push({ kind: 'subtotal', amount: order.subtotal }, ...added);
  rows.push({ kind: 'total', amount: order.total });
  if (!taxesOnTop)
    for (const tax of order.taxes)
      if (tax.amount > 0) rows.push({ kind: 'includedTax', name: tax.name, amount: tax.amount });
  return rows;
}

/** The sum of the rows that are added (lines, fees, taxes) minus the discount: equals the total row. */
export function summaryRowsSum(rows: readonly OrderSummaryRow[]): number {
  let sum = 0;
  for (const row of rows)
    if (
      row.kind === 'line' ||
      row.kind === 'fee' ||
      row.kind === 'tax' ||
      row.kind === 'addedTaxes' ||
      row.kind === 'rounding'
    )
      sum += row.amount;
    else if (row.kind === 'discount') sum -= row.amount;
  return sum;
}
