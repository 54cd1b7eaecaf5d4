import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { pathParam } from '../../kit/http/validate';
import { dataOf, route } from '../../kit/http/routeContract';
import { z } from 'zod';
import { Refusal } from '../../kit/refusal';
import type { TicketSigningKeys } from '../../admission/signingKeys';
import { eventDecider } from '../../catalog/events/eventDecider';
import { eventStream, type EventLocation } from '../../catalog/events/eventEvents';
import { eventIdOrNotFound } from '../../catalog/events/eventSchemas';
import { fileStorageFor } from '../../catalog/images/storage';
import { organizerDecider, organizerStream } from '../../catalog/organizers/organizerDecider';
import { renderTicketPdf, type TicketDocument } from '../../messaging/ticketPdf';
import {
  findAttendeeByShortId,
  findOrder,
  findOrderByShortId,
  listOrderAttendees,
  listOrderLines,
  type AttendeeRow,
  type OrderRow,
} from '../../../projections/orders';
import { ticketCodeOf, titlesOf } from './orderPresenters';
import { shortIdOrNotFound } from './orderSchemas';
import { applePass, googleSaveLink, type WalletTicket } from './walletPasses';

/** The venue on one line, as the ticket prints it. */
export function placeOf(location: EventLocation | null): string | null {
  if (!location) return null;
  const parts = [
    location.venueName,
    location.addressLine1,
    location.addressLine2,
    [location.zipOrPostalCode, location.city].filter(Boolean).join(' '),
    location.stateOrRegion,
    location.country,
  ].filter((part): part is string => Boolean(part && part.trim()));
  return parts.length ? parts.join(', ') : null;
}

/** Why a ticket has no document: the same refusal the door gives it. */
function refusalOf(attendee: Pick<AttendeeRow, 'status' | 'payment'>): Refusal {
  return new Refusal(attendee.status === 'CANCELLED' ? 'attendee_cancelled' : 'attendee_unpaid');
}

/**
 * The buyer's ticket documents (docs/tickets.md): one ticket's PDF, and the order's with a page per valid ticket.
 * Opened like the ticket and order pages, by the short id only their holder has; a short id of another event or
 * order answers 404 like an unknown one.
 */
const drawableLogoTypes = new Set(['image/png', 'image/jpeg']);

export function ticketDocumentRoutes(services: Services, keys: TicketSigningKeys) {
  const router = new Router({ prefix: '/public' });
  const wallets = services.config.wallets;

  const storage = fileStorageFor(services.config.dataDir);

  /** The organizer's logo where it is a PNG or JPEG (what a PDF draws); null otherwise. */
  async function organizerLogo(organizerId: string): Promise<TicketDocument['logo']> {
    const { state: organizer } = await services.commands.load(organizerDecider, organizerStream(organizerId));
    if (!organizer.exists) return null;
    const image = organizer.images.find((candidate) => candidate.type === 'ORGANIZER_LOGO');
    if (!image || !drawableLogoTypes.has(image.contentType)) return null;
    const file = await storage.get(image.key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return { content: Buffer.concat(chunks), width: image.width, height: image.height };
  }

  async function documentOf(
    row: OrderRow,
    attendees: readonly AttendeeRow[],
    kind: TicketDocument['kind'],
  ): Promise<Buffer> {
    const [{ state: event }, lines] = await Promise.all([
      services.commands.load(eventDecider, eventStream(row.event_id)),
      listOrderLines(services.db, row.id),
    ]);
    if (!event.exists) throw new Refusal('event_not_found');
    const titles = titlesOf(lines);
    const logo = event.organizerId ? await organizerLogo(event.organizerId) : null;
    return renderTicketPdf({
      logo,
      locale: row.locale,
      kind,
      orderReference: row.reference,
      event: {
        title: event.details.title,
        startDate: event.details.startDate,
        timezone: event.details.timezone,
        place: placeOf(event.details.location),
        isOnline: event.details.isOnline,
      },
      colours: {
        primary: event.settings.homepagePrimaryColor,
        background: event.settings.homepageContentBackgroundColor,
        text: event.settings.homepageTextColor,
      },
      tickets: attendees.flatMap((attendee) => {
        const code = ticketCodeOf(attendee, keys);
        return code
          ? [
              {
                shortId: attendee.short_id,
                ticketTitle: titles.get(attendee.ticket_id) ?? null,
                attendeeName: [attendee.first_name, attendee.last_name].filter(Boolean).join(' '),
                code,
              },
            ]
          : [];
      }),
    });
  }

  function sendPdf(ctx: Context, file: Buffer, name: string) {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${name}.pdf"`);
    ctx.type = 'application/pdf';
    ctx.body = file;
  }

  /** The path's attendee with a valid ticket, its order and its signed code. */
  async function validTicketOfPath(ctx: Context) {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const shortId = shortIdOrNotFound(pathParam(ctx, 'attendeeShortId'), 'attendee_not_found');
    const attendee = await findAttendeeByShortId(services.db, eventId, shortId);
    if (!attendee) throw new Refusal('attendee_not_found');
    const row = await findOrder(services.db, attendee.order_id);
    if (!row) throw new Refusal('attendee_not_found');
    const code = ticketCodeOf(attendee, keys);
    if (!code) throw refusalOf(attendee);
    return { attendee, row, code };
  }

  async function walletTicketOfPath(ctx: Context): Promise<WalletTicket> {
    const { attendee, row, code } = await validTicketOfPath(ctx);
    const [{ state: event }, lines] = await Promise.all([
      services.commands.load(eventDecider, eventStream(row.event_id)),
      listOrderLines(services.db, row.id),
    ]);
    if (!event.exists) throw new Refusal('event_not_found');
    return {
      locale: row.locale,
      eventId: row.event_id,
      eventTitle: event.details.title,
      startDate: event.details.startDate,
      endDate: event.details.endDate,
      place: placeOf(event.details.location),
      colour: event.settings.homepagePrimaryColor,
      attendeeShortId: attendee.short_id,
      attendeeName: [attendee.first_name, attendee.last_name].filter(Boolean).join(' '),
      ticketTitle: titlesOf(lines).get(attendee.ticket_id) ?? null,
      orderReference: row.reference,
      code,
      ticketUrl: `${services.config.publicUrl}/ticket/${row.event_id}/${attendee.short_id}`,
    };
  }

  router.get('/wallets', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { data: { apple: Boolean(wallets.apple), google: Boolean(wallets.google) } };
  });

  router.get('/events/:eventId/attendees/:attendeeShortId/ticket.pdf', async (ctx) => {
    const { attendee, row } = await validTicketOfPath(ctx);
    sendPdf(ctx, await documentOf(row, [attendee], 'ticket'), `ticket-${attendee.short_id}`);
  });

  router.get('/events/:eventId/attendees/:attendeeShortId/wallet.pkpass', async (ctx) => {
    if (!wallets.apple) throw new Refusal('wallet_not_configured', 'Apple Wallet passes are not configured');
    const ticket = await walletTicketOfPath(ctx);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="ticket-${ticket.attendeeShortId}.pkpass"`);
    ctx.type = 'application/vnd.apple.pkpass';
    ctx.body = await applePass(wallets.apple, ticket);
  });

  router.get('/events/:eventId/attendees/:attendeeShortId/google-wallet', async (ctx) => {
    if (!wallets.google) throw new Refusal('wallet_not_configured', 'Google Wallet is not configured');
    const ticket = await walletTicketOfPath(ctx);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { data: { url: googleSaveLink(wallets.google, ticket, services.clock.now()) } };
  });

  router.get('/events/:eventId/orders/:orderShortId/tickets.pdf', async (ctx) => {
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const shortId = shortIdOrNotFound(pathParam(ctx, 'orderShortId'), 'order_not_found');
    const row = await findOrderByShortId(services.db, eventId, shortId);
    if (!row) throw new Refusal('order_not_found');
    const attendees = await listOrderAttendees(services.db, row.id);
    const valid = attendees.filter((attendee) => ticketCodeOf(attendee, keys));
    const first = attendees[0];
    if (valid.length === 0) throw first ? refusalOf(first) : new Refusal('order_not_found');
    sendPdf(ctx, await documentOf(row, valid, 'order'), `tickets-${row.reference}`);
  });

  return router;
}

export const walletsResponseSchema = z.object({ apple: z.boolean(), google: z.boolean() });
export const googleWalletResponseSchema = z.object({ url: z.string() });

export const ticketDocumentRouteContracts = [
  route({
    method: 'get',
    path: '/public/wallets',
    summary:
      'Which wallet passes this platform offers (Apple Wallet, Google Wallet): the ticket page shows their buttons',
    response: dataOf(walletsResponseSchema),
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/attendees/:attendeeShortId/wallet.pkpass',
    summary:
      'One valid ticket as a signed Apple Wallet pass (application/vnd.apple.pkpass); 404 wallet_not_configured without the Apple Wallet settings',
    status: 200,
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/attendees/:attendeeShortId/google-wallet',
    summary:
      "One valid ticket's Save to Google Wallet link (a signed JWT); 404 wallet_not_configured without the Google Wallet settings",
    response: dataOf(googleWalletResponseSchema),
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/attendees/:attendeeShortId/ticket.pdf',
    summary:
      "One valid ticket as a PDF (application/pdf): the event's colours, the details and the signed QR code",
    status: 200,
    public: true,
  }),
  route({
    method: 'get',
    path: '/public/events/:eventId/orders/:orderShortId/tickets.pdf',
    summary: "The order's valid tickets as one PDF (application/pdf), a page per ticket",
    status: 200,
    public: true,
  }),
];
