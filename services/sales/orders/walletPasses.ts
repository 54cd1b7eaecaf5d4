import { createSign } from 'node:crypto';
import type { AppleWalletConfig, GoogleWalletConfig } from '../../kit/walletConfig';
import { pngFile } from '../../kit/png';
import {
  isSupportedLocale,
  mailCatalogs,
  type MailMessageKey,
  type SupportedLocale,
} from '../../messaging/locales';
import { mailSay } from '../../messaging/templates';

/** What a wallet pass shows of one valid ticket; `code` is the signed QR payload the ticket page shows. */
export interface WalletTicket {
  /** The order's language: the pass's labels and the Google pass's texts. */
  locale: string;
  eventId: string;
  eventTitle: string;
  startDate: string;
  endDate: string | null;
  place: string | null;
  /** The event's primary colour (`#rrggbb`): the pass's background. */
  colour: string;
  attendeeShortId: string;
  attendeeName: string;
  ticketTitle: string | null;
  orderReference: string;
  code: string;
  /** The ticket page the pass links back to. */
  ticketUrl: string;
}

/** The pass's labels in the order's language (the mail catalogues), English for a language we do not have. */
function passLanguage(locale: string): { language: string; say: (key: MailMessageKey) => string } {
  const supported: SupportedLocale = isSupportedLocale(locale) ? locale : 'en';
  const say = mailSay(supported);
  return { language: mailCatalogs[supported].tag, say: (key) => say(key) };
}

const rgbOf = (colour: string): [number, number, number] => {
  const hex = /^#([0-9a-fA-F]{6})$/.exec(colour)?.[1] ?? '2d72d2';
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
};

/** A square (or banner) PNG in one colour: the pass's icon and logo, drawn in the event's colour. */
function solidPng(width: number, height: number, colour: string): Buffer {
  const [r, g, b] = rgbOf(colour);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  return pngFile(
    { width, height, bitDepth: 8, colorType: 2 },
    Buffer.concat(Array.from({ length: height }, () => row)),
  );
}

/**
 * The ticket as an Apple Wallet pass (eventTicket, a QR barcode carrying the signed payload), signed.
 * passkit-generator (with node-forge) loads with the first pass, not at start-up: memory a server never asked
 * for a pass does not carry, like pdfkit's (services/messaging/pdfDocument.ts).
 */
export async function applePass(config: AppleWalletConfig, ticket: WalletTicket): Promise<Buffer> {
  const { PKPass } = await import('passkit-generator');
  const { say } = passLanguage(ticket.locale);
  const [r, g, b] = rgbOf(ticket.colour);
  const pass = new PKPass(
    {
      'icon.png': solidPng(29, 29, ticket.colour),
      'icon@2x.png': solidPng(58, 58, ticket.colour),
      'logo.png': solidPng(50, 50, ticket.colour),
      'logo@2x.png': solidPng(100, 100, ticket.colour),
    },
    {
      signerCert: config.signerCert,
      signerKey: config.signerKey,
      wwdr: config.wwdr,
      ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeIdentifier,
      teamIdentifier: config.teamIdentifier,
      organizationName: config.organizationName,
      serialNumber: `${ticket.eventId}:${ticket.attendeeShortId}`,
      description: ticket.eventTitle,
      logoText: ticket.eventTitle,
      backgroundColor: `rgb(${r}, ${g}, ${b})`,
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(255, 255, 255)',
    },
  );
  pass.type = 'eventTicket';
  pass.primaryFields.push({ key: 'event', label: say('walletEvent'), value: ticket.eventTitle });
  pass.secondaryFields.push(
    { key: 'attendee', label: say('pdfAttendee'), value: ticket.attendeeName || '—' },
    {
      key: 'start',
      label: say('pdfWhen'),
      value: ticket.startDate,
      dateStyle: 'PKDateStyleMedium',
      timeStyle: 'PKDateStyleShort',
    },
  );
  pass.auxiliaryFields.push(
    ...(ticket.ticketTitle
      ? [{ key: 'ticket', label: say('pdfTicketType'), value: ticket.ticketTitle }]
      : []),
    { key: 'order', label: say('pdfOrder'), value: ticket.orderReference },
  );
  pass.backFields.push(
    ...(ticket.place ? [{ key: 'place', label: say('pdfWhere'), value: ticket.place }] : []),
    { key: 'number', label: say('pdfTicketNumber'), value: ticket.attendeeShortId },
    { key: 'link', label: say('walletTicketPage'), value: ticket.ticketUrl },
  );
  pass.setBarcodes({
    format: 'PKBarcodeFormatQR',
    message: ticket.code,
    messageEncoding: 'iso-8859-1',
    altText: ticket.attendeeShortId,
  });
  pass.setRelevantDate(new Date(ticket.startDate));
  return pass.getAsBuffer();
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The event's ticket class id: `<issuer id>.<event id>` (Google allows letters, digits, `.`, `_` and `-`). */
export const googleClassId = (config: GoogleWalletConfig, eventId: string) =>
  `${config.issuerId}.event-${eventId.replace(/[^\w.-]/g, '_')}`;

/**
 * The ticket's "Save to Google Wallet" link: a JWT signed with the service account's key (RS256) that carries
 * the event ticket class and object, the object's barcode holding the signed payload.
 */
export function googleSaveLink(config: GoogleWalletConfig, ticket: WalletTicket, now: Date): string {
  const { language } = passLanguage(ticket.locale);
  const classId = googleClassId(config, ticket.eventId);
  const [r, g, b] = rgbOf(ticket.colour);
  const hex = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const claims = {
    iss: config.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(now.getTime() / 1000),
    origins: [] as string[],
    payload: {
      eventTicketClasses: [
        {
          id: classId,
          issuerName: ticket.eventTitle,
          eventName: { defaultValue: { language, value: ticket.eventTitle } },
          ...(ticket.place ? { venue: { name: { defaultValue: { language, value: ticket.place } } } } : {}),
          dateTime: { start: ticket.startDate, ...(ticket.endDate ? { end: ticket.endDate } : {}) },
          hexBackgroundColor: hex,
          reviewStatus: 'UNDER_REVIEW',
        },
      ],
      eventTicketObjects: [
        {
          id: `${config.issuerId}.ticket-${ticket.eventId.replace(/[^\w.-]/g, '_')}-${ticket.attendeeShortId}`,
          classId,
          state: 'ACTIVE',
          ticketHolderName: ticket.attendeeName,
          ...(ticket.ticketTitle
            ? { ticketType: { defaultValue: { language, value: ticket.ticketTitle } } }
            : {}),
          reservationInfo: { confirmationCode: ticket.orderReference },
          ticketNumber: ticket.attendeeShortId,
          barcode: { type: 'QR_CODE', value: ticket.code, alternateText: ticket.attendeeShortId },
          hexBackgroundColor: hex,
        },
      ],
    },
  };
  const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(config.privateKey);
  return `https://pay.google.com/gp/v/save/${unsigned}.${base64url(signature)}`;
}
