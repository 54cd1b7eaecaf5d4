import { plainText, sanitizeMailRichText } from '../../catalog/richText';
import { isSupportedLocale, mailCatalogs, type MailMessageKey, type SupportedLocale } from '../locales';
import { escapeHtml, mailSay, renderOrderSummary, type MailTemplates, type RenderedMail } from '../templates';
import type { OrderMailKind, OrderMailTemplate } from './mailTemplateEvents';

/**
 * The order mails in an organizer's own words. Placeholders are `{{ name }}` looked up in a fixed table of
 * values: no expressions, no code, nothing but names; an unknown name is refused when the template is saved
 * and left as written if one ever reaches rendering. Values are escaped in HTML. The organizer's text replaces
 * the subject and the introduction; the frame (the order's summary, QR code, payment instructions, button,
 * footer) stays the platform's, in the buyer's language.
 */

export const orderMailPlaceholders: Record<OrderMailKind, readonly string[]> = {
  order_confirmation: [
    'event.title',
    'event.date',
    'order.reference',
    'order.total',
    'order.url',
    'buyer.first_name',
    'buyer.last_name',
  ],
  order_ticket: [
    'event.title',
    'event.date',
    'order.reference',
    'attendee.first_name',
    'attendee.last_name',
    'ticket.title',
    'ticket.url',
    'ticket.pdf_url',
  ],
};

export type OrderMailData =
  | {
      kind: 'order_confirmation';
      locale: string;
      values: MailTemplates['order_confirmation'] & { lastName: string };
    }
  | {
      kind: 'order_ticket';
      locale: string;
      values: MailTemplates['order_ticket'] & { lastName: string; reference: string };
    };

const placeholderPattern = /\{\{\s*([a-z_]+(?:\.[a-z_]+)*)\s*\}\}/g;

/** The placeholder names a text uses that the mail kind does not offer. */
export function unknownPlaceholders(kind: OrderMailKind, text: string): string[] {
  const offered = new Set(orderMailPlaceholders[kind]);
  const unknown = new Set<string>();
  for (const match of text.matchAll(placeholderPattern)) {
    if (!offered.has(match[1]!)) unknown.add(match[1]!);
  }
  // Braces that look like a placeholder but are not one (`{{ Order.Ref }}`, `{{ a + b }}`).
  for (const match of text.matchAll(/\{\{([^}]*)\}\}/g)) {
    if (!/^\s*[a-z_]+(?:\.[a-z_]+)*\s*$/.test(match[1]!)) unknown.add(match[1]!.trim());
  }
  return [...unknown];
}

/** Replaces each known `{{ name }}` with its value, passed through `encode` (escaping for HTML). */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string = (value) => value,
): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name]!) : whole,
  );
}

export function placeholderValues(data: OrderMailData): Record<string, string> {
  const v = data.values;
  if (data.kind === 'order_confirmation') {
    const c = data.values;
    return {
      'event.title': c.event,
      'event.date': c.when,
      'order.reference': c.reference,
      'order.total': c.total,
      'order.url': c.link,
      'buyer.first_name': c.name,
      'buyer.last_name': c.lastName,
    };
  }
  const t = data.values;
  return {
    'event.title': v.event,
    'event.date': t.when,
    'order.reference': t.reference,
    'attendee.first_name': t.name,
    'attendee.last_name': t.lastName,
    'ticket.title': t.ticket,
    'ticket.url': t.link,
    'ticket.pdf_url': t.pdfLink,
  };
}

/** What previews are rendered with. */
export function sampleOrderMailData(kind: OrderMailKind, locale = 'en'): OrderMailData {
  const common = {
    name: 'Alex',
    lastName: 'Sample',
    event: 'Harbour Lights',
    when: 'Friday, 5 March 2027, 18:00 (Europe/Berlin)',
    link: 'https://tickets.example/sample',
  };
  return kind === 'order_confirmation'
    ? {
        kind,
        locale,
        values: {
          ...common,
          reference: 'ABC123',
          total: '€50.00',
          summary: {
            currency: 'EUR',
            rows: [
              { kind: 'line', key: 'sample:', quantity: 2, title: 'Standing', amount: 5000 },
              { kind: 'total', amount: 5000 },
            ],
          },
          awaitingPayment: false,
          instructions: '',
          invoice: '',
        },
      }
    : {
        kind,
        locale,
        values: {
          ...common,
          ticket: 'Standing',
          reference: 'ABC123',
          pdfLink: 'https://tickets.example/sample.pdf',
        },
      };
}

/** Pure: the mail as the organizer's template words it, in the frame of the buyer's language. */
export function renderOrderMail(template: OrderMailTemplate, data: OrderMailData): RenderedMail {
  const chosen: SupportedLocale = isSupportedLocale(data.locale) ? data.locale : 'en';
  const words = mailSay(chosen);
  const product = words('product');
  const say = (key: MailMessageKey, values: Record<string, string | number> = {}) =>
    words(key, { product, ...values });
  const values = placeholderValues(data);
  const e = escapeHtml;
  const subject = fillPlaceholders(template.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const bodyHtml = fillPlaceholders(sanitizeMailRichText(template.body), values, e);

  const extraText: string[] = [];
  const extraHtml: string[] = [];
  let button: { label: string; link: string };
  if (data.kind === 'order_confirmation') {
    const summary = renderOrderSummary(chosen, say, data.values.summary);
    extraText.push(summary.text);
    extraHtml.push(summary.html);
    if (data.values.awaitingPayment && data.values.instructions) {
      const line = say('orderPaymentInstructions', { instructions: data.values.instructions });
      extraText.push(line);
      extraHtml.push(`<p style="margin:0 0 16px;line-height:1.5">${e(line)}</p>`);
    }
    button = { label: say('orderConfirmationButton'), link: data.values.link };
  } else {
    extraHtml.push(
      `<p style="margin:16px 0"><img src="cid:ticket-qr" alt="${e(say('ticketQrAlt'))}" width="240" height="240" style="display:block"></p>`,
    );
    extraText.push(say('ticketCalendar'));
    button = { label: say('ticketButton'), link: data.values.link };
  }
  const footer = say('footer');
  const text = [plainText(bodyHtml), ...extraText, `${button.label}: ${button.link}`, '--', footer].join(
    '\n\n',
  );
  const html = `<!doctype html>
<html lang="${e(mailCatalogs[chosen].tag)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c2127">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border:1px solid #dce0e5;border-radius:8px">
<div style="line-height:1.5">${bodyHtml}</div>
${extraHtml.join('\n')}
<p style="margin:24px 0"><a href="${e(button.link)}" style="display:inline-block;padding:10px 18px;border-radius:4px;background:#2d72d2;color:#ffffff;text-decoration:none;font-weight:600">${e(button.label)}</a></p>
<p style="margin:0;font-size:12px;color:#5f6b7c">${e(footer)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
