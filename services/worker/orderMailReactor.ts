import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ProjectionContext, ReadModelTable } from '../../projections/runner/types';
import { firstRowWhere, insertRowUnlessPresent, updateRows } from '../../projections/runner/rowStatements';
import type { EventStore, RecordedEvent } from '../eventstore/port';
import { ERASED_EMAIL, ERASED_TEXT } from '../eventstore/personalData';
import type { CommandHandler } from '../kit/commandHandler';
import type { TicketSigningKeys } from '../admission/signingKeys';
import { signTicketCode } from '../admission/ticketCodes';
import { eventDecider, type ExistingEvent } from '../catalog/events/eventDecider';
import { eventStream } from '../catalog/events/eventEvents';
import { organizerDecider, organizerStream } from '../catalog/organizers/organizerDecider';
import { eventCalendar } from '../messaging/calendar';
import { isSupportedLocale, mailMoney, type SupportedLocale } from '../messaging/locales';
import {
  addMailAttachments,
  dedupeKey,
  eraseMails,
  enqueueMail,
  mailAttachmentsTable,
  mailOutboxTable,
  type MailAttachment,
} from '../messaging/outbox';
import {
  mailEventTime,
  renderMail,
  type MailTemplate,
  type MailTemplates,
  type OrderSummaryBlock,
  type RenderedMail,
} from '../messaging/templates';
import { mailTemplateDecider, type MailTemplateState } from '../messaging/mailTemplates/mailTemplateDecider';
import { mailTemplateStream } from '../messaging/mailTemplates/mailTemplateEvents';
import { renderOrderMail } from '../messaging/mailTemplates/orderMail';
import { minorUnitDigits } from '../pricing/money';
import { orderSummaryRows } from '../sales/orders/orderSummary';
import type {
  AttendeeDetailsChanged,
  AttendeeTicketResent,
  ManualOrderRecorded,
  OrderBuyerDetailsChanged,
  OrderConfirmationResent,
  OrderRefundRecorded,
  OrderRefunded,
  OrderRefundRequested,
  OrderAwaitingOfflinePayment,
  OrderCancelled,
  OrderCompleted,
  OrderDetailsSubmitted,
  OrderMarkedPaid,
  OrderPersonalDataErased,
  OrderPlaced,
} from '../sales/orders/orderEvents';
import { qrCodePng } from '../messaging/qrPng';
import type { CreditNoteIssued, InvoiceIssued } from '../sales/invoices/invoiceEvents';
import { invoicesOnAtCompletion } from '../sales/invoices/invoicesOnAtCompletion';
import { renderInvoicePdf } from '../sales/invoices/invoicePdf';

/**
 * The checkout's mails (docs/orders.md): the buyer's order confirmation, ONE ticket mail per attendee (its
 * QR code inline and an .ics file attached) once the ticket is paid, the organizer's new-order
 * notification, and the buyer's notice when a member cancels the order; in the buyer's language. Written to the outbox in the same transaction as the checkpoint, at
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
  /** A member's manual order (issue 14): no confirmation or notice; the ticket only if asked for. */
  manual?: { sendTicket: boolean };
  /** Confirmation mails sent so far (awaiting payment or not), for a resend to say the same. */
  awaitingPayment?: boolean;
  /** Card refunds whose buyer is told once Stripe says they went through. */
  refundsToNotify?: string[];
  /** Attendees whose language a member set (issue 10): their ticket mails go out in it, not the buyer's. */
  attendeeLocales?: Record<string, string>;
  /** The order completed while its event had invoices on: the confirmation waits to carry the invoice. */
  confirmationAwaitsInvoice?: boolean;
}

type Handled =
  | OrderPlaced
  | OrderDetailsSubmitted
  | OrderCompleted
  | OrderAwaitingOfflinePayment
  | OrderMarkedPaid
  | OrderCancelled
  | ManualOrderRecorded
  | OrderBuyerDetailsChanged
  | AttendeeDetailsChanged
  | OrderConfirmationResent
  | AttendeeTicketResent
  | OrderRefundRequested
  | OrderRefunded
  | OrderRefundRecorded
  | OrderPersonalDataErased
  | InvoiceIssued
  | CreditNoteIssued;

export const orderMailReactorName = 'order-mail-reactor';

export interface OrderMailSettings {
  publicUrl: string;
  commands: Pick<CommandHandler, 'load'>;
  store: Pick<EventStore, 'readStream'>;
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
      'OrderCancelled',
      'ManualOrderRecorded',
      'OrderBuyerDetailsChanged',
      'AttendeeDetailsChanged',
      'OrderConfirmationResent',
      'AttendeeTicketResent',
      'OrderRefundRequested',
      'OrderRefunded',
      'OrderRefundRecorded',
      'OrderPersonalDataErased',
      'InvoiceIssued',
      'CreditNoteIssued',
    ],
    async apply(trx, event, ctx) {
      const orders = ctx.table('order_mails');
      const { orderId } = event.data;
      if (event.type === 'OrderPlaced') {
        const data: OrderMailData = { placed: event.data, details: null };
        await insertRowUnlessPresent(trx, orders, { order_id: orderId, data: JSON.stringify(data) }, [
          'order_id',
        ]);
        return [];
      }
      const row = await firstRowWhere<{ data: string }>(trx, orders, { order_id: orderId }, ['data']);
      if (!row) return [];
      const data = JSON.parse(row.data) as OrderMailData;
      const save = (changed: OrderMailData) =>
        updateRows(trx, orders, { data: JSON.stringify(changed) }, { order_id: orderId });
      if (event.type === 'OrderDetailsSubmitted') {
        await save({ ...data, details: event.data });
        return [];
      }
      if (event.type === 'OrderPersonalDataErased') {
        const people = data.details ? [data.details.buyer, ...data.details.attendees] : [];
        await eraseMails(
          trx,
          { outbox: ctx.table(mailOutboxTable.name), attachments: ctx.table(mailAttachmentsTable.name) },
          {
            accountId: data.placed.accountId,
            aggregateIds: [orderId],
            addresses: [...new Set(people.map((person) => person.email))],
            erased: { text: ERASED_TEXT, email: ERASED_EMAIL },
          },
        );
        await save({ placed: data.placed, details: null });
        return [];
      }
      if (event.type === 'ManualOrderRecorded') {
        await save({ ...data, manual: { sendTicket: event.data.sendTicket } });
        return [];
      }
      if (!data.details) return [];
      if (event.type === 'OrderBuyerDetailsChanged') {
        await save({ ...data, details: { ...data.details, buyer: event.data.buyer } });
        return [];
      }
      if (event.type === 'AttendeeDetailsChanged') {
        const { attendeeId, firstName, lastName, email, answers, locale } = event.data;
        const attendees = data.details.attendees.map((attendee) =>
          attendee.attendeeId === attendeeId ? { attendeeId, firstName, lastName, email, answers } : attendee,
        );
        const attendeeLocales = { ...data.attendeeLocales, [attendeeId]: locale };
        await save({ ...data, details: { ...data.details, attendees }, attendeeLocales });
        return [];
      }
      const mail = new OrderMailer(trx, ctx, event, settings, data, data.details);
      switch (event.type) {
        // Numbered by another reactor after the order completed: the confirmation waiting for it carries it;
        // otherwise (an offline order paid later, a manual order) it comes in its own mail.
        case 'InvoiceIssued':
          if (data.confirmationAwaitsInvoice) {
            await mail.confirmation(false, 'confirmation', event);
            await save({ ...data, confirmationAwaitsInvoice: false });
          } else if (!data.manual || data.manual.sendTicket) await mail.invoice(event);
          return [];
        case 'CreditNoteIssued':
          if (!data.manual || data.manual.sendTicket) await mail.creditNote(event);
          return [];
        case 'OrderRefundRequested':
          // A payment that came too late is refunded at once: the buyer hears now why no tickets came.
          if (event.data.reason === 'LATE_PAYMENT')
            await mail.refund(event.data.refundId, event.data.amount, true);
          else if (event.data.notifyBuyer)
            await save({ ...data, refundsToNotify: [...(data.refundsToNotify ?? []), event.data.refundId] });
          return [];
        case 'OrderRefunded':
          if (data.refundsToNotify?.includes(event.data.refundId))
            await mail.refund(event.data.refundId, event.data.amount, false);
          return [];
        case 'OrderRefundRecorded':
          if (event.data.notifyBuyer) await mail.refund(event.data.refundId, event.data.amount, false);
          return [];
        default:
          break;
      }
      if (data.manual) {
        if (event.type === 'OrderCompleted' && data.manual.sendTicket) await mail.tickets();
        // Told of the order only if their ticket was sent, so only then of its cancellation.
        if (event.type === 'OrderCancelled' && data.manual.sendTicket) await mail.cancellation();
        if (event.type === 'AttendeeTicketResent')
          await mail.tickets(event.data.attendeeId, `resend-${event.data.requestId}`);
        // Asked for explicitly, a manual order's confirmation is sent too.
        if (event.type === 'OrderConfirmationResent')
          await mail.confirmation(false, `resend-${event.data.requestId}`);
        return [];
      }
      switch (event.type) {
        case 'OrderConfirmationResent':
          await mail.confirmation(data.awaitingPayment === true, `resend-${event.data.requestId}`);
          return [];
        case 'AttendeeTicketResent':
          await mail.tickets(event.data.attendeeId, `resend-${event.data.requestId}`);
          return [];
        case 'OrderCompleted':
          // The invoice reactor numbers this order's invoice from the same event, read as of the same moment.
          if (
            event.data.paymentMethod !== 'OFFLINE' &&
            (await invoicesOnAtCompletion(settings.store, data.placed.eventId, event.position))
          )
            await save({ ...data, confirmationAwaitsInvoice: true });
          else await mail.confirmation(false);
          await mail.notification();
          await mail.tickets();
          return [];
        case 'OrderAwaitingOfflinePayment':
          await save({ ...data, awaitingPayment: true });
          await mail.confirmation(true);
          await mail.notification();
          return [];
        case 'OrderMarkedPaid':
          await mail.tickets();
          return [];
        case 'OrderCancelled':
          // Cancelled before its invoice was numbered: the buyer hears of the order before its cancellation.
          if (data.confirmationAwaitsInvoice) {
            await mail.confirmation(false);
            await save({ ...data, confirmationAwaitsInvoice: false });
          }
          await mail.cancellation();
          return [];
      }
    },
  });
}

/** The order's money as placed, in the rows every page and mail shows it in. */
function summaryOf(placed: OrderPlaced['data']): OrderSummaryBlock {
  const rows = orderSummaryRows({
    lines: placed.lines.map((line) => ({
      ticket_id: line.ticketId,
      tier_id: line.tierId,
      ticket_title: line.ticketTitle,
      tier_label: line.tierLabel,
      quantity: line.quantity,
      price: line.price,
      discount: line.discount,
    })),
    promo_code: placed.promoCode,
    discount_total: placed.totals.discountTotal,
    subtotal: placed.totals.subtotal,
    fee_total: placed.totals.feeTotal,
    tax_total: placed.totals.taxTotal,
    total: placed.totals.total,
    fees: placed.totals.fees,
    taxes: placed.totals.taxes,
  });
  return { currency: placed.currency, rows };
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

async function invoicePdfAttachment(issued: InvoiceIssued | CreditNoteIssued): Promise<MailAttachment> {
  return {
    filename: `${issued.data.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
    contentType: 'application/pdf',
    content: await renderInvoicePdf(issued),
  };
}

class OrderMailer {
  private event: ExistingEvent | null = null;
  private readonly locale: SupportedLocale;

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

  private async mailTemplates(): Promise<MailTemplateState['templates']> {
    const { state } = await this.settings.commands.load(
      mailTemplateDecider,
      mailTemplateStream(this.placed.eventId),
    );
    return state.templates;
  }

  private async loadEvent(): Promise<ExistingEvent | null> {
    if (!this.event) {
      const { state } = await this.settings.commands.load(eventDecider, eventStream(this.placed.eventId));
      this.event = state.exists ? state : null;
    }
    return this.event;
  }

  private money(amount: number): string {
    const { currency } = this.placed;
    return mailMoney(this.locale, currency, minorUnitDigits(currency), amount);
  }

  /** With `invoice`, its PDF is attached and the mail says so. */
  async confirmation(
    awaitingPayment: boolean,
    occurrence = 'confirmation',
    invoice?: InvoiceIssued,
  ): Promise<void> {
    const event = await this.loadEvent();
    if (!event) return;
    const { buyer } = this.details;
    const values = {
      name: buyer.firstName,
      event: event.details.title,
      when: mailEventTime(this.locale, event.details.timezone, new Date(event.details.startDate)),
      reference: this.placed.reference,
      total: this.money(this.placed.totals.total),
      summary: summaryOf(this.placed),
      awaitingPayment,
      instructions: awaitingPayment ? plainText(event.settings.offlinePaymentInstructions) : '',
      link: this.orderLink(),
      invoice: invoice?.data.number ?? '',
    };
    // The event's own wording, when the organizer wrote one (docs/email.md "Templates per event").
    const custom = (await this.mailTemplates()).order_confirmation;
    await this.send(
      'order_confirmation',
      occurrence,
      buyer.email,
      invoice ? [await invoicePdfAttachment(invoice)] : [],
      values,
      custom &&
        renderOrderMail(custom, {
          kind: 'order_confirmation',
          locale: this.locale,
          values: { ...values, lastName: buyer.lastName },
        }),
    );
  }

  private orderLink(): string {
    return `${this.settings.publicUrl}/checkout/${this.placed.eventId}/${this.placed.shortId}/summary`;
  }

  /** Once per invoice, to the buyer: the invoice as a PDF attachment (docs/invoices.md). */
  async invoice(issued: InvoiceIssued): Promise<void> {
    const event = await this.loadEvent();
    if (!event) return;
    const { number } = issued.data;
    await this.send(
      'order_invoice',
      issued.data.invoiceId,
      this.details.buyer.email,
      [await invoicePdfAttachment(issued)],
      { name: this.details.buyer.firstName, event: event.details.title, number, link: this.orderLink() },
    );
  }

  /** Once per credit note, to the buyer, its PDF attached. */
  async creditNote(issued: CreditNoteIssued): Promise<void> {
    const event = await this.loadEvent();
    if (!event) return;
    const { number, cancelsNumber } = issued.data;
    await this.send(
      'order_credit_note',
      issued.data.invoiceId,
      this.details.buyer.email,
      [await invoicePdfAttachment(issued)],
      {
        name: this.details.buyer.firstName,
        event: event.details.title,
        number,
        cancels: cancelsNumber,
        link: this.orderLink(),
      },
    );
  }

  /** Once per order (a cancelled order stays cancelled), to the buyer. */
  async cancellation(): Promise<void> {
    const event = await this.loadEvent();
    if (!event) return;
    const { buyer } = this.details;
    await this.send('order_cancelled', 'cancelled', buyer.email, [], {
      name: buyer.firstName,
      event: event.details.title,
      reference: this.placed.reference,
      link: this.orderLink(),
    });
  }

  async refund(refundId: string, amount: number, late: boolean): Promise<void> {
    const event = await this.loadEvent();
    if (!event) return;
    const { buyer } = this.details;
    await this.send('order_refund', `refund-${refundId}`, buyer.email, [], {
      name: buyer.firstName,
      event: event.details.title,
      reference: this.placed.reference,
      amount: this.money(amount),
      late,
      link: this.orderLink(),
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

  /** One mail per attendee (not per distinct address), each with its own signed code; or one attendee's again. */
  async tickets(onlyAttendeeId?: string, resend?: string): Promise<void> {
    const event = await this.loadEvent();
    if (!event) return;
    const start = new Date(event.details.startDate);
    const end = event.details.endDate
      ? new Date(event.details.endDate)
      : new Date(start.getTime() + 2 * 3_600_000);
    const whenIn = (locale: SupportedLocale) => mailEventTime(locale, event.details.timezone, start);
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
    const custom = (await this.mailTemplates()).order_ticket;
    for (const attendee of this.placed.attendees) {
      if (onlyAttendeeId !== undefined && attendee.attendeeId !== onlyAttendeeId) continue;
      const person = byId.get(attendee.attendeeId);
      if (!person) continue;
      const chosen = this.order.attendeeLocales?.[attendee.attendeeId];
      const locale = chosen && isSupportedLocale(chosen) ? chosen : this.locale;
      const when = whenIn(locale);
      const code = signTicketCode(
        {
          eventId: this.placed.eventId,
          ticketId: attendee.ticketId,
          attendeeShortId: attendee.shortId,
          issue: 1,
        },
        this.settings.keys.current,
      );
      const values = {
        name: person.firstName,
        event: event.details.title,
        ticket: titles.get(attendee.ticketId) ?? '',
        when,
        link: `${this.settings.publicUrl}/ticket/${this.placed.eventId}/${attendee.shortId}`,
        pdfLink: `${this.settings.publicUrl}/api/public/events/${this.placed.eventId}/attendees/${attendee.shortId}/ticket.pdf`,
      };
      const qr = qrCodePng(code, { width: 300, margin: 2, errorCorrectionLevel: 'M' });
      await this.send(
        'order_ticket',
        resend ? `${attendee.attendeeId}-${resend}` : attendee.attendeeId,
        person.email,
        [
          { filename: 'ticket-qr.png', contentType: 'image/png', content: qr, contentId: 'ticket-qr' },
          {
            filename: 'event.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: Buffer.from(ics),
          },
        ],
        values,
        custom &&
          renderOrderMail(custom, {
            kind: 'order_ticket',
            locale,
            values: { ...values, lastName: person.lastName, reference: this.placed.reference },
          }),
        locale,
      );
    }
  }

  private async send<T extends MailTemplate>(
    template: T,
    occurrence: string,
    to: string,
    attachments: readonly MailAttachment[],
    values: MailTemplates[T],
    /** Already written in the event's own wording; otherwise the platform's template. */
    rendered?: RenderedMail,
    /** The recipient's language; the buyer's unless an attendee has their own. */
    locale: string = this.locale,
  ): Promise<void> {
    const outbox = this.ctx.table(mailOutboxTable.name);
    const key = dedupeKey(this.placed.orderId, template, occurrence);
    const id = `ml_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
    // A replay renders the mail again and writes nothing: cheaper than asking first for every mail.
    const written = await enqueueMail(this.trx, outbox, {
      id,
      template,
      aggregateId: this.placed.orderId,
      occurrence,
      accountId: this.placed.accountId,
      recipientUserId: null,
      to,
      locale,
      rendered: rendered ?? renderMail(template, locale, values),
      position: this.recorded.position,
      createdAt: this.recorded.recordedAt.toISOString(),
    });
    if (written)
      await addMailAttachments(this.trx, this.ctx.table(mailAttachmentsTable.name), id, attachments);
  }
}
