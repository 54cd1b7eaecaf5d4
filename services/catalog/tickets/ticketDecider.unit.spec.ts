import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { ticketDecider, type UpdateTicket } from './ticketDecider';
import type { TicketCreated, TicketDetails, TicketEvent } from './ticketEvents';
import { sortTickets, ticketOrderDecider } from './ticketOrderDecider';
import { shownToBuyer, ticketState } from './ticketState';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(ticketDecider);

function details(overrides: Partial<TicketDetails> = {}): TicketDetails {
  return {
    type: 'PAID',
    title: 'General admission',
    description: null,
    price: 2500,
    minimumPrice: null,
    tiers: [],
    quantity: 100,
    minPerOrder: 1,
    maxPerOrder: 10,
    saleStart: null,
    saleEnd: null,
    hidden: false,
    hideBeforeSaleStart: false,
    hideAfterSaleEnd: false,
    hideWhenSoldOut: false,
    hiddenUnlessPromoCode: false,
    showQuantityRemaining: false,
    collapseOnLoad: false,
    taxAndFeeIds: [],
    ...overrides,
  };
}
const tiered = (): Partial<TicketDetails> => ({
  type: 'TIERED',
  price: null,
  tiers: [
    { tierId: 'early', label: 'Early bird', price: 1500, hidden: false, quantity: 20 },
    { tierId: 'late', label: 'Regular', price: 2500, hidden: false, quantity: null },
  ],
});
const created = (overrides: Partial<TicketDetails> = {}): TicketCreated => ({
  type: 'TicketCreated',
  data: { eventId: 'ev_1', ticketId: 'tk_1', ...details(overrides), createdAt: at },
});
const create = (overrides: Partial<TicketDetails> = {}) => ({
  type: 'CreateTicket' as const,
  eventId: 'ev_1',
  ticketId: 'tk_1',
  details: details(overrides),
  now,
});
const update = (changes: Partial<TicketDetails>, facts: Partial<UpdateTicket> = {}): UpdateTicket => ({
  type: 'UpdateTicket',
  eventId: 'ev_1',
  ticketId: 'tk_1',
  changes,
  hasSalesOrAttendees: false,
  tierIdsWithSales: [],
  now,
  ...facts,
});

describe('CreateTicket', () => {
  it('creates each ticket type with all its fields', () => {
    spec.given([]).when(create()).then([created()]);
    spec
      .given([])
      .when(create({ type: 'FREE', price: 0 }))
      .then([created({ type: 'FREE', price: 0 })]);
    spec
      .given([])
      .when(create({ type: 'DONATION', price: null, minimumPrice: 500 }))
      .then([created({ type: 'DONATION', price: null, minimumPrice: 500 })]);
    spec
      .given([])
      .when(create(tiered()))
      .then([created(tiered())]);
  });

  it('refuses bad input with a field error for each problem', () => {
    spec
      .given([])
      .when(create({ price: -1 }))
      .thenRefused('validation_failed', ['price']);
    spec
      .given([])
      .when(create({ price: 10.5 }))
      .thenRefused('validation_failed', ['price']);
    spec
      .given([])
      .when(create({ price: null }))
      .thenRefused('validation_failed', ['price']);
    spec
      .given([])
      .when(create({ title: '  ' }))
      .thenRefused('validation_failed', ['title']);
    spec
      .given([])
      .when(create({ title: 'x'.repeat(150) }))
      .thenRefused('validation_failed', ['title']);
    spec
      .given([])
      .when(create({ title: 'x'.repeat(149) }))
      .then([created({ title: 'x'.repeat(149) })]);
    spec
      .given([])
      .when(create({ minPerOrder: 5, maxPerOrder: 4 }))
      .thenRefused('validation_failed', ['max_per_order']);
    spec
      .given([])
      .when(create({ minPerOrder: 0 }))
      .thenRefused('validation_failed', ['min_per_order']);
    spec
      .given([])
      .when(create({ quantity: -3 }))
      .thenRefused('validation_failed', ['quantity']);
    spec
      .given([])
      .when(create({ saleStart: '2026-12-02T00:00:00.000Z', saleEnd: '2026-12-01T00:00:00.000Z' }))
      .thenRefused('validation_failed', ['sale_end']);
    spec
      .given([])
      .when(create({ type: 'DONATION', price: null, minimumPrice: -100 }))
      .thenRefused('validation_failed', ['minimum_price']);
    spec
      .given([])
      .when(create({ type: 'TIERED', price: null, tiers: [] }))
      .thenRefused('validation_failed', ['tiers']);
    spec
      .given([])
      .when(
        create({
          type: 'TIERED',
          price: null,
          tiers: [{ tierId: 't', label: '', price: -5, hidden: false, quantity: -1 }],
        }),
      )
      .thenRefused('validation_failed', ['tiers.0.label', 'tiers.0.price', 'tiers.0.quantity']);
    spec
      .given([])
      .when(create({ type: 'FREE', price: 100 }))
      .thenRefused('validation_failed', ['price']);
    spec
      .given([])
      .when(create({ tiers: tiered().tiers! }))
      .thenRefused('validation_failed', ['tiers']);
    spec
      .given([])
      .when(create({ taxAndFeeIds: ['tx', 'tx'] }))
      .thenRefused('validation_failed', ['tax_and_fee_ids']);
  });

  it('refuses a second creation', () => {
    spec.given([created()]).when(create()).thenRefused('ticket_already_exists');
  });
});

describe('UpdateTicket', () => {
  it('records only what changed, and nothing when nothing did', () => {
    spec
      .given([created()])
      .when(update({ title: 'General admission', price: 3000 }))
      .then([
        {
          type: 'TicketUpdated',
          data: { eventId: 'ev_1', ticketId: 'tk_1', changes: { price: 3000 }, updatedAt: at },
        },
      ]);
    spec
      .given([created()])
      .when(update({ price: 2500 }))
      .thenNothingHappened();
  });

  it('locks the type once the ticket has sales or attendees', () => {
    const toFree = { type: 'FREE' as const, price: 0 };
    spec
      .given([created()])
      .when(update(toFree, { hasSalesOrAttendees: true }))
      .thenRefused('ticket_type_locked', ['type']);
    spec
      .given([created()])
      .when(update(toFree))
      .then([
        {
          type: 'TicketUpdated',
          data: { eventId: 'ev_1', ticketId: 'tk_1', changes: { type: 'FREE', price: 0 }, updatedAt: at },
        },
      ]);
  });

  it('refuses to delete a tier with sales (hide it), and allows hiding it', () => {
    const [early, late] = tiered().tiers!;
    spec
      .given([created(tiered())])
      .when(update({ tiers: [late!] }, { tierIdsWithSales: ['early'] }))
      .thenRefused('tier_has_sales', ['tiers']);
    spec
      .given([created(tiered())])
      .when(update({ tiers: [{ ...early!, hidden: true }, late!] }, { tierIdsWithSales: ['early'] }))
      .then([
        {
          type: 'TicketUpdated',
          data: {
            eventId: 'ev_1',
            ticketId: 'tk_1',
            changes: { tiers: [{ ...early!, hidden: true }, late!] },
            updatedAt: at,
          },
        },
      ]);
    spec
      .given([created(tiered())])
      .when(update({ tiers: [] }))
      .thenRefused('validation_failed', ['tiers']);
  });

  it('validates the ticket as it would be after the change', () => {
    spec
      .given([created()])
      .when(update({ maxPerOrder: 0 }))
      .thenRefused('validation_failed', ['max_per_order']);
  });

  it('refuses an unknown, deleted or other event’s ticket', () => {
    const deleted: TicketEvent = {
      type: 'TicketDeleted',
      data: { eventId: 'ev_1', ticketId: 'tk_1', deletedAt: at },
    };
    spec
      .given([])
      .when(update({ price: 1 }))
      .thenRefused('ticket_not_found');
    spec
      .given([created(), deleted])
      .when(update({ price: 1 }))
      .thenRefused('ticket_not_found');
    spec
      .given([created()])
      .when(update({ price: 1 }, { eventId: 'ev_2' }))
      .thenRefused('ticket_not_found');
  });
});

describe('DeleteTicket, PauseTicketSales, ResumeTicketSales', () => {
  const remove = (orderCount: number) => ({
    type: 'DeleteTicket' as const,
    eventId: 'ev_1',
    ticketId: 'tk_1',
    orderCount,
    now,
  });
  it('refuses to delete a ticket tied to an order (hide it instead)', () => {
    spec.given([created()]).when(remove(2)).thenRefused('ticket_has_orders');
    spec
      .given([created()])
      .when(remove(0))
      .then([{ type: 'TicketDeleted', data: { eventId: 'ev_1', ticketId: 'tk_1', deletedAt: at } }]);
  });

  it('pauses and resumes once', () => {
    const pause = { type: 'PauseTicketSales' as const, eventId: 'ev_1', ticketId: 'tk_1', now };
    const paused: TicketEvent = {
      type: 'TicketSalesPaused',
      data: { eventId: 'ev_1', ticketId: 'tk_1', pausedAt: at },
    };
    spec.given([created()]).when(pause).then([paused]);
    spec.given([created(), paused]).when(pause).thenNothingHappened();
    spec
      .given([created(), paused])
      .when({ type: 'ResumeTicketSales', eventId: 'ev_1', ticketId: 'tk_1', now })
      .then([{ type: 'TicketSalesResumed', data: { eventId: 'ev_1', ticketId: 'tk_1', resumedAt: at } }]);
  });
});

describe('SortTickets', () => {
  const sorting = deciderSpec(ticketOrderDecider);
  const sort = (ticketIds: string[], existingTicketIds = ['a', 'b', 'c']) => ({
    type: 'SortTickets' as const,
    eventId: 'ev_1',
    ticketIds,
    existingTicketIds,
    now,
  });
  it('records the new order once, and fails to sort a list that is not exactly the event’s tickets', () => {
    const sorted = {
      type: 'TicketsSorted' as const,
      data: { eventId: 'ev_1', ticketIds: ['c', 'a', 'b'], sortedAt: at },
    };
    sorting
      .given([])
      .when(sort(['c', 'a', 'b']))
      .then([sorted]);
    sorting
      .given([sorted])
      .when(sort(['c', 'a', 'b']))
      .thenNothingHappened();
    sorting
      .given([])
      .when(sort(['c', 'a']))
      .thenRefused('ticket_sort_failed', ['ticket_ids']);
    sorting
      .given([])
      .when(sort(['c', 'a', 'a']))
      .thenRefused('ticket_sort_failed', ['ticket_ids']);
    sorting
      .given([])
      .when(sort(['c', 'a', 'x']))
      .thenRefused('ticket_sort_failed', ['ticket_ids']);
  });
  it('lists tickets in that order, newer unsorted ones last', () => {
    const list = ['a', 'b', 'c', 'd'].map((ticketId) => ({ ticketId }));
    expect(sortTickets(list, ['c', 'a', 'b']).map((t) => t.ticketId)).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('ticketState and shownToBuyer', () => {
  const ticket = { ...details(), salesPaused: false };
  const open = { remaining: 5 };
  const before = new Date('2026-11-30T00:00:00.000Z');
  const during = new Date('2026-12-05T00:00:00.000Z');
  const after = new Date('2026-12-20T00:00:00.000Z');
  const windowed = { ...ticket, saleStart: '2026-12-01T00:00:00.000Z', saleEnd: '2026-12-10T00:00:00.000Z' };

  it('derives each of the six states', () => {
    expect(ticketState(windowed, during, open)).toBe('ON_SALE');
    expect(ticketState(windowed, during, { remaining: 0 })).toBe('SOLD_OUT');
    expect(ticketState(windowed, before, open)).toBe('NOT_ON_SALE');
    expect(ticketState(windowed, after, open)).toBe('SALE_ENDED');
    expect(ticketState({ ...windowed, hidden: true }, during, open)).toBe('HIDDEN');
    expect(ticketState({ ...windowed, salesPaused: true }, during, open)).toBe('PAUSED');
    expect(ticketState(ticket, during, { remaining: null })).toBe('ON_SALE');
  });

  it('sells out a tiered ticket when every visible tier is gone', () => {
    const tieredTicket = { ...details(tiered()), salesPaused: false };
    expect(ticketState(tieredTicket, during, { remaining: null, tiers: { early: 0, late: 3 } })).toBe(
      'ON_SALE',
    );
    expect(ticketState(tieredTicket, during, { remaining: null, tiers: { early: 0, late: 0 } })).toBe(
      'SOLD_OUT',
    );
  });

  it('hides from buyers what the flags and the promo code say', () => {
    expect(shownToBuyer(windowed, during, open, false)).toBe(true);
    expect(shownToBuyer({ ...windowed, hidden: true }, during, open, true)).toBe(false);
    expect(shownToBuyer(windowed, before, open, false)).toBe(true);
    expect(shownToBuyer({ ...windowed, hideBeforeSaleStart: true }, before, open, false)).toBe(false);
    expect(shownToBuyer({ ...windowed, hideAfterSaleEnd: true }, after, open, false)).toBe(false);
    expect(shownToBuyer({ ...windowed, hideWhenSoldOut: true }, during, { remaining: 0 }, false)).toBe(false);
    expect(shownToBuyer({ ...windowed, hiddenUnlessPromoCode: true }, during, open, false)).toBe(false);
    expect(shownToBuyer({ ...windowed, hiddenUnlessPromoCode: true }, during, open, true)).toBe(true);
  });
});

describe('SetTicketWaitingList', () => {
  const setWaitingList = (enabled: boolean, offerHours: number) => ({
    type: 'SetTicketWaitingList' as const,
    eventId: 'ev_1',
    ticketId: 'tk_1',
    enabled,
    offerHours,
    now,
  });
  const set = (enabled: boolean, offerHours: number): TicketEvent => ({
    type: 'TicketWaitingListSet',
    data: { eventId: 'ev_1', ticketId: 'tk_1', enabled, offerHours, setAt: at },
  });

  it('switches the waiting list on with its offer duration, and off again', () => {
    spec
      .given([created()])
      .when(setWaitingList(true, 24))
      .then([set(true, 24)]);
    spec
      .given([created(), set(true, 24)])
      .when(setWaitingList(true, 48))
      .then([set(true, 48)]);
    spec
      .given([created(), set(true, 48)])
      .when(setWaitingList(false, 48))
      .then([set(false, 48)]);
  });
  it('records nothing when the setting does not change (off with 24 hours is the default)', () => {
    spec.given([created()]).when(setWaitingList(false, 24)).thenNothingHappened();
    spec
      .given([created(), set(true, 12)])
      .when(setWaitingList(true, 12))
      .thenNothingHappened();
  });
  it('refuses an offer duration outside 1 hour to a week', () => {
    for (const hours of [0, 169, 1.5])
      spec
        .given([created()])
        .when(setWaitingList(true, hours))
        .thenRefused('validation_failed', ['offer_hours']);
  });
  it('knows no deleted ticket, nor one of another event', () => {
    const deleted: TicketEvent = {
      type: 'TicketDeleted',
      data: { eventId: 'ev_1', ticketId: 'tk_1', deletedAt: at },
    };
    spec.given([created(), deleted]).when(setWaitingList(true, 24)).thenRefused('ticket_not_found');
    spec
      .given([created()])
      .when({ ...setWaitingList(true, 24), eventId: 'ev_2' })
      .thenRefused('ticket_not_found');
  });
});
