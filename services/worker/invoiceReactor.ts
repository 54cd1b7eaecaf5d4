import type { Projection } from '../../projections/runner/types';
import type { EventStore, RecordedEvent } from '../eventstore/port';
import { deterministicUuid } from '../kit/clock';
import type { CommandContext, CommandHandler } from '../kit/commandHandler';
import type { Clock } from '../kit/clock';
import { eventDecider } from '../catalog/events/eventDecider';
import { eventStream } from '../catalog/events/eventEvents';
import { organizerDecider, organizerStream } from '../catalog/organizers/organizerDecider';
import { orderDecider } from '../sales/orders/orderDecider';
import {
  orderStream,
  type OrderCancelled,
  type OrderCompleted,
  type OrderMarkedPaid,
  type OrderRefunded,
  type OrderRefundRecorded,
} from '../sales/orders/orderEvents';
import { invoiceDecider } from '../sales/invoices/invoiceDecider';
import { invoiceNumberingStream } from '../sales/invoices/invoiceEvents';
import { invoiceBuyer, issueInvoiceFor } from '../sales/invoices/invoiceFromOrder';
import { invoicesOnAtCompletion } from '../sales/invoices/invoicesOnAtCompletion';

export const invoiceReactorName = 'invoice-reactor';

type Handled = OrderCompleted | OrderMarkedPaid | OrderCancelled | OrderRefunded | OrderRefundRecorded;

/**
 * Issues invoices and credit notes (issue 31, docs/invoices.md): an order completed and paid (free or by
 * card at completion, offline once marked paid) of an event with invoices on gets its invoice on the account's
 * numbering stream; an order cancelled or fully refunded after its invoice gets a credit note. The numbering
 * decider issues at most one of each per order, and its stream's expected version keeps two workers from
 * taking one number: a second delivery, or a second worker, issues nothing new.
 */
export function invoiceReactor(deps: {
  commands: CommandHandler;
  store: Pick<EventStore, 'readStream'>;
  clock: Clock;
}): Projection {
  return {
    name: invoiceReactorName,
    tables: [],
    handles: [
      'OrderCompleted',
      'OrderMarkedPaid',
      'OrderCancelled',
      'OrderRefunded',
      'OrderRefundRecorded',
    ] satisfies Handled['type'][],
    async apply(_trx, recorded) {
      const event = recorded as unknown as RecordedEvent & Handled;
      const context: CommandContext = {
        correlationId: recorded.metadata.correlationId,
        causationId: recorded.id,
        actor: 'system',
        idempotencyKey: `invoice-reactor:${recorded.id}`,
      };
      const { state: order } = await deps.commands.load(orderDecider, orderStream(event.data.orderId));
      if (!order.exists) return [];
      const stream = invoiceNumberingStream(order.accountId);
      if (event.type === 'OrderCompleted' || event.type === 'OrderMarkedPaid') {
        // An offline order completes unpaid (OrderAwaitingOfflinePayment); its invoice waits for OrderMarkedPaid.
        if (event.type === 'OrderCompleted' && event.data.paymentMethod === 'OFFLINE') return [];
        // As the event stood then: the order mail reactor holds the confirmation for this invoice on the same read.
        if (!(await invoicesOnAtCompletion(deps.store, event.data.eventId, recorded.position))) return [];
        const { state: shop } = await deps.commands.load(eventDecider, eventStream(event.data.eventId));
        const organizer =
          shop.exists && shop.organizerId
            ? (await deps.commands.load(organizerDecider, organizerStream(shop.organizerId))).state
            : null;
        const sellerName = organizer?.exists ? organizer.profile.name : null;
        await deps.commands.handle(
          invoiceDecider,
          stream,
          issueInvoiceFor({
            invoiceId: `in_${deterministicUuid(`invoice:${order.placed.orderId}`)}`,
            placed: order.placed,
            buyer: invoiceBuyer(order.buyer, order.company),
            seller: { company: sellerName, name: null, address: null, country: null, vatId: null },
            locale: order.locale,
            now: deps.clock.now(),
          }),
          context,
        );
        return [];
      }
      const cancels =
        event.type === 'OrderCancelled' ||
        (event.type === 'OrderRefunded' && event.data.remaining === 0) ||
        (event.type === 'OrderRefundRecorded' && (event.data.remaining === 0 || event.data.cancelOrder));
      if (!cancels) return [];
      await deps.commands.handle(
        invoiceDecider,
        stream,
        {
          type: 'IssueCreditNote',
          invoiceId: `cn_${deterministicUuid(`credit-note:${order.placed.orderId}`)}`,
          orderId: order.placed.orderId,
          reason: event.type === 'OrderCancelled' ? 'CANCELLED' : 'REFUNDED',
          now: deps.clock.now(),
        },
        context,
      );
      return [];
    },
  };
}
