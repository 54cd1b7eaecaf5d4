import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { Refusal } from '../../kit/refusal';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { ownedOrders } from '../orders/ownedOrders';
import { invoiceDecider } from './invoiceDecider';
import { invoiceNumberingStream } from './invoiceEvents';
import { renderInvoicePdf } from './invoicePdf';

/** The organizer downloads an order's invoice or credit note (docs/invoices.md); another account's order is 404. */
export function invoiceRoutes(services: Services, keys: TicketSigningKeys) {
  const router = new Router();
  const { ownedOrder } = ownedOrders(services, keys);
  router.use('/events/:eventId/orders', allow('events.manage'));

  async function download(ctx: Context, kind: 'invoice' | 'creditNote') {
    const { auth, orderId } = await ownedOrder(ctx);
    const { state } = await services.commands.load(invoiceDecider, invoiceNumberingStream(auth.accountId));
    const entry = state.orders.get(orderId);
    const document = kind === 'invoice' ? entry?.invoice : entry?.creditNote;
    if (!document) throw new Refusal('invoice_not_found');
    ctx.type = 'application/pdf';
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${document.data.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`,
    );
    ctx.body = await renderInvoicePdf(document);
  }

  router.get('/events/:eventId/orders/:orderId/invoice', (ctx) => download(ctx, 'invoice'));
  router.get('/events/:eventId/orders/:orderId/credit-note', (ctx) => download(ctx, 'creditNote'));
  return router;
}
