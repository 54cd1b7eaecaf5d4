import { describe, expect, it } from 'vitest';
import { Refusal } from '../kit/refusal';
import {
  type OrderLineInput,
  type PriceDisplayMode,
  type Promo,
  type TaxOrFee,
  priceForDisplay,
  priceOrder,
} from './pricing';

const vat = (percent: number, name = 'VAT'): TaxOrFee => ({
  name,
  kind: 'TAX',
  calculation: 'PERCENTAGE',
  percent,
});
const percentFee = (percent: number, name = 'Service fee'): TaxOrFee => ({
  name,
  kind: 'FEE',
  calculation: 'PERCENTAGE',
  percent,
});
const fixedFee = (amount: number, name = 'Booking fee'): TaxOrFee => ({
  name,
  kind: 'FEE',
  calculation: 'FIXED',
  amount,
});
const fixedTax = (amount: number, name = 'City levy'): TaxOrFee => ({
  name,
  kind: 'TAX',
  calculation: 'FIXED',
  amount,
});
const percentOff = (percent: number, appliesTo: Promo['appliesTo'] = 'ALL'): Promo => ({
  discount: { type: 'PERCENTAGE', percent },
  appliesTo,
});
const amountOff = (amount: number, appliesTo: Promo['appliesTo'] = 'ALL'): Promo => ({
  discount: { type: 'FIXED', amount },
  appliesTo,
});

function paid(
  unitPrice: number,
  taxesAndFees: TaxOrFee[] = [],
  quantity = 1,
  ticketId = 't1',
): OrderLineInput {
  return { ticketId, quantity, price: { type: 'PAID', unitPrice }, taxesAndFees };
}

function order(
  lines: OrderLineInput[],
  {
    currency = 'EUR',
    displayMode = 'EXCLUSIVE',
    promo = null,
  }: {
    currency?: string;
    displayMode?: PriceDisplayMode;
    promo?: Promo | null;
  } = {},
) {
  return priceOrder({ currency, displayMode, lines, promo });
}

function line(...args: Parameters<typeof order>) {
  const [first] = order(...args).lines;
  if (!first) throw new Error('no line');
  return first;
}

function refusalOf(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the base price', () => {
  it('is the ticket’s price, the tier’s price, zero for a free ticket, or the buyer’s donation', () => {
    const priced = order([
      paid(2000),
      {
        ticketId: 't2',
        tierId: 'early',
        quantity: 2,
        price: { type: 'TIERED', unitPrice: 1500 },
        taxesAndFees: [],
      },
      { ticketId: 't3', quantity: 1, price: { type: 'FREE' }, taxesAndFees: [] },
      {
        ticketId: 't4',
        quantity: 1,
        price: { type: 'DONATION', amount: 700, minimum: 500 },
        taxesAndFees: [],
      },
    ]);
    expect(priced.lines.map((l) => [l.ticketId, l.tierId, l.base, l.total])).toEqual([
      ['t1', null, 2000, 2000],
      ['t2', 'early', 3000, 3000],
      ['t3', null, 0, 0],
      ['t4', null, 700, 700],
    ]);
    expect(priced.total).toBe(5700);
  });

  it('refuses a donation below the minimum, and takes one at the minimum', () => {
    const refusal = refusalOf(() =>
      order([
        {
          ticketId: 'd',
          quantity: 1,
          price: { type: 'DONATION', amount: 499, minimum: 500 },
          taxesAndFees: [],
        },
      ]),
    );
    expect(refusal.reason).toBe('donation_below_minimum');
    expect(refusal.fieldErrors).toEqual({ 'lines.0.price.amount': ['Must be at least the minimum price'] });
    expect(
      line([
        {
          ticketId: 'd',
          quantity: 1,
          price: { type: 'DONATION', amount: 500, minimum: 500 },
          taxesAndFees: [],
        },
      ]).total,
    ).toBe(500);
  });
});

describe('promo discounts', () => {
  it('take a percentage off each ticket', () => {
    const priced = line([paid(2000, [], 2)], { promo: percentOff(10) });
    expect(priced).toMatchObject({ base: 4000, discount: 400, price: 3600, total: 3600, promoApplied: true });
    expect(priced.unit).toMatchObject({ base: 2000, discount: 200, price: 1800 });
  });

  it('take a fixed amount off each ticket, never below zero', () => {
    expect(line([paid(2000, [], 3)], { promo: amountOff(500) })).toMatchObject({
      discount: 1500,
      total: 4500,
    });
    expect(line([paid(300, [], 3)], { promo: amountOff(500) })).toMatchObject({
      discount: 900,
      price: 0,
      total: 0,
    });
  });

  it('apply only to the tickets the code names, and only to paid and tiered tickets', () => {
    const priced = order(
      [
        paid(1000, [], 1, 'named'),
        paid(1000, [], 1, 'other'),
        {
          ticketId: 'named',
          tierId: 'vip',
          quantity: 1,
          price: { type: 'TIERED', unitPrice: 2000 },
          taxesAndFees: [],
        },
        {
          ticketId: 'named',
          quantity: 1,
          price: { type: 'DONATION', amount: 1000, minimum: 0 },
          taxesAndFees: [],
        },
      ],
      { promo: percentOff(50, ['named']) },
    );
    expect(priced.lines.map((l) => [l.discount, l.promoApplied])).toEqual([
      [500, true],
      [0, false],
      [1000, true],
      [0, false],
    ]);
    expect(priced.discountTotal).toBe(1500);
  });

  it('of type NONE discount nothing (such a code only unlocks hidden tickets)', () => {
    const priced = line([paid(1000)], { promo: { discount: { type: 'NONE' }, appliesTo: 'ALL' } });
    expect(priced).toMatchObject({ discount: 0, total: 1000, promoApplied: false });
  });

  it('of 100 % make the ticket free, and a free ticket carries no fee and no tax, as the peer does', () => {
    const charges = [fixedFee(50), percentFee(5), vat(21), fixedTax(100)];
    const full = line([paid(2000, charges, 2)], { promo: percentOff(100) });
    expect(full).toMatchObject({ base: 4000, discount: 4000, price: 0, feeTotal: 0, taxTotal: 0, total: 0 });
    expect(full.fees.map((f) => f.amount)).toEqual([0, 0]);
    const free = line([{ ticketId: 'f', quantity: 5, price: { type: 'FREE' }, taxesAndFees: charges }]);
    expect(free.total).toBe(0);
    const fixedOffAll = line([paid(400, charges)], { promo: amountOff(400) });
    expect(fixedOffAll.total).toBe(0);
  });
});

describe('fees and taxes, prices shown before tax (EXCLUSIVE)', () => {
  it('worked example in EUR: fees on the discounted price, VAT on the discounted price plus fees', () => {
    // €20.00, 10 % off → €18.00; fees 5 % (€0.90) + €0.50; VAT 21 % of €19.40 = €4.074 → €4.07
    const priced = line([paid(2000, [percentFee(5), fixedFee(50), vat(21)])], { promo: percentOff(10) });
    expect(priced).toMatchObject({
      base: 2000,
      discount: 200,
      price: 1800,
      net: 1800,
      fees: [
        { name: 'Service fee', amount: 90 },
        { name: 'Booking fee', amount: 50 },
      ],
      taxes: [{ name: 'VAT', amount: 407 }],
      feeTotal: 140,
      taxTotal: 407,
      total: 2347,
    });
  });

  it('prices a line of three as a whole: €70.42 (exact €70.422), not 3 × €23.47', () => {
    const priced = line([paid(2000, [percentFee(5), fixedFee(50), vat(21)], 3)], { promo: percentOff(10) });
    expect(priced.unit.total).toBe(2347);
    expect(priced).toMatchObject({ net: 5400, feeTotal: 420, taxTotal: 1222, total: 7042 });
  });

  it('worked example in JPY: ¥3,300, 15 % off, ¥220 fee, 10 % tax; ¥302.5 of tax rounds half up', () => {
    const charges = [fixedFee(220), vat(10, '消費税')];
    expect(line([paid(3300, charges)], { currency: 'JPY' })).toMatchObject({ taxTotal: 352, total: 3872 });
    expect(line([paid(3300, charges)], { currency: 'JPY', promo: percentOff(15) })).toMatchObject({
      price: 2805,
      feeTotal: 220,
      taxes: [{ name: '消費税', amount: 303 }],
      total: 3328,
    });
  });

  it('adds fixed taxes per ticket', () => {
    expect(line([paid(1000, [fixedTax(150), vat(10)], 2)])).toMatchObject({
      taxes: [
        { name: 'City levy', amount: 300 },
        { name: 'VAT', amount: 200 },
      ],
      total: 2500,
    });
  });
});

describe('prices entered with tax included (INCLUSIVE)', () => {
  it('worked example in EUR: €25.00 incl. 19 % VAT is €21.01 net and €3.99 VAT', () => {
    const priced = line([paid(2500, [vat(19)])], { displayMode: 'INCLUSIVE' });
    expect(priced).toMatchObject({ base: 2500, price: 2500, net: 2101, taxTotal: 399, total: 2500 });
    const four = line([paid(2500, [vat(19)], 4)], { displayMode: 'INCLUSIVE' });
    expect(four).toMatchObject({ price: 10000, net: 8403, taxTotal: 1597, total: 10000 });
  });

  it('worked example in JPY: ¥5,000 incl. 10 % is ¥4,545 and ¥455', () => {
    expect(line([paid(5000, [vat(10)])], { currency: 'JPY', displayMode: 'INCLUSIVE' })).toMatchObject({
      net: 4545,
      taxTotal: 455,
      total: 5000,
    });
  });

  it('splits several taxes, discounts on the tax-inclusive price, and adds fees (taxed) on top', () => {
    // ¥3,000 − ¥500 = ¥2,500 incl. 10 %: net ¥2,272.73; fee ¥110 + its tax ¥11 on top
    const priced = line([paid(3000, [vat(10, '消費税'), fixedFee(110, 'Fee')])], {
      currency: 'JPY',
      displayMode: 'INCLUSIVE',
      promo: amountOff(500),
    });
    expect(priced).toMatchObject({ base: 3000, discount: 500, price: 2500, net: 2273, feeTotal: 110 });
    expect(priced).toMatchObject({ taxTotal: 238, total: 2621 });
    const two = line([paid(1190, [vat(10, 'A'), vat(9, 'B')])], { displayMode: 'INCLUSIVE' });
    expect(two).toMatchObject({ net: 1000, taxes: [{ amount: 100 }, { amount: 90 }], total: 1190 });
  });

  it('includes fixed taxes in the price; a price below them keeps them whole and the net at zero', () => {
    expect(line([paid(1250, [fixedTax(150), vat(10)])], { displayMode: 'INCLUSIVE' })).toMatchObject({
      net: 1000,
      taxes: [{ amount: 150 }, { amount: 100 }],
      total: 1250,
    });
    expect(
      line([paid(1250, [fixedTax(150), vat(10)])], { displayMode: 'INCLUSIVE', promo: amountOff(1150) }),
    ).toMatchObject({ price: 100, net: 0, taxes: [{ amount: 150 }, { amount: 0 }], total: 150 });
  });
});

describe('order totals', () => {
  it('add up the lines and roll taxes and fees up by name', () => {
    const priced = order(
      [
        paid(1000, [vat(21), fixedFee(100)], 2, 'a'),
        paid(500, [vat(21), fixedFee(50, 'Booking fee'), percentFee(10, 'Card fee')], 1, 'b'),
        paid(800, [vat(6, 'Reduced VAT')], 1, 'c'),
      ],
      { promo: percentOff(20, ['a']) },
    );
    expect(priced).toMatchObject({
      baseTotal: 3300,
      discountTotal: 400,
      subtotal: 2900,
      netTotal: 2900,
      feeTotal: 300,
      taxes: [
        { name: 'VAT', amount: 378 + 126 },
        { name: 'Reduced VAT', amount: 48 },
      ],
      fees: [
        { name: 'Booking fee', amount: 250 },
        { name: 'Card fee', amount: 50 },
      ],
    });
    expect(priced.taxTotal).toBe(552);
    expect(priced.total).toBe(2900 + 300 + 552);
  });

  it('of an empty order are zero', () => {
    expect(order([])).toMatchObject({ total: 0, taxes: [], fees: [], lines: [] });
  });
});

describe('invalid input is refused with a reason and the field', () => {
  it.each([
    ['a fractional price', [paid(10.5)], 'invalid_price', 'lines.0.price.unitPrice'],
    ['a negative price', [paid(-1)], 'invalid_price', 'lines.0.price.unitPrice'],
    ['an unsafe price', [paid(2 ** 53)], 'invalid_price', 'lines.0.price.unitPrice'],
    ['a tax over 100 %', [paid(100, [vat(101)])], 'invalid_price', 'lines.0.taxesAndFees.0.percent'],
    [
      'a rate with 5 decimals',
      [paid(100, [vat(1.00001)])],
      'invalid_price',
      'lines.0.taxesAndFees.0.percent',
    ],
    [
      'a fractional fixed fee',
      [paid(100, [fixedFee(0.5)])],
      'invalid_price',
      'lines.0.taxesAndFees.0.amount',
    ],
    ['quantity 0', [paid(100, [], 0)], 'invalid_quantity', 'lines.0.quantity'],
    ['a fractional quantity', [paid(100, [], 1.5)], 'invalid_quantity', 'lines.0.quantity'],
    ['a nameless tax', [paid(100, [vat(10, ' ')])], 'validation_failed', 'lines.0.taxesAndFees.0.name'],
  ])('%s', (_, lines, reason, field) => {
    const refusal = refusalOf(() => order(lines));
    expect(refusal.reason).toBe(reason);
    expect(Object.keys(refusal.fieldErrors ?? {})).toEqual([field]);
  });

  it('a promo over 100 % or a fractional amount off, and an unknown currency', () => {
    expect(refusalOf(() => order([paid(100)], { promo: percentOff(150) })).reason).toBe('invalid_price');
    expect(refusalOf(() => order([paid(100)], { promo: amountOff(1.5) })).reason).toBe('invalid_price');
    expect(refusalOf(() => order([paid(100)], { currency: 'EURO' })).reason).toBe('invalid_currency');
  });

  it('totals too large for exact numbers', () => {
    expect(refusalOf(() => order([paid(2 ** 52, [], 4)])).reason).toBe('invalid_price');
    expect(refusalOf(() => order([paid(2 ** 52), paid(2 ** 52)])).reason).toBe('invalid_price');
  });
});

describe('the catalogue’s price for display', () => {
  const taxesAndFees = [vat(21), fixedFee(100)];

  it('shows the price before taxes and fees in EXCLUSIVE mode, everything in INCLUSIVE mode', () => {
    const ticket = { id: 't', type: 'PAID', price: 2000 } as const;
    const [exclusive] = priceForDisplay({ currency: 'EUR', displayMode: 'EXCLUSIVE', ticket, taxesAndFees });
    expect(exclusive).toMatchObject({
      tierId: null,
      amount: 2000,
      amountBeforeDiscount: 2000,
      promoApplied: false,
    });
    expect(exclusive?.breakdown).toMatchObject({ feeTotal: 100, taxTotal: 441, total: 2541 });
    const [inclusive] = priceForDisplay({ currency: 'EUR', displayMode: 'INCLUSIVE', ticket, taxesAndFees });
    // €20.00 incl. VAT, plus the €1.00 fee and its €0.21 VAT
    expect(inclusive).toMatchObject({ amount: 2121, breakdown: { net: 1653, price: 2000, total: 2121 } });
  });

  it('gives one price per tier, the donation minimum, and the discount a promo code brings', () => {
    const tiered = priceForDisplay({
      currency: 'EUR',
      displayMode: 'EXCLUSIVE',
      ticket: {
        id: 't',
        type: 'TIERED',
        tiers: [
          { id: 'early', price: 1500 },
          { id: 'late', price: 2500 },
        ],
      },
      taxesAndFees: [],
      promo: percentOff(20),
    });
    expect(tiered.map((p) => [p.tierId, p.amount, p.amountBeforeDiscount, p.promoApplied])).toEqual([
      ['early', 1200, 1500, true],
      ['late', 2000, 2500, true],
    ]);
    const [donation] = priceForDisplay({
      currency: 'EUR',
      displayMode: 'EXCLUSIVE',
      ticket: { id: 'd', type: 'DONATION', minimumPrice: 500 },
      taxesAndFees: [],
      promo: percentOff(20),
    });
    expect(donation).toMatchObject({ amount: 500, promoApplied: false });
    const [free] = priceForDisplay({
      currency: 'JPY',
      displayMode: 'INCLUSIVE',
      ticket: { id: 'f', type: 'FREE' },
      taxesAndFees,
    });
    expect(free).toMatchObject({ amount: 0, breakdown: { total: 0 } });
  });
});
