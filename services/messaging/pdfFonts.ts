import { existsSync, readFileSync } from 'node:fs';

/**
 * A font covering Chinese, for the PDFs (tickets, invoices). The repository and node_modules hold none; the Noto
 * CJK fonts that Debian's `fonts-noto-cjk` installs (`.ci/run` installs it; the image Chromium runs in has it) are
 * used when present, or the file `TICKET_PDF_CJK_FONT` names. Without one, a zh-cn document is written in English
 * rather than in empty boxes.
 */
const cjkCandidates = [
  process.env.TICKET_PDF_CJK_FONT,
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
].filter((path): path is string => Boolean(path));
let cjkFont: Buffer | null | undefined;

export function cjkFontFile(): Buffer | null {
  if (cjkFont === undefined) {
    const path = cjkCandidates.find((candidate) => existsSync(candidate));
    cjkFont = path ? readFileSync(path) : null;
  }
  return cjkFont;
}

/** Text outside what PDF's standard Helvetica (WinAnsi) draws. */
export const needsWideFont = (text: string): boolean =>
  /[^\u0020-\u00ff\u2018-\u201e\u2022\u2026\u20ac]/.test(text);

/**
 * Registers the document's `body` and `bold` fonts: the CJK font (one weight) when the document is in Chinese or
 * draws text Helvetica cannot, and a font is at hand; Helvetica otherwise. Answers whether the CJK font is used.
 */
export function registerDocumentFonts(
  doc: PDFKit.PDFDocument,
  options: { chinese: boolean; texts: readonly string[] },
): boolean {
  const wide = cjkFontFile();
  if (wide && (options.chinese || options.texts.some(needsWideFont))) {
    doc.registerFont('body', wide, 'NotoSansCJKsc-Regular');
    doc.registerFont('bold', wide, 'NotoSansCJKsc-Regular');
    return true;
  }
  doc.registerFont('body', 'Helvetica');
  doc.registerFont('bold', 'Helvetica-Bold');
  return false;
}
