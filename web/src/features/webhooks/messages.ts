import { defineMessage, defineMessages } from 'react-intl';

export const webhooksMessages = defineMessages({
  pageTitle: { id: 'webhooks.list.pageTitle', defaultMessage: 'Webhooks' },
  heading: { id: 'webhooks.list.heading', defaultMessage: 'Webhooks' },
  intro: {
    id: 'webhooks.list.intro',
    defaultMessage:
      'Send order and attendee events to your own systems. Each request is signed with the endpoint’s secret in the X-Webhook-Signature header (HMAC-SHA256 over “timestamp.body”); failed deliveries are retried for up to three days.',
  },
  create: { id: 'webhooks.list.create', defaultMessage: 'New webhook' },
  loading: { id: 'webhooks.list.loading', defaultMessage: 'Loading webhooks…' },
  loadFailed: { id: 'webhooks.list.loadFailed', defaultMessage: 'The webhooks could not be loaded.' },
  empty: { id: 'webhooks.list.empty', defaultMessage: 'No webhooks yet.' },
  enabled: { id: 'webhooks.status.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'webhooks.status.disabled', defaultMessage: 'Disabled' },
  disabledGone: {
    id: 'webhooks.status.gone',
    defaultMessage: 'Disabled: the receiver answered 410 Gone',
  },
  secret: { id: 'webhooks.secret', defaultMessage: 'Signing secret' },
  events: { id: 'webhooks.events', defaultMessage: 'Events' },
  enable: { id: 'webhooks.enable', defaultMessage: 'Enable' },
  disable: { id: 'webhooks.disable', defaultMessage: 'Disable' },
  remove: defineMessage<{ url: string }>({ id: 'webhooks.delete', defaultMessage: 'Delete {url}' }),
  deleted: { id: 'webhooks.deleted', defaultMessage: 'The webhook was deleted.' },
  actionFailed: { id: 'webhooks.actionFailed', defaultMessage: 'The webhook could not be changed.' },
  log: { id: 'webhooks.log', defaultMessage: 'Delivery log' },
  logLabel: defineMessage<{ url: string }>({
    id: 'webhooks.logLabel',
    defaultMessage: 'Deliveries to {url}',
  }),
  logEmpty: { id: 'webhooks.logEmpty', defaultMessage: 'Nothing delivered yet.' },
  logLoading: { id: 'webhooks.logLoading', defaultMessage: 'Loading deliveries…' },
  columnEvent: { id: 'webhooks.column.event', defaultMessage: 'Event' },
  columnStatus: { id: 'webhooks.column.status', defaultMessage: 'Status' },
  columnResponses: { id: 'webhooks.column.responses', defaultMessage: 'Responses' },
  columnWhen: { id: 'webhooks.column.when', defaultMessage: 'Recorded' },
  deliveryPending: { id: 'webhooks.delivery.pending', defaultMessage: 'Pending' },
  deliveryDelivered: { id: 'webhooks.delivery.delivered', defaultMessage: 'Delivered' },
  deliveryFailed: { id: 'webhooks.delivery.failed', defaultMessage: 'Failed' },
  noResponse: { id: 'webhooks.delivery.noResponse', defaultMessage: 'no answer' },
});

export const webhookDialogMessages = defineMessages({
  title: { id: 'webhooks.dialog.title', defaultMessage: 'New webhook' },
  url: { id: 'webhooks.dialog.url', defaultMessage: 'Endpoint URL' },
  urlHelp: {
    id: 'webhooks.dialog.urlHelp',
    defaultMessage: 'A public http:// or https:// address of your system.',
  },
  urlRequired: { id: 'webhooks.dialog.urlRequired', defaultMessage: 'Enter the address.' },
  events: { id: 'webhooks.dialog.events', defaultMessage: 'Send these events' },
  eventsRequired: { id: 'webhooks.dialog.eventsRequired', defaultMessage: 'Choose at least one event.' },
  save: { id: 'webhooks.dialog.save', defaultMessage: 'Create webhook' },
  cancel: { id: 'webhooks.dialog.cancel', defaultMessage: 'Cancel' },
  saved: { id: 'webhooks.dialog.saved', defaultMessage: 'The webhook was created.' },
  failed: { id: 'webhooks.dialog.failed', defaultMessage: 'The webhook could not be created' },
});

export const webhookEventTypeMessages = defineMessages({
  'order.created': { id: 'webhooks.type.orderCreated', defaultMessage: 'Order created' },
  'order.paid': { id: 'webhooks.type.orderPaid', defaultMessage: 'Order paid' },
  'order.cancelled': { id: 'webhooks.type.orderCancelled', defaultMessage: 'Order cancelled' },
  'order.refunded': { id: 'webhooks.type.orderRefunded', defaultMessage: 'Order refunded' },
  'attendee.created': { id: 'webhooks.type.attendeeCreated', defaultMessage: 'Attendee created' },
  'attendee.checked_in': { id: 'webhooks.type.attendeeCheckedIn', defaultMessage: 'Attendee checked in' },
});
