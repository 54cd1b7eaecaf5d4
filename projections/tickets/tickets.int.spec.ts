import { afterEach, beforeEach, expect, it } from 'vitest';
import type {
  TicketDetails,
  TicketEvent,
  TicketOrderEvent,
} from '../../services/catalog/tickets/ticketEvents';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { listEventTickets, ticketsProjection } from '.';

const details: TicketDetails = {
  type: 'TIERED',
  title: 'Weekend',
  description: null,
  price: null,
  minimumPrice: null,
  tiers: [{ tierId: 'tr_early', label: 'Early bird', price: 3000, hidden: false, quantity: 50 }],
  quantity: 200,
  minPerOrder: 1,
  maxPerOrder: null,
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
};
type Given = (TicketEvent | TicketOrderEvent) & { stream: string };
const created = (ticketId: string, title: string, at: string): Given => ({
  stream: `ticket-${ticketId}`,
  type: 'TicketCreated',
  data: { ...details, title, eventId: 'ev_1', ticketId, createdAt: at },
});

describeEachStorage('tickets read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps tickets with their changes, pause and deletion, in the organizer order, the same when rebuilt', async () => {
    const { rows, keys } = await projectionSpec<TicketEvent | TicketOrderEvent>(storage, ticketsProjection)
      .given([
        created('tk_a', 'Weekend', '2026-11-01T10:00:00.000Z'),
        created('tk_b', 'Day', '2026-11-01T10:01:00.000Z'),
        created('tk_c', 'Gone', '2026-11-01T10:02:00.000Z'),
        {
          stream: 'ticket-tk_a',
          type: 'TicketUpdated',
          data: {
            eventId: 'ev_1',
            ticketId: 'tk_a',
            changes: { title: 'Full weekend', quantity: 150 },
            updatedAt: '2026-11-02T10:00:00.000Z',
          },
        },
        {
          stream: 'ticket-tk_b',
          type: 'TicketSalesPaused',
          data: { eventId: 'ev_1', ticketId: 'tk_b', pausedAt: '2026-11-02T11:00:00.000Z' },
        },
        {
          stream: 'ticket-tk_c',
          type: 'TicketDeleted',
          data: { eventId: 'ev_1', ticketId: 'tk_c', deletedAt: '2026-11-02T12:00:00.000Z' },
        },
        {
          stream: 'ticket-order-ev_1',
          type: 'TicketsSorted',
          data: { eventId: 'ev_1', ticketIds: ['tk_b', 'tk_a'], sortedAt: '2026-11-03T10:00:00.000Z' },
        },
      ])
      .then({ tickets: ['id'], ticket_sort_orders: ['event_id'] });

    expect(rows.tickets).toEqual([
      expect.objectContaining({ id: 'tk_a', event_id: 'ev_1', updated_at: '2026-11-02T10:00:00.000Z' }),
      expect.objectContaining({ id: 'tk_b', updated_at: '2026-11-02T11:00:00.000Z' }),
    ]);
    expect(rows.ticket_sort_orders).toEqual([
      expect.objectContaining({ event_id: 'ev_1', ticket_ids: JSON.stringify(['tk_b', 'tk_a']) }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['event:ev_1']));

    const listed = await listEventTickets(storage.db, 'ev_1');
    expect(listed.map((ticket) => [ticket.ticketId, ticket.details.title, ticket.salesPaused])).toEqual([
      ['tk_b', 'Day', true],
      ['tk_a', 'Full weekend', false],
    ]);
    expect(listed[1]?.details.quantity).toBe(150);
    expect(listed[1]?.details.tiers).toEqual(details.tiers);
  });
});
