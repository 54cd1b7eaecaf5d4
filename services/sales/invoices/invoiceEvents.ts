/**
 * Invoices and credit notes (issue 31, docs/invoices.md). Every document of an account is an event on the
 * account's numbering stream: the event that takes number N IS the issued document, so a number is never
 * taken without its document nor a document written without its number, and the stream's expected version
 * lets only one process take N.
 */

export const invoiceNumberingStream = (accountId: string): string => `invoice-numbers-${accountId}`;

export interface InvoiceParty {
  company: string | null;
  name: string | null;
  address: string | null;
  country: string | null;
  vatId: string | null;
}

/** A named tax of a line as the pricing engine charged it (its name carries the rate: "VAT 19%"). */
export interface InvoiceTax {
  name: string;
  amount: number;
}

/**
 * One line as the pricing engine priced the order, in minor units: `net` is the price after discount plus
 * fees, `tax` the line's taxes (itemised in `taxes`), `gross = net + tax` the line's total.
 */
export interface InvoiceLine {
  description: string;
  quantity: number;
  net: number;
  taxes: InvoiceTax[];
  tax: number;
  gross: number;
}

export interface InvoiceTotals {
  net: number;
  tax: number;
  gross: number;
}

export interface InvoiceDocument {
  invoiceId: string;
  accountId: string;
  eventId: string;
  orderId: string;
  /** 1, 2, 3, … per account, invoices and credit notes alike, without gaps. */
  sequence: number;
  /** The prefix and the sequence, as printed: `INV-00001`. */
  number: string;
  currency: string;
  locale: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  issuedAt: string;
}

export type InvoiceIssued = { type: 'InvoiceIssued'; data: InvoiceDocument };
/** Cancels an order's invoice: the same lines, negated, under its own number. */
export type CreditNoteIssued = {
  type: 'CreditNoteIssued';
  data: InvoiceDocument & {
    cancelsInvoiceId: string;
    cancelsNumber: string;
    reason: 'CANCELLED' | 'REFUNDED';
  };
};

/** The seller's details an account's documents print (the buyer's side has a name too; the seller's is the company). */
export type InvoiceSeller = Omit<InvoiceParty, 'name'>;

/**
 * The account's prefix and seller details, recorded on the numbering stream itself: a document is numbered
 * and given its seller on the same stream version as the settings it reads, so it never carries a prefix
 * replaced before it was issued. Changing the prefix does not restart the sequence.
 */
export type InvoiceSettingsChanged = {
  type: 'InvoiceSettingsChanged';
  data: { accountId: string; prefix: string; seller: InvoiceSeller; changedAt: string };
};

/** The events that are documents (numbered), as opposed to the settings the stream also records. */
export type IssuedDocument = InvoiceIssued | CreditNoteIssued;
export const isIssuedDocument = (event: { type: string }): event is IssuedDocument =>
  event.type === 'InvoiceIssued' || event.type === 'CreditNoteIssued';

export type InvoiceEvent = IssuedDocument | InvoiceSettingsChanged;
export const invoiceEventTypes: readonly InvoiceEvent['type'][] = [
  'InvoiceIssued',
  'CreditNoteIssued',
  'InvoiceSettingsChanged',
];
