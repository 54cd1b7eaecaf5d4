import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../orders/orderEvents';
import { invoiceDecider } from './invoiceDecider';
import { invoiceBuyer, invoiceLines } from './invoiceFromOrder';

const line: OrderLine = {
  ticketId: 'tk_1',
  tierId: 'tr_1',
  ticketTitle: 'Festival pass',
  tierLabel: 'Early bird',
  quantity: 3,
  unitPrice: 1190,
  base: 3300,
  discount: 300,
  price: 3000,
  feeTotal: 150,
  taxTotal: 599,
  total: 3749,
  taxes: [{ name: 'VAT 19%', amount: 599 }],
  fees: [{ name: 'Service', amount: 150 }],
};

describe('invoice lines from the order', () => {
  it('takes net, taxes and gross as the pricing engine priced them, in minor units', () => {
    expect(invoiceLines([line])).toEqual([
      {
        description: 'Festival pass – Early bird',
        quantity: 3,
        net: 3150,
        taxes: [{ name: 'VAT 19%', amount: 599 }],
        tax: 599,
        gross: 3749,
      },
    ]);
  });

  it('gives lines the numbering decider accepts (net + tax = gross)', () => {
    const events = invoiceDecider.decide(
      {
        type: 'IssueInvoice',
        invoiceId: 'in_1',
        accountId: 'ac_1',
        eventId: 'ev_1',
        orderId: 'or_1',
        currency: 'EUR',
        locale: 'en',
        seller: invoiceBuyer(null, null),
        buyer: invoiceBuyer({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, null),
        lines: invoiceLines([line, { ...line, tierLabel: null, taxes: [], taxTotal: 0, total: 3150 }]),
        now: new Date('2026-11-28T00:00:00Z'),
      },
      invoiceDecider.initialState(),
    );
    const invoice = events[0];
    expect(invoice?.type).toBe('InvoiceIssued');
    if (invoice?.type !== 'InvoiceIssued') return;
    expect(invoice.data.totals).toEqual({ net: 6300, tax: 599, gross: 6899 });
    expect(invoice.data.buyer.name).toBe('Ada Lovelace');
  });
});
