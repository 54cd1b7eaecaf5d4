import { describe, expect, it } from 'vitest';
import { invoiceDecider } from './invoiceDecider';
import type { CreditNoteIssued, InvoiceIssued } from './invoiceEvents';
import { cjkFontFile } from '../../messaging/pdfFonts';
import { renderInvoicePdf } from './invoicePdf';

/** The text a PDF shows: pdfkit writes each run of a standard font as hex glyph codes in a TJ array. */
function pdfText(pdf: Buffer): string {
  const content = pdf.toString('latin1');
  const runs = [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((match) =>
    [...match[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
      .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
      .join(''),
  );
  return runs.join('\n');
}

const party = { company: null, name: null, address: null, country: null, vatId: null };
const numbering = invoiceDecider.evolve(invoiceDecider.initialState(), {
  type: 'InvoiceSettingsChanged',
  data: {
    accountId: 'ac_1',
    prefix: 'RE-2027-',
    seller: { company: null, address: null, country: null, vatId: null },
    changedAt: '2027-01-01T00:00:00.000Z',
  },
});
const invoice = (locale: string) =>
  invoiceDecider.decide(
    {
      type: 'IssueInvoice',
      invoiceId: 'in_1',
      accountId: 'ac_1',
      eventId: 'ev_1',
      orderId: 'or_1',
      currency: 'EUR',
      locale,
      seller: {
        ...party,
        company: 'Harbour Collective GmbH',
        address: 'Kai 1, Hamburg',
        vatId: 'DE123456789',
      },
      buyer: { ...party, company: 'Acme SARL', name: 'Anna Schmidt', vatId: 'FR12345678901' },
      lines: [
        {
          description: 'Standard',
          quantity: 2,
          net: 3361,
          taxes: [{ name: 'VAT 19%', amount: 639 }],
          tax: 639,
          gross: 4000,
        },
      ],
      now: new Date('2027-01-10T12:00:00Z'),
    },
    numbering,
  )[0] as InvoiceIssued;

describe('the invoice PDF', () => {
  it('prints the number, both parties, the lines and the totals in the buyer language', async () => {
    const pdf = await renderInvoicePdf(invoice('de'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Rechnung',
      'Nummer: RE-2027-00001',
      'Datum: 10. Januar 2027',
      'Harbour Collective GmbH',
      'USt-IdNr.: DE123456789',
      'Acme SARL',
      'USt-IdNr.: FR12345678901',
      'Standard',
      '33,61',
      '6,39',
      '40,00',
      'Gesamt',
    ])
      expect(text).toContain(expected);
  });

  it('prints a credit note with the invoice it cancels, its amounts negative', async () => {
    const issued = invoice('en');
    const credit = invoiceDecider.decide(
      {
        type: 'IssueCreditNote',
        invoiceId: 'cn_1',
        orderId: 'or_1',
        reason: 'CANCELLED',
        now: new Date('2027-01-11T00:00:00Z'),
      },
      invoiceDecider.evolve(numbering, issued),
    )[0] as CreditNoteIssued;
    const text = pdfText(await renderInvoicePdf(credit));
    expect(text).toContain('Credit note');
    expect(text).toContain('Number: RE-2027-00002');
    expect(text).toContain('Cancels invoice RE-2027-00001');
    // The euro sign is WinAnsi 0x80 in the standard fonts.
    expect(text).toContain('-\x8040.00');
  });

  it('prints a zh-cn document in Chinese with the CJK font, or in English where no font draws Chinese', async () => {
    const pdf = (await renderInvoicePdf(invoice('zh-cn'))).toString('latin1');
    if (cjkFontFile()) {
      // The font is embedded, and its ToUnicode map (the PDF is not compressed) maps the title's glyphs to
      // 发 (U+53D1) and 票 (U+7968).
      expect(pdf).toContain('NotoSansCJKsc-Regular');
      expect(pdf).toMatch(/<[0-9a-f]{4}> <53d1>/i);
      expect(pdf).toMatch(/<[0-9a-f]{4}> <7968>/i);
      expect(pdf).not.toContain('/BaseFont /Helvetica');
    } else {
      expect(pdfText(Buffer.from(pdf, 'latin1'))).toContain('Invoice');
    }
  });

  it('keeps Helvetica for a document in a Latin language with only Latin names', async () => {
    const pdf = (await renderInvoicePdf(invoice('de'))).toString('latin1');
    expect(pdf).toContain('/BaseFont /Helvetica');
    expect(pdf).not.toContain('NotoSansCJK');
  });
});
