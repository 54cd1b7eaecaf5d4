import { minorUnitDigits } from '../../pricing/money';
import {
  isSupportedLocale,
  mailCatalogs,
  mailMoney,
  type MailMessageKey,
  type SupportedLocale,
} from '../../messaging/locales';
import type { IssuedDocument } from './invoiceEvents';
import { intlFor } from '../../messaging/templates';
import { partyLines } from './invoicePdf';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The printable page of an invoice or credit note: the PDF's content as one self-contained HTML document
 * (no scripts, inline styles) in the buyer's language. Unlike the PDF, the browser has fonts for every
 * language, so a zh-cn page is printed in Chinese.
 */
export function renderInvoiceHtml(event: IssuedDocument): string {
  const document = event.data;
  const locale: SupportedLocale = isSupportedLocale(document.locale) ? document.locale : 'en';
  const intl = intlFor(locale);
  const t = (key: MailMessageKey, values?: Record<string, string>) =>
    escapeHtml(intl.formatMessage({ id: key }, values));
  const digits = minorUnitDigits(document.currency);
  const money = (amount: number) => escapeHtml(mailMoney(locale, document.currency, digits, amount));
  const date = new Intl.DateTimeFormat(mailCatalogs[locale].tag, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(document.issuedAt));
  const title = event.type === 'CreditNoteIssued' ? t('creditNoteTitle') : t('invoiceTitle');
  const party = (label: string, lines: string[]) =>
    `<section><h2>${label}</h2><p>${lines.map(escapeHtml).join('<br>')}</p></section>`;
  const vat = intl.formatMessage({ id: 'invoiceVatIdLabel' });
  const rows = document.lines
    .map((line) => {
      const taxes = line.taxes.map((tax) => `${escapeHtml(tax.name)}: ${money(tax.amount)}`).join(', ');
      return `<tr><td>${escapeHtml(line.description)}${taxes ? `<br><small>${taxes}</small>` : ''}</td><td class="n">${line.quantity}</td><td class="n">${money(line.net)}</td><td class="n">${money(line.tax)}</td><td class="n">${money(line.gross)}</td></tr>`;
    })
    .join('');
  return `<!doctype html>
<html lang="${mailCatalogs[locale].tag}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} ${escapeHtml(document.number)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Noto Sans CJK SC",sans-serif;color:#1c2127;background:#fff;margin:0 auto;max-width:52rem;padding:1.5rem;line-height:1.4}
h1{font-size:1.75rem;margin:0 0 .5rem}h2{font-size:1rem;margin:0 0 .25rem}
.parties{display:flex;flex-wrap:wrap;gap:1.5rem 4rem;margin:1.5rem 0}
table{border-collapse:collapse;width:100%}th,td{padding:.4rem .5rem;border-bottom:1px solid #c5cbd3;text-align:left;vertical-align:top}
.n{text-align:right;white-space:nowrap}tfoot th,tfoot td{font-weight:700;border-bottom:none}
@media (max-width:30rem){body{padding:1rem}th,td{padding:.35rem .2rem;font-size:.875rem}}
@media print{body{padding:0}@page{margin:2cm}}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${t('invoiceNumberLabel')}: ${escapeHtml(document.number)}<br>${t('invoiceDateLabel')}: ${escapeHtml(date)}${
    event.type === 'CreditNoteIssued'
      ? `<br>${t('creditNoteCancels', { number: event.data.cancelsNumber })}`
      : ''
  }</p>
<div class="parties">
${party(t('invoiceSellerLabel'), partyLines(document.seller, vat))}
${party(t('invoiceBuyerLabel'), partyLines(document.buyer, vat))}
</div>
<table>
<thead><tr><th scope="col">${t('invoiceDescriptionLabel')}</th><th scope="col" class="n">${t('invoiceQuantityLabel')}</th><th scope="col" class="n">${t('invoiceNetLabel')}</th><th scope="col" class="n">${t('invoiceTaxLabel')}</th><th scope="col" class="n">${t('invoiceGrossLabel')}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">${t('invoiceTotalLabel')}</th><td></td><td class="n">${money(document.totals.net)}</td><td class="n">${money(document.totals.tax)}</td><td class="n">${money(document.totals.gross)}</td></tr></tfoot>
</table>
</main>
</body>
</html>
`;
}
