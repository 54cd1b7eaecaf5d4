import { describe, expect, it } from 'vitest';
import type { OrderStateThen } from './api';
import { changedFields } from './stateChanges';

const placed: OrderStateThen = {
  status: 'AWAITING_DETAILS',
  payment_method: null,
  currency: 'EUR',
  reference: 'R-1',
  placed_at: '2027-01-10T12:01:00.000Z',
  expires_at: '2027-01-10T12:16:00.000Z',
  buyer: null,
  lines: [],
  promo_code: null,
  discount_total: 0,
  subtotal: 2500,
  fee_total: 0,
  tax_total: 0,
  total: 2500,
  taxes: [],
  fees: [],
  paid: 0,
  refunded: 0,
  remaining: 0,
  payment_attempts: 0,
  payment_failures: 0,
  refunds: [],
  attendees: [
    {
      id: 'at_1',
      ticket_id: 'tk_1',
      first_name: null,
      last_name: null,
      status: 'ACTIVE',
      payment: 'PENDING',
      check_ins: [],
    },
  ],
};

describe('what an entry of the history changed', () => {
  it('marks nothing on the first state, and exactly the fields and attendee parts that differ after', () => {
    expect([...changedFields(null, placed)]).toEqual([]);
    const checkedIn: OrderStateThen = {
      ...placed,
      status: 'COMPLETED',
      paid: 2500,
      remaining: 2500,
      attendees: [
        {
          ...placed.attendees[0]!,
          payment: 'PAID',
          check_ins: [{ check_in_list_id: 'cl_1', check_in_list: 'North', state: 'checked_in', at: 'x' }],
        },
      ],
      refunds: [{ refund_id: 'rf_1', amount: 100, status: 'PENDING' }],
    };
    expect(new Set(changedFields(placed, checkedIn))).toEqual(
      new Set([
        'status',
        'paid',
        'remaining',
        'refund:rf_1',
        'attendee:at_1',
        'attendee:at_1:state',
        'attendee:at_1:check_ins',
      ]),
    );
  });
});
