import { describe, expect, it } from 'vitest';
import {
  fitSelection,
  optionKey,
  quantityChoices,
  selectionProblems,
  toOrderRequest,
  type PublicPrice,
  type PublicTicket,
} from './ticketSelection';

const price = (overrides: Partial<PublicPrice> = {}): PublicPrice => ({
  tier_id: null,
  label: null,
  amount: 2500,
  amount_before_discount: 2500,
  promo_applied: false,
  net: 2500,
  taxes: [],
  fees: [],
  total: 2500,
  remaining: null,
  sold_out: false,
  ...overrides,
});
const ticket = (overrides: Partial<PublicTicket> = {}): PublicTicket => ({
  id: 'tk_paid',
  type: 'PAID',
  title: 'Standard',
  description: null,
  state: 'ON_SALE',
  min_per_order: 1,
  max_per_order: null,
  sale_start: null,
  sale_end: null,
  collapse_on_load: false,
  minimum_price: null,
  price_display_mode: 'INCLUSIVE',
  prices: [price()],
  remaining: null,
  waiting_list: false,
  ...overrides,
});

const paid = ticket();
// In INCLUSIVE mode the headline carries taxes and fees; the minimum is what the buyer types.
const donation = ticket({
  id: 'tk_gift',
  type: 'DONATION',
  minimum_price: 500,
  prices: [price({ amount: 799 })],
});
const tiered = ticket({
  id: 'tk_pass',
  type: 'TIERED',
  prices: [price({ tier_id: 'tr_early', label: 'Early' }), price({ tier_id: 'tr_late', label: 'Late' })],
});

describe('the quantities a buyer may choose', () => {
  it('run from the minimum per order to the least of the maximum, the shown remainder and ten', () => {
    expect(quantityChoices(ticket({ min_per_order: 2, max_per_order: 4 }), price())).toEqual([0, 2, 3, 4]);
    expect(quantityChoices(ticket(), price({ remaining: 3 }))).toEqual([0, 1, 2, 3]);
    expect(quantityChoices(ticket({ remaining: 2 }), price())).toEqual([0, 1, 2]);
    expect(quantityChoices(ticket(), price())).toHaveLength(11);
  });

  it('are none for a ticket that is sold out, not on sale or whose sale ended', () => {
    expect(quantityChoices(ticket({ state: 'SOLD_OUT' }), price())).toEqual([0]);
    expect(quantityChoices(ticket({ state: 'NOT_ON_SALE' }), price())).toEqual([0]);
    expect(quantityChoices(ticket({ state: 'SALE_ENDED' }), price())).toEqual([0]);
    expect(quantityChoices(ticket(), price({ sold_out: true }))).toEqual([0]);
    expect(quantityChoices(ticket({ min_per_order: 3 }), price({ remaining: 2 }))).toEqual([0]);
  });
});

describe('a selection becomes the order request', () => {
  it('with one line per ticket or tier chosen, donation amounts in minor units and the promo code', () => {
    const selection = {
      [optionKey('tk_paid', null)]: { quantity: 2 },
      [optionKey('tk_pass', 'tr_late')]: { quantity: 1 },
      [optionKey('tk_pass', 'tr_early')]: { quantity: 0 },
      [optionKey('tk_gift', null)]: { quantity: 1, amount: '12,50' },
    };
    expect(toOrderRequest([paid, tiered, donation], selection, 2, 'VIP')).toEqual({
      lines: [
        { ticketId: 'tk_paid', quantity: 2 },
        { ticketId: 'tk_pass', tierId: 'tr_late', quantity: 1 },
        { ticketId: 'tk_gift', quantity: 1, amount: 1250 },
      ],
      promoCode: 'VIP',
    });
  });

  it('gives an untouched donation its minimum and leaves out an absent promo code', () => {
    expect(toOrderRequest([donation], { tk_gift: { quantity: 1 } }, 2, null)).toEqual({
      lines: [{ ticketId: 'tk_gift', quantity: 1, amount: 500 }],
    });
  });

  it('is refused with nothing chosen, or a donation under its minimum', () => {
    expect(selectionProblems([paid], {}, 2)).toEqual([{ problem: 'nothing_chosen' }]);
    expect(selectionProblems([donation], { tk_gift: { quantity: 1, amount: '4.99' } }, 2)).toEqual([
      { problem: 'donation_below_minimum', key: 'tk_gift' },
    ]);
    expect(selectionProblems([donation], { tk_gift: { quantity: 1, amount: '5' } }, 2)).toEqual([]);
    expect(selectionProblems([donation], { tk_gift: { quantity: 1, amount: '' } }, 2)).toEqual([]);
    expect(selectionProblems([donation], { tk_gift: { quantity: 1, amount: 'lots' } }, 2)).toHaveLength(1);
  });
});

describe('a selection kept across a new promo code', () => {
  it('keeps what is still offered, within what it now allows, and drops the rest', () => {
    const selection = {
      [optionKey('tk_paid', null)]: { quantity: 3 },
      [optionKey('tk_gift', null)]: { quantity: 1, amount: '12.50' },
      [optionKey('tk_pass', 'tr_early')]: { quantity: 6 },
      [optionKey('tk_gone', null)]: { quantity: 2 },
    };
    const repriced = [
      paid,
      donation,
      ticket({
        id: 'tk_pass',
        type: 'TIERED',
        prices: [price({ tier_id: 'tr_early', label: 'Early', remaining: 4 }), price({ tier_id: 'tr_late' })],
      }),
    ];
    expect(fitSelection(repriced, selection)).toEqual({
      [optionKey('tk_paid', null)]: { quantity: 3 },
      [optionKey('tk_gift', null)]: { quantity: 1, amount: '12.50' },
      [optionKey('tk_pass', 'tr_early')]: { quantity: 4 },
    });
    // A ticket no longer on sale, or a quantity now under the minimum, is no longer chosen.
    expect(
      fitSelection([ticket({ state: 'SOLD_OUT' }), ticket({ id: 'tk_gift', min_per_order: 2 })], {
        [optionKey('tk_paid', null)]: { quantity: 3 },
        [optionKey('tk_gift', null)]: { quantity: 1 },
      }),
    ).toEqual({
      [optionKey('tk_paid', null)]: { quantity: 0 },
      [optionKey('tk_gift', null)]: { quantity: 0 },
    });
  });
});
