import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { loadOwned, requireAuth } from '../../kit/http/context';
import { pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import type { RecordedEvent } from '../../eventstore/port';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { attendeesCheckedInAt } from '../../../projections/checkIn';
import {
  findAccountAttendee,
  findAccountOrder,
  listOrderAttendees,
  listOrderLines,
  manualOrders,
  orderPayments,
  orderReferences,
  orderedTicketTitles,
} from '../../../projections/orders';
import { answeredQuestions, questionTitles } from './answeredQuestions';
import { orderDecider } from './orderDecider';
import { orderStream } from './orderEvents';
import { historyNamesFrom, presentOrderHistory } from './orderHistory';
import { presentAdminAttendee, presentAdminOrderFields, presentLine, titlesOf } from './orderPresenters';
import { orderIdOrNotFound } from './orderSchemas';
import { ownedEvent as ownedCatalogEvent } from '../../catalog/events/ownedEvent';

/**
 * What the organizer's order routes (orderRoutes, orderPaymentRoutes, orderAttendeeRoutes) load from the path
 * and answer: the event, order or attendee of the path (404 for an unknown id, another event's or another
 * account's), and the order's and the attendee's detail as the read model shows them.
 */
export function ownedOrders(services: Services, keys: TicketSigningKeys) {
  /** The catalogue's owned event, with the caller's session the order routes act for. */
  async function ownedEvent(ctx: Context) {
    return { auth: requireAuth(ctx), ...(await ownedCatalogEvent(ctx, services)) };
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

  /** The order's detail with its lines, attendees (with their codes), answers and history. */
  async function orderDetail(accountId: string, eventId: string, orderId: string) {
    const row = await findAccountOrder(services.db, accountId, eventId, orderId);
    if (!row) throw new Refusal('order_not_found');
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

  /** The attendee's detail with its code and answers. */
  async function attendeeDetail(accountId: string, eventId: string, attendeeId: string) {
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

  return { ownedEvent, ownedOrder, ownedAttendee, orderDetail, attendeeDetail };
}
