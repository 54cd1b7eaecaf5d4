import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { commandContext, loadOwned, readYourWrite, requireAuth, setPosition } from '../../kit/http/context';
import { allow } from '../../identity/policy';
import { pathParam } from '../../kit/http/validate';
import { parseListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { eventDecider } from '../../catalog/events/eventDecider';
import { eventStream } from '../../catalog/events/eventEvents';
import { eventIdOrNotFound } from '../../catalog/events/eventSchemas';
import {
  attendeeListSpec,
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
import { orderDecider, type OrderCommand } from './orderDecider';
import { orderStream } from './orderEvents';
import { presentAttendee, presentLine, presentOrderFields, titlesOf } from './orderPresenters';
import { orderIdOrNotFound } from './orderSchemas';

const readModels = [ordersProjection.name];

/**
 * The organizer's orders and attendees (`/api/events/{eventId}/orders`, `/attendees`): lists, an order with
 * its history, marking an offline payment received, cancelling. Minimal: issue 14 extends them.
 */
export function orderRoutes(services: Services, keys: TicketSigningKeys) {
  const router = new Router();
  router.use('/events/:eventId/orders', allow('events.manage'));
  router.use('/events/:eventId/attendees', allow('events.manage'));

  async function ownedEvent(ctx: Context) {
    const auth = requireAuth(ctx);
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    await loadOwned(services, {
      decider: eventDecider,
      stream: eventStream(eventId),
      accountId: auth.accountId,
      notFound: 'event_not_found',
    });
    return { auth, eventId };
  }

  /** The order of the path, or 404 for an unknown id, another event's or another account's. */
  async function ownedOrder(ctx: Context) {
    const { auth, eventId } = await ownedEvent(ctx);
    const orderId = orderIdOrNotFound(pathParam(ctx, 'orderId'));
    const order = await loadOwned(services, {
      decider: orderDecider,
      stream: orderStream(orderId),
      accountId: auth.accountId,
      notFound: 'order_not_found',
    });
    if (order.placed.eventId !== eventId) throw new Refusal('order_not_found');
    return { auth, eventId, orderId, order };
  }

  async function presentDetail(row: OrderRow) {
    const now = services.clock.now();
    const [lines, attendees] = await Promise.all([
      listOrderLines(services.db, row.id),
      listOrderAttendees(services.db, row.id),
    ]);
    const history: { type: string; at: string; actor: string | null; position: string }[] = [];
    for await (const event of services.store.readStream(orderStream(row.id)))
      history.push({
        type: event.type,
        at: event.recordedAt.toISOString(),
        actor: event.metadata.actor ?? null,
        position: event.position.toString(),
      });
    const titles = titlesOf(lines);
    return {
      ...presentOrderFields(row, now),
      lines: lines.map(presentLine),
      attendees: attendees.map((attendee) => presentAttendee(attendee, titles, keys)),
      answers: row.answers ? (JSON.parse(row.answers) as Record<string, unknown>) : {},
      history,
    };
  }

  async function stored(accountId: string, eventId: string, orderId: string) {
    const row = await findAccountOrder(services.db, accountId, eventId, orderId);
    if (!row) throw new Refusal('order_not_found');
    return row;
  }

  router.get('/events/:eventId/orders', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    const list = parseListQuery(ctx.query, orderListSpec);
    const now = services.clock.now();
    const { rows, meta } = await listEventOrders(services.db, eventId, list);
    ctx.body = { data: rows.map((row) => presentOrderFields(row, now)), meta };
  });

  router.get('/events/:eventId/orders/:orderId', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  router.post('/events/:eventId/orders/:orderId/mark-paid', async (ctx) => {
    const { auth, eventId, orderId } = await ownedOrder(ctx);
    const result = await services.commands.handle(
      orderDecider,
      orderStream(orderId),
      { type: 'MarkOrderPaid', orderId, by: auth.userId, now: services.clock.now() },
      commandContext(ctx),
    );
    setPosition(ctx, result.position);
    await readYourWrite(services, result.position, readModels);
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  /** The tickets go back to the inventory first (once per order: the return id is the order's), then the order. */
  router.post('/events/:eventId/orders/:orderId/cancel', async (ctx) => {
    const { auth, eventId, orderId, order } = await ownedOrder(ctx);
    const now = services.clock.now();
    const command: OrderCommand = { type: 'CancelOrder', orderId, by: auth.userId, now };
    let position: bigint | null = null;
    if (orderDecider.decide(command, order).length > 0) {
      const returned = await services.commands.handle(
        inventoryDecider,
        inventoryStream(eventId),
        { type: 'ReturnStock', eventId, holdId: order.placed.holdId, returnId: `cancel-${orderId}`, now },
        commandContext(ctx),
      );
      const cancelled = await services.commands.handle(
        orderDecider,
        orderStream(orderId),
        command,
        commandContext(ctx),
      );
      position = cancelled.position > returned.position ? cancelled.position : returned.position;
    }
    if (position !== null) {
      setPosition(ctx, position);
      await readYourWrite(services, position, readModels);
    }
    ctx.body = { data: await presentDetail(await stored(auth.accountId, eventId, orderId)) };
  });

  router.get('/events/:eventId/attendees', async (ctx) => {
    const { eventId } = await ownedEvent(ctx);
    const list = parseListQuery(ctx.query, attendeeListSpec);
    const { rows, meta } = await listEventAttendees(services.db, eventId, list);
    // A list shows no codes: the ticket page and the mails carry them.
    ctx.body = {
      data: rows.map((attendee) => ({ ...presentAttendee(attendee, new Map(), keys), ticket_code: null })),
      meta,
    };
  });

  return router;
}
