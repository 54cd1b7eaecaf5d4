import type { Knex } from 'knex';
import type { RecordedEvent } from '../../eventstore/port';
import { actorKindOf, doorActorPrefix, type ActorKind } from '../../kit/actors';
import type { PlatformFeeCharged } from '../../payments/paymentEvents';
import { findUser } from '../../../projections/identity';
import { findEventCheckInList } from '../../../projections/checkIn';
import {
  orderEventTypes,
  orderPaymentEventTypes,
  type ForeignStripeEventIgnored,
  type OrderEvent,
  type OrderPaymentEvent,
  type PaymentMethod,
} from './orderEvents';

/**
 * An order's history as people read it (issue 26, item 11): one entry per recorded event of the order's stream,
 * with who did it (a member's name, the buyer, the door, Stripe or the platform itself, never an internal id) and
 * the few facts its sentence needs (an amount, an attendee's name at that moment, the payment method). The event
 * type stays the entry's key: the web says each type as one translated sentence
 * (web/src/features/orders/history.ts), and a full audit history can present any order's stream with this too.
 */

/** Everything recorded on an order's stream; a new type there is added here and gets its sentence on the web. */
export type OrderStreamEvent =
  OrderEvent | OrderPaymentEvent | PlatformFeeCharged | ForeignStripeEventIgnored;
export type OrderHistoryType = OrderStreamEvent['type'];

export const orderHistoryTypes = [
  ...orderEventTypes,
  ...orderPaymentEventTypes,
  'PlatformFeeCharged',
  'ForeignStripeEventIgnored',
] as const satisfies readonly OrderHistoryType[];
const historyTypes: ReadonlySet<string> = new Set(orderHistoryTypes);

/** Who caused an entry: `name` is the member's or the check-in list's name (null when unknown). */
export type HistoryActorKind = ActorKind;
export interface HistoryActor {
  kind: HistoryActorKind;
  name: string | null;
}

export interface OrderHistoryEntry {
  position: string;
  at: string;
  type: OrderHistoryType;
  actor: HistoryActor;
  /** The money the event moved (a payment, a refund, what was paid for a manual order), minor units. */
  amount: number | null;
  currency: string | null;
  /** The attendee an attendee's event is about, named as they were then. */
  attendee_name: string | null;
  /** How a completed order was paid. */
  payment_method: PaymentMethod | null;
}

/** One line of the order's payments list: the entry with Stripe's ids (for a conversation with Stripe). */
export interface MoneyTrailItem {
  type: OrderHistoryType;
  at: string;
  amount: number | null;
  currency: string | null;
  payment_intent_id: string | null;
  charge_id: string | null;
  refund_id: string | null;
  stripe_refund_id: string | null;
  status: string | null;
}

const moneyTypes: ReadonlySet<OrderHistoryType> = new Set<OrderHistoryType>([
  'OrderCompleted',
  'OrderMarkedPaid',
  'PaymentIntentCreated',
  'OrderPaymentReceived',
  'PaymentAmountMismatch',
  'OrderPaymentFailed',
  'OrderRefundRequested',
  'OrderRefundSubmitted',
  'OrderRefunded',
  'OrderRefundFailed',
  'OrderRefundRecorded',
  'PlatformFeeCharged',
  'ForeignStripeEventIgnored',
]);

/** Card attempts that carried no money: not payments of an order that was then paid otherwise. */
const cardAttemptTypes: ReadonlySet<OrderHistoryType> = new Set<OrderHistoryType>([
  'PaymentIntentCreated',
  'OrderPaymentFailed',
]);

type TypedRecord = RecordedEvent & OrderStreamEvent;

function isOrderStreamEvent(event: RecordedEvent): event is TypedRecord {
  return historyTypes.has(event.type);
}

/** The member, device or service an event names as its author (`…By` in its data), else the recording's actor. */
function authorOf(event: TypedRecord): string {
  switch (event.type) {
    case 'OrderMarkedPaid':
      return event.data.markedBy;
    case 'OrderCancelled':
    case 'AttendeeCancelled':
      return event.data.cancelledBy;
    case 'AttendeeReactivated':
      return event.data.reactivatedBy;
    case 'OrderBuyerDetailsChanged':
    case 'AttendeeDetailsChanged':
      return event.data.changedBy;
    case 'ManualOrderRecorded':
      return event.data.createdBy;
    case 'OrderConfirmationResent':
    case 'AttendeeTicketResent':
      return event.data.resentBy;
    case 'OrderRefundRequested':
      return event.data.requestedBy;
    case 'OrderRefundRecorded':
      return event.data.recordedBy;
    case 'OrderPersonalDataErased':
      return event.data.erasedBy;
    default:
      return event.metadata.actor;
  }
}

/** The names the history shows for its authors; null when unknown (never the id instead). */
export interface HistoryNames {
  member(userId: string): Promise<string | null>;
  checkInList(checkInListId: string): Promise<string | null>;
}

/** The account's members and the event's check-in lists, from their read models; nobody else's. */
export function historyNamesFrom(db: Knex, scope: { accountId: string; eventId: string }): HistoryNames {
  return {
    async member(userId) {
      const member = await findUser(db, scope.accountId, userId);
      return member ? `${member.first_name ?? ''} ${member.last_name ?? ''}`.trim() || null : null;
    },
    async checkInList(checkInListId) {
      return (await findEventCheckInList(db, scope.eventId, checkInListId))?.name ?? null;
    },
  };
}

/** Who an author is: a member, a check-in list at the door, the buyer (`public`), Stripe, or the platform. */
export async function historyActorOf(author: string, names: HistoryNames): Promise<HistoryActor> {
  const kind = actorKindOf(author);
  if (kind === 'member') return { kind, name: await names.member(author) };
  if (kind === 'door') return { kind, name: await names.checkInList(author.slice(doorActorPrefix.length)) };
  return { kind, name: null };
}

async function actorsOf(events: readonly TypedRecord[], names: HistoryNames) {
  const actors = new Map<string, HistoryActor>();
  for (const event of events) {
    const author = authorOf(event);
    if (!actors.has(author)) actors.set(author, await historyActorOf(author, names));
  }
  return actors;
}

function moneyOf(event: TypedRecord): { amount: number | null; currency: string | null } {
  switch (event.type) {
    case 'PaymentIntentCreated':
    case 'OrderPaymentReceived':
    case 'PaymentAmountMismatch':
    case 'OrderRefundRequested':
    case 'OrderRefunded':
    case 'OrderRefundRecorded':
      return { amount: event.data.amount, currency: event.data.currency };
    case 'OrderRefundFailed':
      return { amount: event.data.amount, currency: null };
    case 'ManualOrderRecorded':
      return { amount: event.data.amountPaid, currency: null };
    case 'PlatformFeeCharged':
      return { amount: event.data.fee, currency: event.data.currency };
    case 'ForeignStripeEventIgnored':
      return { amount: event.data.amount, currency: event.data.currency };
    default:
      return { amount: null, currency: null };
  }
}

const textOf = (data: object, key: string): string | null => {
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
};

/**
 * The order stream's events as history entries and as the payments list. `paymentMethod` is the order's: an
 * order paid otherwise (free, offline) lists no card attempt among its payments; its history still tells of it.
 */
export async function presentOrderHistory(
  recorded: readonly RecordedEvent[],
  context: { names: HistoryNames; paymentMethod: PaymentMethod | null },
): Promise<{ history: OrderHistoryEntry[]; money_trail: MoneyTrailItem[] }> {
  const events = recorded.filter(isOrderStreamEvent);
  const actors = await actorsOf(events, context.names);
  const attendeeNames = new Map<string, string>();
  const history: OrderHistoryEntry[] = [];
  const moneyTrail: MoneyTrailItem[] = [];
  const paidOtherwise = context.paymentMethod === 'FREE' || context.paymentMethod === 'OFFLINE';
  for (const event of events) {
    if (event.type === 'OrderDetailsSubmitted')
      for (const attendee of event.data.attendees)
        attendeeNames.set(attendee.attendeeId, `${attendee.firstName} ${attendee.lastName}`.trim());
    const attendeeId = 'attendeeId' in event.data ? event.data.attendeeId : null;
    const attendeeName = attendeeId ? (attendeeNames.get(attendeeId) ?? null) : null;
    if (event.type === 'AttendeeDetailsChanged')
      attendeeNames.set(event.data.attendeeId, `${event.data.firstName} ${event.data.lastName}`.trim());
    const at = event.recordedAt.toISOString();
    const money = moneyOf(event);
    history.push({
      position: event.position.toString(),
      at,
      type: event.type,
      actor: actors.get(authorOf(event)) ?? { kind: 'system', name: null },
      amount: money.amount,
      currency: money.currency,
      attendee_name: attendeeName,
      payment_method: event.type === 'OrderCompleted' ? event.data.paymentMethod : null,
    });
    if (!moneyTypes.has(event.type) || (paidOtherwise && cardAttemptTypes.has(event.type))) continue;
    const data: object = event.data;
    moneyTrail.push({
      type: event.type,
      at,
      amount: money.amount,
      currency: money.currency,
      payment_intent_id: textOf(data, 'paymentIntentId'),
      charge_id: textOf(data, 'chargeId'),
      refund_id: textOf(data, 'refundId'),
      stripe_refund_id: textOf(data, 'stripeRefundId'),
      status:
        textOf(data, 'failureReason') ??
        textOf(data, 'failureCode') ??
        textOf(data, 'paymentMethod') ??
        textOf(data, 'reason'),
    });
  }
  return { history, money_trail: moneyTrail };
}
