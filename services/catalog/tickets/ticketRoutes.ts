import Router from '@koa/router';
import { defaultTaxAndFeeIds } from '../../../projections/taxes';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  findEventTicket,
  listEventTickets,
  ticketsProjection,
  type TicketRow,
} from '../../../projections/tickets';
import { ownedEvent } from '../events/ownedEvent';
import { taxDecider } from '../taxes/taxDecider';
import { taxStream } from '../taxes/taxEvents';
import { inventoryDecider, remainingAt, type InventoryState } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { ticketSalesFacts } from './salesFacts';
import { ticketDecider, type TicketCommand } from './ticketDecider';
import { ticketStream, ticketOrderStream } from './ticketEvents';
import { ticketOrderDecider } from './ticketOrderDecider';
import {
  createTicketSchema,
  sortTicketsSchema,
  ticketIdOrNotFound,
  ticketWaitingListSchema,
  toTicketChanges,
  toTicketDetails,
  updateTicketSchema,
} from './ticketSchemas';
import { ticketState } from './ticketState';
import { ticketSave } from './ticketWorkflows';

/**
 * The organizer's side of tickets (`/api/events/{eventId}/tickets`): thin routes, rules in ticketDecider,
 * shapes in ticketSchemas. Every change of a quantity is mirrored into the event's inventory stream
 * (docs/catalogue.md, "Tickets and the inventory").
 */
export function ticketRoutes(services: Services) {
  const router = new Router();
  router.use('/events/:id/tickets', allow('events.manage'));
  const readModels = [ticketsProjection.name];
  const newTierId = () => services.ids.entity('tr');

  /** A ticket of that event, or 404 (a ticket of another event answers like an unknown one). */
  async function ownedTicket(ctx: Context) {
    const owned = await ownedEvent(ctx, services, 'id');
    const ticketId = ticketIdOrNotFound(pathParam(ctx, 'ticketId'));
    const { state } = await services.commands.load(ticketDecider, ticketStream(ticketId));
    if (!state.exists || state.eventId !== owned.eventId) throw new Refusal('ticket_not_found');
    return { ...owned, ticketId, ticket: state };
  }

  const loadInventory = async (eventId: string): Promise<InventoryState> =>
    (await services.commands.load(inventoryDecider, inventoryStream(eventId))).state;

  /** Taxes and fees are the account's own; an unknown or foreign id is a field error. */
  async function checkTaxes(accountId: string, taxIds: readonly string[] | undefined): Promise<void> {
    if (!taxIds) return;
    const unknown: string[] = [];
    for (const taxId of taxIds) {
      const { state } = await services.commands.load(taxDecider, taxStream(taxId));
      if (!state.exists || state.accountId !== accountId)
        unknown.push(`No tax or fee ${taxId} in this account`);
    }
    if (unknown.length > 0) throw new Refusal('validation_failed', undefined, { tax_and_fee_ids: unknown });
  }

  /** Runs a ticket command with its stock mirror (ticketWorkflows) and waits for the tickets read model. */
  async function save(ctx: Context, eventId: string, ticketId: string, command: TicketCommand) {
    await execute(ctx, services, {
      chain: ticketSave({ eventId, ticketId, command, now: services.clock.now() }),
      readModels,
    });
  }

  async function present(row: TicketRow, inventory?: InventoryState) {
    const now = services.clock.now();
    const remaining = remainingAt(inventory ?? (await loadInventory(row.eventId)), now);
    const availability = {
      remaining: remaining.tickets[row.ticketId] ?? row.details.quantity,
      tiers: remaining.tiers[row.ticketId] ?? {},
    };
    const d = row.details;
    return {
      id: row.ticketId,
      event_id: row.eventId,
      type: d.type,
      title: d.title,
      description: d.description,
      price: d.price,
      minimum_price: d.minimumPrice,
      tiers: d.tiers.map((tier) => ({
        tier_id: tier.tierId,
        label: tier.label,
        price: tier.price,
        hidden: tier.hidden,
        quantity: tier.quantity,
      })),
      quantity: d.quantity,
      min_per_order: d.minPerOrder,
      max_per_order: d.maxPerOrder,
      sale_start: d.saleStart,
      sale_end: d.saleEnd,
      hidden: d.hidden,
      hide_before_sale_start: d.hideBeforeSaleStart,
      hide_after_sale_end: d.hideAfterSaleEnd,
      hide_when_sold_out: d.hideWhenSoldOut,
      hidden_unless_promo_code: d.hiddenUnlessPromoCode,
      show_quantity_remaining: d.showQuantityRemaining,
      collapse_on_load: d.collapseOnLoad,
      tax_and_fee_ids: d.taxAndFeeIds,
      sales_paused: row.salesPaused,
      state: ticketState({ ...d, salesPaused: row.salesPaused }, now, availability),
      remaining: availability.remaining,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    };
  }

  async function presentStored(eventId: string, ticketId: string) {
    const row = await findEventTicket(services.db, eventId, ticketId);
    // The command was accepted, so the ticket existed; a delete committed right after it removed the row.
    if (!row) throw new Refusal('ticket_not_found');
    return present(row);
  }

  router.get('/events/:id/tickets', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services, 'id');
    const inventory = await loadInventory(eventId);
    const rows = await listEventTickets(services.db, eventId);
    ctx.body = { data: await Promise.all(rows.map((row) => present(row, inventory))) };
  });

  router.post('/events/:id/tickets', async (ctx) => {
    const request = body(ctx, createTicketSchema);
    const { eventId, event } = await ownedEvent(ctx, services, 'id');
    const input = {
      ...request,
      tax_and_fee_ids: request.tax_and_fee_ids ?? (await defaultTaxAndFeeIds(services.db, event.accountId)),
    };
    await checkTaxes(event.accountId, input.tax_and_fee_ids);
    const ticketId = services.ids.entity('tk');
    const details = toTicketDetails(input, newTierId);
    await save(ctx, eventId, ticketId, {
      type: 'CreateTicket',
      eventId,
      ticketId,
      details,
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/tickets/${ticketId}`);
    ctx.body = { data: await presentStored(eventId, ticketId) };
  });

  router.put('/events/:id/tickets/sort', async (ctx) => {
    const input = body(ctx, sortTicketsSchema);
    const { eventId } = await ownedEvent(ctx, services, 'id');
    const existing = await listEventTickets(services.db, eventId);
    await execute(ctx, services, {
      decider: ticketOrderDecider,
      stream: ticketOrderStream(eventId),
      command: {
        type: 'SortTickets',
        eventId,
        ticketIds: input.ticket_ids,
        existingTicketIds: existing.map((row) => row.ticketId),
        now: services.clock.now(),
      },
      readModels,
    });
    const inventory = await loadInventory(eventId);
    const rows = await listEventTickets(services.db, eventId);
    ctx.body = { data: await Promise.all(rows.map((row) => present(row, inventory))) };
  });

  router.get('/events/:id/tickets/:ticketId', async (ctx) => {
    const { eventId, ticketId } = await ownedTicket(ctx);
    ctx.body = { data: await presentStored(eventId, ticketId) };
  });

  router.put('/events/:id/tickets/:ticketId', async (ctx) => {
    const input = body(ctx, updateTicketSchema);
    const { eventId, event, ticketId, ticket } = await ownedTicket(ctx);
    await checkTaxes(event.accountId, input.tax_and_fee_ids);
    const facts = ticketSalesFacts(await loadInventory(eventId), ticketId, services.clock.now());
    await save(ctx, eventId, ticketId, {
      type: 'UpdateTicket',
      eventId,
      ticketId,
      changes: toTicketChanges(input, ticket.details, newTierId),
      hasSalesOrAttendees: facts.hasSalesOrAttendees,
      tierIdsWithSales: facts.tierIdsWithSales,
      now: services.clock.now(),
    });
    ctx.body = { data: await presentStored(eventId, ticketId) };
  });

  router.delete('/events/:id/tickets/:ticketId', async (ctx) => {
    const { eventId, ticketId } = await ownedTicket(ctx);
    const facts = ticketSalesFacts(await loadInventory(eventId), ticketId, services.clock.now());
    await save(ctx, eventId, ticketId, {
      type: 'DeleteTicket',
      eventId,
      ticketId,
      orderCount: facts.orderCount,
      now: services.clock.now(),
    });
    ctx.status = 204;
  });

  for (const [action, type] of [
    ['pause', 'PauseTicketSales'],
    ['resume', 'ResumeTicketSales'],
  ] as const) {
    router.post(`/events/:id/tickets/:ticketId/${action}`, async (ctx) => {
      const { eventId, ticketId } = await ownedTicket(ctx);
      await execute(ctx, services, {
        decider: ticketDecider,
        stream: ticketStream(ticketId),
        command: { type, eventId, ticketId, now: services.clock.now() },
        readModels,
      });
      ctx.body = { data: await presentStored(eventId, ticketId) };
    });
  }

  router.get('/events/:id/tickets/:ticketId/waiting-list', async (ctx) => {
    const { ticketId, ticket } = await ownedTicket(ctx);
    ctx.body = {
      data: {
        ticket_id: ticketId,
        enabled: ticket.waitingList.enabled,
        offer_hours: ticket.waitingList.offerHours,
      },
    };
  });

  router.put('/events/:id/tickets/:ticketId/waiting-list', async (ctx) => {
    const input = body(ctx, ticketWaitingListSchema);
    const { eventId, ticketId } = await ownedTicket(ctx);
    await execute(ctx, services, {
      decider: ticketDecider,
      stream: ticketStream(ticketId),
      command: {
        type: 'SetTicketWaitingList',
        eventId,
        ticketId,
        enabled: input.enabled,
        offerHours: input.offer_hours,
        now: services.clock.now(),
      },
      readModels: [],
    });
    const { state } = await services.commands.load(ticketDecider, ticketStream(ticketId));
    if (!state.exists) throw new Refusal('ticket_not_found');
    ctx.body = {
      data: {
        ticket_id: ticketId,
        enabled: state.waitingList.enabled,
        offer_hours: state.waitingList.offerHours,
      },
    };
  });

  return router;
}
