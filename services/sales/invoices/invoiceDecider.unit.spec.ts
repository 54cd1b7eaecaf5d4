import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { invoiceDecider, type IssueCreditNote, type IssueInvoice } from './invoiceDecider';
import type { CreditNoteIssued, InvoiceIssued } from './invoiceEvents';

const now = new Date('2026-11-28T10:00:00.000Z');
const seller = {
  company: 'Lantern GmbH',
  name: null,
  address: 'Hauptstr. 1, Berlin',
  country: 'DE',
  vatId: 'DE123456789',
};
const buyer = {
  company: 'Acme SARL',
  name: 'Ada',
  address: '1 rue X, Paris',
  country: 'FR',
  vatId: 'FR12345678901',
};
const lines = [
  {
    description: 'Early bird',
    quantity: 2,
    net: 2000,
    taxes: [{ name: 'VAT 19%', amount: 380 }],
    tax: 380,
    gross: 2380,
  },
  { description: 'Free ticket', quantity: 1, net: 0, taxes: [], tax: 0, gross: 0 },
];

const issue = (orderId: string, invoiceId: string): IssueInvoice => ({
  type: 'IssueInvoice',
  invoiceId,
  accountId: 'ac_1',
  eventId: 'ev_1',
  orderId,
  prefix: 'INV-',
  currency: 'EUR',
  locale: 'de',
  seller,
  buyer,
  lines,
  now,
});

const issued = (orderId: string, invoiceId: string, sequence: number): InvoiceIssued => ({
  type: 'InvoiceIssued',
  data: {
    invoiceId,
    accountId: 'ac_1',
    eventId: 'ev_1',
    orderId,
    sequence,
    number: `INV-${String(sequence).padStart(5, '0')}`,
    currency: 'EUR',
    locale: 'de',
    seller,
    buyer,
    lines,
    totals: { net: 2000, tax: 380, gross: 2380 },
    issuedAt: now.toISOString(),
  },
});

const cancel = (orderId: string, invoiceId: string): IssueCreditNote => ({
  type: 'IssueCreditNote',
  invoiceId,
  orderId,
  prefix: 'INV-',
  reason: 'REFUNDED',
  now,
});

const spec = deciderSpec(invoiceDecider);

describe('invoice numbering', () => {
  it('gives the first invoice of an account number 1', () => {
    spec
      .given([])
      .when(issue('or_1', 'in_1'))
      .then([issued('or_1', 'in_1', 1)]);
  });

  it('gives the next invoice the next number', () => {
    spec
      .given([issued('or_1', 'in_1', 1), issued('or_2', 'in_2', 2)])
      .when(issue('or_3', 'in_3'))
      .then([issued('or_3', 'in_3', 3)]);
  });

  it('issues nothing for an order that already has its invoice (a second delivery)', () => {
    spec
      .given([issued('or_1', 'in_1', 1)])
      .when(issue('or_1', 'in_9'))
      .thenNothingHappened();
  });

  it('refuses a prefix with characters a number cannot carry', () => {
    spec
      .given([])
      .when({ ...issue('or_1', 'in_1'), prefix: 'INV 2026 ' })
      .thenRefused('validation_failed', ['prefix']);
  });

  it('refuses a line whose net and tax do not add up to its gross', () => {
    spec
      .given([])
      .when({ ...issue('or_1', 'in_1'), lines: [{ ...lines[0]!, gross: 2381 }] })
      .thenRefused('validation_failed', ['lines']);
  });

  it('cancels an invoice with a credit note under the next number, its lines negated', () => {
    const expected: CreditNoteIssued = {
      type: 'CreditNoteIssued',
      data: {
        ...issued('or_1', 'in_1', 1).data,
        invoiceId: 'cn_1',
        sequence: 3,
        number: 'INV-00003',
        lines: [
          {
            description: 'Early bird',
            quantity: 2,
            net: -2000,
            taxes: [{ name: 'VAT 19%', amount: -380 }],
            tax: -380,
            gross: -2380,
          },
          { description: 'Free ticket', quantity: 1, net: 0, taxes: [], tax: 0, gross: 0 },
        ],
        totals: { net: -2000, tax: -380, gross: -2380 },
        cancelsInvoiceId: 'in_1',
        cancelsNumber: 'INV-00001',
        reason: 'REFUNDED',
      },
    };
    spec
      .given([issued('or_1', 'in_1', 1), issued('or_2', 'in_2', 2)])
      .when(cancel('or_1', 'cn_1'))
      .then([expected]);
  });

  it('issues no credit note for an order without an invoice', () => {
    spec
      .given([issued('or_1', 'in_1', 1)])
      .when(cancel('or_2', 'cn_1'))
      .thenNothingHappened();
  });

  it('issues one credit note per invoice, however often the order is cancelled or refunded', () => {
    const first = invoiceDecider.decide(
      cancel('or_1', 'cn_1'),
      invoiceDecider.evolve(invoiceDecider.initialState(), issued('or_1', 'in_1', 1)),
    );
    spec
      .given([issued('or_1', 'in_1', 1), ...(first as CreditNoteIssued[])])
      .when(cancel('or_1', 'cn_2'))
      .thenNothingHappened();
  });
});
