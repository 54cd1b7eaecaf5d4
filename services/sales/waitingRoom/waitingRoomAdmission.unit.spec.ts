import { describe, expect, it } from 'vitest';
import { fold } from '../../kit/decider';
import { inventoryDecider, initialInventoryState } from '../../inventory/inventoryDecider';
import type { InventoryEvent } from '../../inventory/inventoryEvents';
import { freePlaces, openCheckouts, waitingRoomOn } from './waitingRoomAdmission';

const eventId = 'evt-1';
const now = Date.parse('2027-05-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const stock = (ticketId: string, quantity: number | null): InventoryEvent => ({
  type: 'TicketStockDefined',
  data: { eventId, ticketId, quantity, definedAt: iso(now) },
});
const inventoryOf = (events: InventoryEvent[]) => fold(inventoryDecider, initialInventoryState(), events);

describe('waiting room admission', () => {
  it('follows the organizer when they chose, and is on by default from 1,000 tickets', () => {
    const small = inventoryOf([stock('a', 600), stock('b', 399), stock('c', null)]);
    const large = inventoryOf([stock('a', 600), stock('b', 400)]);
    expect(waitingRoomOn({ waitingRoomEnabled: null }, small)).toBe(false);
    expect(waitingRoomOn({ waitingRoomEnabled: null }, large)).toBe(true);
    expect(waitingRoomOn({ waitingRoomEnabled: false }, large)).toBe(false);
    expect(waitingRoomOn({ waitingRoomEnabled: true }, small)).toBe(true);
  });

  it('leaves the default off when the platform turns the automatic waiting room off', () => {
    const large = inventoryOf([stock('a', 5000)]);
    expect(waitingRoomOn({ waitingRoomEnabled: null }, large, false)).toBe(false);
    expect(waitingRoomOn({ waitingRoomEnabled: true }, large, false)).toBe(true);
  });

  it('counts no checkout open in an empty inventory, and the whole capacity free', () => {
    const inventory = inventoryOf([stock('a', 10)]);
    expect(openCheckouts(inventory, now)).toBe(0);
    expect(freePlaces(5, inventory, { count: 0, since: now }, now)).toBe(5);
    expect(freePlaces(5, inventory, { count: 3, since: now }, now)).toBe(2);
    expect(freePlaces(5, inventory, { count: 9, since: now }, now)).toBe(0);
  });
});
