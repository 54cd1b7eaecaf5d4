import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  priceOrder,
  type OrderInput,
  type PriceDisplayMode,
  type PricedOrder,
  type Promo,
  type TaxOrFee,
} from '../../pricing/pricing';
import { orderSummaryRows, summaryRowsSum, type SummarizedOrder } from './orderSummary';

/** The order as the API answers it after `priceOrder` priced it (checkout.ts records these amounts). */
function answered(priced: PricedOrder, promoCode: string | null = null): SummarizedOrder {
  return {
    lines: priced.lines.map((line) => ({
      ticket_id: line.ticketId,
      tier_id: line.tierId,
      ticket_title: `Ticket ${line.ticketId}`,
      tier_label: null,
      quantity: line.quantity,
      price: line.price,
      discount: line.discount,
    })),
    promo_code: promoCode,
    discount_total: priced.discountTotal,
    subtotal: priced.subtotal,
    fee_total: priced.feeTotal,
    tax_total: priced.taxTotal,
    total: priced.total,
    fees: priced.fees,
    taxes: priced.taxes,
  };
}

const vat: TaxOrFee = { name: 'VAT', kind: 'TAX', calculation: 'PERCENTAGE', percent: 21 };
const bookingFee: TaxOrFee = { name: 'Booking fee', kind: 'FEE', calculation: 'FIXED', amount: 100 };
const tenPercent: Promo = { discount: { type: 'PERCENTAGE', percent: 10 }, appliesTo: 'ALL' };
const fiveOff: Promo = { discount: { type: 'FIXED', amount: 500 }, appliesTo: 'ALL' };

function order(displayMode: PriceDisplayMode, promo: Promo | null, taxesAndFees: TaxOrFee[]): OrderInput {
  return {
    currency: 'EUR',
    displayMode,
    promo,
    lines: [
      { ticketId: 'seat', quantity: 2, price: { type: 'PAID', unitPrice: 2000 }, taxesAndFees },
      { ticketId: 'pass', quantity: 1, price: { type: 'PAID', unitPrice: 1000 }, taxesAndFees },
    ],
  };
}

describe("an order's summary rows", () => {
  it('shows the lines before the discount, takes the discount off once, then fees and taxes up to the total', () => {
    const rows = orderSummaryRows(
      answered(priceOrder(order('EXCLUSIVE', tenPercent, [bookingFee, vat])), 'EARLY'),
    );
    // Lines €40.00 + €10.00, 10 % off: €45.00; booking fee 3 × €1.00; VAT 21 % of €48.00 = €10.08.
    expect(rows).toEqual([
      { kind: 'line', key: 'seat:', quantity: 2, title: 'Ticket seat', amount: 4000 },
      { kind: 'line', key: 'pass:', quantity: 1, title: 'Ticket pass', amount: 1000 },
      { kind: 'discount', code: 'EARLY', amount: 500 },
      { kind: 'subtotal', amount: 4500 },
      { kind: 'fee', name: 'Booking fee', amount: 300 },
      { kind: 'tax', name: 'VAT', amount: 1008 },
      { kind: 'total', amount: 5808 },
    ]);
    expect(summaryRowsSum(rows)).toBe(5808);
  });

  it('names the included taxes after the total and adds only the taxes on the fees', () => {
    const rows = orderSummaryRows(
      answered(priceOrder(order('INCLUSIVE', fiveOff, [bookingFee, vat])), 'FIVE'),
    );
    // €5.00 off each of three tickets: €30.00 + €5.00 with their VAT; fees €3.00 and their VAT €0.63 on top;
    // the VAT in the total (€6.71) is named, not added.
    expect(rows).toEqual([
      { kind: 'line', key: 'seat:', quantity: 2, title: 'Ticket seat', amount: 4000 },
      { kind: 'line', key: 'pass:', quantity: 1, title: 'Ticket pass', amount: 1000 },
      { kind: 'discount', code: 'FIVE', amount: 1500 },
      { kind: 'subtotal', amount: 3500 },
      { kind: 'fee', name: 'Booking fee', amount: 300 },
      { kind: 'addedTaxes', amount: 63 },
      { kind: 'total', amount: 3863 },
      { kind: 'includedTax', name: 'VAT', amount: 671 },
    ]);
    expect(summaryRowsSum(rows)).toBe(3863);
  });

  it('shows prices that include their taxes without a subtotal when nothing is added', () => {
    const rows = orderSummaryRows(answered(priceOrder(order('INCLUSIVE', tenPercent, [vat])), 'EARLY'));
    expect(rows.map((row) => row.kind)).toEqual(['line', 'line', 'discount', 'total', 'includedTax']);
    expect(summaryRowsSum(rows)).toBe(4500);
  });

  it('shows a free order as its lines and a total, nothing else', () => {
    const free = priceOrder({
      currency: 'EUR',
      displayMode: 'EXCLUSIVE',
      lines: [{ ticketId: 'walk', quantity: 2, price: { type: 'FREE' }, taxesAndFees: [bookingFee, vat] }],
    });
    expect(orderSummaryRows(answered(free)).map((row) => row.kind)).toEqual(['line', 'total']);
  });

  it('takes a 100 % code off the lines and leaves a total of zero', () => {
    const all: Promo = { discount: { type: 'PERCENTAGE', percent: 100 }, appliesTo: 'ALL' };
    const rows = orderSummaryRows(answered(priceOrder(order('EXCLUSIVE', all, [bookingFee, vat])), 'ALL'));
    expect(rows).toContainEqual({ kind: 'discount', code: 'ALL', amount: 5000 });
    expect(rows.at(-1)).toEqual({ kind: 'total', amount: 0 });
    expect(summaryRowsSum(rows)).toBe(0);
  });

  it('shows a fixed tax a discount left uncovered apart from the rounding of a fee beside it', () => {
    // A fixed tax of 0.03 on a price of 0.01 that a 70 % code brings to nothing stays on top; the fee's line
    // rounds its total once, a cent away from its rounded price.
    const code: Promo = { discount: { type: 'PERCENTAGE', percent: 70.5313 }, appliesTo: 'ALL' };
    const priced = priceOrder({
      currency: 'EUR',
      displayMode: 'INCLUSIVE',
      promo: code,
      lines: [
        {
          ticketId: 'cloakroom',
          quantity: 1,
          price: { type: 'PAID', unitPrice: 1 },
          taxesAndFees: [{ name: 'City tax', kind: 'TAX', calculation: 'FIXED', amount: 3 }],
        },
        {
          ticketId: 'gala',
          quantity: 1,
          price: { type: 'PAID', unitPrice: 46383 },
          taxesAndFees: [{ name: 'Service fee', kind: 'FEE', calculation: 'PERCENTAGE', percent: 29.0452 }],
        },
      ],
    });
    const rows = orderSummaryRows(answered(priced, 'GALA'));
    expect(rows.slice(rows.findIndex((row) => row.kind === 'subtotal'))).toEqual([
      { kind: 'subtotal', amount: 13668 },
      { kind: 'fee', name: 'Service fee', amount: 3970 },
      { kind: 'addedTaxes', amount: 3 },
      { kind: 'rounding', amount: 1 },
      { kind: 'total', amount: 17642 },
      { kind: 'includedTax', name: 'City tax', amount: 3 },
    ]);
    expect(summaryRowsSum(rows)).toBe(17642);
  });
});

const rateArb: fc.Arbitrary<TaxOrFee> = fc.oneof(
  fc.record({
    name: fc.constantFrom('VAT', 'City tax', 'Service fee', 'Booking fee'),
    kind: fc.constantFrom('TAX' as const, 'FEE' as const),
    calculation: fc.constant('PERCENTAGE' as const),
    percent: fc.integer({ min: 0, max: 400_000 }).map((scaled) => scaled / 10_000),
  }),
  fc.record({
    name: fc.constantFrom('VAT', 'City tax', 'Service fee', 'Booking fee'),
    kind: fc.constantFrom('TAX' as const, 'FEE' as const),
    calculation: fc.constant('FIXED' as const),
    amount: fc.integer({ min: 0, max: 3_000 }),
  }),
);
const promoArb: fc.Arbitrary<Promo | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 1_000_000 }).map((scaled): Promo => ({
    discount: { type: 'PERCENTAGE', percent: scaled / 10_000 },
    appliesTo: 'ALL',
  })),
  fc
    .integer({ min: 0, max: 20_000 })
    .map((amount): Promo => ({ discount: { type: 'FIXED', amount }, appliesTo: ['t0', 't2'] })),
);
const orderArb: fc.Arbitrary<OrderInput> = fc.record({
  currency: fc.constantFrom('EUR', 'JPY', 'KWD'),
  displayMode: fc.constantFrom<PriceDisplayMode>('EXCLUSIVE', 'INCLUSIVE'),
  promo: promoArb,
  lines: fc.array(
    fc.record({
      ticketId: fc.constantFrom('t0', 't1', 't2'),
      quantity: fc.integer({ min: 1, max: 60 }),
      price: fc.oneof(
        fc.integer({ min: 0, max: 50_000 }).map((unitPrice) => ({ type: 'PAID' as const, unitPrice })),
        fc.constant({ type: 'FREE' as const }),
        fc
          .integer({ min: 0, max: 5_000 })
          .map((amount) => ({ type: 'DONATION' as const, amount, minimum: 0 })),
      ),
      taxesAndFees: fc.array(rateArb, { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

describe('summary rows of any priced order', { timeout: 60_000 }, () => {
  it('add up to the total, in both display modes, with and without codes; only rounding may be negative', () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const priced = priceOrder(input);
        const rows = orderSummaryRows(answered(priced, 'CODE'));
        expect(summaryRowsSum(rows)).toBe(priced.total);
        expect(rows.filter((row) => row.kind === 'total')).toEqual([{ kind: 'total', amount: priced.total }]);
        for (const row of rows) if (row.kind !== 'rounding') expect(row.amount).toBeGreaterThanOrEqual(0);
        // Rounding is a minor unit per line at most, and only where prices include taxes and fees are added.
        const rounding = rows.find((row) => row.kind === 'rounding');
        if (rounding) {
          expect(input.displayMode).toBe('INCLUSIVE');
          // A fee is there, though it may round to nothing (a tiny percentage of a few cents).
          expect(priced.fees.length).toBeGreaterThan(0);
          expect(Math.abs(rounding.amount)).toBeLessThanOrEqual(input.lines.length);
        }
        // The discount is shown once, and only when there is one.
        expect(rows.filter((row) => row.kind === 'discount')).toHaveLength(priced.discountTotal > 0 ? 1 : 0);
        // What is subtracted or added before the subtotal reaches it exactly.
        const subtotal = rows.find((row) => row.kind === 'subtotal');
        if (subtotal) {
          const before = rows.slice(0, rows.indexOf(subtotal));
          expect(summaryRowsSum(before)).toBe(subtotal.amount);
        }
      }),
      { numRuns: 3_000 },
    );
  });
});
