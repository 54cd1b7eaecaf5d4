import type { Knex } from 'knex';
import { defineProjection, type RecordedOf } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import { actorKindOf, type ActorKind } from '../../services/kit/actors';
import { accountEventTypes, type AccountEvent } from '../../services/identity/accountDecider';
import { eventEventTypes, type EventEvent } from '../../services/catalog/events/eventEvents';
import {
  ticketEventTypes,
  ticketOrderEventTypes,
  type TicketEvent,
  type TicketOrderEvent,
} from '../../services/catalog/tickets/ticketEvents';
import { taxEventTypes, type TaxEvent } from '../../services/catalog/taxes/taxEvents';
import { promoCodeEventTypes, type PromoCodeEvent } from '../../services/catalog/promoCodes/promoCodeEvents';
import {
  questionEventTypes,
  questionOrderEventTypes,
  type QuestionEvent,
  type QuestionOrderEvent,
} from '../../services/catalog/questions/questionEvents';
import { affiliateEventTypes, type AffiliateEvent } from '../../services/catalog/affiliates/affiliateEvents';
import {
  capacityAssignmentEventTypes,
  type CapacityAssignmentEvent,
} from '../../services/catalog/capacity/capacityEvents';
import { organizerEventTypes, type OrganizerEvent } from '../../services/catalog/organizers/organizerDecider';
import type { EventDefaultsUpdated } from '../../services/catalog/eventDefaults/eventDefaultsDecider';
import {
  checkInListEventTypes,
  type CheckInListEvent,
} from '../../services/admission/checkIn/checkInListEvents';
import {
  paymentConnectionEventTypes,
  type PaymentConnectionEvent,
} from '../../services/payments/paymentEvents';
import { webhookRecordedTypes, type WebhookEvent } from '../../services/integrations/webhooks/webhookEvents';
import {
  mailTemplateEventTypes,
  type MailTemplateEvent,
} from '../../services/messaging/mailTemplates/mailTemplateEvents';
import { messageEventTypes, type MessageEvent } from '../../services/messaging/messages/messageEvents';
import type { OrderPersonalDataErased } from '../../services/sales/orders/orderEvents';

/**
 * The account's audit log (issue 30, docs/audit.md "The account audit log"): one row per change of the account's
 * configuration and team, with who made it (the actor as recorded; names are looked up when read), from where (IP)
 * and what it was about (the entity, named as it was then). Buyers' orders and check-ins are not here: an order's
 * history tells of those. Events that name only their event (a ticket's, a question's) find their account through
 * the events this projection saw created, in its own `account_audit_names`.
 */

export type AuditedEvent =
  | AccountEvent
  | EventEvent
  | TicketEvent
  | TicketOrderEvent
  | TaxEvent
  | PromoCodeEvent
  | QuestionEvent
  | QuestionOrderEvent
  | AffiliateEvent
  | CapacityAssignmentEvent
  | OrganizerEvent
  | EventDefaultsUpdated
  | CheckInListEvent
  | PaymentConnectionEvent
  | WebhookEvent
  | MailTemplateEvent
  | MessageEvent
  | OrderPersonalDataErased;
export type AuditEventType = AuditedEvent['type'];

export const auditEventTypes = [
  ...accountEventTypes,
  ...eventEventTypes,
  ...ticketEventTypes,
  ...ticketOrderEventTypes,
  ...taxEventTypes,
  ...promoCodeEventTypes,
  ...questionEventTypes,
  ...questionOrderEventTypes,
  ...affiliateEventTypes,
  ...capacityAssignmentEventTypes,
  ...organizerEventTypes,
  'EventDefaultsUpdated',
  ...checkInListEventTypes,
  ...paymentConnectionEventTypes,
  ...webhookRecordedTypes,
  ...mailTemplateEventTypes,
  ...messageEventTypes,
  // A buyer's erasure is an admin's act on the account's records; the rest of an order's life is its history.
  'OrderPersonalDataErased',
] as const satisfies readonly AuditEventType[];

export const auditEntityKinds = [
  'account',
  'member',
  'event',
  'ticket',
  'question',
  'promo_code',
  'tax',
  'affiliate',
  'capacity_assignment',
  'organizer',
  'event_defaults',
  'check_in_list',
  'payment_connection',
  'webhook',
  'mail_template',
  'message',
  'order',
] as const;
export type AuditEntityKind = (typeof auditEntityKinds)[number];

export const accountAuditTable: ReadModelTable = {
  name: 'account_audit_log',
  define(table, tableName) {
    table.bigInteger('position').primary();
    table.string('account_id', 40).notNullable();
    table.string('recorded_at', 30).notNullable();
    table.string('event_type', 60).notNullable();
    table.string('stream', 200).notNullable();
    table.string('actor_id', 100).notNullable();
    table.string('actor_kind', 10).notNullable();
    table.string('ip', 64).nullable();
    table.string('correlation_id', 100).nullable();
    table.string('entity_kind', 30).notNullable();
    table.string('entity_id', 100).notNullable();
    table.text('entity_name').nullable();
    table.string('event_id', 40).nullable();
    table.text('event_title').nullable();
    /** The changed fields of an update, comma-separated. */
    table.text('fields').nullable();
    /** The one value a sentence names: a role, a status, a mail kind. */
    table.string('detail', 60).nullable();
    table.index(['account_id', 'position'], `${tableName}_account_idx`);
    table.index(['account_id', 'actor_id'], `${tableName}_actor_idx`);
    table.index(['account_id', 'entity_kind', 'entity_id'], `${tableName}_entity_idx`);
    table.index(['account_id', 'event_type'], `${tableName}_type_idx`);
  },
};

/** What the log has seen of each entity: its account, its event and its latest name. */
export const accountAuditNamesTable: ReadModelTable = {
  name: 'account_audit_names',
  define(table) {
    table.string('entity_kind', 30).notNullable();
    table.string('entity_id', 100).notNullable();
    table.string('account_id', 40).notNullable();
    table.string('event_id', 40).nullable();
    table.text('name').nullable();
    table.primary(['entity_kind', 'entity_id']);
  },
};

export interface AccountAuditRow {
  position: string | number;
  account_id: string;
  recorded_at: string;
  event_type: AuditEventType;
  stream: string;
  actor_id: string;
  actor_kind: ActorKind;
  ip: string | null;
  correlation_id: string | null;
  entity_kind: AuditEntityKind;
  entity_id: string;
  entity_name: string | null;
  event_id: string | null;
  event_title: string | null;
  fields: string | null;
  detail: string | null;
}

interface NameRow {
  account_id: string;
  event_id: string | null;
  name: string | null;
}

/** What one event is about; `name` undefined keeps the name the log knows, `accountId` undefined looks it up. */
interface Subject {
  kind: AuditEntityKind;
  id: string;
  accountId?: string;
  eventId?: string | null;
  name?: string | null;
  fields?: readonly string[];
  detail?: string | null;
}

/** A webhook's address without its query string, which may carry a token. */
function webhookName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

const changed = (changes: object) => Object.keys(changes).sort();

/** The moment each contract names for its change (the command's clock), in the order the contracts use them. */
const momentKeys = [
  'createdAt',
  'updatedAt',
  'deletedAt',
  'changedAt',
  'invitedAt',
  'resentAt',
  'revokedAt',
  'acceptedAt',
  'publishedAt',
  'movedAt',
  'archivedAt',
  'restoredAt',
  'removedAt',
  'pausedAt',
  'resumedAt',
  'sortedAt',
  'rotatedAt',
  'savedAt',
  'resetAt',
  'scheduledAt',
  'dispatchedAt',
  'cancelledAt',
  'sentAt',
] as const;

/**
 * When the change was made: the moment its data names, so the same history gives the same rows in any store;
 * the recording's time for the few contracts that name none but an uploaded image's.
 */
function momentOf(event: RecordedOf<AuditedEvent>): string {
  const data = event.data as Readonly<Record<string, unknown>>;
  for (const key of momentKeys) {
    const value = data[key];
    if (typeof value === 'string') return value;
  }
  const image = data.image as { uploadedAt?: unknown } | undefined;
  if (typeof image?.uploadedAt === 'string') return image.uploadedAt;
  return event.recordedAt.toISOString();
}

function subjectOf(event: RecordedOf<AuditedEvent>): Subject {
  switch (event.type) {
    case 'AccountCreated':
      return {
        kind: 'account',
        id: event.data.accountId,
        accountId: event.data.accountId,
        name: event.data.name,
      };
    case 'AccountSettingsUpdated':
      return {
        kind: 'account',
        id: event.data.accountId,
        accountId: event.data.accountId,
        name: event.data.changes.name,
        fields: changed(event.data.changes),
      };
    case 'MemberInvited':
    case 'InvitationResent':
    case 'MemberRoleChanged':
      return {
        kind: 'member',
        id: event.data.userId,
        accountId: event.data.accountId,
        detail: event.data.role,
      };
    case 'MemberStatusChanged':
      return {
        kind: 'member',
        id: event.data.userId,
        accountId: event.data.accountId,
        detail: event.data.status,
      };
    case 'InvitationRevoked':
    case 'InvitationAccepted':
      return { kind: 'member', id: event.data.userId, accountId: event.data.accountId };
    case 'EventCreated':
      return {
        kind: 'event',
        id: event.data.eventId,
        accountId: event.data.accountId,
        eventId: event.data.eventId,
        name: event.data.title,
      };
    case 'EventDetailsUpdated':
      return {
        kind: 'event',
        id: event.data.eventId,
        eventId: event.data.eventId,
        name: event.data.changes.title,
        fields: changed(event.data.changes),
      };
    case 'EventSettingsUpdated':
      return {
        kind: 'event',
        id: event.data.eventId,
        eventId: event.data.eventId,
        fields: changed(event.data.changes),
      };
    case 'EventImageUploaded':
    case 'EventImageRemoved':
    case 'EventPublished':
    case 'EventMovedToDraft':
    case 'EventArchived':
    case 'EventRestored':
    case 'EventDeleted':
    case 'TicketsSorted':
    case 'QuestionsSorted':
      return { kind: 'event', id: event.data.eventId, eventId: event.data.eventId };
    case 'OrderPersonalDataErased':
      return { kind: 'order', id: event.data.orderId, eventId: event.data.eventId };
    case 'TicketCreated':
      return { kind: 'ticket', id: event.data.ticketId, eventId: event.data.eventId, name: event.data.title };
    case 'TicketUpdated':
      return {
        kind: 'ticket',
        id: event.data.ticketId,
        eventId: event.data.eventId,
        name: event.data.changes.title,
        fields: changed(event.data.changes),
      };
    case 'TicketSalesPaused':
    case 'TicketSalesResumed':
    case 'TicketDeleted':
    case 'TicketWaitingListSet':
      return { kind: 'ticket', id: event.data.ticketId, eventId: event.data.eventId };
    case 'TaxCreated':
      return { kind: 'tax', id: event.data.taxId, accountId: event.data.accountId, name: event.data.name };
    case 'TaxUpdated':
      return {
        kind: 'tax',
        id: event.data.taxId,
        accountId: event.data.accountId,
        name: event.data.changes.name,
        fields: changed(event.data.changes),
      };
    case 'TaxDeleted':
      return { kind: 'tax', id: event.data.taxId, accountId: event.data.accountId };
    case 'PromoCodeCreated':
      return {
        kind: 'promo_code',
        id: event.data.promoCodeId,
        eventId: event.data.eventId,
        name: event.data.code,
      };
    case 'PromoCodeUpdated':
      return {
        kind: 'promo_code',
        id: event.data.promoCodeId,
        eventId: event.data.eventId,
        name: event.data.changes.code,
        fields: changed(event.data.changes),
      };
    case 'PromoCodeDeleted':
      return {
        kind: 'promo_code',
        id: event.data.promoCodeId,
        eventId: event.data.eventId,
        name: event.data.code,
      };
    case 'QuestionCreated':
      return {
        kind: 'question',
        id: event.data.questionId,
        eventId: event.data.eventId,
        name: event.data.title,
      };
    case 'QuestionUpdated':
      return {
        kind: 'question',
        id: event.data.questionId,
        eventId: event.data.eventId,
        name: event.data.changes.title,
        fields: changed(event.data.changes),
      };
    case 'QuestionDeleted':
      return { kind: 'question', id: event.data.questionId, eventId: event.data.eventId };
    case 'AffiliateCreated':
      return {
        kind: 'affiliate',
        id: event.data.affiliateId,
        eventId: event.data.eventId,
        name: event.data.code,
      };
    case 'AffiliateUpdated':
      return {
        kind: 'affiliate',
        id: event.data.affiliateId,
        eventId: event.data.eventId,
        fields: changed(event.data.changes),
        detail: event.data.changes.status ?? null,
      };
    case 'AffiliateDeleted':
      return {
        kind: 'affiliate',
        id: event.data.affiliateId,
        eventId: event.data.eventId,
        name: event.data.code,
      };
    case 'CapacityAssignmentCreated':
      return {
        kind: 'capacity_assignment',
        id: event.data.capacityAssignmentId,
        eventId: event.data.eventId,
        name: event.data.name,
      };
    case 'CapacityAssignmentUpdated':
      return {
        kind: 'capacity_assignment',
        id: event.data.capacityAssignmentId,
        eventId: event.data.eventId,
        name: event.data.changes.name,
        fields: changed(event.data.changes),
      };
    case 'CapacityAssignmentDeleted':
      return {
        kind: 'capacity_assignment',
        id: event.data.capacityAssignmentId,
        eventId: event.data.eventId,
      };
    case 'OrganizerCreated':
      return {
        kind: 'organizer',
        id: event.data.organizerId,
        accountId: event.data.accountId,
        name: event.data.name,
      };
    case 'OrganizerUpdated':
      return {
        kind: 'organizer',
        id: event.data.organizerId,
        name: event.data.changes.name,
        fields: changed(event.data.changes),
      };
    case 'OrganizerImageUploaded':
    case 'OrganizerImageRemoved':
      return { kind: 'organizer', id: event.data.organizerId };
    case 'EventDefaultsUpdated':
      return {
        kind: 'event_defaults',
        id: event.data.accountId,
        accountId: event.data.accountId,
        fields: changed(event.data.changes),
      };
    case 'CheckInListCreated':
      return {
        kind: 'check_in_list',
        id: event.data.checkInListId,
        eventId: event.data.eventId,
        name: event.data.name,
      };
    case 'CheckInListUpdated':
      return {
        kind: 'check_in_list',
        id: event.data.checkInListId,
        eventId: event.data.eventId,
        name: event.data.changes.name,
        fields: changed(event.data.changes),
      };
    case 'CheckInListLinkRotated':
    case 'CheckInListDeleted':
      return { kind: 'check_in_list', id: event.data.checkInListId, eventId: event.data.eventId };
    case 'ConnectedAccountCreated':
      return {
        kind: 'payment_connection',
        id: event.data.accountId,
        accountId: event.data.accountId,
        name: event.data.stripeAccountId,
      };
    case 'ConnectedAccountUpdated':
      return {
        kind: 'payment_connection',
        id: event.data.accountId,
        accountId: event.data.accountId,
        name: event.data.stripeAccountId,
        detail: event.data.chargesEnabled ? 'CHARGES_ENABLED' : 'CHARGES_DISABLED',
      };
    case 'WebhookCreated':
      return {
        kind: 'webhook',
        id: event.data.webhookId,
        accountId: event.data.accountId,
        eventId: event.data.eventId,
        name: webhookName(event.data.url),
      };
    case 'WebhookUpdated':
      return {
        kind: 'webhook',
        id: event.data.webhookId,
        eventId: event.data.eventId,
        name: event.data.changes.url === undefined ? undefined : webhookName(event.data.changes.url),
        fields: changed(event.data.changes),
      };
    case 'WebhookStatusChanged':
      return {
        kind: 'webhook',
        id: event.data.webhookId,
        eventId: event.data.eventId,
        detail: event.data.to,
      };
    case 'WebhookDeleted':
      return { kind: 'webhook', id: event.data.webhookId, eventId: event.data.eventId };
    case 'OrderMailTemplateSaved':
    case 'OrderMailTemplateReset':
      return {
        kind: 'mail_template',
        id: `${event.data.eventId}:${event.data.kind}`,
        accountId: event.data.accountId,
        eventId: event.data.eventId,
        detail: event.data.kind,
      };
    case 'MessageScheduled':
    case 'MessageTestSent':
      return {
        kind: 'message',
        id: event.data.messageId,
        accountId: event.data.accountId,
        eventId: event.data.eventId,
        name: event.data.subject,
      };
    case 'MessageDispatched':
    case 'MessageCancelled':
      return { kind: 'message', id: event.data.messageId, eventId: event.data.eventId };
  }
}

export const accountAuditProjection = defineProjection<AuditedEvent>({
  name: 'accountAudit',
  tables: [accountAuditTable, accountAuditNamesTable],
  handles: auditEventTypes,
  async apply(trx, event, ctx) {
    const log = ctx.table('account_audit_log');
    const names = ctx.table('account_audit_names');
    const subject = subjectOf(event);
    const known = (kind: AuditEntityKind, id: string) =>
      trx(names).where({ entity_kind: kind, entity_id: id }).first<NameRow | undefined>();
    const entity = await known(subject.kind, subject.id);
    const eventId = subject.eventId ?? entity?.event_id ?? null;
    const parent = eventId === null ? undefined : await known('event', eventId);
    const accountId = subject.accountId ?? entity?.account_id ?? parent?.account_id;
    // An entity whose account the log never learnt (its creation predates what it follows) is nobody's to show.
    if (accountId === undefined) return [];
    const name = subject.name === undefined ? (entity?.name ?? null) : subject.name;
    await trx(names)
      .insert({
        entity_kind: subject.kind,
        entity_id: subject.id,
        account_id: accountId,
        event_id: eventId,
        name,
      })
      .onConflict(['entity_kind', 'entity_id'])
      .merge(['name', 'event_id']);
    const eventTitle = subject.kind === 'event' ? name : (parent?.name ?? null);
    const actor = event.metadata.actor;
    await trx(log)
      .insert({
        position: event.position.toString(),
        account_id: accountId,
        recorded_at: momentOf(event),
        event_type: event.type,
        stream: event.stream,
        actor_id: actor,
        actor_kind: actorKindOf(actor),
        ip: typeof event.metadata.ip === 'string' ? event.metadata.ip.slice(0, 64) : null,
        correlation_id: event.metadata.correlationId.slice(0, 100),
        entity_kind: subject.kind,
        entity_id: subject.id,
        entity_name: name,
        event_id: eventId,
        event_title: eventTitle,
        fields: subject.fields && subject.fields.length > 0 ? subject.fields.join(',') : null,
        detail: subject.detail ?? null,
      })
      .onConflict('position')
      .ignore();
    return [`account:${accountId}`];
  },
});

// ---------- queries

export interface AuditFilters {
  actor?: string;
  entityKind?: AuditEntityKind;
  entityId?: string;
  types?: readonly AuditEventType[];
  /** ISO instants; `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
}

function filtered(db: Knex, accountId: string, filters: AuditFilters): Knex.QueryBuilder {
  const query = db('account_audit_log').where({ account_id: accountId });
  if (filters.actor !== undefined) void query.where({ actor_id: filters.actor });
  if (filters.entityKind !== undefined) void query.where({ entity_kind: filters.entityKind });
  if (filters.entityId !== undefined) void query.where({ entity_id: filters.entityId });
  if (filters.types !== undefined && filters.types.length > 0)
    void query.whereIn('event_type', filters.types);
  if (filters.from !== undefined) void query.where('recorded_at', '>=', filters.from);
  if (filters.to !== undefined) void query.where('recorded_at', '<', filters.to);
  return query;
}

/** One page of the account's log, newest first, and how many entries the filters match. */
export async function listAccountAudit(
  db: Knex,
  accountId: string,
  filters: AuditFilters,
  page: { page: number; perPage: number },
): Promise<{ rows: AccountAuditRow[]; total: number }> {
  const base = filtered(db, accountId, filters);
  const count = (await base.clone().count({ total: '*' }).first()) as { total: number | string } | undefined;
  const rows = (await base
    .clone()
    .orderBy('position', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)) as AccountAuditRow[];
  return { rows, total: Number(count?.total ?? 0) };
}

/** The whole filtered log, newest first, in pages of `size` (what an export streams). */
export async function* exportAccountAudit(
  db: Knex,
  accountId: string,
  filters: AuditFilters,
  size = 500,
): AsyncIterable<AccountAuditRow[]> {
  let before: string | null = null;
  for (;;) {
    const query = filtered(db, accountId, filters).orderBy('position', 'desc').limit(size);
    if (before !== null) void query.where('position', '<', before);
    const rows = (await query) as AccountAuditRow[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    before = String(rows[rows.length - 1]!.position);
  }
}

/** The members and others who appear in the account's log, for the actor filter. */
export async function accountAuditActors(
  db: Knex,
  accountId: string,
): Promise<{ actor_id: string; actor_kind: ActorKind }[]> {
  return (await db('account_audit_log')
    .where({ account_id: accountId })
    .distinct('actor_id', 'actor_kind')
    .orderBy('actor_id')) as { actor_id: string; actor_kind: ActorKind }[];
}
