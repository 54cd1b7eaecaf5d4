import { route } from '../../kit/http/routeContract';

/** The organizer's download of an order's invoice or credit note (docs/invoices.md). */
export const invoiceRouteContracts = [
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
];
