import { describe, expect, it } from 'vitest';
import { toQueryString } from '../../shared/api/http';
import { attendeeQueryOf } from './AttendeesPage';
import { listQueryOf } from './OrdersPage';

describe('the orders list query from the address bar', () => {
  it('reads page, search and every filter, with the date range as whole UTC days', () => {
    const query = listQueryOf(
      new URLSearchParams(
        'page=3&query=ann&status=COMPLETED&payment_method=OFFLINE&ticket_id=tk_1&from=2027-01-01&to=2027-01-31',
      ),
      'status',
    );
    expect(query).toEqual({
      page: 3,
      per_page: 20,
      query: 'ann',
      filter_fields: {
        status: { eq: 'COMPLETED' },
        payment_method: { eq: 'OFFLINE' },
        ticket_id: { eq: 'tk_1' },
        created_at: { gte: '2027-01-01T00:00:00.000Z', lt: '2027-01-31T23:59:59.999Z' },
      },
    });
    expect(decodeURIComponent(toQueryString(query))).toContain(
      'filter_fields[created_at][gte]=2027-01-01T00:00:00.000Z',
    );
  });

  it('leaves out what is not set, and a bad page falls back to the first', () => {
    expect(listQueryOf(new URLSearchParams('page=abc'), 'status')).toEqual({
      page: 1,
      per_page: 20,
      query: undefined,
    });
  });

  it('asks the attendees list only for filters it takes: no payment method', () => {
    expect(attendeeQueryOf(new URLSearchParams('status=ACTIVE&payment_method=CARD'))).toEqual({
      page: 1,
      per_page: 20,
      query: undefined,
      filter_fields: { status: { eq: 'ACTIVE' } },
    });
    expect(attendeeQueryOf(new URLSearchParams('payment_method=CARD'))).toEqual({
      page: 1,
      per_page: 20,
      query: undefined,
    });
  });
});
