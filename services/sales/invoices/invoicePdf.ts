import { minorUnitDigits } from '../../pricing/money';
import {
  isSupportedLocale,
  mailCatalogs,
  mailMoney,
  type MailMessageKey,
  type SupportedLocale,
} from '../../messaging/locales';
import { cjkFontFile, registerDocumentFonts } from '../../messaging/pdfFonts';
import { intlFor } from '../../messaging/templates';
import type { CreditNoteIssued, InvoiceIssued, InvoiceParty } from './invoiceEvents';
import { newPdfDocument } from '../../messaging/pdfDocument';

/** The language the document's labels are printed in: the buyer's, in English when no font can draw Chinese. */
export function invoiceLocale(locale: string): SupportedLocale {
  if (!isSupportedLocale(locale)) return 'en';
  return locale === 'zh-cn' && !cjkFontFile() ? 'en' : locale;
}

export function partyLines(party: InvoiceParty, vatLabel: string): string[] {
  return [
    party.company,
    party.name,
    party.address,
    party.country,
    party.vatId ? `${vatLabel}: ${party.vatId}` : null,
  ].filter((line): line is string => Boolean(line));
}

/**
 * An invoice or credit note as a PDF (pdfkit), in the language the buyer ordered in. The amounts are the
 * recorded minor units, formatted with the currency's digits. Chinese, and any name Helvetica cannot draw, is
 * printed with the CJK font when one is at hand (services/messaging/pdfFonts.ts).
 */
export async function renderInvoicePdf(event: InvoiceIssued | CreditNoteIssued): Promise<Buffer> {
  const document = event.data;
  const locale = invoiceLocale(document.locale);
  const intl = intlFor(locale);
  const t = (key: MailMessageKey, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const digits = minorUnitDigits(document.currency);
  const money = (amount: number) => mailMoney(locale, document.currency, digits, amount);
  const date = new Intl.DateTimeFormat(mailCatalogs[locale].tag, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(document.issuedAt));

  const pdf = await newPdfDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    lang: mailCatalogs[locale].tag,
    info: { Title: document.number },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const parties = [...partyLines(document.seller, ''), ...partyLines(document.buyer, '')];
  registerDocumentFonts(pdf, {
    chinese: locale === 'zh-cn',
    texts: [...parties, ...document.lines.map((line) => line.description)],
  });
  const title = event.type === 'CreditNoteIssued' ? t('creditNoteTitle') : t('invoiceTitle');
  pdf.font('bold').fontSize(20).text(title);
  pdf.moveDown(0.5).font('body').fontSize(10);
  pdf.text(`${t('invoiceNumberLabel')}: ${document.number}`);
  pdf.text(`${t('invoiceDateLabel')}: ${date}`);
  if (event.type === 'CreditNoteIssued')
    pdf.text(t('creditNoteCancels', { number: event.data.cancelsNumber }));
  pdf.moveDown();
  const top = pdf.y;
  pdf.font('bold').text(t('invoiceSellerLabel'), 50, top);
  pdf.font('body').text(partyLines(document.seller, t('invoiceVatIdLabel')).join('\n'), 50, pdf.y, {
    width: 230,
  });
  const sellerBottom = pdf.y;
  pdf.font('bold').text(t('invoiceBuyerLabel'), 310, top);
  pdf.font('body').text(partyLines(document.buyer, t('invoiceVatIdLabel')).join('\n'), 310, pdf.y, {
    width: 230,
  });
  pdf.y = Math.max(sellerBottom, pdf.y) + 20;

  const columns = [
    { x: 50, width: 200, align: 'left' as const },
    { x: 250, width: 40, align: 'right' as const },
    { x: 290, width: 80, align: 'right' as const },
    { x: 370, width: 80, align: 'right' as const },
    { x: 450, width: 95, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'bold' : 'body');
    let bottom = y;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      pdf.text(cell, column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 4;
  };
  row(
    [
      t('invoiceDescriptionLabel'),
      t('invoiceQuantityLabel'),
      t('invoiceNetLabel'),
      t('invoiceTaxLabel'),
      t('invoiceGrossLabel'),
    ],
    true,
  );
  for (const line of document.lines) {
    const taxNames = line.taxes.map((tax) => `${tax.name}: ${money(tax.amount)}`).join(', ');
    row([
      taxNames ? `${line.description}\n${taxNames}` : line.description,
      String(line.quantity),
      money(line.net),
      money(line.tax),
      money(line.gross),
    ]);
  }
  pdf.moveDown(0.5);
  row(
    [
      t('invoiceTotalLabel'),
      '',
      money(document.totals.net),
      money(document.totals.tax),
      money(document.totals.gross),
    ],
    true,
  );
  pdf.end();
  return done;
}
