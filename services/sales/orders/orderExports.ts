import type { Cell, ExportFormat } from '../../kit/exports';
import type { AnswerSheet } from '../../catalog/questions/answers';
import type { Question } from '../../catalog/questions/questionEvents';
import type { AttendeeRow, OrderPaymentRow, OrderRow } from '../../../projections/orders';
import { visibleStatus } from './orderPresenters';

/** The organizer's exports' rows (docs/orders.md); the kit streams them (services/kit/exports.ts). */

export const exportFileName = (what: 'orders' | 'attendees', eventId: string, format: ExportFormat) =>
  `${what}-${eventId}.${format}`;

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
