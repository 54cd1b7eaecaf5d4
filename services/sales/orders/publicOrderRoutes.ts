import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { commandContext, execute, readYourWrite, setPosition } from '../../kit/http/context';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import type { AnyStep } from '../../kit/workflow';
import { publishedTicketKeys, type TicketSigningKeys } from '../../admission/signingKeys';
import { eventDecider, type ExistingEvent } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import { eventIdOrNotFound } from '../../catalog/events/eventSchemas';
import { presentQuestion } from '../../catalog/questions/questionSchemas';
import { questionsForCheckout, questionsProjection } from '../../../projections/questions';
import { listEventTickets, ticketsProjection } from '../../../projections/tickets';
import { EventReadCache } from '../../../projections/runner/eventReadCache';
import {
  findAttendeeByShortId,
  findOrder,
  findOrderByShortId,
  listOrderAttendees,
  listOrderLines,
  orderPayments,
  ordersProjection,
  type OrderRow,
} from '../../../projections/orders';
import { holdLifetimeEnd } from '../../inventory/inventoryDecider';
import { entryOfOfferHold } from '../waitingList/waitingListWorkflow';
import { loadOrder, placeOrder } from './checkout';
import { reservationGuard } from './reservationLimits';
import { cardDestination } from '../../payments/cardReadiness';
import { previousOrderOf, rememberOrder } from '../../kit/http/previousOrder';
import { paymentIntentFor } from './cardPayments';
import { stripeClient } from '../../payments/stripeClient';
import type { ExistingOrder } from './orderDecider';
import type { OrderPlaced } from './orderEvents';
import { completeOrder, extendOrder, orderChanged, orderExpiredWhen, orderStep } from './orderWorkflows';
import {
  paymentMethodsFor,
  presentAttendee,
  presentLine,
  presentOrderFields,
  ticketIsValid,
  titlesOf,
  visibleStatus,
} from './orderPresenters';
import {
  companyInvoiceOf,
  completeOrderSchema,
  createOrderSchema,
  orderDetailsSchema,
  paymentIntentRequestSchema,
  shortIdOrNotFound,
  toAnswerSheet,
} from './orderSchemas';

import { findOrderDocumentNumbers } from '../../../projections/invoices';
import type { WaitingRoomGate } from '../waitingRoom/waitingRoomGate';

const readModels = [ordersProjection.name];

/**
 * The latest the order's reservation may be extended to (its hold's lifetime: the inventory's rule). A
 * waiting-list offer's order ends with the offer: the next entry waits for those units (docs/waiting-list.md).
 */
const reservationEnd = (placed: OrderPlaced['data'], lifetimeFactor: number) =>
  entryOfOfferHold(placed.holdId) !== null
    ? new Date(placed.expiresAt)
    : new Date(
        holdLifetimeEnd(
          { placedAt: Date.parse(placed.placedAt), firstExpiresAt: Date.parse(placed.expiresAt) },
          lifetimeFactor,
        ),
      );

const noDocuments = { invoice: null, creditNote: null };

/**
 * What a request already read before answering with the order: the event as it stood then, and the order as
 * placed (which never changes). The answer reuses them rather than reading both streams again.
 */
interface ReadForAnswer {
  event?: ExistingEvent;
  placed?: OrderPlaced['data'];
}

/**
 * The buyer's checkout (`/api/public/events/{eventId}/orders…`, no login): reserve, details, extend, complete;
 * the ticket page and the scanners' public keys. Rules live in orderDecider and the inventory; the
 * multi-stream workflow in checkout.ts. Anyone holding an order's or attendee's short id may open it.
 */
export function publicOrderRoutes(services: Services, keys: TicketSigningKeys, waitingRoom: WaitingRoomGate) {
  const router = new Router({ prefix: '/public' });
  const payments = services.config.payments;
  const { lifetimeFactor } = services.config.reservations;
  const reservations = reservationGuard(services.clock, services.config.reservations);
  const stripe = payments.mode === 'off' ? null : stripeClient(payments);
  // Every checkout step asks for the event's questions; in a rush they are the same thousands of times.
  const checkoutQuestions = new EventReadCache(questionsProjection.name, (eventId) =>
    questionsForCheckout(services.db, eventId),
  );
  services.readSide.onNotice(checkoutQuestions.invalidate);
  // And every reservation prices its lines from the event's tickets.
  const checkoutTickets = new EventReadCache(ticketsProjection.name, (eventId) =>
    listEventTickets(services.db, eventId),
  );
  services.readSide.onNotice(checkoutTickets.invalidate);

  const eventSettings = async (eventId: string) => {
    const { state } = await services.commands.load(eventDecider, eventStream(eventId));
    if (!state.exists) throw new Refusal('event_not_found');
    return state;
  };

  async function present(row: OrderRow, read: ReadForAnswer = {}) {
    const now = services.clock.now();
    const status = visibleStatus(row, now);
    const open = status === 'AWAITING_DETAILS' || status === 'RESERVED' || status === 'PAYMENT_FAILED';
    const [event, lines, attendees, questions, placed, documents] = await Promise.all([
      read.event ?? eventSettings(row.event_id),
      listOrderLines(services.db, row.id),
      listOrderAttendees(services.db, row.id),
      checkoutQuestions.get(row.event_id),
      read.placed ?? loadOrder(services, row.id).then((order) => order?.placed),
      // Invoices are issued once an order is paid: an open one has none to read.
      open ? noDocuments : findOrderDocumentNumbers(services.db, row.id),
    ]);
    const titles = titlesOf(lines);
    const card =
      open && row.total > 0 ? await cardDestination(services.commands, payments, row.account_id) : null;
    const failure =
      status === 'PAYMENT_FAILED'
        ? ((await orderPayments(services.db, [row.id])).get(row.id)?.payment_failure ?? null)
        : null;
    const paymentMethods = open
      ? [...paymentMethodsFor(row, event.settings), ...(card ? (['CARD'] as const) : [])]
      : [];
    return {
      ...presentOrderFields(row, now),
      reservation_ends_at: open && placed ? reservationEnd(placed, lifetimeFactor).toISOString() : null,
      lines: lines.map(presentLine),
      attendees: attendees.map((attendee) => presentAttendee(attendee, titles, keys)),
      questions: open ? questions.map(presentQuestion) : [],
      payment_methods: paymentMethods,
      card_payment:
        card && payments.mode !== 'off'
          ? { publishable_key: payments.publishableKey, stripe_account: card.stripeAccount }
          : null,
      payment_failure: failure,
      // The buyer reads the instructions before choosing the offline method, and again once the order awaits it.
      offline_payment_instructions:
        status === 'AWAITING_PAYMENT' || paymentMethods.includes('OFFLINE')
          ? event.settings.offlinePaymentInstructions
          : null,
      post_checkout_message:
        status === 'COMPLETED' || status === 'AWAITING_PAYMENT' ? event.settings.postCheckoutMessage : null,
      invoices_enabled: event.settings.invoicesEnabled,
      invoice_number: documents.invoice,
      credit_note_number: documents.creditNote,
    };
  }

  /** The order of the path: an unknown short id, or one of another event, is `order_not_found`. */
  async function orderOfPath(ctx: Context): Promise<{ row: OrderRow; order: ExistingOrder }> {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const shortId = shortIdOrNotFound(pathParam(ctx, 'orderShortId'), 'order_not_found');
    const row = await findOrderByShortId(services.db, eventId, shortId);
    if (!row) throw new Refusal('order_not_found');
    const order = await loadOrder(services, row.id);
    if (!order) throw new Refusal('order_not_found');
    return { row, order };
  }

  /** A request that changed nothing (a repeat) reads the order as the whole log has it now: another may have. */
  async function readLatest(ctx: Context) {
    const head = await services.store.head();
    setPosition(ctx, head);
    await readYourWrite(services, head, readModels);
  }

  /** Runs an order chain and answers the order as the read model shows it after the chain. */
  async function runOrderChain(
    ctx: Context,
    orderId: string,
    chain: readonly AnyStep[],
    read: ReadForAnswer,
  ) {
    const outcome = await execute(ctx, services, { chain, readModels });
    if (!orderChanged(outcome)) await readLatest(ctx);
    const row = await findOrder(services.db, orderId);
    if (!row) throw new Refusal('order_not_found');
    ctx.body = { data: await present(row, read) };
  }

  router.post('/events/:eventId/orders', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const input = body(ctx, createOrderSchema);
    // With the event's waiting room on, only an admitted number reserves (docs/waiting-room.md).
    await waitingRoom.checkReservation(eventId, ctx.get('X-Waiting-Room-Token') || undefined);
    const client = await reservations.admit(ctx, eventId);
    const { orderId, position, read } = await placeOrder(
      { ...services, eventTickets: (id) => checkoutTickets.get(id) },
      commandContext(ctx),
      {
        eventId,
        lines: input.lines.map((line) => ({
          ticketId: line.ticket_id,
          tierId: line.tier_id,
          quantity: line.quantity,
          amount: line.amount,
        })),
        promoCode: input.promo_code,
        affiliateCode: input.affiliate_code,
        locale: input.locale ?? 'en',
        orderId: input.order_id ?? services.ids.uuid(),
        replacesOrderId: input.replaces_order_id ?? previousOrderOf(ctx, eventId),
        client,
      },
    ).catch(reservations.retryAfter(ctx));
    rememberOrder(ctx, eventId, orderId);
    // A replay answers the order another request recorded, perhaps a moment ago: wait for the whole log then.
    if (position === null) await readLatest(ctx);
    else {
      setPosition(ctx, position);
      await readYourWrite(services, position, readModels);
    }
    const row = await findOrder(services.db, orderId);
    if (!row) throw new Refusal('not_ready', 'The order is recorded but not yet visible; reload in a moment');
    ctx.status = 201;
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { data: await present(row, read) };
  });

  router.get('/events/:eventId/orders/:orderShortId', async (ctx) => {
    const { row, order } = await orderOfPath(ctx);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { data: await present(row, { placed: order.placed }) };
  });

  router.put('/events/:eventId/orders/:orderShortId/details', async (ctx) => {
    const input = body(ctx, orderDetailsSchema);
    const { row, order } = await orderOfPath(ctx);
    const questions = await checkoutQuestions.get(row.event_id);
    await runOrderChain(
      ctx,
      row.id,
      [
        orderStep(row.id, {
          type: 'SubmitOrderDetails',
          orderId: row.id,
          buyer: { firstName: input.first_name, lastName: input.last_name, email: input.email },
          locale: input.locale ?? row.locale,
          answers: toAnswerSheet(input.answers),
          attendees: input.attendees.map((attendee) => ({
            firstName: attendee.first_name,
            lastName: attendee.last_name,
            email: attendee.email,
            answers: toAnswerSheet(attendee.answers),
          })),
          termsAgreed: input.terms_agreed,
          company: companyInvoiceOf(input),
          questions,
          now: services.clock.now(),
        }),
      ],
      { placed: order.placed },
    );
  });

  /**
   * Extends the hold first (the inventory's rules), then the order, by the event's order timeout but never past
   * the reservation's lifetime (`extension_limit_reached` once it is there); a hold that cannot be extended is
   * `order_expired`.
   */
  router.post('/events/:eventId/orders/:orderShortId/extend', async (ctx) => {
    const { row, order } = await orderOfPath(ctx);
    const event = await eventSettings(row.event_id);
    const now = services.clock.now();
    const wanted = now.getTime() + event.settings.orderTimeoutMinutes * 60_000;
    const expiresAt = new Date(Math.min(wanted, reservationEnd(order.placed, lifetimeFactor).getTime()));
    const chain = extendOrder({ order, expiresAt, wanted, maxLifetimeFactor: lifetimeFactor, now });
    await runOrderChain(ctx, row.id, chain, { event, placed: order.placed }).catch(
      orderExpiredWhen(['hold_expired', 'hold_not_found']),
    );
  });

  /** Converts the hold (the tickets are sold) and then completes the order; the decider's refusals come first. */
  router.post('/events/:eventId/orders/:orderShortId/complete', async (ctx) => {
    const input = body(ctx, completeOrderSchema);
    const { row, order } = await orderOfPath(ctx);
    const event = await eventSettings(row.event_id);
    const chain = completeOrder(order, {
      paymentMethod: input.payment_method,
      offlinePaymentsEnabled: event.settings.offlinePaymentsEnabled,
      cardPaymentsEnabled: false,
      now: services.clock.now(),
    });
    await runOrderChain(ctx, row.id, chain, { event, placed: order.placed }).catch(
      orderExpiredWhen(['hold_expired']),
    );
  });

  /**
   * The card payment step: the order's PaymentIntent (created, or the current one reused) for Stripe.js. The
   * order completes only when Stripe's verified webhook says the payment succeeded (docs/payments.md).
   */
  router.post('/events/:eventId/orders/:orderShortId/payment-intent', async (ctx) => {
    body(ctx, paymentIntentRequestSchema);
    const { row } = await orderOfPath(ctx);
    if (payments.mode === 'off' || !stripe) throw new Refusal('card_payments_not_configured');
    const { answer, position } = await paymentIntentFor(
      { commands: services.commands, logger: services.logger, stripe, config: payments },
      commandContext(ctx),
      row.id,
      services.clock.now(),
    );
    if (position !== null) setPosition(ctx, position);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { data: answer };
  });

  /** The ticket page: a code only for an active, paid ticket; otherwise its state. */
  router.get('/events/:eventId/attendees/:attendeeShortId', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const shortId = shortIdOrNotFound(pathParam(ctx, 'attendeeShortId'), 'attendee_not_found');
    const attendee = await findAttendeeByShortId(services.db, eventId, shortId);
    if (!attendee) throw new Refusal('attendee_not_found');
    const [row, lines, event] = await Promise.all([
      findOrder(services.db, attendee.order_id),
      listOrderLines(services.db, attendee.order_id),
      eventSettings(eventId),
    ]);
    if (!row) throw new Refusal('attendee_not_found');
    const status = visibleStatus(row, services.clock.now());
    // A ticket of an order that never went through is not a ticket.
    if (
      attendee.payment === 'PENDING' &&
      status !== 'AWAITING_DETAILS' &&
      status !== 'RESERVED' &&
      status !== 'PAYMENT_FAILED'
    )
      throw new Refusal('attendee_not_found');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      data: {
        attendee: presentAttendee(attendee, titlesOf(lines), keys),
        order: { short_id: row.short_id, reference: row.reference, status },
        event: {
          id: eventId,
          title: event.details.title,
          start_date: event.details.startDate,
          end_date: event.details.endDate,
          timezone: event.details.timezone,
        },
        state:
          attendee.status === 'CANCELLED'
            ? 'CANCELLED'
            : ticketIsValid(attendee)
              ? 'VALID'
              : attendee.payment === 'UNPAID'
                ? 'UNPAID'
                : 'PENDING',
      },
    };
  });

  router.get('/ticket-keys', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { keys: publishedTicketKeys(keys) };
  });

  return router;
}
