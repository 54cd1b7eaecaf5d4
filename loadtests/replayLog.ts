import { randomUUID } from 'node:crypto';
import type { AttendeeCheckedIn } from '../services/admission/checkIn/checkInEvents';
import { checkInStream } from '../services/admission/checkIn/checkInEvents';
import type { CheckInListCreated } from '../services/admission/checkIn/checkInListEvents';
import { checkInListStream } from '../services/admission/checkIn/checkInListEvents';
import type { EventCreated, EventPublished } from '../services/catalog/events/eventEvents';
import { eventStream } from '../services/catalog/events/eventEvents';
import type { TicketCreated, TicketDetails } from '../services/catalog/tickets/ticketEvents';
import { ticketStream } from '../services/catalog/tickets/ticketEvents';
import type { EventStore, NewEvent } from '../services/eventstore/port';
import type {
  HoldClientNoted,
  HoldConverted,
  HoldLine,
  HoldPlaced,
  HoldReleased,
  StockReturned,
  TicketStockDefined,
} from '../services/inventory/inventoryEvents';
import { inventoryStream } from '../services/inventory/inventoryEvents';
import type {
  OrderAwaitingOfflinePayment,
  OrderCancelled,
  OrderCompleted,
  OrderDetailsSubmitted,
  OrderExpired,
  OrderLine,
  OrderMarkedPaid,
  OrderPlaced,
  OrderRefundRecorded,
} from '../services/sales/orders/orderEvents';
import { orderStream } from '../services/sales/orders/orderEvents';

/**
 * The replay benchmark's event log: concerts of one account, each with a paid and a free ticket and a door
 * list, then on-sale traffic as the deciders record it (holds, orders with attendees, offline payments, free
 * orders), expired holds, cancellations, partial refunds and check-ins at the door. Every payload is a contract
 * type, appended in big concurrent batches (the stores commit concurrent appends together).
 */

type Contract = { type: string; data: unknown };

export interface ReplayLogOptions {
  /** About this many events are appended (whole orders: a few more). */
  events: number;
  accountId: string;
  organizerId: string;
  /** Orders per concert. */
  ordersPerConcert?: number;
  /** Orders appended together. */
  chunk?: number;
}

export interface ReplayLog {
  events: number;
  concerts: string[];
  orders: number;
}

const PRICE = 2_500;

/** Ids shaped like the platform's (`ev_` and 14 base-36 characters), unique within one run. */
function idSource(): (prefix: string) => string {
  const run = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  let next = 0;
  return (prefix) => `${prefix}_${run}${(next++).toString(36).padStart(10, '0')}`;
}

export async function generateReplayLog(store: EventStore, options: ReplayLogOptions): Promise<ReplayLog> {
  const ordersPerConcert = options.ordersPerConcert ?? 2_000;
  // A small log still gets every kind of order (an order's fate follows its number modulo 20).
  const chunk = options.chunk ?? Math.max(40, Math.min(500, Math.floor(options.events / 100)));
  const id = idSource();
  let appended = 0;
  let orders = 0;
  const concerts: string[] = [];
  // Business time moves a few seconds per order, starting a month ago.
  let clock = Date.now() - 30 * 86_400_000;
  const at = (stepMs = 1_000): string => new Date((clock += stepMs)).toISOString();
  const metadata = (correlationId: string) => ({
    correlationId,
    causationId: correlationId,
    actor: 'replay',
  });
  const event = <E extends Contract>(type: E['type'], data: E['data'], correlationId: string): NewEvent =>
    ({ id: randomUUID(), type, data, metadata: metadata(correlationId) }) satisfies NewEvent;
  const append = async (stream: string, events: NewEvent[]): Promise<void> => {
    if (events.length === 0) return;
    await store.append(stream, events, { expected: 'any' });
    appended += events.length;
  };

  while (appended < options.events) {
    const eventId = id('ev');
    concerts.push(eventId);
    const setup = randomUUID();
    const createdAt = at();
    const title = `Replay Concert ${concerts.length}`;
    await append(eventStream(eventId), [
      event<EventCreated>(
        'EventCreated',
        {
          eventId,
          accountId: options.accountId,
          organizerId: options.organizerId,
          slug: `replay-concert-${concerts.length}`,
          title,
          description: '<p>Three bands on the riverside stage.</p>',
          startDate: new Date(clock + 60 * 86_400_000).toISOString(),
          endDate: new Date(clock + 60 * 86_400_000 + 4 * 3_600_000).toISOString(),
          timezone: 'Europe/Berlin',
          currency: 'EUR',
          isOnline: false,
          location: {
            venueName: 'Riverside Stage',
            addressLine1: 'Uferweg 12',
            addressLine2: null,
            city: 'Berlin',
            stateOrRegion: 'Berlin',
            zipOrPostalCode: '10557',
            country: 'DE',
          },
          onlineConnectionDetails: null,
          mapUrl: null,
          createdAt,
        },
        setup,
      ),
      event<EventPublished>('EventPublished', { eventId, publishedAt: at() }, setup),
    ]);
    const ticket = (title: string, price: number): TicketDetails => ({
      type: price > 0 ? 'PAID' : 'FREE',
      title,
      description: null,
      price,
      minimumPrice: null,
      tiers: [],
      quantity: ordersPerConcert * 5,
      minPerOrder: 1,
      maxPerOrder: 10,
      saleStart: null,
      saleEnd: null,
      hidden: false,
      hideBeforeSaleStart: false,
      hideAfterSaleEnd: false,
      hideWhenSoldOut: false,
      hiddenUnlessPromoCode: false,
      showQuantityRemaining: true,
      collapseOnLoad: false,
      taxAndFeeIds: [],
    });
    const tickets = [
      { ticketId: id('tk'), details: ticket('Standing', PRICE) },
      { ticketId: id('tk'), details: ticket('Guest list', 0) },
    ];
    for (const { ticketId, details } of tickets) {
      await append(ticketStream(ticketId), [
        event<TicketCreated>('TicketCreated', { ...details, eventId, ticketId, createdAt: at() }, setup),
      ]);
    }
    await append(
      inventoryStream(eventId),
      tickets.map(({ ticketId, details }) =>
        event<TicketStockDefined>(
          'TicketStockDefined',
          { eventId, ticketId, quantity: details.quantity, definedAt: at() },
          setup,
        ),
      ),
    );
    const checkInListId = id('cl');
    await append(checkInListStream(checkInListId), [
      event<CheckInListCreated>(
        'CheckInListCreated',
        {
          eventId,
          checkInListId,
          shortId: id('cls'),
          name: 'Main entrance',
          description: null,
          activatesAt: null,
          expiresAt: null,
          ticketIds: tickets.map(({ ticketId }) => ticketId),
          createdAt: at(),
        },
        setup,
      ),
    ]);

    for (let first = 0; first < ordersPerConcert && appended < options.events; first += chunk) {
      const holds: NewEvent[] = [];
      const placed = new Map<string, NewEvent[]>();
      const settled: NewEvent[] = [];
      const outcomes = new Map<string, NewEvent[]>();
      const scans: [string, NewEvent][] = [];
      for (let n = first; n < Math.min(first + chunk, ordersPerConcert); n++) {
        orders++;
        const kind = n % 20;
        const correlation = randomUUID();
        const orderId = randomUUID();
        const holdId = `ho_${orderId.replaceAll('-', '')}`;
        const paid = n % 2 === 0;
        const { ticketId, details } = tickets[paid ? 0 : 1]!;
        const quantity = 1 + (n % 4);
        const unitPrice = details.price ?? 0;
        const amount = unitPrice * quantity;
        const holdLines: HoldLine[] = [{ ticketId, tierId: null, quantity }];
        const line: OrderLine = {
          ticketId,
          tierId: null,
          ticketTitle: details.title,
          tierLabel: null,
          quantity,
          unitPrice,
          base: amount,
          discount: 0,
          price: amount,
          feeTotal: 0,
          taxTotal: 0,
          total: amount,
          taxes: [],
          fees: [],
        };
        const attendees = Array.from({ length: quantity }, () => ({
          attendeeId: id('at'),
          shortId: id('ats'),
          ticketId,
          tierId: null,
        }));
        const placedAt = at(2_000);
        const expiresAt = new Date(clock + 15 * 60_000).toISOString();
        holds.push(
          event<HoldPlaced>(
            'HoldPlaced',
            { eventId, holdId, orderId, lines: holdLines, promoCodeId: null, placedAt, expiresAt },
            correlation,
          ),
          event<HoldClientNoted>(
            'HoldClientNoted',
            { eventId, holdId, clientKey: (n % 4096).toString(16).padStart(6, '0') },
            correlation,
          ),
        );
        const shortId = id('or').slice(3);
        const order: NewEvent[] = [
          event<OrderPlaced>(
            'OrderPlaced',
            {
              eventId,
              orderId,
              accountId: options.accountId,
              shortId,
              reference: shortId.slice(-8).toUpperCase(),
              holdId,
              locale: 'en',
              promoCodeId: null,
              promoCode: null,
              affiliateCode: null,
              currency: 'EUR',
              displayMode: 'INCLUSIVE',
              lines: [line],
              totals: {
                subtotal: amount,
                discountTotal: 0,
                feeTotal: 0,
                taxTotal: 0,
                total: amount,
                taxes: [],
                fees: [],
              },
              attendees,
              expiresAt,
              placedAt,
            },
            correlation,
          ),
        ];
        placed.set(orderId, order);
        if (kind === 0) {
          // An abandoned checkout: the hold runs out.
          outcomes.set(orderId, [
            event<OrderExpired>('OrderExpired', { eventId, orderId, expiredAt: expiresAt }, correlation),
          ]);
          settled.push(
            event<HoldReleased>('HoldReleased', { eventId, holdId, releasedAt: expiresAt }, correlation),
          );
          continue;
        }
        const buyer = { firstName: 'Ann', lastName: `Buyer${n}`, email: `buyer${n}@example.test` };
        order.push(
          event<OrderDetailsSubmitted>(
            'OrderDetailsSubmitted',
            {
              eventId,
              orderId,
              buyer,
              locale: 'en',
              answers: {},
              attendees: attendees.map(({ attendeeId }, index) => ({
                attendeeId,
                firstName: `Guest${index}`,
                lastName: buyer.lastName,
                email: `guest${index}.${buyer.email}`,
                answers: {},
              })),
              submittedAt: at(),
            },
            correlation,
          ),
        );
        const completedAt = at();
        settled.push(
          event<HoldConverted>(
            'HoldConverted',
            { eventId, holdId, orderId, afterExpiry: false, convertedAt: completedAt },
            correlation,
          ),
        );
        const outcome: NewEvent[] = paid
          ? [
              event<OrderAwaitingOfflinePayment>(
                'OrderAwaitingOfflinePayment',
                { eventId, orderId, completedAt },
                correlation,
              ),
              event<OrderMarkedPaid>(
                'OrderMarkedPaid',
                { eventId, orderId, markedBy: 'replay-box-office', paidAt: at() },
                correlation,
              ),
            ]
          : [
              event<OrderCompleted>(
                'OrderCompleted',
                { eventId, orderId, paymentMethod: 'FREE', completedAt },
                correlation,
              ),
            ];
        outcomes.set(orderId, outcome);
        if (kind === 1) {
          settled.push(
            event<StockReturned>(
              'StockReturned',
              { eventId, holdId, returnId: `cancel-${orderId}`, lines: holdLines, returnedAt: at() },
              correlation,
            ),
          );
          outcome.push(
            event<OrderCancelled>(
              'OrderCancelled',
              { eventId, orderId, cancelledBy: 'replay-box-office', cancelledAt: at() },
              correlation,
            ),
          );
          continue;
        }
        if (paid && (kind === 2 || kind === 4)) {
          outcome.push(
            event<OrderRefundRecorded>(
              'OrderRefundRecorded',
              {
                eventId,
                orderId,
                refundId: randomUUID(),
                amount: unitPrice,
                currency: 'EUR',
                refundedTotal: unitPrice,
                remaining: amount - unitPrice,
                cancelOrder: false,
                notifyBuyer: true,
                recordedBy: 'replay-box-office',
                recordedAt: at(),
              },
              correlation,
            ),
          );
        }
        attendees.forEach(({ attendeeId }, index) => {
          if ((n + index) % 5 >= 3) return;
          const scannedAt = at(500);
          scans.push([
            checkInStream(checkInListId, attendeeId),
            event<AttendeeCheckedIn>(
              'AttendeeCheckedIn',
              {
                checkInId: id('ci'),
                checkInListId,
                eventId,
                attendeeId,
                ticketId,
                source: 'online',
                nonce: randomUUID(),
                deviceId: `door-${n % 3}`,
                gate: null,
                scannedAt,
                checkedInAt: scannedAt,
              },
              correlation,
            ),
          ]);
        });
      }
      await append(inventoryStream(eventId), holds);
      await Promise.all([...placed].map(([orderId, events]) => append(orderStream(orderId), events)));
      await append(inventoryStream(eventId), settled);
      await Promise.all([...outcomes].map(([orderId, events]) => append(orderStream(orderId), events)));
      await Promise.all(scans.map(([stream, scan]) => append(stream, [scan])));
    }
  }
  return { events: appended, concerts, orders };
}
