import { PassThrough, type Readable } from 'node:stream';
import type { AnswerSheet } from '../../catalog/questions/answers';
import type { Question } from '../../catalog/questions/questionEvents';
import type { AttendeeRow, OrderPaymentRow, OrderRow } from '../../../projections/orders';
import { visibleStatus } from './orderPresenters';

/**
 * The organizer's exports (docs/orders.md): rows arrive in pages from the read model and are written as they
 * come, waiting whenever the client reads slower than the file is written, so a 100,000-row export holds one
 * page in memory and never blocks the server.
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

export const exportFileName = (what: 'orders' | 'attendees', eventId: string, format: ExportFormat) =>
  `${what}-${eventId}.${format}`;

export const exportContentType: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Amounts in major units, as the organizer reads them (2 decimals unless the currency has none). */
const major = (amount: number, digits: number) => Number((amount / 10 ** digits).toFixed(digits));

export const orderExportHeader = [
  'Reference',
  'Order ID',
  'Status',
  'Origin',
  'First name',
  'Last name',
  'Email',
  'Currency',
  'Subtotal',
  'Discount',
  'Fees',
  'Tax',
  'Total',
  'Refunded',
  'Remaining',
  'Payment method',
  'Promo code',
  'Affiliate code',
  'Created at',
  'Completed at',
];

/**
 * One order's row. The money columns are the order's as the drawer shows them: Subtotal is the tickets after the
 * discount (their taxes included where the event's prices include them), Discount what the code took off them,
 * Refunded what went back so far and Remaining the total less that.
 */
export function orderExportRow(
  row: OrderRow,
  context: {
    now: Date;
    digits: (currency: string) => number;
    manual: ReadonlySet<string>;
    payments: ReadonlyMap<string, Pick<OrderPaymentRow, 'refunded_total'>>;
  },
): Cell[] {
  const digits = context.digits(row.currency);
  const refunded = context.payments.get(row.id)?.refunded_total ?? 0;
  return [
    row.reference,
    row.id,
    visibleStatus(row, context.now),
    context.manual.has(row.id) ? 'MANUAL' : 'ONLINE',
    row.first_name,
    row.last_name,
    row.email,
    row.currency,
    major(row.subtotal, digits),
    major(row.discount_total, digits),
    major(row.fee_total, digits),
    major(row.tax_total, digits),
    major(row.total, digits),
    major(refunded, digits),
    major(row.total - refunded, digits),
    row.payment_method,
    row.promo_code,
    row.affiliate_code,
    row.created_at,
    row.completed_at,
  ];
}

/** One answer as text: choices joined, an address on one line. */
export function answerText(answer: AnswerSheet[string] | undefined): string | null {
  if (answer === undefined || answer === null) return null;
  if (typeof answer === 'string') return answer;
  if (!('addressLine1' in answer)) return answer.join(', ');
  return [
    answer.addressLine1,
    answer.addressLine2,
    answer.city,
    answer.stateOrRegion,
    answer.zipOrPostalCode,
    answer.country,
  ]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

export function attendeeExportHeader(questions: readonly Question[]): string[] {
  return [
    'Attendee ID',
    'Ticket ID (public)',
    'First name',
    'Last name',
    'Email',
    'Language',
    'Ticket',
    'Status',
    'Payment',
    'Order reference',
    'Created at',
    ...questions.map((question) => question.title),
  ];
}

export function attendeeExportRow(
  row: AttendeeRow,
  context: {
    questions: readonly Question[];
    titles: ReadonlyMap<string, string>;
    references: ReadonlyMap<string, string>;
  },
): Cell[] {
  const answers = row.answers ? (JSON.parse(row.answers) as AnswerSheet) : {};
  return [
    row.id,
    row.short_id,
    row.first_name,
    row.last_name,
    row.email,
    row.locale,
    context.titles.get(row.ticket_id) ?? row.ticket_id,
    row.status,
    row.payment,
    context.references.get(row.order_id) ?? null,
    row.created_at,
    ...context.questions.map((question) => answerText(answers[question.questionId])),
  ];
}
