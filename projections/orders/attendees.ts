import type { ReadModelTable } from '../runner/types';
import { ERASED_EMAIL, ERASED_TEXT } from '../../services/sales/orders/orderEvents';
import type { OrdersProjectionEvent } from './orders';

export const attendeesTable: ReadModelTable = {
  name: 'attendees',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('order_id', 40).notNullable();
    table.integer('position').notNullable();
    table.string('ticket_id', 40).notNullable();
    table.string('tier_id', 40).nullable();
    table.string('short_id', 40).notNullable();
    table.string('first_name', 255).nullable();
    table.string('last_name', 255).nullable();
    table.string('email', 320).nullable();
    table.string('locale', 10).notNullable();
    /** ACTIVE | CANCELLED (an attendee of an order that never completed stays ACTIVE with payment PENDING). */
    table.string('status', 12).notNullable();
    table.string('payment', 10).notNullable();
    /** JSON of the attendee's answers, by question id. */
    table.text('answers').nullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.unique(['short_id'], { indexName: `${tableName}_short_id_idx` });
    table.index(['order_id', 'position'], `${tableName}_order_idx`);
    table.index(['event_id', 'created_at'], `${tableName}_event_created_idx`);
  },
};

export type AttendeeStatus = 'ACTIVE' | 'CANCELLED';
export type AttendeePaymentStatus = 'PAID' | 'UNPAID' | 'PENDING';

export interface AttendeeRow {
  id: string;
  account_id: string;
  event_id: string;
  order_id: string;
  position: number;
  ticket_id: string;
  tier_id: string | null;
  short_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  locale: string;
  status: AttendeeStatus;
  payment: AttendeePaymentStatus;
  answers: string | null;
  created_at: string;
  updated_at: string;
}

/** The order's attendee rows as its `OrderPlaced` writes them. */
export function placedAttendeeRows(
  event: Extract<OrdersProjectionEvent, { type: 'OrderPlaced' }>,
): AttendeeRow[] {
  const d = event.data;
  return d.attendees.map((attendee, position) => ({
    id: attendee.attendeeId,
    account_id: d.accountId,
    event_id: d.eventId,
    order_id: d.orderId,
    position,
    ticket_id: attendee.ticketId,
    tier_id: attendee.tierId,
    short_id: attendee.shortId,
    first_name: null,
    last_name: null,
    email: null,
    locale: d.locale,
    status: 'ACTIVE',
    payment: 'PENDING',
    answers: null,
    created_at: d.placedAt,
    updated_at: d.placedAt,
  }));
}

const attendeeChanges = new Set<OrdersProjectionEvent['type']>([
  'OrderDetailsSubmitted',
  'OrderCompleted',
  'OrderAwaitingOfflinePayment',
  'OrderMarkedPaid',
  'OrderCancelled',
  'AttendeeCancelled',
  'AttendeeReactivated',
  'OrderPersonalDataErased',
  'AttendeeDetailsChanged',
]);

/** Whether `changeAttendees` changes anything for events of this type. */
export const changesAttendees = (type: OrdersProjectionEvent['type']): boolean => attendeeChanges.has(type);

/**
 * Changes the order's attendee rows after any event but `OrderPlaced` (the whole order's, or the one the event
 * names) and answers the rows it changed.
 */
export function changeAttendees(
  rows: readonly AttendeeRow[],
  event: Exclude<OrdersProjectionEvent, { type: 'OrderPlaced' }>,
): AttendeeRow[] {
  const change = (changes: Partial<AttendeeRow>, attendeeId?: string): AttendeeRow[] => {
    const changed = attendeeId === undefined ? [...rows] : rows.filter((row) => row.id === attendeeId);
    for (const row of changed) Object.assign(row, changes);
    return changed;
  };

  switch (event.type) {
    case 'OrderDetailsSubmitted': {
      const d = event.data;
      return d.attendees.flatMap((attendee) =>
        change(
          {
            first_name: attendee.firstName,
            last_name: attendee.lastName,
            email: attendee.email,
            locale: d.locale,
            answers: JSON.stringify(attendee.answers),
            updated_at: d.submittedAt,
          },
          attendee.attendeeId,
        ),
      );
    }
    case 'OrderCompleted':
      return change({ payment: 'PAID', updated_at: event.data.completedAt });
    case 'OrderAwaitingOfflinePayment':
      return change({ payment: 'UNPAID', updated_at: event.data.completedAt });
    case 'OrderMarkedPaid':
      return change({ payment: 'PAID', updated_at: event.data.paidAt });
    case 'OrderCancelled':
      return change({ status: 'CANCELLED', updated_at: event.data.cancelledAt });
    case 'AttendeeCancelled':
      return change({ status: 'CANCELLED', updated_at: event.data.cancelledAt }, event.data.attendeeId);
    case 'AttendeeReactivated':
      return change({ status: 'ACTIVE', updated_at: event.data.reactivatedAt }, event.data.attendeeId);
    case 'OrderPersonalDataErased':
      for (const row of rows)
        if (row.email !== null)
          Object.assign(row, {
            first_name: ERASED_TEXT,
            last_name: ERASED_TEXT,
            email: ERASED_EMAIL,
            answers: '{}',
          });
      return change({ updated_at: event.data.erasedAt });
    case 'AttendeeDetailsChanged': {
      const d = event.data;
      return change(
        {
          first_name: d.firstName,
          last_name: d.lastName,
          email: d.email,
          locale: d.locale,
          answers: JSON.stringify(d.answers),
          updated_at: d.changedAt,
        },
        d.attendeeId,
      );
    }
    default:
      return [];
  }
}
