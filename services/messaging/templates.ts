import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { OrderSummaryRow } from '../sales/orders/orderSummary';
import { minorUnitDigits } from '../pricing/money';
import {
  isSupportedLocale,
  mailCatalogs,
  mailDateTime,
  mailMoney,
  type MailMessageKey,
  type SupportedLocale,
} from './locales';

/** Every email the platform sends, with what each needs to be written. */
export interface MailTemplates {
  confirm_email: { name: string; email: string; link: string; validForMs: number };
  confirm_email_change: { name: string; email: string; link: string; validForMs: number };
  reset_password: { name: string; email: string; link: string; validForMs: number };
  invitation: {
    name: string;
    inviter: string;
    account: string;
    role: 'ADMIN' | 'ORGANIZER';
    link: string;
    validForMs: number;
  };
  password_changed: { name: string; email: string; link: string };
  /** To the owner of an address someone tried to sign up with: `link` logs in, `resetLink` resets the password. */
  sign_up_attempt: { name: string; email: string; link: string; resetLink: string };
  /**
   * To the buyer once the order went through, with the order's summary; `instructions` (plain text) only while
   * awaiting an offline payment. `when` is the event's start with its time zone named (`mailEventTime`).
   */
  order_confirmation: {
    name: string;
    event: string;
    when: string;
    reference: string;
    total: string;
    summary: OrderSummaryBlock;
    awaitingPayment: boolean;
    instructions: string;
    link: string;
    /** The invoice's number when its PDF is attached (an event with invoices on), '' otherwise. */
    invoice: string;
  };
  /** One per attendee, with the ticket's QR code attached inline as `cid:ticket-qr` and an .ics file. */
  /** `pdfLink` downloads the ticket as a PDF (services/sales/orders/ticketDocumentRoutes.ts). */
  order_ticket: { name: string; event: string; ticket: string; when: string; link: string; pdfLink: string };
  /** To the buyer: a member cancelled the order, its tickets are void. */
  order_cancelled: { name: string; event: string; reference: string; link: string };
  /** To the buyer: money went back (a member's refund with "notify", or a payment that came too late). */
  order_refund: {
    name: string;
    event: string;
    reference: string;
    amount: string;
    late: boolean;
    link: string;
  };
  /** To the buyer: their invoice, the PDF attached (issue 31, docs/invoices.md). */
  order_invoice: {
    name: string;
    event: string;
    number: string;
    link: string;
  };
  /** To the buyer: the credit note cancelling their invoice, the PDF attached (docs/invoices.md). */
  order_credit_note: {
    name: string;
    event: string;
    number: string;
    /** The invoice it cancels. */
    cancels: string;
    link: string;
  };
  /**
   * To a waiting-list entry: units came free and are held for them until `expires` (formatted in their
   * language); `link` leads into the checkout (docs/waiting-list.md).
   */
  waiting_list_offer: {
    name: string;
    event: string;
    ticket: string;
    quantity: number;
    expires: string;
    link: string;
  };
  /** To the organizer: a new order. */
  order_notification: {
    name: string;
    event: string;
    reference: string;
    buyer: string;
    total: string;
    link: string;
  };
}

export type MailTemplate = keyof MailTemplates;

/** An order's money as a mail shows it: the rows of services/sales/orders/orderSummary.ts. */
export interface OrderSummaryBlock {
  currency: string;
  rows: readonly OrderSummaryRow[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Values = Record<string, string | number>;
type Line = [MailMessageKey, Values?];

interface Layout {
  subject: Line;
  paragraphs: Line[];
  button: { label: MailMessageKey; link: string };
  /** After the button: how long the link works, what to do if it was not you. */
  notes: Line[];
  /** An image attached to the mail (`cid:`), shown before the button. */
  image?: { cid: string; alt: MailMessageKey };
  /** The order's summary, after the paragraphs. */
  summary?: OrderSummaryBlock;
}

function validity(validForMs: number): Line {
  const hours = Math.max(1, Math.round(validForMs / 3_600_000));
  return hours >= 48
    ? ['expiresDays', { count: Math.round(hours / 24) }]
    : ['expiresHours', { count: hours }];
}

const layouts: { [T in MailTemplate]: (values: MailTemplates[T]) => Layout } = {
  confirm_email: (v) => ({
    subject: ['confirmEmailSubject'],
    paragraphs: [['confirmEmailIntro', { email: v.email }]],
    button: { label: 'confirmEmailButton', link: v.link },
    notes: [validity(v.validForMs)],
  }),
  confirm_email_change: (v) => ({
    subject: ['emailChangeSubject'],
    paragraphs: [['emailChangeIntro', { email: v.email }]],
    button: { label: 'emailChangeButton', link: v.link },
    notes: [validity(v.validForMs), ['emailChangeIgnore']],
  }),
  reset_password: (v) => ({
    subject: ['resetPasswordSubject'],
    paragraphs: [['resetPasswordIntro', { email: v.email }]],
    button: { label: 'resetPasswordButton', link: v.link },
    notes: [validity(v.validForMs), ['resetPasswordIgnore']],
  }),
  invitation: (v) => ({
    subject: ['invitationSubject', { inviter: v.inviter, account: v.account }],
    paragraphs: [['invitationIntro', { inviter: v.inviter, account: v.account, role: v.role }]],
    button: { label: 'invitationButton', link: v.link },
    notes: [validity(v.validForMs)],
  }),
  password_changed: (v) => ({
    subject: ['passwordChangedSubject'],
    paragraphs: [['passwordChangedIntro', { email: v.email }], ['passwordChangedWarning']],
    button: { label: 'passwordChangedButton', link: v.link },
    notes: [],
  }),
  sign_up_attempt: (v) => ({
    subject: ['signUpAttemptSubject'],
    paragraphs: [
      ['signUpAttemptIntro', { email: v.email }],
      ['signUpAttemptYou', { resetLink: v.resetLink }],
    ],
    button: { label: 'signUpAttemptButton', link: v.link },
    notes: [['signUpAttemptIgnore']],
  }),
  order_confirmation: (v) => ({
    subject: ['orderConfirmationSubject', { reference: v.reference, event: v.event }],
    paragraphs: [
      v.awaitingPayment
        ? ['orderAwaitingPaymentIntro', { reference: v.reference, event: v.event, total: v.total }]
        : ['orderConfirmationIntro', { reference: v.reference, event: v.event, total: v.total }],
      ['orderEventWhen', { event: v.event, when: v.when }],
      ...(v.awaitingPayment && v.instructions.trim()
        ? [['orderPaymentInstructions', { instructions: v.instructions.trim() }] as Line]
        : []),
      ...(v.invoice ? [['orderConfirmationInvoiceAttached', { number: v.invoice }] as Line] : []),
      ['orderTicketsFollow'],
    ],
    summary: v.summary,
    button: { label: 'orderConfirmationButton', link: v.link },
    notes: [],
  }),
  waiting_list_offer: (v) => ({
    subject: ['waitingOfferSubject', { event: v.event }],
    paragraphs: [['waitingOfferIntro', { event: v.event, ticket: v.ticket, quantity: v.quantity }]],
    button: { label: 'waitingOfferButton', link: v.link },
    notes: [['waitingOfferExpires', { expires: v.expires }]],
  }),
  order_cancelled: (v) => ({
    subject: ['orderCancelledSubject', { reference: v.reference, event: v.event }],
    paragraphs: [['orderCancelledIntro', { reference: v.reference, event: v.event }]],
    button: { label: 'orderCancelledButton', link: v.link },
    notes: [],
  }),
  order_ticket: (v) => ({
    subject: ['ticketSubject', { event: v.event }],
    paragraphs: [
      ['ticketIntro', { ticket: v.ticket, event: v.event, when: v.when }],
      ['ticketCalendar'],
      ['ticketPdf', { pdfLink: v.pdfLink }],
    ],
    image: { cid: 'ticket-qr', alt: 'ticketQrAlt' },
    button: { label: 'ticketButton', link: v.link },
    notes: [],
  }),
  order_refund: (v) => ({
    subject: ['orderRefundSubject', { reference: v.reference }],
    paragraphs: [
      [
        v.late ? 'orderLatePaymentRefundIntro' : 'orderRefundIntro',
        { reference: v.reference, event: v.event, amount: v.amount },
      ],
    ],
    button: { label: 'orderRefundButton', link: v.link },
    notes: [],
  }),
  order_invoice: (v) => ({
    subject: ['orderInvoiceSubject', { number: v.number, event: v.event }],
    paragraphs: [['orderInvoiceIntro', { name: v.name, number: v.number, event: v.event }]],
    button: { label: 'orderInvoiceButton', link: v.link },
    notes: [],
  }),
  order_credit_note: (v) => ({
    subject: ['orderCreditNoteSubject', { number: v.number, event: v.event }],
    paragraphs: [['orderCreditNoteIntro', { number: v.number, cancels: v.cancels, event: v.event }]],
    button: { label: 'orderInvoiceButton', link: v.link },
    notes: [],
  }),
  order_notification: (v) => ({
    subject: ['orderNotificationSubject', { reference: v.reference, event: v.event }],
    paragraphs: [
      ['orderNotificationIntro', { buyer: v.buyer, reference: v.reference, event: v.event, total: v.total }],
    ],
    button: { label: 'orderNotificationButton', link: v.link },
    notes: [],
  }),
};

const cache = createIntlCache();
const intls = new Map<SupportedLocale, IntlShape>();

export function intlFor(locale: SupportedLocale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    const { tag, messages } = mailCatalogs[locale];
    intl = createIntl({ locale: tag, messages, defaultLocale: 'en' }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

export type MailSay = (key: MailMessageKey, values?: Values) => string;
const sayers = new Map<SupportedLocale, MailSay>();

/**
 * `formatMessage` of the language's mail messages, each message's formatter made once. `formatMessage` finds its
 * memoised formatter by a JSON key of all its arguments, written on every call: a fiftieth of an on-sale rush's
 * CPU, with a dozen messages a mail (issue 29). A message that fails to format, or is missing, goes through
 * `formatMessage` itself, with its fallbacks and error.
 */
export function mailSay(locale: SupportedLocale): MailSay {
  const known = sayers.get(locale);
  if (known) return known;
  const intl = intlFor(locale);
  const { messages } = mailCatalogs[locale];
  const formats = new Map<MailMessageKey, { format(values?: Values): unknown }>();
  const say: MailSay = (key, values) => {
    let format = formats.get(key);
    if (!format) {
      const message: unknown = messages[key];
      if (typeof message !== 'string') return intl.formatMessage({ id: key }, values);
      format = intl.formatters.getMessageFormat(message, intl.locale, intl.formats, {
        formatters: intl.formatters,
      });
      formats.set(key, format);
    }
    try {
      const formatted = format.format(values);
      if (typeof formatted === 'string') return formatted;
    } catch {
      // formatMessage reports it and falls back.
    }
    return intl.formatMessage({ id: key }, values);
  };
  sayers.set(locale, say);
  return say;
}

type Say = (key: MailMessageKey, values?: Values) => string;

/**
 * The order's summary rows in the mail's language: a line of text each ("2 × Seat: €40.00") and a table.
 * Organizers' ticket, fee and tax names are escaped in the HTML.
 */
export function renderOrderSummary(
  locale: SupportedLocale,
  say: Say,
  summary: OrderSummaryBlock,
): { text: string; html: string } {
  const digits = minorUnitDigits(summary.currency);
  const money = (amount: number) => mailMoney(locale, summary.currency, digits, amount);
  const label = (row: OrderSummaryRow): string => {
    switch (row.kind) {
      case 'line':
        return say('summaryLine', { quantity: row.quantity, title: row.title });
      case 'discount':
        return row.code ? say('summaryDiscount', { code: row.code }) : say('summaryDiscountWithoutCode');
      case 'subtotal':
        return say('summarySubtotal');
      case 'fee':
      case 'tax':
        return row.name;
      case 'addedTaxes':
        return say('summaryAddedTaxes');
      case 'rounding':
        return say('summaryRounding');
      case 'total':
        return say('summaryTotal');
      case 'includedTax':
        return say('summaryIncludedTax', { name: row.name });
    }
  };
  const amount = (row: OrderSummaryRow): string =>
    row.kind === 'discount' || (row.kind === 'rounding' && row.amount < 0)
      ? `−${money(Math.abs(row.amount))}`
      : money(row.amount);
  const title = say('summaryTitle');
  const text = [title, ...summary.rows.map((row) => `${label(row)}: ${amount(row)}`)].join('\n');
  const e = escapeHtml;
  const cell = 'padding:4px 0;vertical-align:top';
  const rowHtml = (row: OrderSummaryRow) => {
    const style =
      row.kind === 'total' || row.kind === 'subtotal'
        ? `${cell};border-top:1px solid #dce0e5;font-weight:700`
        : row.kind === 'includedTax'
          ? `${cell};color:#5f6b7c;font-size:13px`
          : cell;
    return `<tr><td style="${style}">${e(label(row))}</td><td style="${style};text-align:right;white-space:nowrap">${e(amount(row))}</td></tr>`;
  };
  const html = `<p style="margin:0 0 8px;font-weight:700">${e(title)}</p>
<table role="presentation" style="width:100%;margin:0 0 16px;border-collapse:collapse">${summary.rows.map(rowHtml).join('')}</table>`;
  return { text, html };
}

/**
 * When an event starts, as order and ticket mails write it: in the event's own time zone, which is named
 * ("Friday, 5 March 2027 at 18:00 (Europe/Berlin)"), so a buyer elsewhere does not misread the hour.
 */
export function mailEventTime(locale: SupportedLocale, timeZone: string, at: Date): string {
  return mailSay(locale)('eventTime', { dateTime: mailDateTime(locale, timeZone, at), timeZone });
}

/** Renders a mail in the recipient's language (English when theirs is not offered), as plain text and HTML. */
export function renderMail<T extends MailTemplate>(
  template: T,
  locale: string,
  values: MailTemplates[T],
): RenderedMail {
  const chosen: SupportedLocale = isSupportedLocale(locale) ? locale : 'en';
  const words = mailSay(chosen);
  const layout = layouts[template](values);
  const product = words('product');
  const say = ([key, lineValues]: Line): string => words(key, { product, ...lineValues });
  const greeting: Line = values.name.trim() ? ['greetingNamed', { name: values.name.trim() }] : ['greeting'];
  const footer: Line = ['footer'];
  const summary = layout.summary
    ? renderOrderSummary(chosen, (key, lineValues) => say([key, lineValues]), layout.summary)
    : null;

  const subject = say(layout.subject);
  const text = [
    say(greeting),
    ...layout.paragraphs.map((line) => say(line)),
    ...(summary ? [summary.text] : []),
    `${say([layout.button.label])}: ${layout.button.link}`,
    ...layout.notes.map((line) => say(line)),
    '--',
    say(footer),
  ].join('\n\n');

  const e = escapeHtml;
  const paragraph = (content: string) => `<p style="margin:0 0 16px;line-height:1.5">${content}</p>`;
  const link = e(layout.button.link);
  const html = `<!doctype html>
<html lang="${e(mailCatalogs[chosen].tag)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c2127">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border:1px solid #dce0e5;border-radius:8px">
${paragraph(e(say(greeting)))}
${layout.paragraphs.map((line) => paragraph(e(say(line)))).join('\n')}
${summary ? summary.html : ''}
${layout.image ? `<p style="margin:16px 0"><img src="cid:${e(layout.image.cid)}" alt="${e(say([layout.image.alt]))}" width="240" height="240" style="display:block"></p>` : ''}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;padding:10px 18px;border-radius:4px;background:#2d72d2;color:#ffffff;text-decoration:none;font-weight:600">${e(say([layout.button.label]))}</a></p>
${layout.notes.map((line) => paragraph(e(say(line)))).join('\n')}
<p style="margin:0 0 4px;font-size:13px;color:#5f6b7c">${e(say(['linkFallback']))}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${link}" style="color:#215db0">${link}</a></p>
<p style="margin:0;font-size:12px;color:#5f6b7c">${e(say(footer))}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
