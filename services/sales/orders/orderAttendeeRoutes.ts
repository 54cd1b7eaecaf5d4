import Router from '@koa/router';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body } from '../../kit/http/validate';
import { parseListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { attendeesCheckedInAt } from '../../../projections/checkIn';
import { questionsForCheckout } from '../../../projections/questions';
import { listEventTickets } from '../../../projections/tickets';
import {
  attendeeListSpec,
  listEventAttendees,
  orderReferences,
  orderedTicketTitles,
  ordersProjection,
} from '../../../projections/orders';
import { answeredQuestions, questionTitles } from './answeredQuestions';
import { orderDecider } from './orderDecider';
import { orderStream } from './orderEvents';
import { presentAdminAttendee } from './orderPresenters';
import { attendeeDetailsSchema, manualAttendeeSchema, toAnswerSheet } from './orderSchemas';
import { addManualAttendee, cancelAttendee, manualOrderPlaced, reactivateAttendee } from './orderWorkflows';
import { ownedOrders } from './ownedOrders';

const readModels = [ordersProjection.name];

/**
 * The organizer's attendees (`/api/events/{eventId}/attendees`, docs/orders.md): the list, the detail, and the
 * actions (add one by hand, edit, cancel, reactivate, resend the ticket). The export is in orderRoutes.
 */
export function orderAttendeeRoutes(services: Services, keys: TicketSigningKeys) {
  const router = new Router();
  const { ownedEvent, ownedAttendee, attendeeDetail } = ownedOrders(services, keys);
  router.use('/events/:eventId/attendees', allow('events.manage'));

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
    const attendeeId = services.ids.entity('at');
    const shortId = services.ids.shortId();
    const order = manualOrderPlaced({
      eventId,
      orderId,
      accountId: auth.accountId,
      shortId,
      locale: input.locale ?? 'en',
      currency: event.details.currency,
      displayMode: event.settings.priceDisplayMode,
      attendee: {
        attendeeId,
        shortId: services.ids.shortId(),
        ticketId: ticket.ticketId,
        tierId: tier?.tierId ?? null,
      },
      ticketTitle: ticket.details.title,
      tierLabel: tier?.label ?? null,
      amount: input.amount_paid,
      now,
    });
    const chain = addManualAttendee({
      type: 'CreateManualOrder',
      order,
      attendee: {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        answers: toAnswerSheet(input.answers),
      },
      questions,
      amountPaid: input.amount_paid,
      sendTicket: input.send_ticket,
      by: auth.userId,
      now,
    });
    await execute(ctx, services, { chain, readModels });
    ctx.status = 201;
    ctx.body = { data: await attendeeDetail(auth.accountId, eventId, attendeeId) };
  });

  router.get('/events/:eventId/attendees/:attendeeId', async (ctx) => {
    const { auth, eventId, attendee } = await ownedAttendee(ctx);
    ctx.body = { data: await attendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  router.put('/events/:eventId/attendees/:attendeeId', async (ctx) => {
    const { auth, eventId, orderId, attendee } = await ownedAttendee(ctx);
    const input = body(ctx, attendeeDetailsSchema);
    await execute(ctx, services, {
      decider: orderDecider,
      stream: orderStream(orderId),
      command: {
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
      },
      readModels,
    });
    ctx.body = { data: await attendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  /** Decided first; then the attendee's unit goes back to the inventory (once per cancellation), then recorded. */
  router.post('/events/:eventId/attendees/:attendeeId/cancel', async (ctx) => {
    const { auth, eventId, order, attendee } = await ownedAttendee(ctx);
    const chain = cancelAttendee(order, attendee, auth.userId, services.clock.now());
    await execute(ctx, services, { chain, readModels });
    ctx.body = { data: await attendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  /** Decided first; then the unit is taken again (a hold placed and converted: refused when sold out), then recorded. */
  router.post('/events/:eventId/attendees/:attendeeId/reactivate', async (ctx) => {
    const { auth, eventId, order, attendee } = await ownedAttendee(ctx);
    const chain = reactivateAttendee(order, attendee, auth.userId, services.clock.now());
    await execute(ctx, services, { chain, readModels });
    ctx.body = { data: await attendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  router.post('/events/:eventId/attendees/:attendeeId/resend-ticket', async (ctx) => {
    const { auth, eventId, orderId, attendee } = await ownedAttendee(ctx);
    await execute(ctx, services, {
      decider: orderDecider,
      stream: orderStream(orderId),
      command: {
        type: 'ResendTicket',
        orderId,
        attendeeId: attendee.attendeeId,
        requestId: (ctx.state as { requestId: string }).requestId,
        by: auth.userId,
        now: services.clock.now(),
      },
      readModels,
    });
    ctx.body = { data: await attendeeDetail(auth.accountId, eventId, attendee.attendeeId) };
  });

  return router;
}
