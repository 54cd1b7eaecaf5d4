import { describe, expect, it } from 'vitest';
import type { Ticket } from './api';
import { initialState, toRequest, validate, type TicketFormState } from './ticketForm';

const zone = 'Europe/Berlin';
const blank = initialState(null, 2, zone, ['tx_default']);
const form = (
  values: Partial<TicketFormState['values']>,
  rest: Partial<TicketFormState> = {},
): TicketFormState => ({
  ...blank,
  values: { ...blank.values, title: 'General admission', ...values },
  ...rest,
});

describe('ticket form → request', () => {
  it('sends a paid ticket’s €25.00 as 2500 minor units with the default taxes of a new ticket', () => {
    const request = toRequest(form({ price: '25.00' }), 2, zone);
    expect(request).toMatchObject({ type: 'PAID', price: 2500, minimum_price: null, tiers: [] });
    expect(request.tax_and_fee_ids).toEqual(['tx_default']);
  });

  it('leaves the taxes out when the organizer may not see them: the server applies or keeps them', () => {
    const request = toRequest(form({ price: '1' }, { taxAndFeeIds: null }), 2, zone);
    expect(request).not.toHaveProperty('tax_and_fee_ids');
  });

  it('sends a free ticket at 0 and a donation’s minimum, each without the other types’ prices', () => {
    expect(toRequest(form({ type: 'FREE', price: '9' }), 2, zone)).toMatchObject({
      price: 0,
      minimum_price: null,
    });
    expect(toRequest(form({ type: 'DONATION', minimum_price: '5,5' }), 2, zone)).toMatchObject({
      price: null,
      minimum_price: 550,
    });
  });

  it('sends tiers in minor units, keeping an existing tier’s id and leaving it out for a new one', () => {
    const tiers = [
      { tier_id: 'tr_early', label: ' Early ', price: '10', hidden: false, quantity: '50' },
      { label: 'Late', price: '15.50', hidden: true, quantity: '' },
    ];
    expect(toRequest(form({ type: 'TIERED' }, { tiers }), 2, zone).tiers).toEqual([
      { tier_id: 'tr_early', label: 'Early', price: 1000, hidden: false, quantity: 50 },
      { label: 'Late', price: 1550, hidden: true, quantity: null },
    ]);
  });

  it('sends the sale window as UTC instants of the event’s wall clock, and empty quantities as unlimited', () => {
    const request = toRequest(
      form({ sale_start: '2026-12-01T10:00', quantity: '', max_per_order: '' }),
      2,
      zone,
    );
    expect(request.sale_start).toBe('2026-12-01T09:00:00.000Z');
    expect(request).toMatchObject({ quantity: null, max_per_order: null, min_per_order: 1 });
  });

  it('reads an existing ticket back into the same text, so saving unchanged sends the same ticket', () => {
    const ticket = {
      type: 'PAID',
      title: 'VIP',
      description: null,
      price: 2500,
      minimum_price: null,
      tiers: [],
      quantity: 100,
      min_per_order: 2,
      max_per_order: 4,
      sale_start: '2026-12-01T09:00:00.000Z',
      sale_end: null,
      hidden: false,
      hide_before_sale_start: true,
      hide_after_sale_end: false,
      hide_when_sold_out: false,
      hidden_unless_promo_code: true,
      show_quantity_remaining: false,
      collapse_on_load: false,
      tax_and_fee_ids: ['tx_1'],
    } as unknown as Ticket;
    const state = initialState(ticket, 2, zone, ['tx_default']);
    expect(state.values).toMatchObject({ price: '25.00', sale_start: '2026-12-01T10:00', quantity: '100' });
    expect(toRequest(state, 2, zone)).toMatchObject({
      price: 2500,
      quantity: 100,
      min_per_order: 2,
      max_per_order: 4,
      sale_start: '2026-12-01T09:00:00.000Z',
      hide_before_sale_start: true,
      hidden_unless_promo_code: true,
      tax_and_fee_ids: ['tx_1'],
    });
  });
});

describe('ticket form checks (spec section 5)', () => {
  const errorIds = (state: TicketFormState) =>
    Object.fromEntries(
      Object.entries(validate(state, 2, zone)).map(([field, message]) => [field, message?.id]),
    );

  it('accepts a complete paid ticket', () => {
    expect(errorIds(form({ price: '25' }))).toEqual({});
  });

  it('refuses a missing title, a negative price and a price with too many decimals', () => {
    expect(errorIds(form({ title: ' ', price: '-1' }))).toEqual({
      title: 'tickets.dialog.titleRequired',
      price: 'tickets.dialog.amountInvalid',
    });
    expect(errorIds(form({ price: '1.005' })).price).toBe('tickets.dialog.amountInvalid');
  });

  it('asks a tiered ticket for at least one complete tier', () => {
    expect(errorIds(form({ type: 'TIERED' }, { tiers: [] })).tiers).toBe('tickets.dialog.tiersRequired');
    const incomplete = [{ label: '', price: '10', hidden: false, quantity: '' }];
    expect(errorIds(form({ type: 'TIERED' }, { tiers: incomplete })).tiers).toBe(
      'tickets.dialog.tierInvalid',
    );
  });

  it('refuses a maximum below the minimum and a sale that ends before it starts', () => {
    expect(
      errorIds(
        form({
          price: '1',
          min_per_order: '5',
          max_per_order: '2',
          sale_start: '2026-12-02T10:00',
          sale_end: '2026-12-01T10:00',
        }),
      ),
    ).toEqual({ max_per_order: 'tickets.dialog.maxBelowMin', sale_end: 'tickets.dialog.saleEndBeforeStart' });
  });
});
