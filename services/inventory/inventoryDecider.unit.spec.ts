import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../kit/decider';
import { deciderSpec } from '../kit/deciderSpec';
import { isRefusal } from '../kit/refusal';
import {
  holdLifetimeEnd,
  inventoryDecider,
  promoUsesLeft,
  remainingAt,
  takenAt,
  type InventoryCommand,
  type InventoryState,
  type PlaceHold,
} from './inventoryDecider';
import type { HoldLine, InventoryEvent } from './inventoryEvents';

const t0 = new Date('2026-12-01T10:00:00.000Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const at = (n: number) => minutes(n).toISOString();
const spec = deciderSpec(inventoryDecider);
const eventId = 'ev_1';

const ticketStock = (ticketId: string, quantity: number | null): InventoryEvent => ({
  type: 'TicketStockDefined',
  data: { eventId, ticketId, quantity, definedAt: at(0) },
});
const tierStock = (ticketId: string, tierId: string, quantity: number | null): InventoryEvent => ({
  type: 'TierStockDefined',
  data: { eventId, ticketId, tierId, quantity, definedAt: at(0) },
});
const capacity = (id: string, cap: number, ticketIds: string[], enabled = true): InventoryEvent => ({
  type: 'CapacityDefined',
  data: { eventId, capacityAssignmentId: id, capacity: cap, ticketIds, enabled, definedAt: at(0) },
});
const promoCap = (promoCodeId: string, maxUses: number | null): InventoryEvent => ({
  type: 'PromoCapDefined',
  data: { eventId, promoCodeId, maxUses, definedAt: at(0) },
});
const line = (ticketId: string, quantity: number, tierId: string | null = null): HoldLine => ({
  ticketId,
  tierId,
  quantity,
});
const held = (
  holdId: string,
  lines: HoldLine[],
  placed = 0,
  expires = 15,
  promoCodeId: string | null = null,
): InventoryEvent => ({
  type: 'HoldPlaced',
  data: {
    eventId,
    holdId,
    orderId: `or_${holdId}`,
    lines,
    promoCodeId,
    placedAt: at(placed),
    expiresAt: at(expires),
  },
});
const noted = (holdId: string, clientKey: string): InventoryEvent => ({
  type: 'HoldClientNoted',
  data: { eventId, holdId, clientKey },
});
const released = (holdId: string, when: number): InventoryEvent => ({
  type: 'HoldReleased',
  data: { eventId, holdId, releasedAt: at(when) },
});
const converted = (holdId: string, when = 1, afterExpiry = false): InventoryEvent => ({
  type: 'HoldConverted',
  data: { eventId, holdId, orderId: `or_${holdId}`, afterExpiry, convertedAt: at(when) },
});
const place = (holdId: string, lines: HoldLine[], overrides: Partial<PlaceHold> = {}): PlaceHold => ({
  type: 'PlaceHold',
  eventId,
  holdId,
  orderId: `or_${holdId}`,
  lines,
  now: minutes(1),
  expiresAt: minutes(16),
  perOrderLimits: {},
  ...overrides,
});

describe('PlaceHold', () => {
  it('holds what is left, until its expiry', () => {
    spec
      .given([ticketStock('tk_a', 10)])
      .when(place('h1', [line('tk_a', 3)]))
      .then([
        {
          type: 'HoldPlaced',
          data: {
            eventId,
            holdId: 'h1',
            orderId: 'or_h1',
            lines: [line('tk_a', 3)],
            promoCodeId: null,
            placedAt: at(1),
            expiresAt: at(16),
          },
        },
      ]);
  });

  it('refuses a hold for more than remains after sales and unexpired holds', () => {
    spec
      .given([
        ticketStock('tk_a', 10),
        held('h1', [line('tk_a', 4)]),
        converted('h1'),
        held('h2', [line('tk_a', 5)]),
      ])
      .when(place('h3', [line('tk_a', 2)]))
      .thenRefused('sold_out');
  });

  it('lets expired holds free their stock (lazy expiry, no timer)', () => {
    spec
      .given([ticketStock('tk_a', 10), held('h1', [line('tk_a', 10)], 0, 15)])
      .when(place('h2', [line('tk_a', 10)], { now: minutes(15), expiresAt: minutes(30) }))
      .then([
        {
          type: 'HoldPlaced',
          data: {
            eventId,
            holdId: 'h2',
            orderId: 'or_h2',
            lines: [line('tk_a', 10)],
            promoCodeId: null,
            placedAt: at(15),
            expiresAt: at(30),
          },
        },
      ]);
  });

  it('never lets a released hold count', () => {
    const released: InventoryEvent = {
      type: 'HoldReleased',
      data: { eventId, holdId: 'h1', releasedAt: at(2) },
    };
    const state = fold(inventoryDecider, inventoryDecider.initialState(), [
      ticketStock('tk_a', 10),
      held('h1', [line('tk_a', 10)]),
      released,
    ]);
    expect(remainingAt(state, minutes(3)).tickets.tk_a).toBe(10);
  });

  it('applies the tier, the ticket and the capacity limits together', () => {
    const given = [
      ticketStock('tk_a', 10),
      tierStock('tk_a', 'early', 3),
      tierStock('tk_a', 'late', null),
      ticketStock('tk_b', null),
      capacity('cap', 12, ['tk_a', 'tk_b']),
    ];
    spec
      .given(given)
      .when(place('h1', [line('tk_a', 4, 'early')]))
      .thenRefused('sold_out');
    spec
      .given(given)
      .when(place('h1', [line('tk_a', 11, 'late')]))
      .thenRefused('sold_out');
    spec
      .given([...given, held('h0', [line('tk_a', 8, 'late')])])
      .when(place('h1', [line('tk_a', 1, 'early'), line('tk_b', 4)]))
      .thenRefused('capacity_exceeded');
    spec
      .given([...given, capacity('cap', 12, ['tk_a', 'tk_b'], false), held('h0', [line('tk_a', 8, 'late')])])
      .when(place('h1', [line('tk_a', 1, 'early'), line('tk_b', 4)]))
      .then([
        {
          type: 'HoldPlaced',
          data: {
            eventId,
            holdId: 'h1',
            orderId: 'or_h1',
            lines: [line('tk_a', 1, 'early'), line('tk_b', 4)],
            promoCodeId: null,
            placedAt: at(1),
            expiresAt: at(16),
          },
        },
      ]);
  });

  it('adds up two lines of one tier against its quantity', () => {
    spec
      .given([ticketStock('tk_a', null), tierStock('tk_a', 'early', 3)])
      .when(place('h1', [line('tk_a', 2, 'early'), line('tk_a', 2, 'early')]))
      .thenRefused('sold_out');
  });

  it('counts held and used promo code uses against its maximum', () => {
    const given = [
      ticketStock('tk_a', null),
      promoCap('pc_1', 2),
      held('h1', [line('tk_a', 1)], 0, 15, 'pc_1'),
    ];
    spec
      .given([...given, converted('h1'), held('h2', [line('tk_a', 1)], 1, 15, 'pc_1')])
      .when(place('h3', [line('tk_a', 1)], { promoCodeId: 'pc_1' }))
      .thenRefused('promo_code_exhausted');
    spec
      .given([...given, held('h2', [line('tk_a', 1)], 1, 15, 'pc_1')])
      .when(place('h3', [line('tk_a', 1)], { promoCodeId: null }))
      .then([
        {
          type: 'HoldPlaced',
          data: {
            eventId,
            holdId: 'h3',
            orderId: 'or_h3',
            lines: [line('tk_a', 1)],
            promoCodeId: null,
            placedAt: at(1),
            expiresAt: at(16),
          },
        },
      ]);
  });

  it('enforces each ticket’s minimum and maximum per order, across its tiers', () => {
    const given = [ticketStock('tk_a', null), tierStock('tk_a', 'x', null), tierStock('tk_a', 'y', null)];
    spec
      .given(given)
      .when(
        place('h1', [line('tk_a', 3, 'x'), line('tk_a', 3, 'y')], {
          perOrderLimits: { tk_a: { min: 1, max: 5 } },
        }),
      )
      .thenRefused('max_per_order_exceeded');
    spec
      .given(given)
      .when(place('h1', [line('tk_a', 1, 'x')], { perOrderLimits: { tk_a: { min: 2, max: null } } }))
      .thenRefused('min_per_order_not_met');
  });

  it('refuses unknown tickets and tiers, and bad quantities', () => {
    const given = [ticketStock('tk_a', 5), tierStock('tk_t', 'x', 5)];
    spec
      .given(given)
      .when(place('h1', [line('tk_z', 1)]))
      .thenRefused('ticket_not_found');
    spec
      .given(given)
      .when(place('h1', [line('tk_a', 1, 'x')]))
      .thenRefused('tier_not_found');
    spec
      .given(given)
      .when(place('h1', [line('tk_t', 1)]))
      .thenRefused('tier_not_found');
    spec
      .given(given)
      .when(place('h1', [line('tk_a', 0)]))
      .thenRefused('validation_failed', ['lines.0.quantity']);
    spec
      .given(given)
      .when(place('h1', [line('tk_a', -2)]))
      .thenRefused('validation_failed', ['lines.0.quantity']);
    spec
      .given(given)
      .when(place('h1', [line('tk_a', 1.5)]))
      .thenRefused('validation_failed', ['lines.0.quantity']);
    spec.given(given).when(place('h1', [])).thenRefused('validation_failed', ['lines']);
  });

  describe('one client’s open holds', () => {
    const client = { key: 'c1', maxOpenHolds: 2 };
    // Two holds of client c1, placed at minutes 0 and 2, ending at 15 and 17.
    const given = [
      ticketStock('tk_a', 20),
      held('h1', [line('tk_a', 5)], 0, 15),
      noted('h1', 'c1'),
      held('h2', [line('tk_a', 5)], 2, 17),
      noted('h2', 'c1'),
    ];

    it('records the client beside the hold it asked for', () => {
      spec
        .given([ticketStock('tk_a', 20)])
        .when(place('h1', [line('tk_a', 5)], { client }))
        .then([
          {
            type: 'HoldPlaced',
            data: {
              eventId,
              holdId: 'h1',
              orderId: 'or_h1',
              lines: [line('tk_a', 5)],
              promoCodeId: null,
              placedAt: at(1),
              expiresAt: at(16),
            },
          },
          noted('h1', 'c1'),
        ]);
    });

    it('refuses a client a hold beyond its limit, saying when its soonest hold ends', () => {
      spec
        .given(given)
        .when(place('h3', [line('tk_a', 5)], { now: minutes(3), client }))
        .thenRefused('too_many_reservations');
      let refusal: unknown;
      try {
        inventoryDecider.decide(
          place('h3', [line('tk_a', 5)], { now: minutes(3), client }),
          fold(inventoryDecider, inventoryDecider.initialState(), given),
        );
      } catch (error) {
        refusal = error;
      }
      expect(isRefusal(refusal) && refusal.details).toEqual({ retryAt: at(15) });
    });

    it('still lets other clients, and members’ holds without a client, take the stock', () => {
      spec
        .given(given)
        .when(place('h3', [line('tk_a', 5)], { now: minutes(3), client: { key: 'c2', maxOpenHolds: 2 } }))
        .then([expect.objectContaining({ type: 'HoldPlaced' }) as InventoryEvent, noted('h3', 'c2')]);
      spec
        .given(given)
        .when(place('h3', [line('tk_a', 5)], { now: minutes(3) }))
        .then([expect.objectContaining({ type: 'HoldPlaced' }) as InventoryEvent]);
    });

    it('frees the client’s place when one of its holds expires, is released or is sold', () => {
      const again = (now: number) =>
        place('h3', [line('tk_a', 5)], { now: minutes(now), expiresAt: minutes(now + 15), client });
      const placedAgain = [
        expect.objectContaining({ type: 'HoldPlaced' }) as InventoryEvent,
        noted('h3', 'c1'),
      ];
      spec.given(given).when(again(15)).then(placedAgain);
      spec
        .given([...given, released('h2', 3)])
        .when(again(4))
        .then(placedAgain);
      spec
        .given([...given, converted('h1', 3)])
        .when(again(4))
        .then(placedAgain);
    });
  });

  it('stays quiet when a buyer retries with the same hold id', () => {
    spec
      .given([ticketStock('tk_a', 3), held('h1', [line('tk_a', 3)])])
      .when(place('h1', [line('tk_a', 3)]))
      .thenNothingHappened();
  });
});

describe('ExtendHold and ReleaseHold', () => {
  const given = [ticketStock('tk_a', 3), held('h1', [line('tk_a', 3)])];
  it('extends an unexpired hold, and refuses an expired one', () => {
    spec
      .given(given)
      .when({
        type: 'ExtendHold',
        eventId,
        holdId: 'h1',
        expiresAt: minutes(25),
        maxLifetimeFactor: 2,
        now: minutes(14),
      })
      .then([
        { type: 'HoldExtended', data: { eventId, holdId: 'h1', expiresAt: at(25), extendedAt: at(14) } },
      ]);
    spec
      .given(given)
      .when({
        type: 'ExtendHold',
        eventId,
        holdId: 'h1',
        expiresAt: minutes(25),
        maxLifetimeFactor: 2,
        now: minutes(15),
      })
      .thenRefused('hold_expired');
    spec
      .given(given)
      .when({
        type: 'ExtendHold',
        eventId,
        holdId: 'hx',
        expiresAt: minutes(25),
        maxLifetimeFactor: 2,
        now: minutes(1),
      })
      .thenRefused('hold_not_found');
  });

  it('extends a hold as often as asked, but never past its lifetime', () => {
    // Placed at 0 for 15 minutes: with a lifetime of twice that, it may last until minute 30.
    const extend = (now: number, to: number, maxLifetimeFactor = 2) => ({
      type: 'ExtendHold' as const,
      eventId,
      holdId: 'h1',
      expiresAt: minutes(to),
      maxLifetimeFactor,
      now: minutes(now),
    });
    const extended = (to: number, when: number): InventoryEvent => ({
      type: 'HoldExtended',
      data: { eventId, holdId: 'h1', expiresAt: at(to), extendedAt: at(when) },
    });
    spec
      .given(given)
      .when(extend(13, 28))
      .then([extended(28, 13)]);
    spec
      .given([...given, extended(28, 13)])
      .when(extend(26, 30))
      .then([extended(30, 26)]);
    spec
      .given([...given, extended(28, 13)])
      .when(extend(26, 41))
      .thenRefused('extension_limit_reached');
    spec
      .given(given)
      .when(extend(13, 16, 1))
      .thenRefused('extension_limit_reached');
    expect(
      holdLifetimeEnd({ placedAt: minutes(0).getTime(), firstExpiresAt: minutes(15).getTime() }, 3),
    ).toBe(minutes(45).getTime());
  });

  it('releases a hold once; releasing a sold hold changes nothing', () => {
    const release = { type: 'ReleaseHold' as const, eventId, holdId: 'h1', now: minutes(2) };
    spec
      .given(given)
      .when(release)
      .then([{ type: 'HoldReleased', data: { eventId, holdId: 'h1', releasedAt: at(2) } }]);
    spec
      .given([...given, { type: 'HoldReleased', data: { eventId, holdId: 'h1', releasedAt: at(2) } }])
      .when(release)
      .thenNothingHappened();
    spec
      .given([...given, converted('h1')])
      .when(release)
      .thenNothingHappened();
  });
});

describe('ConvertHold', () => {
  const convert = (now: Date) => ({
    type: 'ConvertHold' as const,
    eventId,
    holdId: 'h1',
    orderId: 'or_h1',
    now,
  });
  const given = [ticketStock('tk_a', 3), held('h1', [line('tk_a', 3)])];

  it('sells a held hold, once', () => {
    spec
      .given(given)
      .when(convert(minutes(5)))
      .then([converted('h1', 5)]);
    spec
      .given([...given, converted('h1', 5)])
      .when(convert(minutes(6)))
      .thenNothingHappened();
  });

  it('sells an expired hold late only while its units are still free', () => {
    spec
      .given(given)
      .when(convert(minutes(20)))
      .then([converted('h1', 20, true)]);
    spec
      .given([...given, held('h2', [line('tk_a', 1)], 16, 31)])
      .when(convert(minutes(20)))
      .thenRefused('sold_out');
  });

  it('refuses a released hold, an unknown one and another order’s', () => {
    spec
      .given([...given, { type: 'HoldReleased', data: { eventId, holdId: 'h1', releasedAt: at(2) } }])
      .when(convert(minutes(3)))
      .thenRefused('hold_expired');
    spec
      .given([ticketStock('tk_a', 3)])
      .when(convert(minutes(3)))
      .thenRefused('hold_not_found');
    spec
      .given(given)
      .when({ type: 'ConvertHold', eventId, holdId: 'h1', orderId: 'or_other', now: minutes(3) })
      .thenRefused('hold_not_found');
  });
});

describe('ConvertPaidHold (a card payment confirmed by Stripe)', () => {
  const convert = (now: Date) => ({
    type: 'ConvertPaidHold' as const,
    eventId,
    holdId: 'h1',
    orderId: 'or_h1',
    now,
  });
  const given = [ticketStock('tk_a', 3), held('h1', [line('tk_a', 3)])];
  const released: InventoryEvent = {
    type: 'HoldReleased',
    data: { eventId, holdId: 'h1', releasedAt: at(16) },
  };

  it('sells a held hold in time, once', () => {
    spec
      .given(given)
      .when(convert(minutes(5)))
      .then([converted('h1', 5)]);
    spec
      .given([...given, converted('h1', 5)])
      .when(convert(minutes(6)))
      .thenNothingHappened();
  });

  it('takes a released hold again while its units are free (a late payment)', () => {
    spec
      .given([...given, released])
      .when(convert(minutes(20)))
      .then([converted('h1', 20, true)]);
  });

  it('never oversells: a released hold whose units were sold meanwhile is refused', () => {
    spec
      .given([...given, released, held('h2', [line('tk_a', 1)], 17, 40)])
      .when(convert(minutes(20)))
      .thenRefused('sold_out');
    spec
      .given(given)
      .when({ ...convert(minutes(3)), orderId: 'or_other' })
      .thenRefused('hold_not_found');
  });
});

describe('ReturnStock', () => {
  const given = [ticketStock('tk_a', 3), held('h1', [line('tk_a', 3)]), converted('h1')];
  const returnStock = (returnId: string, lines?: HoldLine[]) => ({
    type: 'ReturnStock' as const,
    eventId,
    holdId: 'h1',
    returnId,
    ...(lines ? { lines } : {}),
    now: minutes(30),
  });

  it('brings sold units back, once per return id, never more than were sold', () => {
    spec
      .given(given)
      .when(returnStock('r1', [line('tk_a', 2)]))
      .then([
        {
          type: 'StockReturned',
          data: { eventId, holdId: 'h1', returnId: 'r1', lines: [line('tk_a', 2)], returnedAt: at(30) },
        },
      ]);
    const returned: InventoryEvent = {
      type: 'StockReturned',
      data: { eventId, holdId: 'h1', returnId: 'r1', lines: [line('tk_a', 2)], returnedAt: at(30) },
    };
    spec
      .given([...given, returned])
      .when(returnStock('r1', [line('tk_a', 2)]))
      .thenNothingHappened();
    spec
      .given([...given, returned])
      .when(returnStock('r2', [line('tk_a', 2)]))
      .thenRefused('validation_failed', ['lines.0.quantity']);
    spec
      .given([...given, returned])
      .when(returnStock('r2'))
      .then([
        {
          type: 'StockReturned',
          data: { eventId, holdId: 'h1', returnId: 'r2', lines: [line('tk_a', 1)], returnedAt: at(30) },
        },
      ]);
    const state = fold(inventoryDecider, inventoryDecider.initialState(), [...given, returned]);
    expect(remainingAt(state, minutes(31)).tickets.tk_a).toBe(2);
  });

  it('refuses to return a hold that was never sold', () => {
    spec
      .given([ticketStock('tk_a', 3), held('h1', [line('tk_a', 3)])])
      .when(returnStock('r1'))
      .thenRefused('hold_not_sold');
  });
});

describe('ReclaimSale', () => {
  const given = [ticketStock('tk_a', 3), held('h1', [line('tk_a', 2)]), converted('h1')];
  const reclaim = (orderId = 'or_h1') => ({
    type: 'ReclaimSale' as const,
    eventId,
    holdId: 'h1',
    orderId,
    now: minutes(30),
  });
  const reclaimed: InventoryEvent = {
    type: 'StockReturned',
    data: { eventId, holdId: 'h1', returnId: 'reclaimed', lines: [line('tk_a', 2)], returnedAt: at(30) },
  };

  it('brings back what a sale without its order holds, once', () => {
    spec.given(given).when(reclaim()).then([reclaimed]);
    spec
      .given([...given, reclaimed])
      .when(reclaim())
      .thenNothingHappened();
    const state = fold(inventoryDecider, inventoryDecider.initialState(), [...given, reclaimed]);
    expect(remainingAt(state, minutes(31)).tickets.tk_a).toBe(3);
  });

  it('returns only what is still sold, and nothing of a hold never sold', () => {
    const partly: InventoryEvent = {
      type: 'StockReturned',
      data: { eventId, holdId: 'h1', returnId: 'r1', lines: [line('tk_a', 1)], returnedAt: at(20) },
    };
    spec
      .given([...given, partly])
      .when(reclaim())
      .then([
        {
          type: 'StockReturned',
          data: {
            eventId,
            holdId: 'h1',
            returnId: 'reclaimed',
            lines: [line('tk_a', 1)],
            returnedAt: at(30),
          },
        },
      ]);
    spec
      .given([ticketStock('tk_a', 3), held('h1', [line('tk_a', 2)])])
      .when(reclaim())
      .thenNothingHappened();
    spec.given(given).when(reclaim('or_other')).thenRefused('hold_not_found');
    spec
      .given([ticketStock('tk_a', 3)])
      .when(reclaim())
      .thenRefused('hold_not_found');
  });

  it('refuses to sell a reclaimed hold again: a late completion or payment is refused, not sold twice', () => {
    const convert = {
      type: 'ConvertHold' as const,
      eventId,
      holdId: 'h1',
      orderId: 'or_h1',
      now: minutes(31),
    };
    spec
      .given([...given, reclaimed])
      .when(convert)
      .thenRefused('hold_expired');
    spec
      .given([...given, reclaimed])
      .when({ ...convert, type: 'ConvertPaidHold' })
      .thenRefused('hold_expired');
    // Before the reclaim, a repeated completion is quiet.
    spec.given(given).when(convert).thenNothingHappened();
  });
});

describe('stock definitions', () => {
  it('refuses to set a limit below what is sold or held', () => {
    const given = [ticketStock('tk_a', 10), held('h1', [line('tk_a', 6)])];
    spec
      .given(given)
      .when({ type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: 5, now: minutes(1) })
      .thenRefused('quantity_below_sold', ['quantity']);
    spec
      .given(given)
      .when({
        type: 'DefineCapacity',
        eventId,
        capacityAssignmentId: 'cap',
        capacity: 5,
        ticketIds: ['tk_a'],
        enabled: true,
        now: minutes(1),
      })
      .thenRefused('quantity_below_sold', ['capacity']);
    spec
      .given(given)
      .when({ type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: 5, now: minutes(16) })
      .then(
        [ticketStock('tk_a', 5)].map((e) => ({
          ...e,
          data: { ...e.data, definedAt: at(16) },
        })) as InventoryEvent[],
      );
  });

  it('refuses negative or fractional limits and is quiet on an unchanged definition', () => {
    spec
      .given([])
      .when({ type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: -1, now: t0 })
      .thenRefused('validation_failed', ['quantity']);
    spec
      .given([])
      .when({ type: 'DefinePromoCap', eventId, promoCodeId: 'pc', maxUses: 2.5, now: t0 })
      .thenRefused('validation_failed', ['max_uses']);
    spec
      .given([ticketStock('tk_a', 4)])
      .when({ type: 'DefineTicketStock', eventId, ticketId: 'tk_a', quantity: 4, now: t0 })
      .thenNothingHappened();
  });
});

describe('promoUsesLeft', () => {
  it('counts completed and unexpired held uses, leaving out the buyer’s own open order', () => {
    const state = fold(inventoryDecider, inventoryDecider.initialState(), [
      ticketStock('tk_a', null),
      promoCap('pc_1', 3),
      promoCap('pc_open', null),
      held('h1', [line('tk_a', 1)], 0, 15, 'pc_1'),
      converted('h1'),
      held('h2', [line('tk_a', 1)], 1, 15, 'pc_1'),
      held('h3', [line('tk_a', 1)], 1, 5, 'pc_1'),
    ]);
    expect(promoUsesLeft(state, 'pc_1', minutes(2))).toBe(0);
    expect(promoUsesLeft(state, 'pc_1', minutes(6))).toBe(1);
    expect(promoUsesLeft(state, 'pc_1', minutes(6), 'or_h2')).toBe(2);
    // A completed order has used the code for good, even when it is the buyer's last one.
    expect(promoUsesLeft(state, 'pc_1', minutes(6), 'or_h1')).toBe(1);
    expect(promoUsesLeft(state, 'pc_open', minutes(2))).toBeNull();
    expect(promoUsesLeft(state, 'pc_unknown', minutes(2))).toBeNull();
  });
});

describe('remainingAt', () => {
  it('answers what is left per ticket and tier with every limit applied, counting only unexpired holds', () => {
    const state = fold(inventoryDecider, inventoryDecider.initialState(), [
      ticketStock('tk_a', 10),
      tierStock('tk_a', 'x', 4),
      tierStock('tk_a', 'y', null),
      ticketStock('tk_b', null),
      capacity('cap', 12, ['tk_a', 'tk_b']),
      held('h1', [line('tk_a', 3, 'x')], 0, 15),
      converted('h1'),
      held('h2', [line('tk_b', 5)], 0, 10),
    ]);
    expect(remainingAt(state, minutes(5))).toEqual({
      tickets: { tk_a: 4, tk_b: 4 },
      tiers: { tk_a: { x: 1, y: 4 }, tk_b: {} },
    });
    expect(remainingAt(state, minutes(10)).tickets).toEqual({ tk_a: 7, tk_b: 9 });
  });
});

describe('never oversell (property)', () => {
  const tickets = ['tk_a', 'tk_b', 'tk_c'];
  const definitions: InventoryEvent[] = [
    ticketStock('tk_a', 6),
    tierStock('tk_a', 'x', 4),
    tierStock('tk_a', 'y', null),
    ticketStock('tk_b', 5),
    ticketStock('tk_c', null),
    capacity('cap', 9, ['tk_b', 'tk_c']),
    promoCap('pc', 3),
  ];

  const lineArb = fc.record({
    ticket: fc.constantFrom(...tickets),
    tier: fc.constantFrom('x', 'y'),
    quantity: fc.integer({ min: 1, max: 4 }),
  });
  const stepArb = fc.oneof(
    fc.record({
      kind: fc.constant('place' as const),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
      promo: fc.boolean(),
      client: fc.constantFrom('c1', 'c2', null),
      ttl: fc.integer({ min: 1, max: 20 }),
    }),
    fc.record({
      kind: fc.constantFrom(
        'release' as const,
        'convert' as const,
        'paid' as const,
        'return' as const,
        'extend' as const,
      ),
      hold: fc.nat(30),
    }),
  );
  const stepsArb = fc.array(fc.tuple(stepArb, fc.integer({ min: 0, max: 4 })), { maxLength: 60 });

  function checkInvariant(state: InventoryState, now: Date) {
    const taken = takenAt(state, now.getTime());
    for (const [ticketId, ticket] of Object.entries(state.tickets)) {
      if (ticket.quantity !== null)
        expect(taken.tickets.get(ticketId) ?? 0).toBeLessThanOrEqual(ticket.quantity);
      for (const [tierId, tier] of Object.entries(ticket.tiers))
        if (tier.quantity !== null)
          expect(taken.tiers.get(`${ticketId}\u0000${tierId}`) ?? 0).toBeLessThanOrEqual(tier.quantity);
      expect(ticket.sold).toBeGreaterThanOrEqual(0);
    }
    for (const capacity of Object.values(state.capacities)) {
      const used = capacity.ticketIds.reduce((sum, id) => sum + (taken.tickets.get(id) ?? 0), 0);
      if (capacity.enabled) expect(used).toBeLessThanOrEqual(capacity.capacity);
    }
    for (const [promoCodeId, cap] of Object.entries(state.promoCaps))
      if (cap.maxUses !== null)
        expect(taken.promoCodes.get(promoCodeId) ?? 0).toBeLessThanOrEqual(cap.maxUses);
    // Sold units alone never exceed a limit, whatever the clock says.
    const sold = takenAt(state, Number.POSITIVE_INFINITY);
    for (const [ticketId, ticket] of Object.entries(state.tickets))
      if (ticket.quantity !== null)
        expect(sold.tickets.get(ticketId) ?? 0).toBeLessThanOrEqual(ticket.quantity);
    // No client holds more than its limit at once, and no hold outlives its lifetime.
    const open = new Map<string, number>();
    for (const hold of state.active.values()) {
      // The floor a placement checks before scanning for expired holds is never above an active hold's expiry.
      expect(hold.expiresAt).toBeGreaterThanOrEqual(state.activeExpiryFloor);
      if (hold.status === 'HELD' && hold.expiresAt > now.getTime() && hold.clientKey !== null)
        open.set(hold.clientKey, (open.get(hold.clientKey) ?? 0) + 1);
      expect(hold.expiresAt).toBeLessThanOrEqual(holdLifetimeEnd(hold, 2));
    }
    for (const count of open.values()) expect(count).toBeLessThanOrEqual(2);
  }

  it('sold plus unexpired held never exceeds any quantity, tier, capacity or promo cap', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        let state = fold(inventoryDecider, inventoryDecider.initialState(), definitions);
        let clock = 0;
        steps.forEach(([step, advance], index) => {
          clock += advance;
          const now = minutes(clock);
          const holdId = step.kind === 'place' ? `h${index}` : `h${step.hold}`;
          const command: InventoryCommand =
            step.kind === 'place'
              ? place(
                  holdId,
                  step.lines.map((l) => line(l.ticket, l.quantity, l.ticket === 'tk_a' ? l.tier : null)),
                  {
                    now,
                    expiresAt: minutes(clock + step.ttl),
                    promoCodeId: step.promo ? 'pc' : null,
                    perOrderLimits: { tk_c: { min: 1, max: 6 } },
                    client: step.client === null ? null : { key: step.client, maxOpenHolds: 2 },
                  },
                )
              : step.kind === 'release'
                ? { type: 'ReleaseHold', eventId, holdId, now }
                : step.kind === 'convert'
                  ? { type: 'ConvertHold', eventId, holdId, orderId: `or_${holdId}`, now }
                  : step.kind === 'paid'
                    ? { type: 'ConvertPaidHold', eventId, holdId, orderId: `or_${holdId}`, now }
                    : step.kind === 'extend'
                      ? {
                          type: 'ExtendHold',
                          eventId,
                          holdId,
                          now,
                          expiresAt: minutes(clock + 10),
                          maxLifetimeFactor: 2,
                        }
                      : { type: 'ReturnStock', eventId, holdId, returnId: `r${index}`, now };
          try {
            state = fold(inventoryDecider, state, inventoryDecider.decide(command, state));
          } catch (error) {
            if (!isRefusal(error)) throw error;
          }
          checkInvariant(state, now);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('waiting demand (docs/waiting-list.md)', () => {
  const waits = (entryId: string, owed: HoldLine, when = 0): InventoryEvent => ({
    type: 'WaitingDemandAdded',
    data: { eventId, entryId, line: owed, addedAt: at(when) },
  });
  const leaves = (entryId: string, when = 1): InventoryEvent => ({
    type: 'WaitingDemandRemoved',
    data: { eventId, entryId, removedAt: at(when) },
  });

  it('records an entry waiting for units, once', () => {
    spec
      .given([ticketStock('tk_a', 10)])
      .when({ type: 'AddWaitingDemand', eventId, entryId: 'we1', line: line('tk_a', 2), now: minutes(0) })
      .then([waits('we1', line('tk_a', 2))]);
    spec
      .given([ticketStock('tk_a', 10), waits('we1', line('tk_a', 2))])
      .when({ type: 'AddWaitingDemand', eventId, entryId: 'we1', line: line('tk_a', 2), now: minutes(0) })
      .then([]);
  });

  it('refuses an entry for a ticket the event does not sell', () => {
    spec
      .given([ticketStock('tk_a', 10)])
      .when({ type: 'AddWaitingDemand', eventId, entryId: 'we1', line: line('tk_x', 1), now: minutes(0) })
      .thenRefused('ticket_not_found');
  });

  it('refuses a public hold for units owed to waiting entries', () => {
    spec
      .given([
        ticketStock('tk_a', 10),
        held('h1', [line('tk_a', 8)]),
        converted('h1'),
        waits('we1', line('tk_a', 2)),
      ])
      .when(place('h2', [line('tk_a', 1)]))
      .thenRefused('sold_out');
  });

  it('sells units beyond what waiting entries are owed', () => {
    spec
      .given([
        ticketStock('tk_a', 10),
        held('h1', [line('tk_a', 7)]),
        converted('h1'),
        waits('we1', line('tk_a', 2)),
      ])
      .when(place('h2', [line('tk_a', 1)]))
      .then([
        {
          type: 'HoldPlaced',
          data: {
            eventId,
            holdId: 'h2',
            orderId: 'or_h2',
            lines: [line('tk_a', 1)],
            promoCodeId: null,
            placedAt: at(1),
            expiresAt: at(16),
          },
        },
      ]);
  });

  it('turns the owed units into an offer hold for the entry, ahead of later entries', () => {
    spec
      .given([
        ticketStock('tk_a', 10),
        held('h1', [line('tk_a', 8)]),
        converted('h1'),
        waits('we1', line('tk_a', 2)),
        waits('we2', line('tk_a', 1)),
      ])
      .when(place('h2', [line('tk_a', 2)], { waitingEntryId: 'we1' }))
      .then([
        leaves('we1'),
        {
          type: 'HoldPlaced',
          data: {
            eventId,
            holdId: 'h2',
            orderId: 'or_h2',
            lines: [line('tk_a', 2)],
            promoCodeId: null,
            placedAt: at(1),
            expiresAt: at(16),
          },
        },
      ]);
  });

  it('refuses an offer to a later entry for units owed to an earlier one', () => {
    spec
      .given([
        ticketStock('tk_a', 10),
        held('h1', [line('tk_a', 8)]),
        converted('h1'),
        waits('we1', line('tk_a', 2)),
        waits('we2', line('tk_a', 1)),
      ])
      .when(place('h2', [line('tk_a', 1)], { waitingEntryId: 'we2' }))
      .thenRefused('sold_out');
  });

  it('refuses an offer hold for an entry that does not wait', () => {
    spec
      .given([ticketStock('tk_a', 10)])
      .when(place('h2', [line('tk_a', 2)], { waitingEntryId: 'we9' }))
      .thenRefused('validation_failed');
  });

  it('frees the owed units when the entry leaves', () => {
    spec
      .given([
        ticketStock('tk_a', 10),
        held('h1', [line('tk_a', 8)]),
        converted('h1'),
        waits('we1', line('tk_a', 2)),
      ])
      .when({ type: 'RemoveWaitingDemand', eventId, entryId: 'we1', now: minutes(1) })
      .then([leaves('we1')]);
    spec
      .given([
        ticketStock('tk_a', 10),
        held('h1', [line('tk_a', 8)]),
        converted('h1'),
        waits('we1', line('tk_a', 2)),
        leaves('we1'),
      ])
      .when(place('h2', [line('tk_a', 2)]))
      .then([
        {
          type: 'HoldPlaced',
          data: {
            eventId,
            holdId: 'h2',
            orderId: 'or_h2',
            lines: [line('tk_a', 2)],
            promoCodeId: null,
            placedAt: at(1),
            expiresAt: at(16),
          },
        },
      ]);
  });
});
