import { PassThrough, type Readable } from 'node:stream';

/**
 * Streamed exports (the organizer's orders and attendees, the account's audit log): rows arrive in pages from a
 * read model and are written as they come, waiting whenever the client reads slower than the file is written, so
 * a 100,000-row export holds one page in memory and never blocks the server.
 */

export type ExportFormat = 'csv' | 'xlsx';
export type Cell = string | number | null;

export interface ExportSheet {
  name: string;
  header: readonly string[];
  pages: AsyncIterable<readonly (readonly Cell[])[]>;
}

/**
 * One CSV cell: a text starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so a
 * spreadsheet never reads it as a formula (CSV injection); quoted when it holds a separator, quote or newline.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Resolves once the stream can take more, or is gone (the client left: the export stops). */
function roomIn(out: PassThrough): Promise<void> {
  if (out.writableLength < out.writableHighWaterMark || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** The file as a stream (what Koa pipes to the response). A failure midway ends the download with an error. */
export function streamExport(format: ExportFormat, sheet: ExportSheet): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const write = format === 'csv' ? writeCsv : writeXlsx;
  write(out, sheet).catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

async function writeCsv(out: PassThrough, sheet: ExportSheet): Promise<void> {
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  out.write(`\uFEFF${csvLine(sheet.header)}`);
  for await (const page of sheet.pages) {
    if (out.destroyed) return;
    out.write(page.map(csvLine).join(''));
    await roomIn(out);
  }
  out.end();
}

async function writeXlsx(out: PassThrough, sheet: ExportSheet): Promise<void> {
  // Loaded with the first spreadsheet: most processes never write one, and it weighs some 25 MB.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheet.name);
  worksheet.addRow([...sheet.header]).commit();
  for await (const page of sheet.pages) {
    if (out.destroyed) return;
    for (const row of page) worksheet.addRow([...row]).commit();
    await roomIn(out);
  }
  worksheet.commit();
  await workbook.commit();
}

export const exportContentType: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
