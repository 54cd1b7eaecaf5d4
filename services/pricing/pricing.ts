import { Refusal } from '../kit/refusal';
import {
  type Exact,
  type MinorUnits,
  add,
  allocate,
  checkedAmount,
  div,
  exact,
  isValidPercent,
  isZero,
  max,
  min,
  minorUnitDigits,
  mul,
  percentOf,
  roundHalfUp,
  sub,
  sum,
  toMinor,
  zero,
} from './money';

/** Whether the prices an event shows include its taxes and fees or add them on top. */
export type PriceDisplayMode = 'INCLUSIVE' | 'EXCLUSIVE';

/**
 * The one pricing engine: what a ticket costs, line by line and for a whole order, in both price display
 * modes. Pure: no clock, no I/O. The rules and the rounding are in docs/pricing.md.
 */

/** A ticket's price as the catalogue holds it; amounts in minor units of the event's currency. */
export type TicketPrice =
  | { readonly type: 'PAID' | 'TIERED'; readonly unitPrice: MinorUnits }
  | { readonly type: 'FREE' }
  /** The buyer's `amount` must be at least the ticket's `minimum`. */
  | { readonly type: 'DONATION'; readonly amount: MinorUnits; readonly minimum: MinorUnits };

/** A tax or fee applied to a ticket: a percentage of the price, or a fixed amount per ticket. */
export type TaxOrFee = {
  readonly name: string;
  readonly kind: 'TAX' | 'FEE';
} & (
  | { readonly calculation: 'PERCENTAGE'; readonly percent: number }
  | { readonly calculation: 'FIXED'; readonly amount: MinorUnits }
);

export type PromoDiscount =
  | { readonly type: 'NONE' }
  | { readonly type: 'PERCENTAGE'; readonly percent: number }
  /** Off each ticket, never below zero. */
  | { readonly type: 'FIXED'; readonly amount: MinorUnits };

export interface Promo {
  readonly discount: PromoDiscount;
  /** `'ALL'`, or the ids of the tickets the code applies to. */
  readonly appliesTo: 'ALL' | readonly string[];
}

export interface OrderLineInput {
  readonly ticketId: string;
  readonly tierId?: string | null;
  readonly quantity: number;
  readonly price: TicketPrice;
  readonly taxesAndFees: readonly TaxOrFee[];
}

export interface OrderInput {
  readonly currency: string;
  readonly displayMode: PriceDisplayMode;
  readonly lines: readonly OrderLineInput[];
  readonly promo?: Promo | null;
}

export interface Charge {
  readonly name: string;
  readonly amount: MinorUnits;
}

/**
 * The parts of a price. `base − discount = price` and `net + feeTotal + taxTotal = total` always hold. In
 * EXCLUSIVE mode `price` is the net; in INCLUSIVE mode `price` includes the ticket's own taxes and `net` is
 * what remains of it without them (plus nothing: fees come on top in both modes).
 */
export interface PriceBreakdown {
  /** The price as entered (the tier's, the ticket's or the donation), times the quantity. */
  readonly base: MinorUnits;
  readonly discount: MinorUnits;
  readonly price: MinorUnits;
  readonly net: MinorUnits;
  readonly fees: readonly Charge[];
  readonly taxes: readonly Charge[];
  readonly feeTotal: MinorUnits;
  readonly taxTotal: MinorUnits;
  readonly total: MinorUnits;
}

export interface PricedLine extends PriceBreakdown {
  readonly ticketId: string;
  readonly tierId: string | null;
  readonly quantity: number;
  /** One ticket alone, as the catalogue shows it; the line is priced as a whole (docs/pricing.md). */
  readonly unit: PriceBreakdown;
  readonly promoApplied: boolean;
}

export interface PricedOrder {
  readonly currency: string;
  readonly displayMode: PriceDisplayMode;
  readonly lines: readonly PricedLine[];
  readonly baseTotal: MinorUnits;
  readonly discountTotal: MinorUnits;
  /** The sum of the lines' prices: before fees and taxes in EXCLUSIVE mode, with the tickets' taxes in INCLUSIVE. */
  readonly subtotal: MinorUnits;
  readonly netTotal: MinorUnits;
  readonly feeTotal: MinorUnits;
  readonly taxTotal: MinorUnits;
  readonly total: MinorUnits;
  /** Per tax name, and per fee name, over all lines, in the order they first appear. */
  readonly taxes: readonly Charge[];
  readonly fees: readonly Charge[];
}

/** Prices a whole order; refuses (typed `Refusal`) anything that is not a valid price, rate or quantity. */
export function priceOrder(input: OrderInput): PricedOrder {
  minorUnitDigits(input.currency); // refuses an unknown currency
  const promo = input.promo ? checkedPromo(input.promo) : null;
  const lines = input.lines.map((line, index) => priceLine(line, index, input.displayMode, promo));
  const total = (pick: (line: PricedLine) => number) =>
    checkedAmount(
      lines.reduce((acc, line) => acc + pick(line), 0),
      'total',
    );
  return {
    currency: input.currency,
    displayMode: input.displayMode,
    lines,
    baseTotal: total((line) => line.base),
    discountTotal: total((line) => line.discount),
    subtotal: total((line) => line.price),
    netTotal: total((line) => line.net),
    feeTotal: total((line) => line.feeTotal),
    taxTotal: total((line) => line.taxTotal),
    total: total((line) => line.total),
    taxes: rollUp(lines.flatMap((line) => line.taxes)),
    fees: rollUp(lines.flatMap((line) => line.fees)),
  };
}

export type DisplayTicket =
  | { readonly id: string; readonly type: 'PAID'; readonly price: MinorUnits }
  | { readonly id: string; readonly type: 'FREE' }
  | { readonly id: string; readonly type: 'DONATION'; readonly minimumPrice: MinorUnits }
  | {
      readonly id: string;
      readonly type: 'TIERED';
      readonly tiers: readonly { readonly id: string; readonly price: MinorUnits }[];
    };

export interface DisplayPrice {
  readonly tierId: string | null;
  /**
   * The headline a buyer sees: in EXCLUSIVE mode the price before taxes and fees (shown as extras), in
   * INCLUSIVE mode everything the buyer pays for one ticket. For a donation ticket, the minimum.
   */
  readonly amount: MinorUnits;
  /** The headline without the promo code (to strike through), equal to `amount` when no discount applies. */
  readonly amountBeforeDiscount: MinorUnits;
  readonly promoApplied: boolean;
  readonly breakdown: PriceBreakdown;
}

export interface DisplayInput {
  readonly currency: string;
  readonly displayMode: PriceDisplayMode;
  readonly ticket: DisplayTicket;
  readonly taxesAndFees: readonly TaxOrFee[];
  readonly promo?: Promo | null;
}

/** What the public catalogue shows for one ticket: one price per tier (one for the other types). */
export function priceForDisplay(input: DisplayInput): readonly DisplayPrice[] {
  const { ticket } = input;
  const options: { tierId: string | null; price: TicketPrice }[] =
    ticket.type === 'TIERED'
      ? ticket.tiers.map((tier) => ({ tierId: tier.id, price: { type: 'TIERED', unitPrice: tier.price } }))
      : ticket.type === 'PAID'
        ? [{ tierId: null, price: { type: 'PAID', unitPrice: ticket.price } }]
        : ticket.type === 'FREE'
          ? [{ tierId: null, price: { type: 'FREE' } }]
          : [
              {
                tierId: null,
                price: { type: 'DONATION', amount: ticket.minimumPrice, minimum: ticket.minimumPrice },
              },
            ];
  const orderOf = (promo: Promo | null | undefined) =>
    priceOrder({
      currency: input.currency,
      displayMode: input.displayMode,
      promo,
      lines: options.map((option) => ({
        ticketId: ticket.id,
        tierId: option.tierId,
        quantity: 1,
        price: option.price,
        taxesAndFees: input.taxesAndFees,
      })),
    });
  const headline = (line: PriceBreakdown) => (input.displayMode === 'INCLUSIVE' ? line.total : line.price);
  const withPromo = orderOf(input.promo);
  const withoutPromo = orderOf(null);
  return withPromo.lines.map((line, index) => ({
    tierId: line.tierId,
    amount: headline(line),
    amountBeforeDiscount: headline(withoutPromo.lines[index] ?? line),
    promoApplied: line.promoApplied,
    breakdown: line.unit,
  }));
}

interface CheckedPromo {
  readonly discount: PromoDiscount;
  readonly appliesTo: 'ALL' | ReadonlySet<string>;
}

function checkedPromo(promo: Promo): CheckedPromo {
  const { discount } = promo;
  if (discount.type === 'PERCENTAGE') checkedPercent(discount.percent, 'promo.percent');
  if (discount.type === 'FIXED') checkedAmount(discount.amount, 'promo.amount');
  return { discount, appliesTo: promo.appliesTo === 'ALL' ? 'ALL' : new Set(promo.appliesTo) };
}

function checkedPercent(percent: number, field: string): Exact {
  if (!isValidPercent(percent))
    throw new Refusal(
      'invalid_price',
      `${field} must be a percentage from 0 to 100 with at most 4 decimals`,
      {
        [field]: ['Must be a percentage from 0 to 100 with at most 4 decimals'],
      },
    );
  return percentOf(percent);
}

/** The entered unit price; a donation below its minimum is refused rather than raised silently. */
function enteredUnitPrice(price: TicketPrice, field: string): bigint {
  switch (price.type) {
    case 'FREE':
      return 0n;
    case 'PAID':
    case 'TIERED':
      return BigInt(checkedAmount(price.unitPrice, `${field}.unitPrice`));
    case 'DONATION': {
      const amount = checkedAmount(price.amount, `${field}.amount`);
      const minimum = checkedAmount(price.minimum, `${field}.minimum`);
      if (amount < minimum)
        throw new Refusal(
          'donation_below_minimum',
          `The amount must be at least the minimum price of ${minimum} minor units`,
          { [`${field}.amount`]: ['Must be at least the minimum price'] },
        );
      return BigInt(amount);
    }
  }
}

function promoApplies(promo: CheckedPromo | null, line: OrderLineInput): promo is CheckedPromo {
  if (!promo || promo.discount.type === 'NONE') return false;
  if (line.price.type !== 'PAID' && line.price.type !== 'TIERED') return false;
  return promo.appliesTo === 'ALL' || promo.appliesTo.has(line.ticketId);
}

interface Rate {
  readonly name: string;
  readonly kind: 'TAX' | 'FEE';
  readonly percent: Exact | null;
  readonly fixedPerUnit: bigint;
}

function checkedRates(taxesAndFees: readonly TaxOrFee[], field: string): Rate[] {
  return taxesAndFees.map((item, index) => {
    const at = `${field}.taxesAndFees.${index}`;
    if (typeof item.name !== 'string' || item.name.trim() === '')
      throw new Refusal('validation_failed', 'A tax or fee needs a name', { [`${at}.name`]: ['Required'] });
    return item.calculation === 'PERCENTAGE'
      ? {
          name: item.name,
          kind: item.kind,
          percent: checkedPercent(item.percent, `${at}.percent`),
          fixedPerUnit: 0n,
        }
      : {
          name: item.name,
          kind: item.kind,
          percent: null,
          fixedPerUnit: BigInt(checkedAmount(item.amount, `${at}.amount`)),
        };
  });
}

function priceLine(
  line: OrderLineInput,
  index: number,
  displayMode: PriceDisplayMode,
  promo: CheckedPromo | null,
): PricedLine {
  const field = `lines.${index}`;
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
    throw new Refusal('invalid_quantity', 'The quantity must be a whole number of at least 1', {
      [`${field}.quantity`]: ['Must be a whole number of at least 1'],
    });
  const unitPrice = enteredUnitPrice(line.price, `${field}.price`);
  const rates = checkedRates(line.taxesAndFees, field);
  const discount = promoApplies(promo, line) ? promo.discount : ({ type: 'NONE' } as const);
  const breakdown = (quantity: bigint) =>
    priceParts(unitPrice, quantity, rates, discount, displayMode, field);
  return {
    ticketId: line.ticketId,
    tierId: line.tierId ?? null,
    quantity: line.quantity,
    ...breakdown(BigInt(line.quantity)),
    unit: breakdown(1n),
    promoApplied: discount.type !== 'NONE',
  };
}

/**
 * The exact amounts first (no rounding anywhere in the chain), then the total rounded once and split into its
 * parts by largest remainder. Per unit: base → discount → fees on the discounted net → taxes on the
 * discounted net plus fees; a line is the same with every per-unit amount times the quantity.
 */
function priceParts(
  unitPrice: bigint,
  quantity: bigint,
  rates: readonly Rate[],
  discount: PromoDiscount,
  displayMode: PriceDisplayMode,
  field: string,
): PriceBreakdown {
  const base = exact(unitPrice * quantity);
  const exactDiscount =
    discount.type === 'PERCENTAGE'
      ? mul(base, percentOf(discount.percent))
      : discount.type === 'FIXED'
        ? min(exact(BigInt(discount.amount) * quantity), base)
        : zero;
  const discounted = sub(base, exactDiscount);
  const fees = rates.filter((rate) => rate.kind === 'FEE');
  const taxes = rates.filter((rate) => rate.kind === 'TAX');
  // As the reference peer: a ticket that costs nothing (free, or fully discounted) carries no fee and no tax.
  const charged = !isZero(discounted);
  const fixed = (rate: Rate) => (charged ? exact(rate.fixedPerUnit * quantity) : zero);
  const taxPercent = sum(taxes.flatMap((tax) => (tax.percent ? [tax.percent] : [])));
  const net = !charged
    ? zero
    : displayMode === 'EXCLUSIVE'
      ? discounted
      : max(zero, div(sub(discounted, sum(taxes.map(fixed))), add(exact(1), taxPercent)));
  const feeAmounts = fees.map((fee) => (fee.percent ? mul(net, fee.percent) : fixed(fee)));
  const taxable = add(net, sum(feeAmounts));
  const taxAmounts = taxes.map((tax) => (tax.percent && charged ? mul(taxable, tax.percent) : fixed(tax)));
  const exactParts = [net, ...feeAmounts, ...taxAmounts];
  const total = roundHalfUp(sum(exactParts));
  const [netPart = 0n, ...charges] = allocate(exactParts, total);
  const price = displayMode === 'EXCLUSIVE' ? netPart : roundHalfUp(discounted);
  const feeParts = charges.slice(0, fees.length);
  const taxParts = charges.slice(fees.length);
  const named = (items: readonly Rate[], amounts: readonly bigint[]): Charge[] =>
    items.map((item, i) => ({ name: item.name, amount: toMinor(amounts[i] ?? 0n, field) }));
  const totalOf = (amounts: readonly bigint[]) =>
    toMinor(
      amounts.reduce((a, b) => a + b, 0n),
      field,
    );
  return {
    base: toMinor(base.n, field),
    discount: toMinor(base.n - price, field),
    price: toMinor(price, field),
    net: toMinor(netPart, field),
    fees: named(fees, feeParts),
    taxes: named(taxes, taxParts),
    feeTotal: totalOf(feeParts),
    taxTotal: totalOf(taxParts),
    total: toMinor(total, field),
  };
}

function rollUp(charges: readonly Charge[]): Charge[] {
  const totals = new Map<string, number>();
  for (const { name, amount } of charges) totals.set(name, (totals.get(name) ?? 0) + amount);
  return [...totals].map(([name, amount]) => ({ name, amount }));
}
