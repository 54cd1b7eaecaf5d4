import { PassThrough, type Readable } from 'node:stream';
import type { Logger } from '../kit/logger';
import type { Report, ReportColumn, ReportRow } from './reports';

/**
 * A report as a file. Money leaves minor units here: a spreadsheet shows `12.50` (the currency's own number
 * of decimals) with the currency in its own column. Text a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@` first: a buyer-chosen promo code or a list name) is written with a leading apostrophe in CSV and as
 * plain text in XLSX.
 */

export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

function cellValue(column: ReportColumn, value: ReportRow[string], digits: number): string | number | null {
  if (value === null || value === undefined) return null;
  if (column.kind === 'money') return Number(value) / 10 ** digits;
  return value;
}

const formulaStart = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null, column: ReportColumn, digits: number): string {
  if (value === null) return '';
  if (typeof value === 'number') return column.kind === 'money' ? value.toFixed(digits) : String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const headerOf = (report: Report): string[] => [...report.columns.map((column) => column.key), 'currency'];

export function reportCsv(report: Report): string {
  const digits = currencyDigits(report.currency);
  const lines = [headerOf(report).join(',')];
  for (const row of report.rows)
    lines.push(
      [
        ...report.columns.map((column) =>
          csvCell(cellValue(column, row[column.key] ?? null, digits), column, digits),
        ),
        report.currency,
      ].join(','),
    );
  // A byte-order mark so spreadsheet programs read UTF-8 names right.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The report as an XLSX workbook written row by row into a stream (exceljs' streaming writer). */
export function reportXlsx(report: Report, logger: Logger): Readable {
  const stream = new PassThrough();
  void (async () => {
    // Loaded with the first spreadsheet: most processes never write one, and it weighs some 25 MB.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(report.report);
    const digits = currencyDigits(report.currency);
    const moneyFormat = digits === 0 ? '#,##0' : `#,##0.${'0'.repeat(digits)}`;
    sheet.columns = headerOf(report).map((key) => ({
      header: key,
      key,
      width: Math.max(12, key.length + 2),
    }));
    report.columns.forEach((column, index) => {
      if (column.kind === 'money') sheet.getColumn(index + 1).numFmt = moneyFormat;
    });
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const row of report.rows) {
      const values = report.columns.map((column) => cellValue(column, row[column.key] ?? null, digits));
      sheet.addRow([...values, report.currency]).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    logger.error('writing an XLSX report failed', { error });
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}
