import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import QRCode from 'qrcode';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ProjectionContext, ReadModelTable } from '../../projections/runner/types';
import type { RecordedEvent } from '../eventstore/port';
import type { CommandHandler } from '../kit/commandHandler';
import type { TicketSigningKeys } from '../admission/signingKeys';
import { signTicketCode } from '../admission/ticketCodes';
import { eventDecider, type ExistingEvent } from '../catalog/events/eventDecider';
import { eventStream } from '../catalog/events/eventEvents';
import { organizerDecider, organizerStream } from '../catalog/organizers/organizerDecider';
import { eventCalendar } from '../messaging/calendar';
import { isSupportedLocale, mailCatalogs } from '../messaging/locales';
import {
  addMailAttachments,
  dedupeKey,
  enqueueMail,
  isEnqueued,
  mailAttachmentsTable,
  mailOutboxTable,
  type MailAttachment,
} from '../messaging/outbox';
import { renderMail, type MailTemplate, type MailTemplates } from '../messaging/templates';
import { minorUnitDigits } from '../sales/pricing/money';
import type {
  OrderAwaitingOfflinePayment,
  OrderCompleted,
  OrderDetailsSubmitted,
  OrderMarkedPaid,
  OrderPlaced,
} from '../sales/orders/orderEvents';

/**
 * The checkout's mails (docs/orders.md): the buyer's order confirmation, ONE ticket mail per attendee (its
 * QR code inline and an .ics file attached) once the ticket is paid, and the organizer's new-order
 * notification; in the buyer's language. Written to the outbox in the same transaction as the checkpoint, at
 * most once per (order, template, attendee), like the identity mails (mailReactor.ts). What a mail needs of
 * the order comes from this reactor's own table, filled from the same ordered events.
 */

export const orderMailsTable: ReadModelTable = {
  name: 'order_mails',
  define(table) {
    table.string('order_id', 40).primary();
    /** JSON: the order as placed, then the buyer's and attendees' details. */
    table.text('data').notNullable();
  },
};

interface OrderMailData {
  placed: OrderPlaced['data'];
  details: OrderDetailsSubmitted['data'] | null;
}

type Handled =
  OrderPlaced | OrderDetailsSubmitted | OrderCompleted | OrderAwaitingOfflinePayment | OrderMarkedPaid;

export const orderMailReactorName = 'order-mail-reactor';

export interface OrderMailSettings {
  publicUrl: string;
  commands: Pick<CommandHandler, 'load'>;
  keys: TicketSigningKeys;
}

export function orderMailReactor(settings: OrderMailSettings): Projection {
  return defineProjection<Handled>({
    name: orderMailReactorName,
    tables: [mailOutboxTable, mailAttachmentsTable, orderMailsTable],
    handles: [
      'OrderPlaced',
      'OrderDetailsSubmitted',
      'OrderCompleted',
      'OrderAwaitingOfflinePayment',
      'OrderMarkedPaid',
    ],
    async apply(trx, event, ctx) {
      const orders = ctx.table('order_mails');
      const { orderId } = event.data;
      if (event.type === 'OrderPlaced') {
        const data: OrderMailData = { placed: event.data, details: null };
        await trx(orders)
          .insert({ order_id: orderId, data: JSON.stringify(data) })
          .onConflict('order_id')
          .ignore();
        return [];
      }
      const row: { data: string } | undefined = await trx(orders).where({ order_id: orderId }).first('data');
      if (!row) return [];
      const data = JSON.parse(row.data) as OrderMailData;
      if (event.type === 'OrderDetailsSubmitted') {
        await trx(orders)
          .where({ order_id: orderId })
          .update({ data: JSON.stringify({ ...data, details: event.data }) });
        return [];
      }
      if (!data.details) return [];
      const mail = new OrderMailer(trx, ctx, event, settings, data, data.details);
      switch (event.type) {
        case 'OrderCompleted':
          await mail.confirmation(false);
          await mail.notification();
          await mail.tickets();
          return [];
        case 'OrderAwaitingOfflinePayment':
          await mail.confirmation(true);
          await mail.notification();
          return [];
        case 'OrderMarkedPaid':
          await mail.tickets();
          return [];
      }
    },
  });
}

const plainText = (html: string | null): string =>
  (html ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

class OrderMailer {
  private event: ExistingEvent | null = null;
  private readonly locale: string;

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly ctx: ProjectionContext,
    private readonly recorded: RecordedEvent,
    private readonly settings: OrderMailSettings,
    private readonly order: OrderMailData,
    private readonly details: OrderDetailsSubmitted['data'],
  ) {
    this.locale = isSupportedLocale(details.locale) ? details.locale : 'en';
  }

  private get placed() {
    return this.order.placed;
  }

  private async loadEvent(): Promise<ExistingEvent | null> {
    if (!this.event) {
      const { state } = await this.settings.commands.load(eventDecider, eventStream(this.placed.eventId));
      this.event = state.exists ? state : null;
    }
    return this.event;
  }

  private money(amount: number): string {
    const digits = minorUnitDigits(this.placed.currency);
    return new Intl.NumberFormat(mailCatalogs[this.locale as keyof typeof mailCatalogs].tag, {
      style: 'currency',
      currency: this.placed.currency,
    }).format(amount / 10 ** digits);
  }

  async confirmation(awaitingPayment: boolean): Promise<void> {
    const event = await this.loadEvent();
    if (!event) return;
    const { buyer } = this.details;
    await this.send('order_confirmation', 'confirmation', buyer.email, [], {
      name: buyer.firstName,
      event: event.details.title,
      reference: this.placed.reference,
      total: this.money(this.placed.totals.total),
      awaitingPayment,
      instructions: awaitingPayment ? plainText(event.settings.offlinePaymentInstructions) : '',
      link: `${this.settings.publicUrl}/checkout/${this.placed.eventId}/${this.placed.shortId}/summary`,
    });
  }

  async notification(): Promise<void> {
    const event = await this.loadEvent();
    if (!event?.organizerId) return;
    const { state: organizer } = await this.settings.commands.load(
      organizerDecider,
      organizerStream(event.organizerId),
    );
    if (!organizer.exists || !organizer.profile.email) return;
    const { buyer } = this.details;
    await this.send('order_notification', 'notification', organizer.profile.email, [], {
      name: organizer.profile.name,
      event: event.details.title,
      reference: this.placed.reference,
      buyer: `${buyer.firstName} ${buyer.lastName}`.trim(),
      total: this.money(this.placed.totals.total),
      link: `${this.settings.publicUrl}/manage/event/${this.placed.eventId}/orders`,
    });
  }

  /** One mail per attendee (not per distinct address), each with its own signed code. */
  async tickets(): Promise<void> {
    const event = await this.loadEvent();
    if (!event) return;
    const tag = mailCatalogs[this.locale as keyof typeof mailCatalogs].tag;
    const start = new Date(event.details.startDate);
    const end = event.details.endDate
      ? new Date(event.details.endDate)
      : new Date(start.getTime() + 2 * 3_600_000);
    const when = new Intl.DateTimeFormat(tag, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: event.details.timezone,
    }).format(start);
    const location = event.details.isOnline
      ? 'Online'
      : [
          event.details.location?.venueName,
          event.details.location?.addressLine1,
          event.details.location?.city,
        ]
          .filter((part): part is string => Boolean(part))
          .join(', ');
    const eventUrl = `${this.settings.publicUrl}/e/${this.placed.eventId}/${event.slug}`;
    const ics = eventCalendar(
      {
        uid: `${this.placed.eventId}@ticketing`,
        time: { kind: 'timed', start, end },
        summary: event.details.title,
        location: location || undefined,
        url: eventUrl,
      },
      { now: this.recorded.recordedAt },
    );
    const titles = new Map(this.placed.lines.map((line) => [line.ticketId, line.ticketTitle]));
    const byId = new Map(this.details.attendees.map((attendee) => [attendee.attendeeId, attendee]));
    for (const attendee of this.placed.attendees) {
      const person = byId.get(attendee.attendeeId);
      if (!person) continue;
      const code = signTicketCode(
        {
          eventId: this.placed.eventId,
          ticketId: attendee.ticketId,
          attendeeShortId: attendee.shortId,
          issue: 1,
        },
        this.settings.keys.current,
      );
      const qr = await QRCode.toBuffer(code, {
        type: 'png',
        errorCorrectionLevel: 'M',
        width: 480,
        margin: 2,
      });
      await this.send(
        'order_ticket',
        attendee.attendeeId,
        person.email,
        [
          { filename: 'ticket-qr.png', contentType: 'image/png', content: qr, contentId: 'ticket-qr' },
          {
            filename: 'event.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: Buffer.from(ics),
          },
        ],
        {
          name: person.firstName,
          event: event.details.title,
          ticket: titles.get(attendee.ticketId) ?? '',
          when,
          link: `${this.settings.publicUrl}/ticket/${this.placed.eventId}/${attendee.shortId}`,
        },
      );
    }
  }

  private async send<T extends MailTemplate>(
    template: T,
    occurrence: string,
    to: string,
    attachments: readonly MailAttachment[],
    values: MailTemplates[T],
  ): Promise<void> {
    const outbox = this.ctx.table('mail_outbox');
    const key = dedupeKey(this.placed.orderId, template, occurrence);
    if (await isEnqueued(this.trx, outbox, key)) return;
    const id = `ml_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
    await enqueueMail(this.trx, outbox, {
      id,
      template,
      aggregateId: this.placed.orderId,
      occurrence,
      accountId: this.placed.accountId,
      recipientUserId: null,
      to,
      locale: this.locale,
      rendered: renderMail(template, this.locale, values),
      position: this.recorded.position,
      createdAt: this.recorded.recordedAt.toISOString(),
    });
    await addMailAttachments(this.trx, this.ctx.table('mail_attachments'), id, attachments);
  }
}
