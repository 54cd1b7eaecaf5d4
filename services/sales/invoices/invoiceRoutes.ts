import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute, requireAuth } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, parse } from '../../kit/http/validate';
import { exportContentType, streamExport } from '../../kit/exports';
import { parseListQuery } from '../../kit/listQuery';
import { minorUnitDigits } from '../../pricing/money';
import {
  exportEventInvoices,
  invoiceListSpec,
  listEventInvoices,
  type InvoiceRow,
} from '../../../projections/invoices';
import { ownedEvent } from '../../catalog/events/ownedEvent';
import { eventIdOrNotFound } from '../../catalog/events/eventSchemas';
import { findOrderByShortId } from '../../../projections/orders';
import { pathParam } from '../../kit/http/validate';
import { shortIdOrNotFound } from '../orders/orderSchemas';
import { renderInvoiceHtml } from './invoiceHtml';
import { exportFormatSchema } from '../orders/orderSchemas';
import { Refusal } from '../../kit/refusal';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { ownedOrders } from '../orders/ownedOrders';
import { invoiceDecider, invoiceNumber, type InvoiceNumberingState } from './invoiceDecider';
import { invoiceNumberingStream } from './invoiceEvents';
import { renderInvoicePdf } from './invoicePdf';
import { invoiceSettingsBodySchema } from './invoiceSchemas';

export function presentInvoice(row: InvoiceRow) {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    event_id: row.event_id,
    order_id: row.order_id,
    buyer_company: row.buyer_company,
    buyer_name: row.buyer_name,
    buyer_country: row.buyer_country,
    buyer_vat_id: row.buyer_vat_id,
    currency: row.currency,
    net: row.net,
    tax: row.tax,
    gross: row.gross,
    cancels_number: row.cancels_number,
    issued_at: row.issued_at,
  };
}

export const invoiceExportHeader = [
  'Number',
  'Kind',
  'Issued at',
  'Cancels',
  'Order ID',
  'Company',
  'Name',
  'Country',
  'VAT ID',
  'Currency',
  'Net',
  'Tax',
  'Gross',
];

/** Amounts in major units, as the books read them (2 decimals unless the currency has none). */
function invoiceExportRow(row: InvoiceRow) {
  const digits = minorUnitDigits(row.currency);
  const major = (amount: number) => Number((amount / 10 ** digits).toFixed(digits));
  return [
    row.number,
    row.kind,
    row.issued_at,
    row.cancels_number,
    row.order_id,
    row.buyer_company,
    row.buyer_name,
    row.buyer_country,
    row.buyer_vat_id,
    row.currency,
    major(row.net),
    major(row.tax),
    major(row.gross),
  ];
}

const fileNameOf = (number: string) => number.replace(/[^A-Za-z0-9_-]/g, '_');

function presentSettings(state: InvoiceNumberingState) {
  const { prefix, seller } = state.settings;
  return {
    prefix,
    seller_company: seller.company,
    seller_address: seller.address,
    seller_country: seller.country,
    seller_vat_id: seller.vatId,
    next_number: invoiceNumber(prefix, state.last + 1),
  };
}

/**
 * The organizer downloads an order's invoice or credit note (docs/invoices.md); another account's order is 404.
 * The account's prefix and seller details live on its numbering stream, read and changed by admins.
 */
export function invoiceRoutes(services: Services, keys: TicketSigningKeys) {
  const router = new Router();
  const { ownedOrder } = ownedOrders(services, keys);
  router.use('/events/:eventId/orders', allow('events.manage'));
  router.use('/events/:eventId/invoices', allow('events.manage'));

  router.get('/events/:eventId/invoices', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    const { rows, meta } = await listEventInvoices(
      services.db,
      eventId,
      parseListQuery(ctx.query, invoiceListSpec),
    );
    ctx.body = { data: rows.map(presentInvoice), meta };
  });

  router.get('/events/:eventId/invoices/export', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    const { format: rawFormat, ...listParams } = ctx.query;
    const format = parse(exportFormatSchema, rawFormat ?? 'csv');
    const list = parseListQuery(listParams, invoiceListSpec);
    const db = services.db;
    async function* pages() {
      for await (const page of exportEventInvoices(db, eventId, list)) yield page.map(invoiceExportRow);
    }
    ctx.set('Content-Disposition', `attachment; filename="invoices-${eventId}.${format}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = exportContentType[format];
    ctx.body = streamExport(format, { name: 'Invoices', header: invoiceExportHeader, pages: pages() });
  });

  async function download(ctx: Context, kind: 'invoice' | 'creditNote') {
    const { auth, orderId } = await ownedOrder(ctx);
    const { state } = await services.commands.load(invoiceDecider, invoiceNumberingStream(auth.accountId));
    const entry = state.orders.get(orderId);
    const document = kind === 'invoice' ? entry?.invoice : entry?.creditNote;
    if (!document) throw new Refusal('invoice_not_found');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${fileNameOf(document.data.number)}.pdf"`);
    ctx.body = await renderInvoicePdf(document);
  }

  router.get('/account/invoice-settings', allow('account.manage'), async (ctx) => {
    const { accountId } = requireAuth(ctx);
    const { state } = await services.commands.load(invoiceDecider, invoiceNumberingStream(accountId));
    ctx.body = { data: presentSettings(state) };
  });

  router.put('/account/invoice-settings', allow('account.manage'), async (ctx) => {
    const { accountId } = requireAuth(ctx);
    const input = body(ctx, invoiceSettingsBodySchema);
    const { state } = await execute(ctx, services, {
      decider: invoiceDecider,
      stream: invoiceNumberingStream(accountId),
      command: {
        type: 'ChangeInvoiceSettings',
        accountId,
        prefix: input.prefix,
        seller: {
          company: input.seller_company,
          address: input.seller_address,
          country: input.seller_country,
          vatId: input.seller_vat_id,
        },
        now: services.clock.now(),
      },
      readModels: [],
    });
    ctx.body = { data: presentSettings(state) };
  });

  /**
   * The buyer's copies, opened like the order page and its tickets' PDF: by the order's short id only the buyer
   * has; another event's or an unknown short id is `order_not_found`, an order without the document
   * `invoice_not_found`.
   */
  async function buyersDocument(ctx: Context, kind: 'invoice' | 'creditNote') {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const shortId = shortIdOrNotFound(pathParam(ctx, 'orderShortId'), 'order_not_found');
    const row = await findOrderByShortId(services.db, eventId, shortId);
    if (!row) throw new Refusal('order_not_found');
    const { state } = await services.commands.load(invoiceDecider, invoiceNumberingStream(row.account_id));
    const entry = state.orders.get(row.id);
    const document = kind === 'invoice' ? entry?.invoice : entry?.creditNote;
    if (!document) throw new Refusal('invoice_not_found');
    ctx.set('Cache-Control', 'private, no-store');
    return document;
  }

  router.get('/public/events/:eventId/orders/:orderShortId/invoice.pdf', async (ctx) => {
    const document = await buyersDocument(ctx, 'invoice');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${fileNameOf(document.data.number)}.pdf"`);
    ctx.body = await renderInvoicePdf(document);
  });
  router.get('/public/events/:eventId/orders/:orderShortId/credit-note.pdf', async (ctx) => {
    const document = await buyersDocument(ctx, 'creditNote');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${fileNameOf(document.data.number)}.pdf"`);
    ctx.body = await renderInvoicePdf(document);
  });
  router.get('/public/events/:eventId/orders/:orderShortId/invoice.html', async (ctx) => {
    const document = await buyersDocument(ctx, 'invoice');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = renderInvoiceHtml(document);
  });

  router.get('/events/:eventId/orders/:orderId/invoice', (ctx) => download(ctx, 'invoice'));
  router.get('/events/:eventId/orders/:orderId/credit-note', (ctx) => download(ctx, 'creditNote'));
  return router;
}
