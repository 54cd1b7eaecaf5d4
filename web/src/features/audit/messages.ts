import { defineMessage, defineMessages } from 'react-intl';

/** The audit log's screen (`/account/audit`). */
export const auditMessages = defineMessages({
  pageTitle: { id: 'audit.list.pageTitle', defaultMessage: 'Audit log' },
  heading: { id: 'audit.list.heading', defaultMessage: 'Audit log' },
  intro: {
    id: 'audit.list.intro',
    defaultMessage:
      'Every change to the account’s events, tickets, prices, taxes, promo codes, team and settings, newest first. New changes appear here as they happen.',
  },
  actorFilter: { id: 'audit.list.actorFilter', defaultMessage: 'Changed by' },
  allActors: { id: 'audit.list.allActors', defaultMessage: 'Anyone' },
  entityFilter: { id: 'audit.list.entityFilter', defaultMessage: 'About' },
  allEntities: { id: 'audit.list.allEntities', defaultMessage: 'Anything' },
  typeFilter: { id: 'audit.list.typeFilter', defaultMessage: 'Change' },
  allTypes: { id: 'audit.list.allTypes', defaultMessage: 'All changes' },
  from: { id: 'audit.list.from', defaultMessage: 'Changed from' },
  to: { id: 'audit.list.to', defaultMessage: 'Changed until' },
  clearFilters: { id: 'audit.list.clearFilters', defaultMessage: 'Clear filters' },
  columnWhen: { id: 'audit.list.columnWhen', defaultMessage: 'When' },
  columnWho: { id: 'audit.list.columnWho', defaultMessage: 'Who' },
  columnChange: { id: 'audit.list.columnChange', defaultMessage: 'Change' },
  columnIp: { id: 'audit.list.columnIp', defaultMessage: 'IP address' },
  tableLabel: { id: 'audit.list.tableLabel', defaultMessage: 'Changes in the account' },
  loading: { id: 'audit.list.loading', defaultMessage: 'Loading the audit log…' },
  loadFailed: { id: 'audit.list.loadFailed', defaultMessage: 'The audit log could not be loaded.' },
  empty: { id: 'audit.list.empty', defaultMessage: 'No changes match these filters.' },
  summary: defineMessage<{ total: number }>({
    id: 'audit.list.summary',
    defaultMessage: '{total, plural, one {# change} other {# changes}}',
  }),
  paginationNav: { id: 'audit.list.paginationNav', defaultMessage: 'Audit log pages' },
  exportCsv: { id: 'audit.list.exportCsv', defaultMessage: 'Export CSV' },
  exportXlsx: { id: 'audit.list.exportXlsx', defaultMessage: 'Export Excel' },
  exportFailed: { id: 'audit.list.exportFailed', defaultMessage: 'The export failed.' },
  changedFields: defineMessage<{ fields: string }>({
    id: 'audit.list.changedFields',
    defaultMessage: 'Changed: {fields}',
  }),
  inEvent: defineMessage<{ event: string }>({ id: 'audit.list.inEvent', defaultMessage: 'in {event}' }),
  unnamed: { id: 'audit.list.unnamed', defaultMessage: '(no name)' },
  showEntity: defineMessage<{ name: string }>({
    id: 'audit.list.showEntity',
    defaultMessage: 'Show only changes to {name}',
  }),
  entity: defineMessage<{ kind: string; name: string }>({
    id: 'audit.list.entity',
    defaultMessage: '{kind}: {name}',
  }),
});

/** One label per recorded change: the sentence's verb. */
export const auditTypeMessages = defineMessages({
  AccountCreated: { id: 'audit.type.AccountCreated', defaultMessage: 'Account created' },
  AccountSettingsUpdated: {
    id: 'audit.type.AccountSettingsUpdated',
    defaultMessage: 'Account settings changed',
  },
  MemberInvited: { id: 'audit.type.MemberInvited', defaultMessage: 'Member invited' },
  InvitationResent: { id: 'audit.type.InvitationResent', defaultMessage: 'Invitation sent again' },
  InvitationRevoked: { id: 'audit.type.InvitationRevoked', defaultMessage: 'Invitation revoked' },
  InvitationAccepted: { id: 'audit.type.InvitationAccepted', defaultMessage: 'Invitation accepted' },
  MemberRoleChanged: { id: 'audit.type.MemberRoleChanged', defaultMessage: 'Member’s role changed' },
  MemberStatusChanged: { id: 'audit.type.MemberStatusChanged', defaultMessage: 'Member’s status changed' },
  EventCreated: { id: 'audit.type.EventCreated', defaultMessage: 'Event created' },
  EventDetailsUpdated: { id: 'audit.type.EventDetailsUpdated', defaultMessage: 'Event details changed' },
  EventSettingsUpdated: { id: 'audit.type.EventSettingsUpdated', defaultMessage: 'Event settings changed' },
  EventImageUploaded: { id: 'audit.type.EventImageUploaded', defaultMessage: 'Event image uploaded' },
  EventImageRemoved: { id: 'audit.type.EventImageRemoved', defaultMessage: 'Event image removed' },
  EventPublished: { id: 'audit.type.EventPublished', defaultMessage: 'Event published' },
  EventMovedToDraft: { id: 'audit.type.EventMovedToDraft', defaultMessage: 'Event moved back to draft' },
  EventArchived: { id: 'audit.type.EventArchived', defaultMessage: 'Event archived' },
  EventRestored: { id: 'audit.type.EventRestored', defaultMessage: 'Event restored' },
  EventDeleted: { id: 'audit.type.EventDeleted', defaultMessage: 'Event deleted' },
  TicketCreated: { id: 'audit.type.TicketCreated', defaultMessage: 'Ticket created' },
  TicketUpdated: { id: 'audit.type.TicketUpdated', defaultMessage: 'Ticket changed' },
  TicketSalesPaused: { id: 'audit.type.TicketSalesPaused', defaultMessage: 'Ticket sales paused' },
  TicketSalesResumed: { id: 'audit.type.TicketSalesResumed', defaultMessage: 'Ticket sales resumed' },
  TicketDeleted: { id: 'audit.type.TicketDeleted', defaultMessage: 'Ticket deleted' },
  TicketWaitingListSet: {
    id: 'audit.type.TicketWaitingListSet',
    defaultMessage: 'Ticket waiting list changed',
  },
  TicketsSorted: { id: 'audit.type.TicketsSorted', defaultMessage: 'Tickets reordered' },
  TaxCreated: { id: 'audit.type.TaxCreated', defaultMessage: 'Tax or fee created' },
  TaxUpdated: { id: 'audit.type.TaxUpdated', defaultMessage: 'Tax or fee changed' },
  TaxDeleted: { id: 'audit.type.TaxDeleted', defaultMessage: 'Tax or fee deleted' },
  PromoCodeCreated: { id: 'audit.type.PromoCodeCreated', defaultMessage: 'Promo code created' },
  PromoCodeUpdated: { id: 'audit.type.PromoCodeUpdated', defaultMessage: 'Promo code changed' },
  PromoCodeDeleted: { id: 'audit.type.PromoCodeDeleted', defaultMessage: 'Promo code deleted' },
  QuestionCreated: { id: 'audit.type.QuestionCreated', defaultMessage: 'Question created' },
  QuestionUpdated: { id: 'audit.type.QuestionUpdated', defaultMessage: 'Question changed' },
  QuestionDeleted: { id: 'audit.type.QuestionDeleted', defaultMessage: 'Question deleted' },
  QuestionsSorted: { id: 'audit.type.QuestionsSorted', defaultMessage: 'Questions reordered' },
  AffiliateCreated: { id: 'audit.type.AffiliateCreated', defaultMessage: 'Affiliate created' },
  AffiliateUpdated: { id: 'audit.type.AffiliateUpdated', defaultMessage: 'Affiliate changed' },
  AffiliateDeleted: { id: 'audit.type.AffiliateDeleted', defaultMessage: 'Affiliate deleted' },
  CapacityAssignmentCreated: {
    id: 'audit.type.CapacityAssignmentCreated',
    defaultMessage: 'Capacity assignment created',
  },
  CapacityAssignmentUpdated: {
    id: 'audit.type.CapacityAssignmentUpdated',
    defaultMessage: 'Capacity assignment changed',
  },
  CapacityAssignmentDeleted: {
    id: 'audit.type.CapacityAssignmentDeleted',
    defaultMessage: 'Capacity assignment deleted',
  },
  OrganizerCreated: { id: 'audit.type.OrganizerCreated', defaultMessage: 'Organizer created' },
  OrganizerUpdated: { id: 'audit.type.OrganizerUpdated', defaultMessage: 'Organizer changed' },
  OrganizerImageUploaded: {
    id: 'audit.type.OrganizerImageUploaded',
    defaultMessage: 'Organizer image uploaded',
  },
  OrganizerImageRemoved: {
    id: 'audit.type.OrganizerImageRemoved',
    defaultMessage: 'Organizer image removed',
  },
  EventDefaultsUpdated: { id: 'audit.type.EventDefaultsUpdated', defaultMessage: 'Event defaults changed' },
  CheckInListCreated: { id: 'audit.type.CheckInListCreated', defaultMessage: 'Check-in list created' },
  CheckInListUpdated: { id: 'audit.type.CheckInListUpdated', defaultMessage: 'Check-in list changed' },
  CheckInListLinkRotated: {
    id: 'audit.type.CheckInListLinkRotated',
    defaultMessage: 'Check-in list link renewed',
  },
  CheckInListDeleted: { id: 'audit.type.CheckInListDeleted', defaultMessage: 'Check-in list deleted' },
  ConnectedAccountCreated: {
    id: 'audit.type.ConnectedAccountCreated',
    defaultMessage: 'Stripe account connected',
  },
  ConnectedAccountUpdated: {
    id: 'audit.type.ConnectedAccountUpdated',
    defaultMessage: 'Stripe account status updated',
  },
  WebhookCreated: { id: 'audit.type.WebhookCreated', defaultMessage: 'Webhook created' },
  WebhookUpdated: { id: 'audit.type.WebhookUpdated', defaultMessage: 'Webhook changed' },
  WebhookStatusChanged: {
    id: 'audit.type.WebhookStatusChanged',
    defaultMessage: 'Webhook switched on or off',
  },
  WebhookDeleted: { id: 'audit.type.WebhookDeleted', defaultMessage: 'Webhook deleted' },
  OrderMailTemplateSaved: {
    id: 'audit.type.OrderMailTemplateSaved',
    defaultMessage: 'Order email template saved',
  },
  OrderMailTemplateReset: {
    id: 'audit.type.OrderMailTemplateReset',
    defaultMessage: 'Order email template reset',
  },
  MessageScheduled: { id: 'audit.type.MessageScheduled', defaultMessage: 'Message scheduled' },
  MessageDispatched: { id: 'audit.type.MessageDispatched', defaultMessage: 'Message sent' },
  MessageCancelled: { id: 'audit.type.MessageCancelled', defaultMessage: 'Message cancelled' },
  MessageTestSent: { id: 'audit.type.MessageTestSent', defaultMessage: 'Test message sent' },
  OrderPersonalDataErased: {
    id: 'audit.type.OrderPersonalDataErased',
    defaultMessage: 'Buyer’s personal data erased',
  },
});

/** What a change is about. */
export const auditEntityMessages = defineMessages({
  account: { id: 'audit.entity.account', defaultMessage: 'Account' },
  member: { id: 'audit.entity.member', defaultMessage: 'Member' },
  event: { id: 'audit.entity.event', defaultMessage: 'Event' },
  ticket: { id: 'audit.entity.ticket', defaultMessage: 'Ticket' },
  question: { id: 'audit.entity.question', defaultMessage: 'Question' },
  promo_code: { id: 'audit.entity.promo_code', defaultMessage: 'Promo code' },
  tax: { id: 'audit.entity.tax', defaultMessage: 'Tax or fee' },
  affiliate: { id: 'audit.entity.affiliate', defaultMessage: 'Affiliate' },
  capacity_assignment: { id: 'audit.entity.capacity_assignment', defaultMessage: 'Capacity assignment' },
  organizer: { id: 'audit.entity.organizer', defaultMessage: 'Organizer' },
  event_defaults: { id: 'audit.entity.event_defaults', defaultMessage: 'Event defaults' },
  check_in_list: { id: 'audit.entity.check_in_list', defaultMessage: 'Check-in list' },
  payment_connection: { id: 'audit.entity.payment_connection', defaultMessage: 'Payment connection' },
  webhook: { id: 'audit.entity.webhook', defaultMessage: 'Webhook' },
  mail_template: { id: 'audit.entity.mail_template', defaultMessage: 'Email template' },
  message: { id: 'audit.entity.message', defaultMessage: 'Message' },
  order: { id: 'audit.entity.order', defaultMessage: 'Order' },
});

/** Who made a change when it was not a member we can name. */
export const auditActorMessages = defineMessages({
  member: { id: 'audit.actor.member', defaultMessage: 'A former member' },
  buyer: { id: 'audit.actor.buyer', defaultMessage: 'A buyer' },
  door: { id: 'audit.actor.door', defaultMessage: 'Door staff' },
  stripe: { id: 'audit.actor.stripe', defaultMessage: 'Stripe' },
  system: { id: 'audit.actor.system', defaultMessage: 'The platform' },
});

/** The one value some changes name (a role, a status, a mail). */
export const auditDetailMessages = defineMessages({
  ADMIN: { id: 'audit.detail.ADMIN', defaultMessage: 'Admin' },
  ORGANIZER: { id: 'audit.detail.ORGANIZER', defaultMessage: 'Organizer' },
  ACTIVE: { id: 'audit.detail.ACTIVE', defaultMessage: 'Active' },
  INACTIVE: { id: 'audit.detail.INACTIVE', defaultMessage: 'Inactive' },
  ENABLED: { id: 'audit.detail.ENABLED', defaultMessage: 'On' },
  DISABLED: { id: 'audit.detail.DISABLED', defaultMessage: 'Off' },
  CHARGES_ENABLED: { id: 'audit.detail.CHARGES_ENABLED', defaultMessage: 'Can take card payments' },
  CHARGES_DISABLED: { id: 'audit.detail.CHARGES_DISABLED', defaultMessage: 'Cannot take card payments yet' },
  order_confirmation: { id: 'audit.detail.order_confirmation', defaultMessage: 'Order confirmation' },
  order_ticket: { id: 'audit.detail.order_ticket', defaultMessage: 'Ticket email' },
});
