import { isSupportedLocale, mailCatalogs, type SupportedLocale } from './locales';
import { cjkFontFile, registerDocumentFonts } from './pdfFonts';
import { qrMatrix } from './qrMatrix';
import { mailEventTime, mailSay } from './templates';
import { newPdfDocument } from './pdfDocument';

/** One ticket as its PDF page shows it: `code` is the signed QR payload the ticket page shows. */
export interface TicketDocumentTicket {
  shortId: string;
  ticketTitle: string | null;
  attendeeName: string;
  code: string;
}

export interface TicketDocument {
  locale: string;
  event: {
    title: string;
    startDate: string;
    timezone: string;
    place: string | null;
    isOnline: boolean;
  };
  /** The event's homepage colours (`#rrggbb`): the band across the page and its text. */
  colours: { primary: string; background: string; text: string };
  /** The organizer's logo (PNG or JPEG, the formats PDF draws), in the band beside the title; null for none. */
  logo: { content: Buffer; width: number; height: number } | null;
  orderReference: string;
  /** The order's PDF (a title page heading) or one ticket's. */
  kind: 'ticket' | 'order';
  tickets: readonly TicketDocumentTicket[];
}

const hex = (colour: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(colour) ? colour : fallback);

/** The logo's size in the band: at most 72 points high and 144 wide, its proportions kept. */
function logoBox(logo: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(72 / logo.height, 144 / logo.width);
  return { width: logo.width * scale, height: logo.height * scale };
}

/** The ticket (one page per ticket) as a PDF: event, attendee, ticket, order and the signed QR code. */
export async function renderTicketPdf(document: TicketDocument): Promise<Buffer> {
  const texts = [
    document.event.title,
    document.event.place ?? '',
    ...document.tickets.flatMap((t) => [t.attendeeName, t.ticketTitle ?? '']),
  ];
  let locale: SupportedLocale = isSupportedLocale(document.locale) ? document.locale : 'en';
  if (locale === 'zh-cn' && !cjkFontFile()) locale = 'en';
  const say = mailSay(locale);

  const doc = await newPdfDocument({
    size: 'A4',
    margin: 48,
    autoFirstPage: false,
    lang: mailCatalogs[locale].tag,
    info: {
      Title: `${document.event.title} – ${say(document.kind === 'order' ? 'pdfOrderTitle' : 'pdfTicketTitle', { reference: document.orderReference })}`,
      Creator: say('product'),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  registerDocumentFonts(doc, { chinese: locale === 'zh-cn', texts });

  const primary = hex(document.colours.primary, '#2d72d2');
  const bandText = '#ffffff';
  const text = hex(document.colours.text, '#1c2127');
  const when = mailEventTime(locale, document.event.timezone, new Date(document.event.startDate));
  const where = document.event.place ?? (document.event.isOnline ? say('pdfOnline') : null);

  const logo = document.logo ? logoBox(document.logo) : null;
  for (const ticket of document.tickets) {
    doc.addPage();
    const { width } = doc.page;
    const left = 48;
    const inner = width - 96 - (logo ? logo.width + 16 : 0);
    // The band in the event's colour, with its title and the organizer's logo on a white tile at its right.
    doc.rect(0, 0, width, 120).fill(primary);
    if (document.logo && logo) {
      const tileLeft = width - left - logo.width - 8;
      doc.rect(tileLeft, 20, logo.width + 8, logo.height + 8).fill('#ffffff');
      doc.image(document.logo.content, tileLeft + 4, 24, { width: logo.width, height: logo.height });
    }
    doc
      .fillColor(bandText)
      .font('body')
      .fontSize(11)
      .text(
        say(document.kind === 'order' ? 'pdfOrderTitle' : 'pdfTicketTitle', {
          reference: document.orderReference,
        }),
        left,
        28,
        { width: inner },
      );
    doc
      .font('bold')
      .fontSize(24)
      .text(document.event.title, left, 48, { width: inner, height: 64, ellipsis: true });

    // The QR code, drawn module by module from the signed payload.
    const matrix = qrMatrix(ticket.code, 'M');
    const quiet = 4;
    const side = 220;
    const cell = side / (matrix.size + quiet * 2);
    const qrLeft = width - left - side;
    const qrTop = 150;
    doc.rect(qrLeft, qrTop, side, side).fill('#ffffff');
    for (let y = 0; y < matrix.size; y++)
      for (let x = 0; x < matrix.size; x++)
        if (matrix.modules[y * matrix.size + x])
          doc.rect(qrLeft + (x + quiet) * cell, qrTop + (y + quiet) * cell, cell + 0.01, cell + 0.01);
    doc.fill('#000000');

    // The details beside it.
    const detailsWidth = qrLeft - left - 24;
    let top = qrTop;
    const field = (label: string, value: string) => {
      doc.fillColor('#5f6b7c').font('body').fontSize(10).text(label, left, top, { width: detailsWidth });
      top = doc.y + 2;
      doc.fillColor(text).font('bold').fontSize(14).text(value, left, top, { width: detailsWidth });
      top = doc.y + 12;
    };
    field(say('pdfAttendee'), ticket.attendeeName || '—');
    if (ticket.ticketTitle) field(say('pdfTicketType'), ticket.ticketTitle);
    field(say('pdfWhen'), when);
    if (where) field(say('pdfWhere'), where);
    field(say('pdfOrder'), document.orderReference);
    field(say('pdfTicketNumber'), ticket.shortId);

    const below = Math.max(top, qrTop + side) + 24;
    doc
      .moveTo(left, below)
      .lineTo(width - left, below)
      .lineWidth(1)
      .strokeColor(primary)
      .stroke();
    doc
      .fillColor(text)
      .font('body')
      .fontSize(11)
      .text(say('pdfShowCode'), left, below + 16, { width: inner });
  }
  doc.end();
  return done;
}
