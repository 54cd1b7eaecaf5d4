import type { Knex } from 'knex';
import { migrateReadModels } from '../../../projections/migrations';
import type { AttendeeRow } from '../../../projections/orders';

/**
 * Attendees for check-in tests, written straight into the orders module's `attendees` read model
 * (projections/orders), so a test controls status and payment without running checkouts. The read models are
 * migrated first: nothing to do on a started platform's database, and the orders module's own table on a bare one.
 */
export interface TestAttendee {
  id: string;
  accountId: string;
  eventId: string;
  orderId: string;
  ticketId: string;
  shortId: string;
  firstName: string;
  lastName: string;
  email: string;
  status?: 'ACTIVE' | 'CANCELLED';
  payment?: 'PAID' | 'UNPAID' | 'PENDING';
}

export async function seedAttendees(db: Knex, attendees: readonly TestAttendee[]): Promise<void> {
  await migrateReadModels(db);
  for (const attendee of attendees) {
    const row: AttendeeRow = {
      id: attendee.id,
      account_id: attendee.accountId,
      event_id: attendee.eventId,
      order_id: attendee.orderId,
      ticket_id: attendee.ticketId,
      tier_id: null,
      short_id: attendee.shortId,
      first_name: attendee.firstName,
      last_name: attendee.lastName,
      email: attendee.email,
      locale: 'en',
      status: attendee.status ?? 'ACTIVE',
      payment: attendee.payment ?? 'PAID',
      position: 0,
      answers: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    await db('attendees').insert(row);
  }
}
