/**
 * A new pdfkit document. pdfkit (with fontkit and its Unicode tables) loads with the first document rather than
 * at start-up: about 20 MB of resident memory that a server rendering no PDF, as in an on-sale rush or at the
 * door, does not carry (docs/decisions/young-generation.md).
 */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument(options);
}
