import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute, requireAuth } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { ownedOrders } from '../orders/ownedOrders';
import { invoiceDecider, invoiceNumber, type InvoiceNumberingState } from './invoiceDecider';
import { invoiceNumberingStream } from './invoiceEvents';
import { renderInvoicePdf } from './invoicePdf';
import { invoiceSettingsBodySchema } from './invoiceSchemas';

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

  router.get('/events/:eventId/orders/:orderId/invoice', (ctx) => download(ctx, 'invoice'));
  router.get('/events/:eventId/orders/:orderId/credit-note', (ctx) => download(ctx, 'creditNote'));
  return router;
}
