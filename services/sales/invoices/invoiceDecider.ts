import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type {
  CreditNoteIssued,
  InvoiceEvent,
  InvoiceIssued,
  InvoiceLine,
  InvoiceParty,
  InvoiceTotals,
} from './invoiceEvents';

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
  /** The account's prefix at the time (advisory, from its settings). */
  prefix: string;
  currency: string;
  locale: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  now: Date;
};
export type IssueCreditNote = {
  type: 'IssueCreditNote';
  invoiceId: string;
  orderId: string;
  prefix: string;
  reason: 'CANCELLED' | 'REFUNDED';
  now: Date;
};
export type InvoiceCommand = IssueInvoice | IssueCreditNote;

export interface InvoiceNumberingState {
  /** The last sequence handed out (0: none yet). */
  last: number;
  /** Per order: its invoice, and whether a credit note cancelled it. */
  orders: ReadonlyMap<string, { invoice: InvoiceIssued; creditNote: CreditNoteIssued | null }>;
}

export const maxInvoicePrefixLength = 20;
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

function checkPrefix(prefix: string): void {
  if (prefix.length > maxInvoicePrefixLength || !prefixPattern.test(prefix))
    refuse('validation_failed', undefined, {
      prefix: [`Up to ${maxInvoicePrefixLength} letters, digits, "-", "_" or "/"`],
    });
}

export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceNumberingState> = {
  initialState: () => ({ last: 0, orders: new Map() }),

  evolve(state, event) {
    const orders = new Map(state.orders);
    if (event.type === 'InvoiceIssued') orders.set(event.data.orderId, { invoice: event, creditNote: null });
    else {
      const entry = orders.get(event.data.orderId);
      if (entry) orders.set(event.data.orderId, { ...entry, creditNote: event });
    }
    return { last: Math.max(state.last, event.data.sequence), orders };
  },

  decide(command, state) {
    checkPrefix(command.prefix);
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
      const { type: _type, prefix, now: _now, ...rest } = command;
      const issued: InvoiceIssued = {
        type: 'InvoiceIssued',
        data: {
          ...rest,
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
        number: invoiceNumber(command.prefix, sequence),
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
