import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { commandContext, loadOwned, readYourWrite, requireAuth, setPosition } from '../../kit/http/context';
import { allow } from '../../identity/policy';
import { body, parse, pathParam } from '../../kit/http/validate';
import { parseListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { eventDecider } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import { eventIdOrNotFound } from '../../catalog/events/eventSchemas';
import { attendeesCheckedInAt } from '../../../projections/checkIn';
import { questionsForCheckout } from '../../../projections/questions';
import { listEventTickets } from '../../../projections/tickets';
import { minorUnitDigits } from '../pricing/money';
import {
  attendeeListSpec,
  exportEventAttendees,
  exportEventOrders,
  findAccountAttendee,
  manualOrders,
  orderPayments,
  orderReferences,
  orderedTicketTitles,
  findAccountOrder,
  listEventAttendees,
  listEventOrders,
  listOrderAttendees,
  listOrderLines,
  orderListSpec,
  ordersProjection,
  type OrderRow,
} from '../../../projections/orders';
import { inventoryDecider } from '../inventory/inventoryDecider';
import { inventoryStream } from '../inventory/inventoryEvents';
import {
  attendeeHoldId,
  nextCancellationReturnId,
  nextReactivationHoldId,
  orderDecider,
  type ExistingOrder,
  type OrderCommand,
} from './orderDecider';
import { orderStream, type OrderPlaced } from './orderEvents';
import {
  attendeeExportHeader,
  attendeeExportRow,
  exportContentType,
  exportFileName,
  orderExportHeader,
  orderExportRow,
  streamExport,
  type ExportFormat,
} from './orderExports';
import { presentAdminAttendee, presentAdminOrderFields, presentLine, titlesOf } from './orderPresenters';
import {
  attendeeDetailsSchema,
  buyerDetailsSchema,
  exportFormatSchema,
  manualAttendeeSchema,
  orderIdOrNotFound,
  refundOrderSchema,
  toAnswerSheet,
} from './orderSchemas';

import { submitRefund } from './cardPayments';
import { orderPaymentDecider } from './orderPaymentDecider';
import { stripeClient } from '../../payments/stripeClient';
import type { RecordedEvent } from '../../eventstore/port';
import { answeredQuestions, questionTitles } from './answeredQuestions';
import { historyNamesFrom, presentOrderHistory } from './orderHistory';

const readModels = [ordersProjection.name];

/**
 * The organizer's orders and attendees (`/api/events/{eventId}/orders`, `/attendees`, docs/orders.md): lists,
 * details with history, exports, and the actions (mark paid, cancel, resend, edit, manual attendee). Inventory
 * steps come first, decided beforehand so a refusal changes nothing (cross-module-facts.md section 4).
 */
export function orderRoutes(services: Services, keys: TicketSigningKeys) {
  const router = new Router();
  const stripe = services.config.payments.mode === 'off' ? null : stripeClient(services.config.payments);
  router.use('/events/:eventId/orders', allow('events.manage'));
  router.use('/events/:eventId/attendees', allow('events.manage'));

  async function ownedEvent(ctx: Context) {
    const auth = requireAuth(ctx);
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const event = await loadOwned(services, {
      decider: eventDecider,
      stream: eventStream(eventId),
      accountId: auth.accountId,
      notFound: 'event_not_found',
    });
    return { auth, eventId, event };
  }

  async function loadEventOrder(accountId: string, eventId: string, orderId: string) {
    const order = await loadOwned(services, {
      decider: orderDecider,
      stream: orderStream(orderId),
      accountId,
      notFound: 'order_not_found',
    });
    if (order.placed.eventId !== eventId) throw new Refusal('order_not_found');
    return order;
  }

  /** The order of the path, or 404 for an unknown id, another event's or another account's. */
  async function ownedOrder(ctx: Context) {
    const { auth, eventId } = await ownedEvent(ctx);
    const orderId = orderIdOrNotFound(pathParam(ctx, 'orderId'));
    const order = await loadEventOrder(auth.accountId, eventId, orderId);
    return { auth, eventId, orderId, order };
  }

  /** The attendee of the path (read model for its order, then the order stream), 404 like an unknown one. */
  async function ownedAttendee(ctx: Context) {
    const { auth, eventId } = await ownedEvent(ctx);
    const attendeeId = pathParam(ctx, 'attendeeId') ?? '';
    const row = /^at_[0-9a-z]{4,40}$/.test(attendeeId)
      ? await findAccountAttendee(services.db, auth.accountId, eventId, attendeeId)
      : undefined;
    if (!row) throw new Refusal('attendee_not_found');
    const order = await loadEventOrder(auth.accountId, eventId, row.order_id);
    const attendee = order.attendees.find((candidate) => candidate.attendeeId === attendeeId);
    if (!attendee) throw new Refusal('attendee_not_found');
    return { auth, eventId, orderId: row.order_id, order, attendee };
  }

  async function presentDetail(row: OrderRow) {
    const now = services.clock.now();
    const [lines, attendees, manual, payments] = await Promise.all([
      listOrderLines(services.db, row.id),
      listOrderAttendees(services.db, row.id),
      manualOrders(services.db, [row.id]),
      orderPayments(services.db, [row.id]),
    ]);
    const checkedIn = await attendeesCheckedInAt(
      services.db,
      attendees.map((attendee) => attendee.id),
    );
    const recorded: RecordedEvent[] = [];
    for await (const event of services.store.readStream(orderStream(row.id))) recorded.push(event);
    const [{ history, money_trail }, questions] = await Promise.all([
      presentOrderHistory(recorded, {
        names: historyNamesFrom(services.db, { accountId: row.account_id, eventId: row.event_id }),
        paymentMethod: row.payment_method,
      }),
      questionTitles(services.db, row.event_id),
    ]);
    const titles = titlesOf(lines);
    const references = new Map([[row.id, row.reference]]);
    return {
      ...presentAdminOrderFields(row, now, manual.has(row.id), payments.get(row.id)),
      amount_paid: manual.get(row.id) ?? null,
      refundable: !manual.has(row.id),
      lines: lines.map(presentLine),
      attendees: attendees.map((attendee) => ({
        ...presentAdminAttendee(attendee, titles, keys, references, checkedIn.get(attendee.id) ?? null),
        // The order shows each attendee's code; the attendee list never does.
      })),
      answers: row.answers ? (JSON.parse(row.answers) as Record<string, unknown>) : {},
      answered_questions: answeredQuestions(row.answers, questions),
      history,
      money_trail,
    };
  }

  async function stored(accountId: string, eventId: string, orderId: string) {
    const row = await findAccountOrder(services.db, accountId, eventId, orderId);
    if (!row) throw new Refusal('order_not_found');
    return row;
  }

  async function presentAttendeeDetail(accountId: string, eventId: string, attendeeId: string) {
    const row = await findAccountAttendee(services.db, accountId, eventId, attendeeId);
    if (!row) throw new Refusal('attendee_not_found');
    const [titles, references, checkedIn, questions] = await Promise.all([
      orderedTicketTitles(services.db, eventId),
      orderReferences(services.db, [row.order_id]),
      attendeesCheckedInAt(services.db, [row.id]),
      questionTitles(services.db, eventId),
    ]);
    return {
      ...presentAdminAttendee(row, titles, keys, references, checkedIn.get(row.id) ?? null),
      answered_questions: answeredQuestions(row.answers, questions),
    };
  }

  async function settle(ctx: Context, positions: readonly bigint[]) {
    if (positions.length === 0) return;
    const position = positions.reduce((a, b) => (b > a ? b : a));
    setPosition(ctx, position);
    await readYourWrite(services, position, readModels);
  }

  /** A cancellation's inventory step: the order's sold units (and its attendees' own holds) come back once. */
  async function returnOrderStock(
    ctx: Context,
    eventId: string,
    orderId: string,
    order: ExistingOrder,
    now: Date,
  ) {
    const positions: bigint[] = [];
    const holds = new Set([order.placed.holdId]);
    for (const attendee of order.attendees) if (attendee.active) holds.add(attendeeHoldId(order, attendee));
    for (const holdId of holds) {
      const returned = await services.commands.handle(
        inventoryDecider,
        inventoryStream(eventId),
        { type: 'ReturnStock', eventId, holdId, returnId: `cancel-${orderId}`, now },
        commandContext(ctx),
      );
      positions.push(returned.position);
    }
    return positions;
  }

  const orderCommand = (ctx: Context, orderId: string, command: OrderCommand) =>
    services.commands.handle(orderDecider, orderStream(orderId), command, commandContext(ctx));

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

  // Exports before `/:orderId` and `/:attendeeId`.
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
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  router.post('/events/:eventId/orders/:orderId/mark-paid', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    const result = await orderCommand(ctx, orderId, {
      type: 'MarkOrderPaid',
      orderId,
      by: auth.userId,
      now: services.clock.now(),
    });
    await settle(ctx, [result.position]);
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  /**
   * The order is decided first (a refusal changes nothing), then its tickets go back to the inventory: what
   * the order's hold still has sold, and each unit a reactivation took again (once each: the return id is the
   * order's), then the order is recorded cancelled.
   */
  router.post('/events/:eventId/orders/:orderId/cancel', async (ctx) => {
    const { auth, eventId, orderId, order } = await ownedOrder(ctx);
    const now = services.clock.now();
    const command: OrderCommand = { type: 'CancelOrder', orderId, by: auth.userId, now };
    const positions: bigint[] = [];
    if (orderDecider.decide(command, order).length > 0) {
      positions.push(...(await returnOrderStock(ctx, eventId, orderId, order, now)));
      positions.push((await orderCommand(ctx, orderId, command)).position);
    }
    await settle(ctx, positions);
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  /**
   * A refund (docs/payments.md): recorded first (one pending at a time, at most what remains), then asked of
   * Stripe with the refund's id as the idempotency key; an offline-paid order's refund is only recorded. With
   * `cancel_order` the order is cancelled too (its stock comes back).
   */
  router.post('/events/:eventId/orders/:orderId/refunds', async (ctx) => {
    const { auth, eventId, orderId, order } = await ownedOrder(ctx);
    const input = body(ctx, refundOrderSchema);
    const now = services.clock.now();
    const refundId = input.refund_id ?? services.ids.uuid();
    const cancelOrder = input.cancel_order ?? false;
    const positions: bigint[] = [];
    const requested = await services.commands.handle(
      orderPaymentDecider,
      orderStream(orderId),
      {
        type: 'RequestRefund',
        orderId,
        refundId,
        amount: input.amount,
        cancelOrder,
        notifyBuyer: input.notify_buyer ?? false,
        by: auth.userId,
        now,
      },
      commandContext(ctx),
    );
    positions.push(requested.position);
    const payments = services.config.payments;
    if (payments.mode !== 'off' && stripe) {
      const submitted = await submitRefund(
        { commands: services.commands, logger: services.logger, stripe, config: payments },
        commandContext(ctx),
        orderId,
        refundId,
        now,
      );
      if (submitted !== null) positions.push(submitted);
    }
    const cancel: OrderCommand = { type: 'CancelOrder', orderId, by: auth.userId, now };
    if (cancelOrder && orderDecider.decide(cancel, order).length > 0) {
      positions.push(...(await returnOrderStock(ctx, eventId, orderId, order, now)));
      positions.push((await orderCommand(ctx, orderId, cancel)).position);
    }
    await settle(ctx, positions);
    ctx.status = 201;
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  router.put('/events/:eventId/orders/:orderId/buyer', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    const input = body(ctx, buyerDetailsSchema);
    const result = await orderCommand(ctx, orderId, {
      type: 'ChangeBuyerDetails',
      orderId,
      buyer: { firstName: input.first_name, lastName: input.last_name, email: input.email },
      by: auth.userId,
      now: services.clock.now(),
    });
    await settle(ctx, [result.position]);
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  /** Recorded on the order; the mail reactor sends it (once per request id: `X-Request-Id` names a retry). */
  router.post('/events/:eventId/orders/:orderId/resend-confirmation', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    const result = await orderCommand(ctx, orderId, {
      type: 'ResendConfirmation',
      orderId,
      requestId: (ctx.state as { requestId: string }).requestId,
      by: auth.userId,
      now: services.clock.now(),
    });
    await settle(ctx, [result.position]);
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  router.get('/events/:eventId/attendees', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    const list = parseListQuery(ctx.query, attendeeListSpec);
    const { rows, meta } = await listEventAttendees(services.db, eventId, list);
    const [titles, references, checkedIn, questions] = await Promise.all([
      orderedTicketTitles(services.db, eventId),
      orderReferences(
        services.db,
        rows.map((row) => row.order_id),
      ),
      attendeesCheckedInAt(
        services.db,
        rows.map((row) => row.id),
      ),
      questionTitles(services.db, eventId),
    ]);
    // A list shows no codes: the ticket page and the mails carry them.
    ctx.body = {
      data: rows.map((attendee) => ({
        ...presentAdminAttendee(attendee, titles, keys, references, checkedIn.get(attendee.id) ?? null),
        answered_questions: answeredQuestions(attendee.answers, questions),
        ticket_code: null,
      })),
      meta,
    };
  });

  /**
   * A manual attendee: a ticket of the event (any, on sale or not: a member decides), a hold placed and
   * converted at once in the inventory (so stock counts exactly, `sold_out` / `capacity_exceeded` otherwise),
   * then the manual order placed, detailed and completed in one append.
   */
  router.post('/events/:eventId/attendees', async (ctx) => {
    const { auth, eventId, event } = await ownedEvent(ctx);
    const input = body(ctx, manualAttendeeSchema);
    const [tickets, questions] = await Promise.all([
      listEventTickets(services.db, eventId),
      questionsForCheckout(services.db, eventId),
    ]);
    const ticket = tickets.find((candidate) => candidate.ticketId === input.ticket_id);
    if (!ticket)
      throw new Refusal('ticket_not_found', undefined, { ticket_id: ['Choose one of the event’s tickets'] });
    const tier =
      ticket.details.type === 'TIERED'
        ? ticket.details.tiers.find((candidate) => candidate.tierId === input.tier_id)
        : undefined;
    if (ticket.details.type === 'TIERED' && !tier)
      throw new Refusal('tier_not_found', undefined, { tier_id: ['Choose one of the ticket’s price tiers'] });
    if (ticket.details.type !== 'TIERED' && input.tier_id !== undefined)
      throw new Refusal('validation_failed', undefined, { tier_id: ['This ticket has no price tiers'] });

    const now = services.clock.now();
    const orderId = services.ids.uuid();
    const holdId = `ho_${orderId.replaceAll('-', '')}`;
    const attendeeId = services.ids.entity('at');
    const shortId = services.ids.shortId();
    const amount = input.amount_paid;
    const tierId = tier?.tierId ?? null;
    const order: OrderPlaced['data'] = {
      eventId,
      orderId,
      accountId: auth.accountId,
      shortId,
      reference: shortId.slice(-8).toUpperCase(),
      holdId,
      locale: input.locale ?? 'en',
      promoCodeId: null,
      promoCode: null,
      affiliateCode: null,
      currency: event.details.currency,
      displayMode: event.settings.priceDisplayMode,
      lines: [
        {
          ticketId: ticket.ticketId,
          tierId,
          ticketTitle: ticket.details.title,
          tierLabel: tier?.label ?? null,
          quantity: 1,
          unitPrice: amount,
          base: amount,
          discount: 0,
          price: amount,
          feeTotal: 0,
          taxTotal: 0,
          total: amount,
          taxes: [],
          fees: [],
        },
      ],
      totals: {
        subtotal: amount,
        discountTotal: 0,
        feeTotal: 0,
        taxTotal: 0,
        total: amount,
        taxes: [],
        fees: [],
      },
      attendees: [{ attendeeId, shortId: services.ids.shortId(), ticketId: ticket.ticketId, tierId }],
      expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(),
      placedAt: now.toISOString(),
    };
    const command: OrderCommand = {
      type: 'CreateManualOrder',
      order,
      attendee: {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        answers: toAnswerSheet(input.answers),
      },
      questions,
      amountPaid: amount,
      sendTicket: input.send_ticket,
      by: auth.userId,
      now,
    };
    orderDecider.decide(command, orderDecider.initialState());
    const lines = [{ ticketId: ticket.ticketId, tierId, quantity: 1 }];
    await services.commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      {
        type: 'PlaceHold',
        eventId,
        holdId,
        orderId,
        lines,
        now,
        expiresAt: new Date(order.expiresAt),
        perOrderLimits: {},
      },
      commandContext(ctx),
    );
    await services.commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      { type: 'ConvertHold', eventId, holdId, orderId, now },
      commandContext(ctx),
    );
    const result = await orderCommand(ctx, orderId, command);
    await settle(ctx, [result.position]);
    ctx.status = 201;
    ctx.body = { data: await presentAttendeeDetail(auth.accountId, eventId, attendeeId) };
  });

  router.get('/events/:eventId/attendees/:attendeeId', async (ctx) => {
    const { auth, eventId, attendee } = await ownedAttendee(ctx);
    ctx.body = { data: await presentAttendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  router.put('/events/:eventId/attendees/:attendeeId', async (ctx) => {
    const { auth, eventId, orderId, attendee } = await ownedAttendee(ctx);
    const input = body(ctx, attendeeDetailsSchema);
    const result = await orderCommand(ctx, orderId, {
      type: 'ChangeAttendeeDetails',
      orderId,
      attendeeId: attendee.attendeeId,
      details: {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        locale: input.locale,
        answers: toAnswerSheet(input.answers),
      },
      questions: await questionsForCheckout(services.db, eventId),
      by: auth.userId,
      now: services.clock.now(),
    });
    await settle(ctx, [result.position]);
    ctx.body = { data: await presentAttendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  /** Decided first; then the attendee's unit goes back to the inventory (once per cancellation), then recorded. */
  router.post('/events/:eventId/attendees/:attendeeId/cancel', async (ctx) => {
    const { auth, eventId, orderId, order, attendee } = await ownedAttendee(ctx);
    const now = services.clock.now();
    const command: OrderCommand = {
      type: 'CancelAttendee',
      orderId,
      attendeeId: attendee.attendeeId,
      by: auth.userId,
      now,
    };
    const positions: bigint[] = [];
    if (orderDecider.decide(command, order).length > 0) {
      const returned = await services.commands.handle(
        inventoryDecider,
        inventoryStream(eventId),
        {
          type: 'ReturnStock',
          eventId,
          holdId: attendeeHoldId(order, attendee),
          returnId: nextCancellationReturnId(attendee),
          lines: [{ ticketId: attendee.ticketId, tierId: attendee.tierId, quantity: 1 }],
          now,
        },
        commandContext(ctx),
      );
      positions.push(returned.position, (await orderCommand(ctx, orderId, command)).position);
    }
    await settle(ctx, positions);
    ctx.body = { data: await presentAttendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  /** Decided first; then the unit is taken again (a hold placed and converted: refused when sold out), then recorded. */
  router.post('/events/:eventId/attendees/:attendeeId/reactivate', async (ctx) => {
    const { auth, eventId, orderId, order, attendee } = await ownedAttendee(ctx);
    const now = services.clock.now();
    const command: OrderCommand = {
      type: 'ReactivateAttendee',
      orderId,
      attendeeId: attendee.attendeeId,
      by: auth.userId,
      now,
    };
    const positions: bigint[] = [];
    if (orderDecider.decide(command, order).length > 0) {
      positions.push(...(await takeStockAgain(ctx, eventId, orderId, order, attendee, now)));
      positions.push((await orderCommand(ctx, orderId, command)).position);
    }
    await settle(ctx, positions);
    ctx.body = { data: await presentAttendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  async function takeStockAgain(
    ctx: Context,
    eventId: string,
    orderId: string,
    _order: ExistingOrder,
    attendee: ExistingOrder['attendees'][number],
    now: Date,
  ): Promise<bigint[]> {
    const holdId = nextReactivationHoldId(attendee);
    const placed = await services.commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      {
        type: 'PlaceHold',
        eventId,
        holdId,
        orderId,
        lines: [{ ticketId: attendee.ticketId, tierId: attendee.tierId, quantity: 1 }],
        now,
        expiresAt: new Date(now.getTime() + 15 * 60_000),
        perOrderLimits: {},
      },
      commandContext(ctx),
    );
    const converted = await services.commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      { type: 'ConvertHold', eventId, holdId, orderId, now },
      commandContext(ctx),
    );
    return [placed.position, converted.position];
  }

  router.post('/events/:eventId/attendees/:attendeeId/resend-ticket', async (ctx) => {
    const { auth, eventId, orderId, attendee } = await ownedAttendee(ctx);
    const result = await orderCommand(ctx, orderId, {
      type: 'ResendTicket',
      orderId,
      attendeeId: attendee.attendeeId,
      requestId: (ctx.state as { requestId: string }).requestId,
      by: auth.userId,
      now: services.clock.now(),
    });
    await settle(ctx, [result.position]);
    ctx.body = { data: await presentAttendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  return router;
}
