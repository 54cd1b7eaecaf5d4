import type { OrderLine, OrderPlaced, PersonDetails } from '../orders/orderEvents';
import type { IssueInvoice } from './invoiceDecider';
import type { InvoiceLine, InvoiceParty } from './invoiceEvents';

/**
 * An order's invoice lines, from the lines the pricing engine priced when the order was placed (never
 * recomputed): the amounts are integers in the currency's minor units, already rounded by the engine, and
 * `net + fees + taxes = total` holds for every line (services/pricing/pricing.ts).
 */
export function invoiceLines(lines: readonly OrderLine[]): InvoiceLine[] {
  return lines.map((line) => ({
    description: line.tierLabel ? `${line.ticketTitle} – ${line.tierLabel}` : line.ticketTitle,
    quantity: line.quantity,
    net: line.total - line.taxTotal,
    taxes: line.taxes.map((tax) => ({ name: tax.name, amount: tax.amount })),
    tax: line.taxTotal,
    gross: line.total,
  }));
}

/** The buyer as the invoice names them: the company details they asked for, else their name. */
export function invoiceBuyer(
  buyer: PersonDetails | null,
  company: Partial<InvoiceParty> | null,
): InvoiceParty {
  const name = buyer ? `${buyer.firstName} ${buyer.lastName}`.trim() : null;
  return {
    company: company?.company ?? null,
    name: name || null,
    address: company?.address ?? null,
    country: company?.country ?? null,
    vatId: company?.vatId ?? null,
  };
}

export function issueInvoiceFor(input: {
  invoiceId: string;
  placed: OrderPlaced['data'];
  buyer: InvoiceParty;
  seller: InvoiceParty;
  locale: string;
  now: Date;
}): IssueInvoice {
  const { placed } = input;
  return {
    type: 'IssueInvoice',
    invoiceId: input.invoiceId,
    accountId: placed.accountId,
    eventId: placed.eventId,
    orderId: placed.orderId,
    currency: placed.currency,
    locale: input.locale,
    seller: input.seller,
    buyer: input.buyer,
    lines: invoiceLines(placed.lines),
    now: input.now,
  };
}
