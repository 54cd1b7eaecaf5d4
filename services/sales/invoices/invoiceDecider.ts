import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import type {
  CreditNoteIssued,
  InvoiceEvent,
  InvoiceIssued,
  InvoiceLine,
  InvoiceParty,
  InvoiceSeller,
  InvoiceTotals,
} from './invoiceEvents';
import { vatIdProblem } from './vatId';

/**
 * The account's numbering stream (docs/invoices.md). Hands out the next number with the document it numbers;
 * an order gets at most one invoice and one credit note, so a second delivery of the same order event issues
 * nothing (the reactor's idempotency lives here, where two worker processes meet on the stream's version).
 */

export type IssueInvoice = {
  type: 'IssueInvoice';
  invoiceId: string;
  accountId: string;
  eventId: string;
  orderId: string;
  currency: string;
  locale: string;
  /** The seller as the event names it (its organizer); the account's seller details, once set, win. */
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  now: Date;
};
export type IssueCreditNote = {
  type: 'IssueCreditNote';
  invoiceId: string;
  orderId: string;
  reason: 'CANCELLED' | 'REFUNDED';
  now: Date;
};
/** The account's prefix and seller details for the documents issued from now on. */
export type ChangeInvoiceSettings = {
  type: 'ChangeInvoiceSettings';
  accountId: string;
  prefix: string;
  seller: InvoiceSeller;
  now: Date;
};
export type InvoiceCommand = IssueInvoice | IssueCreditNote | ChangeInvoiceSettings;

export interface InvoiceSettings {
  prefix: string;
  seller: InvoiceSeller;
}

export interface InvoiceNumberingState {
  /** The last sequence handed out (0: none yet). */
  last: number;
  settings: InvoiceSettings;
  /** Per order: its invoice, and whether a credit note cancelled it. */
  orders: ReadonlyMap<string, { invoice: InvoiceIssued; creditNote: CreditNoteIssued | null }>;
}

export const maxInvoicePrefixLength = 20;
/** The prefix of an account's invoice numbers until the account sets its own. */
export const defaultInvoicePrefix = 'INV-';
export const defaultInvoiceSettings: InvoiceSettings = {
  prefix: defaultInvoicePrefix,
  seller: { company: null, address: null, country: null, vatId: null },
};
const prefixPattern = /^[A-Za-z0-9/_-]*$/;

export function invoiceNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(5, '0')}`;
}

export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  return lines.reduce(
    (totals, line) => ({
      net: totals.net + line.net,
      tax: totals.tax + line.tax,
      gross: totals.gross + line.gross,
    }),
    { net: 0, tax: 0, gross: 0 },
  );
}

function checkSettings(command: ChangeInvoiceSettings): void {
  const errors: FieldErrors = {};
  if (command.prefix.length > maxInvoicePrefixLength || !prefixPattern.test(command.prefix))
    errors.prefix = [`Up to ${maxInvoicePrefixLength} letters, digits, "-", "_" or "/"`];
  const { country, vatId } = command.seller;
  if (country !== null && !/^[A-Z]{2}$/.test(country))
    errors.seller_country = ['Use a two-letter country code'];
  else if (vatId !== null) {
    const problem = vatIdProblem(country, vatId);
    if (problem) errors.seller_vat_id = [problem];
  }
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
}

/** The account's seller details where it gave them, else what the event names (its organizer). */
function sellerOf(settings: InvoiceSettings, named: InvoiceParty): InvoiceParty {
  const { seller } = settings;
  return {
    company: seller.company ?? named.company,
    name: named.name,
    address: seller.address ?? named.address,
    country: seller.country ?? named.country,
    vatId: seller.vatId ?? named.vatId,
  };
}

export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceNumberingState> = {
  initialState: () => ({ last: 0, settings: defaultInvoiceSettings, orders: new Map() }),

  evolve(state, event) {
    if (event.type === 'InvoiceSettingsChanged') {
      const { prefix, seller } = event.data;
      return { ...state, settings: { prefix, seller } };
    }
    const orders = new Map(state.orders);
    if (event.type === 'InvoiceIssued') orders.set(event.data.orderId, { invoice: event, creditNote: null });
    else {
      const entry = orders.get(event.data.orderId);
      if (entry) orders.set(event.data.orderId, { ...entry, creditNote: event });
    }
    return { ...state, last: Math.max(state.last, event.data.sequence), orders };
  },

  decide(command, state) {
    if (command.type === 'ChangeInvoiceSettings') {
      checkSettings(command);
      const { prefix, seller } = command;
      const unchanged =
        prefix === state.settings.prefix && JSON.stringify(seller) === JSON.stringify(state.settings.seller);
      if (unchanged) return [];
      return [
        {
          type: 'InvoiceSettingsChanged',
          data: { accountId: command.accountId, prefix, seller, changedAt: command.now.toISOString() },
        },
      ];
    }
    const { prefix } = state.settings;
    const sequence = state.last + 1;
    const issuedAt = command.now.toISOString();
    if (command.type === 'IssueInvoice') {
      if (state.orders.has(command.orderId)) return [];
      for (const line of command.lines)
        if (
          line.net + line.tax !== line.gross ||
          ![line.net, line.tax, line.gross].every(Number.isSafeInteger)
        )
          refuse('validation_failed', 'An invoice line does not add up', {
            lines: ['net + tax must equal gross'],
          });
      const { type: _type, now: _now, ...rest } = command;
      const issued: InvoiceIssued = {
        type: 'InvoiceIssued',
        data: {
          ...rest,
          seller: sellerOf(state.settings, command.seller),
          sequence,
          number: invoiceNumber(prefix, sequence),
          totals: invoiceTotals(command.lines),
          issuedAt,
        },
      };
      return [issued];
    }
    const entry = state.orders.get(command.orderId);
    // No invoice to cancel (invoices were off, or the order was never completed), or already cancelled.
    if (!entry || entry.creditNote) return [];
    const invoice = entry.invoice.data;
    const lines = invoice.lines.map((line) => ({
      ...line,
      net: 0 - line.net,
      taxes: line.taxes.map((tax) => ({ ...tax, amount: 0 - tax.amount })),
      tax: 0 - line.tax,
      gross: 0 - line.gross,
    }));
    const credit: CreditNoteIssued = {
      type: 'CreditNoteIssued',
      data: {
        ...invoice,
        invoiceId: command.invoiceId,
        sequence,
        number: invoiceNumber(prefix, sequence),
        lines,
        totals: invoiceTotals(lines),
        issuedAt,
        cancelsInvoiceId: invoice.invoiceId,
        cancelsNumber: invoice.number,
        reason: command.reason,
      },
    };
    return [credit];
  },
};
