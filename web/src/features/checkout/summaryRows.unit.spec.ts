import { describe, expect, it } from 'vitest';
import { summaryRows } from './summaryRows';

const line = {
  ticket_id: 'tk_1',
  tier_id: null,
  ticket_title: 'Seat',
  tier_label: null,
  quantity: 2,
  unit_price: 2000,
  price: 4000,
  discount: 0,
  fee_total: 200,
  tax_total: 798,
  total: 4998,
};

const order = {
  lines: [
    line,
    {
      ...line,
      ticket_id: 'tk_2',
      tier_id: 'tr_1',
      ticket_title: 'Pass',
      tier_label: 'Early',
      quantity: 1,
      price: 1000,
    },
  ],
  discount_total: 500,
  promo_code: 'EARLY',
  subtotal: 5000,
  fees: [{ name: 'Booking fee', amount: 300 }],
  taxes: [{ name: 'VAT', amount: 1050 }],
  total: 6350,
};

describe("an order's summary rows", () => {
  it('adds fees and taxes before the total when prices exclude them', () => {
    expect(summaryRows(order, 'EXCLUSIVE')).toEqual([
      { kind: 'line', key: 'tk_1:', quantity: 2, title: 'Seat', amount: 4000 },
      { kind: 'line', key: 'tk_2:tr_1', quantity: 1, title: 'Pass – Early', amount: 1000 },
      { kind: 'discount', code: 'EARLY', amount: 500 },
      { kind: 'subtotal', amount: 5000 },
      { kind: 'fee', name: 'Booking fee', amount: 300 },
      { kind: 'tax', name: 'VAT', amount: 1050 },
      { kind: 'total', amount: 6350 },
    ]);
  });

  it('names the taxes as included after the total when prices include them', () => {
    const rows = summaryRows(order, 'INCLUSIVE');
    expect(rows.map((row) => row.kind)).toEqual([
      'line',
      'line',
      'discount',
      'subtotal',
      'fee',
      'total',
      'includedTax',
    ]);
    expect(rows.at(-1)).toEqual({ kind: 'includedTax', name: 'VAT', amount: 1050 });
  });

  it('shows a free order as its lines and a total, nothing else', () => {
    const free = {
      ...order,
      lines: [{ ...line, price: 0 }],
      discount_total: 0,
      subtotal: 0,
      fees: [],
      taxes: [],
      total: 0,
    };
    expect(summaryRows(free, 'EXCLUSIVE').map((row) => row.kind)).toEqual(['line', 'total']);
  });
});
