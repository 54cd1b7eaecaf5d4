import { z } from 'zod';
import { singleLineText } from '../../kit/http/validate';
import { dataOf, pageOf, route } from '../../kit/http/routeContract';
import { queryText } from '../../kit/http/validate';
import { listQuerySchema } from '../../kit/listQuery';
import { invoiceListSpec, invoicesProjection } from '../../../projections/invoices';
import { maxInvoicePrefixLength } from './invoiceDecider';
import { normalizeVatId } from './vatId';

/** Blank text reads as "not given" (null). */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, `Up to ${max} characters`).nullable(),
  );

export const maxInvoiceCompanyLength = 150;
export const maxInvoiceAddressLength = 500;

/** A party's company, address, country and VAT id as a form gives them (the seller's, a buyer's company). */
export const invoicePartyFields = {
  company: optionalText(maxInvoiceCompanyLength),
  address: optionalText(maxInvoiceAddressLength),
  country: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() || null : value),
    z
      .string()
      .regex(/^[A-Z]{2}$/, 'Use a two-letter country code')
      .nullable(),
  ),
  vat_id: z.preprocess(
    (value) => (typeof value === 'string' ? normalizeVatId(value) || null : value),
    z.string().max(20, 'Up to 20 characters').nullable(),
  ),
};

/** `PUT /account/invoice-settings`: the whole of the account's invoice settings. */
export const invoiceSettingsBodySchema = z
  .object({
    prefix: singleLineText().trim().max(maxInvoicePrefixLength, `Up to ${maxInvoicePrefixLength} characters`),
    seller_company: invoicePartyFields.company,
    seller_address: invoicePartyFields.address,
    seller_country: invoicePartyFields.country,
    seller_vat_id: invoicePartyFields.vat_id,
  })
  .strict();

export const invoiceSettingsSchema = z.object({
  prefix: z.string(),
  seller_company: z.string().nullable(),
  seller_address: z.string().nullable(),
  seller_country: z.string().nullable(),
  seller_vat_id: z.string().nullable(),
  /** The number the next document gets, as printed. */
  next_number: z.string(),
});

export const invoiceResponseSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['INVOICE', 'CREDIT_NOTE']),
  event_id: z.string(),
  order_id: z.string(),
  buyer_company: z.string().nullable(),
  buyer_name: z.string().nullable(),
  buyer_country: z.string().nullable(),
  buyer_vat_id: z.string().nullable(),
  currency: z.string(),
  /** Integer minor units; negative on a credit note. */
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  cancels_number: z.string().nullable(),
  issued_at: z.string(),
});

export const invoiceRouteContracts = [
  route({
    method: 'get',
    path: '/public/events/:eventId/orders/:orderShortId/invoice.pdf',
    summary: "The buyer's copy of the order's invoice as a PDF (404 invoice_not_found until one is issued)",
    status: 200,
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/orders/:orderShortId/credit-note.pdf',
    summary: "The buyer's copy of the credit note that cancelled the order's invoice, as a PDF",
    status: 200,
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/orders/:orderShortId/invoice.html',
    summary: "The order's invoice as a printable HTML page in the buyer's language",
    status: 200,
    public: true,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/invoices',
    reads: [invoicesProjection],
    summary: "The event's invoices and credit notes (paging, search, filters), newest number first",
    query: listQuerySchema(invoiceListSpec),
    response: pageOf(invoiceResponseSchema),
  }),
  route({
    method: 'get',
    path: '/events/:eventId/invoices/export',
    reads: [invoicesProjection],
    summary: "The event's invoices and credit notes in number order as a streamed CSV or XLSX file",
    query: listQuerySchema(invoiceListSpec, {
      format: queryText().optional().describe('csv (the default) or xlsx'),
    }),
    status: 200,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/orders/:orderId/invoice',
    reads: [],
    summary: "The order's invoice as a PDF (404 invoice_not_found until one is issued)",
    status: 200,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/orders/:orderId/credit-note',
    reads: [],
    summary: "The credit note that cancelled the order's invoice, as a PDF",
    status: 200,
  }),
  route({
    method: 'get',
    path: '/account/invoice-settings',
    reads: [],
    summary: "The account's invoice number prefix and seller details",
    response: dataOf(invoiceSettingsSchema),
  }),
  route({
    method: 'put',
    path: '/account/invoice-settings',
    reads: [],
    summary: "Change the account's invoice number prefix and seller details (numbers do not restart)",
    body: invoiceSettingsBodySchema,
    response: dataOf(invoiceSettingsSchema),
  }),
];
