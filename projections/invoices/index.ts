import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import { selectRows } from '../runner/db';
import { filterList, runListQuery, type ListQuery, type ListSpec } from '../../services/kit/listQuery';
import type { IssuedDocument } from '../../services/sales/invoices/invoiceEvents';

/**
 * The account's invoices and credit notes for the organizer's list and the books' export (docs/invoices.md).
 * One row per document, as issued: documents never change, so a row is written once and a replay ignores it.
 */

export type InvoiceKind = 'INVOICE' | 'CREDIT_NOTE';

export const invoicesTable: ReadModelTable = {
  name: 'invoices',
  define(table, tableName) {
    table.string('id', 60).primary();
    table.string('account_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('order_id', 60).notNullable();
    table.string('kind', 12).notNullable();
    table.integer('sequence').notNullable();
    table.string('number', 40).notNullable();
    table.string('currency', 3).notNullable();
    table.string('buyer_company', 200).nullable();
    table.string('buyer_name', 600).nullable();
    table.string('buyer_country', 2).nullable();
    table.string('buyer_vat_id', 40).nullable();
    /** Integer minor units of `currency`; negative on a credit note. */
    table.bigInteger('net').notNullable();
    table.bigInteger('tax').notNullable();
    table.bigInteger('gross').notNullable();
    /** A credit note's: the number of the invoice it cancels. */
    table.string('cancels_number', 40).nullable();
    table.string('issued_at', 30).notNullable();
    table.unique(['account_id', 'sequence'], { indexName: `${tableName}_account_sequence_unique` });
    table.index(['event_id', 'sequence'], `${tableName}_event_sequence_idx`);
    table.index(['order_id'], `${tableName}_order_idx`);
  },
};

export interface InvoiceRow {
  id: string;
  account_id: string;
  event_id: string;
  order_id: string;
  kind: InvoiceKind;
  sequence: number;
  number: string;
  currency: string;
  buyer_company: string | null;
  buyer_name: string | null;
  buyer_country: string | null;
  buyer_vat_id: string | null;
  net: number;
  tax: number;
  gross: number;
  cancels_number: string | null;
  issued_at: string;
}

/** PostgreSQL answers bigint columns as strings. */
const fromRow = (row: InvoiceRow): InvoiceRow => ({
  ...row,
  sequence: Number(row.sequence),
  net: Number(row.net),
  tax: Number(row.tax),
  gross: Number(row.gross),
});

export const invoicesProjection = defineProjection<IssuedDocument>({
  name: 'invoices',
  tables: [invoicesTable],
  handles: ['InvoiceIssued', 'CreditNoteIssued'],
  async apply(trx, event, ctx) {
    const d = event.data;
    await trx(ctx.table('invoices'))
      .insert({
        id: d.invoiceId,
        account_id: d.accountId,
        event_id: d.eventId,
        order_id: d.orderId,
        kind: event.type === 'InvoiceIssued' ? 'INVOICE' : 'CREDIT_NOTE',
        sequence: d.sequence,
        number: d.number,
        currency: d.currency,
        buyer_company: d.buyer.company,
        buyer_name: d.buyer.name,
        buyer_country: d.buyer.country,
        buyer_vat_id: d.buyer.vatId,
        net: d.totals.net,
        tax: d.totals.tax,
        gross: d.totals.gross,
        cancels_number: event.type === 'CreditNoteIssued' ? event.data.cancelsNumber : null,
        issued_at: d.issuedAt,
      })
      .onConflict('id')
      .ignore();
    return [`invoice:${d.invoiceId}`, `event:${d.eventId}`, `order:${d.orderId}`];
  },
});

export const invoiceListSpec: ListSpec = {
  sorts: { number: 'sequence', issued_at: 'issued_at', gross: 'gross' },
  defaultSort: 'number',
  defaultDirection: 'desc',
  filters: {
    kind: { column: 'kind', operators: ['eq', 'in'], values: ['INVOICE', 'CREDIT_NOTE'] },
    order_id: { column: 'order_id', operators: ['eq'] },
    issued_at: { column: 'issued_at', operators: ['gte', 'gt', 'lte', 'lt'] },
  },
  searchColumns: ['number', 'buyer_company', 'buyer_name', 'buyer_vat_id'],
  tieBreaker: 'id',
};

export async function listEventInvoices(db: Knex, eventId: string, list: ListQuery) {
  const { rows, meta } = await runListQuery<InvoiceRow>(
    db('invoices').where({ event_id: eventId }),
    list,
    invoiceListSpec,
  );
  return { rows: rows.map(fromRow), meta };
}

/** The event's documents in the list's filters, in number order, a page at a time (exports). */
export async function* exportEventInvoices(
  db: Knex,
  eventId: string,
  list: ListQuery,
  pageSize = 1_000,
): AsyncGenerator<InvoiceRow[]> {
  let after = 0;
  for (;;) {
    const rows = (
      (await filterList(db('invoices').where({ event_id: eventId }), list, invoiceListSpec)
        .where('sequence', '>', after)
        .orderBy('sequence', 'asc')
        .limit(pageSize)) as InvoiceRow[]
    ).map(fromRow);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.sequence;
  }
}

/** The numbers of an order's invoice and credit note, null while none is issued. */
export async function findOrderDocumentNumbers(
  db: Knex,
  orderId: string,
): Promise<{ invoice: string | null; creditNote: string | null }> {
  const rows = await selectRows<Pick<InvoiceRow, 'kind' | 'number'>>(
    db,
    'select "kind", "number" from "invoices" where "order_id" = ?',
    [orderId],
  );
  return {
    invoice: rows.find((row) => row.kind === 'INVOICE')?.number ?? null,
    creditNote: rows.find((row) => row.kind === 'CREDIT_NOTE')?.number ?? null,
  };
}
