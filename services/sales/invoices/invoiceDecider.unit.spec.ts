import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import {
  invoiceDecider,
  type ChangeInvoiceSettings,
  type IssueCreditNote,
  type IssueInvoice,
} from './invoiceDecider';
import type { CreditNoteIssued, InvoiceIssued, InvoiceSettingsChanged } from './invoiceEvents';

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

const sellerDetails = {
  company: 'Lantern GmbH',
  address: 'Hauptstr. 1, Berlin',
  country: 'DE',
  vatId: 'DE123456789',
};
const changeSettings = (prefix: string, changes: Partial<ChangeInvoiceSettings['seller']> = {}) =>
  ({
    type: 'ChangeInvoiceSettings',
    accountId: 'ac_1',
    prefix,
    seller: { ...sellerDetails, ...changes },
    now,
  }) satisfies ChangeInvoiceSettings;
const settingsChanged = (prefix: string): InvoiceSettingsChanged => ({
  type: 'InvoiceSettingsChanged',
  data: { accountId: 'ac_1', prefix, seller: sellerDetails, changedAt: now.toISOString() },
});

describe('invoice settings', () => {
  it('records the prefix and the seller details', () => {
    spec
      .given([])
      .when(changeSettings('RE-2026/'))
      .then([settingsChanged('RE-2026/')]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([settingsChanged('RE-')])
      .when(changeSettings('RE-'))
      .thenNothingHappened();
  });

  it('refuses a prefix with characters a number cannot carry', () => {
    spec.given([]).when(changeSettings('INV 2026 ')).thenRefused('validation_failed', ['prefix']);
  });

  it('refuses a prefix longer than 20 characters', () => {
    spec
      .given([])
      .when(changeSettings('R'.repeat(21)))
      .thenRefused('validation_failed', ['prefix']);
  });

  it("refuses a seller's VAT id that is not of the seller's country", () => {
    spec
      .given([])
      .when(changeSettings('RE-', { vatId: 'FR12345678901' }))
      .thenRefused('validation_failed', ['seller_vat_id']);
  });

  it('refuses a VAT id without a country to check it against', () => {
    spec
      .given([])
      .when(changeSettings('RE-', { country: null }))
      .thenRefused('validation_failed', ['seller_vat_id']);
  });

  it('numbers the next invoice with the new prefix, continuing the sequence', () => {
    const expected = issued('or_2', 'in_2', 2);
    spec
      .given([issued('or_1', 'in_1', 1), settingsChanged('RE-2027-')])
      .when({ ...issue('or_2', 'in_2'), seller: { ...seller, company: 'From the organizer', address: null } })
      .then([{ ...expected, data: { ...expected.data, number: 'RE-2027-00002' } }]);
  });

  it('names the organizer as seller until the account gives its own details', () => {
    const organizer = {
      company: 'Harbour Collective',
      name: null,
      address: null,
      country: null,
      vatId: null,
    };
    const expected = issued('or_1', 'in_1', 1);
    spec
      .given([])
      .when({ ...issue('or_1', 'in_1'), seller: organizer })
      .then([{ ...expected, data: { ...expected.data, seller: organizer } }]);
  });
});
