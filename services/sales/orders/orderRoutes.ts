import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, parse, query } from '../../kit/http/validate';
import { parseListQuery } from '../../kit/listQuery';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { questionsForCheckout } from '../../../projections/questions';
import { minorUnitDigits } from '../../pricing/money';
import {
  attendeeListSpec,
  exportEventAttendees,
  exportEventOrders,
  manualOrders,
  orderPayments,
  orderReferences,
  orderedTicketTitles,
  listEventOrders,
  orderListSpec,
  ordersProjection,
} from '../../../projections/orders';
import { orderDecider } from './orderDecider';
import { orderStream } from './orderEvents';
import { exportContentType, streamExport, type ExportFormat } from '../../kit/exports';
import {
  attendeeExportHeader,
  attendeeExportRow,
  exportFileName,
  orderExportHeader,
  orderExportRow,
} from './orderExports';
import { presentAdminOrderFields } from './orderPresenters';
import { historyNamesFrom, presentOrderTrail } from './orderHistory';
import { buyerDetailsSchema, exportFormatSchema, orderAsOfQuerySchema, orderMomentOf } from './orderSchemas';
import { loadOrderTrail, orderStateAsOf } from './orderTrail';
import { cancelOrder } from './orderWorkflows';
import { ownedOrders } from './ownedOrders';

const readModels = [ordersProjection.name];

/**
 * The organizer's orders (`/api/events/{eventId}/orders`, docs/orders.md): the list, the detail with its
 * history, the exports of orders and attendees, and the order's own actions (cancel, edit the buyer, resend).
 * Payments are in orderPaymentRoutes, attendees in orderAttendeeRoutes; the commands over several streams in
 * orderWorkflows.
 */
export function orderRoutes(services: Services, keys: TicketSigningKeys) {
  const router = new Router();
  const { ownedEvent, ownedOrder, orderDetail } = ownedOrders(services, keys);
  router.use('/events/:eventId/orders', allow('events.manage'));
  router.use('/events/:eventId/attendees/export', allow('events.manage'));

  const exportFormat = (ctx: Context): ExportFormat =>
    parse(exportFormatSchema, ctx.query.format === undefined ? 'csv' : ctx.query.format);

  /** The list's query without the export's own `format`. */
  const listParams = (ctx: Context) => {
    const { format: _format, ...rest } = ctx.query;
    return rest;
  };

  function sendFile(ctx: Context, what: 'orders' | 'attendees', eventId: string, format: ExportFormat) {
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(what, eventId, format)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = exportContentType[format];
  }

  // Exports before `/:orderId`, and before orderAttendeeRoutes' `/:attendeeId` (registered after these).
  router.get('/events/:eventId/orders/export', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    const format = exportFormat(ctx);
    const list = parseListQuery(listParams(ctx), orderListSpec);
    const now = services.clock.now();
    const db = services.db;
    async function* pages() {
      for await (const page of exportEventOrders(db, eventId, list)) {
        const ids = page.map((row) => row.id);
        const [manual, payments] = await Promise.all([manualOrders(db, ids), orderPayments(db, ids)]);
        const context = { now, digits: minorUnitDigits, manual: new Set(manual.keys()), payments };
        yield page.map((row) => orderExportRow(row, context));
      }
    }
    sendFile(ctx, 'orders', eventId, format);
    ctx.body = streamExport(format, { name: 'Orders', header: orderExportHeader, pages: pages() });
  });

  router.get('/events/:eventId/attendees/export', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    const format = exportFormat(ctx);
    const list = parseListQuery(listParams(ctx), attendeeListSpec);
    const db = services.db;
    const [questions, titles] = await Promise.all([
      questionsForCheckout(db, eventId),
      orderedTicketTitles(db, eventId),
    ]);
    const asked = questions.filter((question) => question.askedPer === 'ATTENDEE');
    async function* pages() {
      for await (const page of exportEventAttendees(db, eventId, list)) {
        const references = await orderReferences(
          db,
          page.map((row) => row.order_id),
        );
        yield page.map((row) => attendeeExportRow(row, { questions: asked, titles, references }));
      }
    }
    sendFile(ctx, 'attendees', eventId, format);
    ctx.body = streamExport(format, {
      name: 'Attendees',
      header: attendeeExportHeader(asked),
      pages: pages(),
    });
  });

  router.get('/events/:eventId/orders', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    const list = parseListQuery(ctx.query, orderListSpec);
    const now = services.clock.now();
    const { rows, meta } = await listEventOrders(services.db, eventId, list);
    const ids = rows.map((row) => row.id);
    const [manual, payments] = await Promise.all([
      manualOrders(services.db, ids),
      orderPayments(services.db, ids),
    ]);
    ctx.body = {
      data: rows.map((row) => presentAdminOrderFields(row, now, manual.has(row.id), payments.get(row.id))),
      meta,
    };
  });

  router.get('/events/:eventId/orders/:orderId', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    ctx.body = { data: await orderDetail(auth.accountId, eventId, orderId) };
  });

  /** Every stream's events that touched the order, and its mails (docs/audit.md "An order's history"). */
  router.get('/events/:eventId/orders/:orderId/history', async (ctx) => {
    const { auth, eventId, orderId, order } = await ownedOrder(ctx);
    const trail = await loadOrderTrail(services.db, services.store, {
      accountId: auth.accountId,
      eventId,
      orderId,
    });
    const entries = await presentOrderTrail(trail.events, trail.followUps, {
      names: historyNamesFrom(services.db, { accountId: auth.accountId, eventId }),
      paymentMethod: order.paymentMethod,
    });
    ctx.body = { data: { entries } };
  });

  /** The order folded from its events up to a time or an event of its history; `state: null` before it existed. */
  router.get('/events/:eventId/orders/:orderId/as-of', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    const moment = orderMomentOf(query(ctx, orderAsOfQuerySchema));
    const trail = await loadOrderTrail(services.db, services.store, {
      accountId: auth.accountId,
      eventId,
      orderId,
    });
    ctx.body = {
      data: await orderStateAsOf(
        trail.events,
        moment,
        historyNamesFrom(services.db, { accountId: auth.accountId, eventId }),
      ),
    };
  });

  /** The order is decided first (a refusal changes nothing), then its tickets go back, then it is cancelled. */
  router.post('/events/:eventId/orders/:orderId/cancel', async (ctx) => {
    const { auth, eventId, orderId, order } = await ownedOrder(ctx);
    const chain = cancelOrder(order, auth.userId, services.clock.now());
    await execute(ctx, services, { chain, readModels });
    ctx.body = { data: await orderDetail(auth.accountId, eventId, orderId) };
  });

  router.put('/events/:eventId/orders/:orderId/buyer', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    const input = body(ctx, buyerDetailsSchema);
    await execute(ctx, services, {
      decider: orderDecider,
      stream: orderStream(orderId),
      command: {
        type: 'ChangeBuyerDetails',
        orderId,
        buyer: { firstName: input.first_name, lastName: input.last_name, email: input.email },
        by: auth.userId,
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.body = { data: await orderDetail(auth.accountId, eventId, orderId) };
  });

  /** Recorded on the order; the mail reactor sends it (once per request id: `X-Request-Id` names a retry). */
  router.post('/events/:eventId/orders/:orderId/resend-confirmation', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    await execute(ctx, services, {
      decider: orderDecider,
      stream: orderStream(orderId),
      command: {
        type: 'ResendConfirmation',
        orderId,
        requestId: (ctx.state as { requestId: string }).requestId,
        by: auth.userId,
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.body = { data: await orderDetail(auth.accountId, eventId, orderId) };
  });

  /**
   * The buyer's right to erasure (docs/audit.md "Erasure"): admins only, as it cannot be undone. The order's
   * personal data key is deleted; the mail reactor then blanks the order's mails.
   */
  router.post(
    '/events/:eventId/orders/:orderId/erase-personal-data',
    allow('account.manage'),
    async (ctx) => {
      const { auth, eventId, orderId } = await ownedOrder(ctx);
      await execute(ctx, services, {
        decider: orderDecider,
        stream: orderStream(orderId),
        command: { type: 'EraseOrderPersonalData', orderId, by: auth.userId, now: services.clock.now() },
        readModels,
      });
      ctx.body = { data: await orderDetail(auth.accountId, eventId, orderId) };
    },
  );

  return router;
}
