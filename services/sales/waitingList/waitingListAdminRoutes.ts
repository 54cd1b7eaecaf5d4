import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { parse, pathParam } from '../../kit/http/validate';
import { entityId } from '../../kit/http/ids';
import { exportContentType, streamExport } from '../../kit/exports';
import { parseListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import { ownedEvent } from '../../catalog/events/ownedEvent';
import { exportFormatSchema } from '../orders/orderSchemas';
import {
  exportWaitingListEntries,
  listWaitingListEntries,
  waitingListProjection,
  waitingListSpec,
  type WaitingListEntry,
} from '../../../projections/waitingList';
import { requireAuth } from '../../kit/http/context';
import { waitingEntryDecider } from './waitingEntryDecider';
import { waitingEntryStream } from './waitingListEvents';
import { joinedEntry, waitingListRemove } from './waitingListWorkflow';

export function presentWaitingListEntry(row: WaitingListEntry) {
  return {
    id: row.id,
    event_id: row.event_id,
    ticket_id: row.ticket_id,
    tier_id: row.tier_id,
    position: row.position,
    quantity: row.quantity,
    name: row.name,
    email: row.email,
    locale: row.locale,
    status: row.status,
    joined_at: row.joined_at,
    offered_at: row.offered_at,
    offer_expires_at: row.offer_expires_at,
    expired_at: row.expired_at,
    converted_at: row.converted_at,
    order_id: row.order_id,
    removed_at: row.removed_at,
    removed_by: row.removed_by,
  };
}

export const waitingListExportHeader = [
  'Entry ID',
  'Position',
  'Status',
  'Ticket ID',
  'Tier ID',
  'Quantity',
  'Name',
  'Email',
  'Language',
  'Joined at',
  'Offered at',
  'Offer expires at',
  'Expired at',
  'Converted at',
  'Order ID',
  'Removed at',
];

const waitingListExportRow = (row: WaitingListEntry) => [
  row.id,
  row.position,
  row.status,
  row.ticket_id,
  row.tier_id,
  row.quantity,
  row.name,
  row.email,
  row.locale,
  row.joined_at,
  row.offered_at,
  row.offer_expires_at,
  row.expired_at,
  row.converted_at,
  row.order_id,
  row.removed_at,
];

/**
 * The organizer's side of the waiting list (docs/waiting-list.md): the list, its export and taking an entry off
 * it. Another account's event, or an entry of another event, answers like an unknown one (404).
 */
export function waitingListAdminRoutes(services: Services) {
  const router = new Router();
  router.use('/events/:eventId/waiting-list', allow('events.manage'));

  router.get('/events/:eventId/waiting-list', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    const { rows, meta } = await listWaitingListEntries(
      services.db,
      eventId,
      parseListQuery(ctx.query, waitingListSpec),
    );
    ctx.body = { data: rows.map(presentWaitingListEntry), meta };
  });

  router.get('/events/:eventId/waiting-list/export', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    const { format: rawFormat, ...listParams } = ctx.query;
    const format = parse(exportFormatSchema, rawFormat ?? 'csv');
    const list = parseListQuery(listParams, waitingListSpec);
    const db = services.db;
    async function* pages() {
      for await (const page of exportWaitingListEntries(db, eventId, list))
        yield page.map(waitingListExportRow);
    }
    ctx.set('Content-Disposition', `attachment; filename="waiting-list-${eventId}.${format}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = exportContentType[format];
    ctx.body = streamExport(format, {
      name: 'Waiting list',
      header: waitingListExportHeader,
      pages: pages(),
    });
  });

  router.delete('/events/:eventId/waiting-list/:entryId', async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    // The entry's own stream, not the read model: its ticket and address name the place claim to release.
    const { entryId, joined } = await entryOf(ctx, eventId);
    await execute(ctx, services, {
      chain: waitingListRemove(
        { type: 'RemoveWaitingEntry', eventId, entryId, removedBy: 'ORGANIZER', now: services.clock.now() },
        { ticketId: joined.ticketId, email: joined.email },
      ),
      readModels: [waitingListProjection.name],
    });
    ctx.status = 204;
  });

  /** Once the entry left the list, its joiner's name, address and IP are erased for good (docs/audit.md). */
  router.post(
    '/events/:eventId/waiting-list/:entryId/erase-personal-data',
    allow('account.manage'),
    async (ctx) => {
      const { eventId } = await ownedEvent(ctx, services);
      const { entryId } = await entryOf(ctx, eventId);
      await execute(ctx, services, {
        decider: waitingEntryDecider,
        stream: waitingEntryStream(entryId),
        command: {
          type: 'EraseWaitingEntryPersonalData',
          eventId,
          entryId,
          by: requireAuth(ctx).userId,
          now: services.clock.now(),
        },
        readModels: [waitingListProjection.name],
      });
      ctx.status = 204;
    },
  );

  /** The path's entry as it joined, if it is one of this event's: 404 `waiting_entry_not_found` otherwise. */
  async function entryOf(ctx: Context, eventId: string) {
    const parsedId = entityId.safeParse(pathParam(ctx, 'entryId'));
    if (!parsedId.success) throw new Refusal('waiting_entry_not_found');
    const joined = await joinedEntry(services.store, parsedId.data);
    if (!joined || joined.eventId !== eventId) throw new Refusal('waiting_entry_not_found');
    return { entryId: parsedId.data, joined };
  }

  return router;
}
