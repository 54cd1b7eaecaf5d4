import type { Knex } from 'knex';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ReadModelTable } from '../../projections/runner/types';
import { deleteRows, insertRowUnlessPresent } from '../../projections/runner/rowStatements';
import { listOverdueOrders } from '../../projections/orders';
import type { CommandContext, CommandHandler } from '../kit/commandHandler';
import type { Clock } from '../kit/clock';
import type { Logger } from '../kit/logger';
import { inventoryDecider, reclaimedSaleReturnId } from '../inventory/inventoryDecider';
import {
  inventoryStream,
  type HoldConverted,
  type HoldPlaced,
  type HoldReleased,
  type StockReturned,
} from '../inventory/inventoryEvents';
import { effectiveStatus, isOpen, orderDecider } from '../sales/orders/orderDecider';
import { orderPaymentDecider } from '../sales/orders/orderPaymentDecider';
import {
  orderStream,
  type AttendeeReactivated,
  type OrderAwaitingOfflinePayment,
  type OrderCompleted,
  type OrderPlaced,
} from '../sales/orders/orderEvents';
import { expireOrder, orderChanged } from '../sales/orders/orderWorkflows';
import { runChain } from '../kit/workflow';
import { entryOfOfferHold } from '../sales/waitingList/waitingListWorkflow';

/**
 * The checkout's process manager (docs/decisions/cross-module-facts.md section 4, docs/orders.md):
 *
 * - A hold placed without its order (the process died between the two appends): once `settleAfterMs` has
 *   passed on the injected clock, the sweep asks the order stream; no order → `ReleaseHold`.
 * - An order past its expiry and not completed: `ExpireOrder` (quiet unless it is open and overdue) and then
 *   `ReleaseHold` (quiet for a sold or released hold). Expiry is lazy for correctness (the inventory stops
 *   counting an expired hold by itself); this records it and gives the stock back for good.
 * - A hold sold without its order's completion (the process died between `ConvertHold` and the order's event):
 *   once the order can no longer complete (expired or abandoned, or never recorded after `settleAfterMs`) and no
 *   card payment was started for it, `ReclaimSale` gives the stock back and stops the hold from selling again.
 *   With a payment intent, Stripe's redelivery of its webhook finishes the chain instead (docs/orders.md).
 *
 * Both compensations go through the normal deciders, so several workers may sweep at once.
 */

export const openHoldsTable: ReadModelTable = {
  name: 'open_holds',
  define(table) {
    table.string('hold_id', 80).primary();
    table.string('event_id', 40).notNullable();
    table.string('order_id', 40).notNullable();
    /** ISO instant the hold was placed. */
    table.string('since', 40).notNullable();
    table.index(['since'], 'open_holds_since_idx');
  },
};

/** Holds sold whose order has not yet said it completed (`OrderCompleted`, offline, a reactivation). */
export const unsettledSalesTable: ReadModelTable = {
  name: 'unsettled_sales',
  define(table) {
    table.string('hold_id', 80).primary();
    table.string('event_id', 40).notNullable();
    table.string('order_id', 40).notNullable().index();
    /** ISO instant the hold was sold. */
    table.string('since', 40).notNullable();
    table.index(['since'], 'unsettled_sales_since_idx');
  },
};

export const checkoutKeeperName = 'checkout-keeper';

type Handled =
  | HoldPlaced
  | HoldReleased
  | HoldConverted
  | StockReturned
  | OrderPlaced
  | OrderCompleted
  | OrderAwaitingOfflinePayment
  | AttendeeReactivated;

export function checkoutKeeper(): Projection {
  return defineProjection<Handled>({
    name: checkoutKeeperName,
    tables: [openHoldsTable, unsettledSalesTable],
    handles: [
      'HoldPlaced',
      'HoldReleased',
      'HoldConverted',
      'StockReturned',
      'OrderPlaced',
      'OrderCompleted',
      'OrderAwaitingOfflinePayment',
      'AttendeeReactivated',
    ],
    async apply(trx, event, ctx) {
      const holds = ctx.table(openHoldsTable.name);
      const sales = ctx.table(unsettledSalesTable.name);
      switch (event.type) {
        case 'HoldPlaced':
          // A waiting-list offer holds its units without an order until the buyer checks out or the offer runs
          // out; the waiting list's keeper settles it (waitingListReactor.ts).
          if (entryOfOfferHold(event.data.holdId) !== null) return [];
          await insertRowUnlessPresent(
            trx,
            holds,
            {
              hold_id: event.data.holdId,
              event_id: event.data.eventId,
              order_id: event.data.orderId,
              since: event.data.placedAt,
            },
            ['hold_id'],
          );
          return [];
        case 'HoldConverted':
          await deleteRows(trx, holds, { hold_id: event.data.holdId });
          await insertRowUnlessPresent(
            trx,
            sales,
            {
              hold_id: event.data.holdId,
              event_id: event.data.eventId,
              order_id: event.data.orderId,
              since: event.data.convertedAt,
            },
            ['hold_id'],
          );
          return [];
        case 'HoldReleased':
        case 'OrderPlaced':
          // Settled: the order exists (its expiry is the order's own), or the hold is gone.
          await deleteRows(trx, holds, { hold_id: event.data.holdId });
          return [];
        case 'StockReturned':
          if (event.data.returnId === reclaimedSaleReturnId)
            await deleteRows(trx, sales, { hold_id: event.data.holdId });
          return [];
        case 'OrderCompleted':
        case 'OrderAwaitingOfflinePayment':
        case 'AttendeeReactivated':
          await deleteRows(trx, sales, { order_id: event.data.orderId });
          return [];
      }
    },
  });
}

export interface CheckoutSweep {
  releasedHolds: string[];
  expiredOrders: string[];
  reclaimedSales: string[];
}

const system = (id: string): CommandContext => ({ correlationId: `checkout-keeper-${id}`, actor: 'system' });

export class CheckoutKeeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      db: Knex;
      commands: CommandHandler;
      clock: Clock;
      logger: Logger;
      /** Far longer than a request may run (30 s): a hold younger than this may still get its order. */
      settleAfterMs: number;
    },
  ) {}

  start(everyMs: number): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.sweep().catch((error: unknown) =>
        this.deps.logger.error('checkout sweep failed', { error }),
      );
    };
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async sweep(): Promise<CheckoutSweep> {
    const { db, commands, clock, settleAfterMs } = this.deps;
    const outcome: CheckoutSweep = { releasedHolds: [], expiredOrders: [], reclaimedSales: [] };
    const now = clock.now();
    /** A table's holds older than the grace period, oldest first. */
    const pastGrace = async (table: ReadModelTable) =>
      (await db(table.name)
        .where('since', '<=', new Date(now.getTime() - settleAfterMs).toISOString())
        .orderBy('since')
        .limit(500)) as { hold_id: string; event_id: string; order_id: string }[];

    for (const hold of await pastGrace(openHoldsTable)) {
      const { state } = await commands.load(orderDecider, orderStream(hold.order_id));
      if (!state.exists) {
        const released = await commands.handle(
          inventoryDecider,
          inventoryStream(hold.event_id),
          { type: 'ReleaseHold', eventId: hold.event_id, holdId: hold.hold_id, now: clock.now() },
          system(hold.hold_id),
        );
        if (released.events.length > 0) outcome.releasedHolds.push(hold.hold_id);
      }
      await db(openHoldsTable.name).where({ hold_id: hold.hold_id }).delete();
    }

    for (const sale of await pastGrace(unsettledSalesTable)) {
      const { state } = await commands.load(orderPaymentDecider, orderStream(sale.order_id));
      const { order, payment } = state;
      // Still open: the buyer's repeat of the completion may finish the chain.
      if (order.exists && isOpen(effectiveStatus(order, now))) continue;
      const unsold =
        !order.exists || effectiveStatus(order, now) === 'EXPIRED' || order.status === 'ABANDONED';
      if (unsold && payment.intents.length === 0) {
        const reclaimed = await commands.handle(
          inventoryDecider,
          inventoryStream(sale.event_id),
          { type: 'ReclaimSale', eventId: sale.event_id, holdId: sale.hold_id, orderId: sale.order_id, now },
          system(sale.hold_id),
        );
        if (reclaimed.events.length > 0) outcome.reclaimedSales.push(sale.hold_id);
      } else if (unsold) {
        this.deps.logger.warn('sold hold of an unfinished card order left to the payment webhook', {
          holdId: sale.hold_id,
          orderId: sale.order_id,
        });
      }
      await db(unsettledSalesTable.name).where({ hold_id: sale.hold_id }).delete();
    }

    for (const order of await listOverdueOrders(db, now)) {
      const { state } = await commands.load(orderDecider, orderStream(order.id));
      if (!state.exists) continue;
      const expired = await runChain(commands, expireOrder(state, clock.now()), system(order.id));
      if (orderChanged(expired) || state.status === 'EXPIRED') outcome.expiredOrders.push(order.id);
    }
    if (outcome.releasedHolds.length + outcome.expiredOrders.length + outcome.reclaimedSales.length > 0)
      this.deps.logger.info('checkout sweep', {
        releasedHolds: outcome.releasedHolds.length,
        expiredOrders: outcome.expiredOrders.length,
        reclaimedSales: outcome.reclaimedSales.length,
      });
    return outcome;
  }
}
