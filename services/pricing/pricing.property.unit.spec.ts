import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type OrderLineInput,
  type PriceDisplayMode,
  type PricedOrder,
  type Promo,
  type TaxOrFee,
  priceOrder,
} from './pricing';

/*
 * Properties of the engine over random orders, checked against an exact model written here independently
 * (BigInt fractions, no rounding at all): the engine may round, but only as docs/pricing.md says.
 */

type Fraction = readonly [bigint, bigint];
const frac = (n: bigint, d = 1n): Fraction => [n, d];
const plus = (a: Fraction, b: Fraction): Fraction => [a[0] * b[1] + b[0] * a[1], a[1] * b[1]];
const minus = (a: Fraction, b: Fraction): Fraction => [a[0] * b[1] - b[0] * a[1], a[1] * b[1]];
const times = (a: Fraction, b: Fraction): Fraction => [a[0] * b[0], a[1] * b[1]];
const over = (a: Fraction, b: Fraction): Fraction => [a[0] * b[1], a[1] * b[0]];
const lessThan = (a: Fraction, b: Fraction) => a[0] * b[1] < b[0] * a[1];
const total = (values: Fraction[]) => values.reduce(plus, frac(0n));
/** |actual − expected| ≤ bound, exactly. */
const within = (actual: number, expected: Fraction, bound: Fraction) => {
  const difference = minus(frac(BigInt(actual)), expected);
  const absolute: Fraction = difference[0] < 0n ? [-difference[0], difference[1]] : difference;
  return !lessThan(bound, absolute);
};
const half = frac(1n, 2n);
const one = frac(1n);

/** Percentages are generated as whole ten-thousandths so the model knows them exactly. */
interface GeneratedRate {
  readonly item: TaxOrFee;
  readonly ratio: Fraction | null;
  readonly fixed: bigint;
}

const percentArb = fc.integer({ min: 0, max: 1_000_000 });
const amountArb = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1_000_000_000 }));
const nameArb = fc.constantFrom('VAT', 'Reduced VAT', 'Service fee', 'Booking fee', 'Levy');

const rateArb: fc.Arbitrary<GeneratedRate> = fc.oneof(
  fc
    .record({ name: nameArb, kind: fc.constantFrom('TAX', 'FEE'), scaled: percentArb })
    .map(({ name, kind, scaled }): GeneratedRate => ({
      item: { name, kind, calculation: 'PERCENTAGE', percent: scaled / 10_000 },
      ratio: frac(BigInt(scaled), 1_000_000n),
      fixed: 0n,
    })),
  fc
    .record({
      name: nameArb,
      kind: fc.constantFrom('TAX', 'FEE'),
      amount: fc.integer({ min: 0, max: 5_000 }),
    })
    .map(({ name, kind, amount }): GeneratedRate => ({
      item: { name, kind, calculation: 'FIXED', amount },
      ratio: null,
      fixed: BigInt(amount),
    })),
);

interface GeneratedLine {
  readonly input: OrderLineInput;
  readonly rates: readonly GeneratedRate[];
}

const ticketIds = ['t0', 't1', 't2', 't3'] as const;

const priceArb = fc.oneof(
  amountArb.map((unitPrice) => ({ type: 'PAID', unitPrice }) as const),
  amountArb.map((unitPrice) => ({ type: 'TIERED', unitPrice }) as const),
  fc.constant({ type: 'FREE' } as const),
  fc
    .tuple(amountArb, fc.integer({ min: 0, max: 10_000 }))
    .map(([minimum, extra]) => ({ type: 'DONATION', amount: minimum + extra, minimum }) as const),
);

const lineArb: fc.Arbitrary<GeneratedLine> = fc
  .record({
    ticketId: fc.constantFrom(...ticketIds),
    quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 200 })),
    price: priceArb,
    rates: fc.array(rateArb, { maxLength: 4 }),
  })
  .map(({ ticketId, quantity, price, rates }) => ({
    input: { ticketId, quantity, price, taxesAndFees: rates.map((rate) => rate.item) },
    rates,
  }));

interface GeneratedPromo {
  readonly promo: Promo | null;
  readonly ratio: Fraction | null;
  readonly fixed: bigint | null;
}

const appliesToArb = fc.oneof(fc.constant('ALL' as const), fc.subarray([...ticketIds]));
const promoArb: fc.Arbitrary<GeneratedPromo> = fc.oneof(
  fc.constant({ promo: null, ratio: null, fixed: null }),
  appliesToArb.map((appliesTo): GeneratedPromo => ({
    promo: { discount: { type: 'NONE' }, appliesTo },
    ratio: null,
    fixed: null,
  })),
  fc
    .record({ appliesTo: appliesToArb, scaled: fc.oneof(percentArb, fc.constant(1_000_000)) })
    .map(({ appliesTo, scaled }): GeneratedPromo => ({
      promo: { discount: { type: 'PERCENTAGE', percent: scaled / 10_000 }, appliesTo },
      ratio: frac(BigInt(scaled), 1_000_000n),
      fixed: null,
    })),
  fc.record({ appliesTo: appliesToArb, amount: amountArb }).map(({ appliesTo, amount }): GeneratedPromo => ({
    promo: { discount: { type: 'FIXED', amount }, appliesTo },
    ratio: null,
    fixed: BigInt(amount),
  })),
);

const orderArb = fc.record({
  currency: fc.constantFrom('EUR', 'JPY', 'BHD', 'KWD', 'USD'),
  displayMode: fc.constantFrom<PriceDisplayMode>('EXCLUSIVE', 'INCLUSIVE'),
  lines: fc.array(lineArb, { maxLength: 6 }),
  promo: promoArb,
});
type GeneratedOrder = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function price(order: GeneratedOrder): PricedOrder {
  return priceOrder({
    currency: order.currency,
    displayMode: order.displayMode,
    promo: order.promo.promo,
    lines: order.lines.map((line) => line.input),
  });
}

interface ExactLine {
  readonly base: bigint;
  readonly discounted: Fraction;
  readonly net: Fraction;
  readonly fees: Fraction[];
  readonly taxes: Fraction[];
  readonly total: Fraction;
}

/** The rules of docs/pricing.md with nothing rounded. */
function exactLine(line: GeneratedLine, promo: GeneratedPromo, mode: PriceDisplayMode): ExactLine {
  const { input } = line;
  const quantity = BigInt(input.quantity);
  const unit =
    input.price.type === 'FREE'
      ? 0n
      : BigInt(input.price.type === 'DONATION' ? input.price.amount : input.price.unitPrice);
  const base = unit * quantity;
  const appliesTo = promo.promo?.appliesTo;
  const discountable =
    (input.price.type === 'PAID' || input.price.type === 'TIERED') &&
    appliesTo !== undefined &&
    (appliesTo === 'ALL' || appliesTo.includes(input.ticketId));
  let discounted = frac(base);
  if (discountable && promo.ratio) discounted = times(frac(base), minus(one, promo.ratio));
  if (discountable && promo.fixed !== null)
    discounted = frac((unit > promo.fixed ? unit - promo.fixed : 0n) * quantity);
  const feeRates = line.rates.filter((rate) => rate.item.kind === 'FEE');
  const taxRates = line.rates.filter((rate) => rate.item.kind === 'TAX');
  if (discounted[0] === 0n) {
    const nothing = (rates: readonly GeneratedRate[]) => rates.map(() => frac(0n));
    return {
      base,
      discounted,
      net: frac(0n),
      fees: nothing(feeRates),
      taxes: nothing(taxRates),
      total: frac(0n),
    };
  }
  let net = discounted;
  if (mode === 'INCLUSIVE') {
    const fixedTaxes = frac(taxRates.reduce((sum, rate) => sum + rate.fixed, 0n) * quantity);
    const percentTaxes = total(taxRates.flatMap((rate) => (rate.ratio ? [rate.ratio] : [])));
    net = over(minus(discounted, fixedTaxes), plus(one, percentTaxes));
    if (net[0] * net[1] < 0n) net = frac(0n);
  }
  const fees = feeRates.map((rate) => (rate.ratio ? times(net, rate.ratio) : frac(rate.fixed * quantity)));
  const taxable = plus(net, total(fees));
  const taxes = taxRates.map((rate) =>
    rate.ratio ? times(taxable, rate.ratio) : frac(rate.fixed * quantity),
  );
  return { base, discounted, net, fees, taxes, total: total([net, ...fees, ...taxes]) };
}

function sumOf(values: readonly number[]) {
  return values.reduce((a, b) => a + b, 0);
}

function allAmounts(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(allAmounts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allAmounts);
  return [];
}

const runs = { numRuns: 400 };

// Hundreds of random orders per property: give them room on a busy machine.
describe('pricing properties', { timeout: 60_000 }, () => {
  it('order totals are the sums of the lines, and the rollups the sums of the lines’ charges by name', () => {
    fc.assert(
      fc.property(orderArb, (generated) => {
        const order = price(generated);
        const pairs = [
          ['baseTotal', 'base'],
          ['discountTotal', 'discount'],
          ['subtotal', 'price'],
          ['netTotal', 'net'],
          ['feeTotal', 'feeTotal'],
          ['taxTotal', 'taxTotal'],
          ['total', 'total'],
        ] as const;
        for (const [orderKey, lineKey] of pairs)
          expect(order[orderKey], orderKey).toBe(sumOf(order.lines.map((line) => line[lineKey])));
        expect(sumOf(order.taxes.map((t) => t.amount))).toBe(order.taxTotal);
        expect(sumOf(order.fees.map((f) => f.amount))).toBe(order.feeTotal);
        for (const { name, amount } of order.taxes)
          expect(amount).toBe(
            sumOf(order.lines.flatMap((l) => l.taxes.filter((t) => t.name === name).map((t) => t.amount))),
          );
        expect(order.total).toBe(order.netTotal + order.feeTotal + order.taxTotal);
      }),
      runs,
    );
  });

  it('every amount is a whole, non-negative number; discounts never exceed the base; the parts add up', () => {
    fc.assert(
      fc.property(orderArb, (generated) => {
        const order = price(generated);
        expect(allAmounts(order).filter((amount) => !Number.isSafeInteger(amount) || amount < 0)).toEqual([]);
        for (const line of order.lines) {
          for (const breakdown of [line, line.unit]) {
            expect(breakdown.discount).toBeLessThanOrEqual(breakdown.base);
            expect(breakdown.base - breakdown.discount).toBe(breakdown.price);
            expect(breakdown.net + breakdown.feeTotal + breakdown.taxTotal).toBe(breakdown.total);
            expect(sumOf(breakdown.fees.map((f) => f.amount))).toBe(breakdown.feeTotal);
            expect(sumOf(breakdown.taxes.map((t) => t.amount))).toBe(breakdown.taxTotal);
            if (generated.displayMode === 'EXCLUSIVE') expect(breakdown.net).toBe(breakdown.price);
          }
        }
      }),
      runs,
    );
  });

  it('rounding stays within half a minor unit of the exact total per line, and within one for every part', () => {
    fc.assert(
      fc.property(orderArb, (generated) => {
        const order = price(generated);
        generated.lines.forEach((line, index) => {
          const priced = order.lines[index];
          if (!priced) throw new Error('missing line');
          const model = exactLine(line, generated.promo, generated.displayMode);
          expect(priced.base).toBe(Number(model.base));
          expect(within(priced.total, model.total, half), `total ${priced.total}`).toBe(true);
          expect(within(priced.net, model.net, one), `net ${priced.net}`).toBe(true);
          expect(within(priced.price, model.discounted, one), `price ${priced.price}`).toBe(true);
          priced.fees.forEach((fee, i) =>
            expect(within(fee.amount, model.fees[i] ?? frac(0n), one)).toBe(true),
          );
          priced.taxes.forEach((tax, i) =>
            expect(within(tax.amount, model.taxes[i] ?? frac(0n), one)).toBe(true),
          );
        });
      }),
      runs,
    );
  });

  it('a line of one is the unit the catalogue shows', () => {
    fc.assert(
      fc.property(orderArb, (generated) => {
        const order = price(generated);
        const single = price({
          ...generated,
          lines: generated.lines.map((line) => ({ ...line, input: { ...line.input, quantity: 1 } })),
        });
        order.lines.forEach((line, index) => {
          const {
            ticketId: _t,
            tierId: _i,
            quantity: _q,
            unit: _u,
            promoApplied: _p,
            ...one
          } = single.lines[index]!;
          expect(line.unit).toEqual(one);
        });
      }),
      runs,
    );
  });

  it('in INCLUSIVE mode, net plus tax is exactly the price entered, per line and for the order', () => {
    const taxesOnly = orderArb.map((generated) => ({
      ...generated,
      displayMode: 'INCLUSIVE' as const,
      lines: generated.lines.map((line) => {
        const rates = line.rates.filter((rate) => rate.item.kind === 'TAX' && rate.ratio !== null);
        return { input: { ...line.input, taxesAndFees: rates.map((rate) => rate.item) }, rates };
      }),
    }));
    fc.assert(
      fc.property(taxesOnly, (generated) => {
        const order = price(generated);
        for (const line of order.lines) {
          expect(line.net + line.taxTotal).toBe(line.price);
          expect(line.total).toBe(line.price);
        }
        expect(order.netTotal + order.taxTotal).toBe(order.subtotal);
      }),
      runs,
    );
  });

  it('free and fully discounted tickets cost nothing, fees and taxes included', () => {
    fc.assert(
      fc.property(orderArb, (generated) => {
        const full: GeneratedOrder = {
          ...generated,
          promo: {
            promo: { discount: { type: 'PERCENTAGE', percent: 100 }, appliesTo: 'ALL' },
            ratio: one,
            fixed: null,
          },
          lines: generated.lines.filter((line) => line.input.price.type !== 'DONATION'),
        };
        const order = price(full);
        expect(order.total).toBe(0);
        expect(order.discountTotal).toBe(order.baseTotal);
        for (const amount of [...order.taxes, ...order.fees].map((charge) => charge.amount))
          expect(amount).toBe(0);
      }),
      runs,
    );
  });
});
