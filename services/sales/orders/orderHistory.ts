import type { Knex } from 'knex';
import type { RecordedEvent } from '../../eventstore/port';
import { checkInEventTypes } from '../../admission/checkIn/checkInEvents';
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
function orderAuthorOf(event: TypedRecord): string {
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

const checkInTypes: ReadonlySet<string> = new Set(checkInEventTypes);

/**
 * The author of any event of the order's trail: the order stream's as above; a scan is its check-in list's (the
 * door's device has no login) unless a member scanned it; a message is its writer's; Stripe's events Stripe's.
 */
function authorOf(event: RecordedEvent): string {
  if (isOrderStreamEvent(event)) return orderAuthorOf(event);
  const data = event.data as Record<string, unknown>;
  if (checkInTypes.has(event.type)) {
    if (actorKindOf(event.metadata.actor) === 'member') return event.metadata.actor;
    return typeof data.checkInListId === 'string'
      ? `${doorActorPrefix}${data.checkInListId}`
      : event.metadata.actor;
  }
  if (event.type === 'StripeEventReceived') return 'stripe';
  if (event.type === 'MessageCancelled' && typeof data.cancelledBy === 'string') return data.cancelledBy;
  if (event.type === 'MessageScheduled') {
    const sender = data.sender as { userId?: unknown } | undefined;
    if (typeof sender?.userId === 'string') return sender.userId;
  }
  return event.metadata.actor;
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

async function actorsOf(events: readonly RecordedEvent[], names: HistoryNames) {
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

/**
 * The order's full history (issue 30): every event of every stream that touched it (services/sales/orders/
 * orderTrail.ts gathers them) and the mails written for it, in order. Each entry has the facts of its sentence as
 * above plus where it was recorded and the raw event, for an auditor.
 */

/** A mail of the order, as the outbox keeps it (never its address or content: the raw event has what it says). */
export interface TrailMail {
  id: string;
  template: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  /** The position of the event that caused it: the mail follows it in the history. */
  event_position: string;
  created_at: string;
  sent_at: string | null;
  attempts: number;
}

export const trailMailTypes = ['MailSent', 'MailPending', 'MailFailed'] as const;
export type TrailMailType = (typeof trailMailTypes)[number];

/** A webhook delivery the order's events caused, as the delivery log keeps it (never its payload). */
export interface TrailWebhook {
  id: string;
  /** The webhook event type sent, e.g. `order.created`. */
  type: string;
  url: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  /** The position of the event that caused it: the delivery follows it in the history. */
  event_position: string;
  created_at: string;
  delivered_at: string | null;
}

export const trailWebhookTypes = ['WebhookDelivered', 'WebhookPending', 'WebhookFailed'] as const;

/** What the order's events caused outside the log: mails from the outbox, webhook deliveries. */
export interface TrailFollowUps {
  mails: readonly TrailMail[];
  webhooks: readonly TrailWebhook[];
}

export interface RawEvent {
  id: string;
  type: string;
  stream: string;
  revision: string;
  position: string;
  recorded_at: string;
  data: unknown;
  metadata: unknown;
}

export interface OrderTrailEntry extends Omit<OrderHistoryEntry, 'type'> {
  /** An event's type, or one of `trailMailTypes` for a mail, `trailWebhookTypes` for a webhook delivery. */
  type: string;
  /** null for a mail or a delivery (its position is its cause's). */
  stream: string | null;
  revision: string | null;
  /** The address the request came from, where the recording kept it. */
  ip: string | null;
  /** A scan's check-in list and device (its gate when the staff named one). */
  check_in_list: string | null;
  device: string | null;
  /** A mail's template; a Stripe event's type. */
  mail_template: string | null;
  stripe_type: string | null;
  raw: RawEvent | null;
  mail: TrailMail | null;
  webhook: TrailWebhook | null;
}

const mailType = (status: TrailMail['status']): TrailMailType =>
  status === 'sent' ? 'MailSent' : status === 'failed' ? 'MailFailed' : 'MailPending';

export function rawEventOf(event: RecordedEvent): RawEvent {
  return {
    id: event.id,
    type: event.type,
    stream: event.stream,
    revision: event.revision.toString(),
    position: event.position.toString(),
    recorded_at: event.recordedAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
  };
}

export async function presentOrderTrail(
  recorded: readonly RecordedEvent[],
  { mails, webhooks }: TrailFollowUps,
  context: { names: HistoryNames; paymentMethod: PaymentMethod | null },
): Promise<OrderTrailEntry[]> {
  const actors = await actorsOf(recorded, context.names);
  const { history } = await presentOrderHistory(recorded, context);
  const facts = new Map(history.map((entry) => [entry.position, entry]));
  const attendeeNames = new Map<string, string>();
  const listNames = new Map<string, string | null>();
  const entries: OrderTrailEntry[] = [];
  for (const event of recorded) {
    const data = event.data as Record<string, unknown>;
    if (event.type === 'OrderDetailsSubmitted' || event.type === 'AttendeeDetailsChanged') {
      const people = event.type === 'OrderDetailsSubmitted' ? (data.attendees as AttendeeNaming[]) : [data];
      for (const person of people as AttendeeNaming[])
        attendeeNames.set(person.attendeeId, `${person.firstName} ${person.lastName}`.trim());
    }
    const known = facts.get(event.position.toString());
    const listId = checkInTypes.has(event.type) ? textOf(data, 'checkInListId') : null;
    if (listId && !listNames.has(listId)) listNames.set(listId, await context.names.checkInList(listId));
    const attendeeId = textOf(data, 'attendeeId');
    entries.push({
      position: event.position.toString(),
      at: event.recordedAt.toISOString(),
      type: event.type,
      actor: actors.get(authorOf(event)) ?? { kind: 'system', name: null },
      amount: known?.amount ?? null,
      currency: known?.currency ?? null,
      attendee_name: known?.attendee_name ?? (attendeeId ? (attendeeNames.get(attendeeId) ?? null) : null),
      payment_method: known?.payment_method ?? null,
      stream: event.stream,
      revision: event.revision.toString(),
      ip: typeof event.metadata.ip === 'string' ? event.metadata.ip : null,
      check_in_list: listId ? (listNames.get(listId) ?? null) : null,
      device: listId ? (textOf(data, 'gate') ?? textOf(data, 'deviceId')) : null,
      mail_template: null,
      stripe_type: event.type === 'StripeEventReceived' ? textOf(data, 'stripeType') : null,
      raw: rawEventOf(event),
      mail: null,
      webhook: null,
    });
  }
  const byCause = [...mails.map(mailEntry), ...webhooks.map(webhookEntry)].sort((a, b) =>
    comparePositions(a.position, b.position),
  );
  const merged: OrderTrailEntry[] = [];
  let next = 0;
  for (const entry of entries) {
    merged.push(entry);
    while (next < byCause.length && comparePositions(byCause[next]!.position, entry.position) <= 0)
      merged.push(byCause[next++]!);
  }
  merged.push(...byCause.slice(next));
  return merged;
}

interface AttendeeNaming {
  attendeeId: string;
  firstName: string;
  lastName: string;
}

const comparePositions = (a: string, b: string): number => {
  const left = BigInt(a);
  const right = BigInt(b);
  return left < right ? -1 : left > right ? 1 : 0;
};

const followUp = {
  actor: { kind: 'system', name: null },
  amount: null,
  currency: null,
  attendee_name: null,
  payment_method: null,
  stream: null,
  revision: null,
  ip: null,
  check_in_list: null,
  device: null,
  mail_template: null,
  stripe_type: null,
  raw: null,
  mail: null,
  webhook: null,
} as const satisfies Omit<OrderTrailEntry, 'position' | 'at' | 'type'>;

function mailEntry(mail: TrailMail): OrderTrailEntry {
  return {
    ...followUp,
    position: mail.event_position,
    at: mail.sent_at ?? mail.created_at,
    type: mailType(mail.status),
    mail_template: mail.template,
    mail,
  };
}

function webhookEntry(webhook: TrailWebhook): OrderTrailEntry {
  const type =
    webhook.status === 'delivered'
      ? 'WebhookDelivered'
      : webhook.status === 'failed'
        ? 'WebhookFailed'
        : 'WebhookPending';
  return {
    ...followUp,
    position: webhook.event_position,
    at: webhook.delivered_at ?? webhook.created_at,
    type,
    webhook,
  };
}
