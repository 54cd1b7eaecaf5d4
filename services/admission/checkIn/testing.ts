import type { Knex } from 'knex';

/**
 * Attendees for check-in tests, written straight into the orders module's `attendees` read model
 * (projections/orders), so a test controls status and payment without running checkouts. Creates a table with the
 * columns check-in reads only when the orders migration has not run.
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
  if (!(await db.schema.hasTable('attendees'))) {
    await db.schema.createTable('attendees', (table) => {
      table.string('id', 40).primary();
      table.string('account_id', 40).notNullable();
      table.string('event_id', 40).notNullable();
      table.string('order_id', 40).notNullable();
      table.string('ticket_id', 40).notNullable();
      table.string('tier_id', 40);
      table.string('short_id', 40).notNullable();
      table.string('first_name', 200);
      table.string('last_name', 200);
      table.string('email', 320);
      table.string('locale', 10);
      table.string('status', 12).notNullable();
      table.string('payment', 12).notNullable();
    });
  }
  const columns = await db('attendees').columnInfo();
  for (const attendee of attendees) {
    const row: Record<string, unknown> = {
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
    // The orders module's table may hold more columns (with defaults) or name a few more; write what exists.
    await db('attendees').insert(Object.fromEntries(Object.entries(row).filter(([key]) => key in columns)));
  }
}
