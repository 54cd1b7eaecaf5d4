import { defineMessage, defineMessages } from 'react-intl';

export const messagesPageMessages = defineMessages({
  pageTitle: { id: 'messages.list.pageTitle', defaultMessage: 'Messages' },
  heading: { id: 'messages.list.heading', defaultMessage: 'Messages' },
  intro: {
    id: 'messages.list.intro',
    defaultMessage:
      'Write to the people coming to your event: everyone, the holders of some tickets, one attendee or the buyer of an order. Each receives it by email in their language.',
  },
  compose: { id: 'messages.list.compose', defaultMessage: 'New message' },
  loading: { id: 'messages.list.loading', defaultMessage: 'Loading messages…' },
  loadFailed: { id: 'messages.list.loadFailed', defaultMessage: 'The messages could not be loaded.' },
  empty: { id: 'messages.list.empty', defaultMessage: 'No messages sent yet.' },
  tableLabel: { id: 'messages.list.tableLabel', defaultMessage: 'Sent and scheduled messages' },
  columnSubject: { id: 'messages.list.column.subject', defaultMessage: 'Subject' },
  columnRecipients: { id: 'messages.list.column.recipients', defaultMessage: 'To' },
  columnState: { id: 'messages.list.column.state', defaultMessage: 'State' },
  columnDelivery: { id: 'messages.list.column.delivery', defaultMessage: 'Delivered' },
  columnWhen: { id: 'messages.list.column.when', defaultMessage: 'Send time' },
  columnActions: { id: 'messages.list.column.actions', defaultMessage: 'Actions' },
  stateScheduled: { id: 'messages.state.scheduled', defaultMessage: 'Scheduled' },
  stateSending: { id: 'messages.state.sending', defaultMessage: 'Sending' },
  stateSent: { id: 'messages.state.sent', defaultMessage: 'Sent' },
  stateCancelled: { id: 'messages.state.cancelled', defaultMessage: 'Cancelled' },
  delivery: defineMessage<{ sent: number; total: number }>({
    id: 'messages.list.delivery',
    defaultMessage: '{sent} of {total}',
  }),
  failedCount: defineMessage<{ count: number }>({
    id: 'messages.list.failedCount',
    defaultMessage: '{count, plural, one {# failed} other {# failed}}',
  }),
  toAll: { id: 'messages.to.all', defaultMessage: 'All attendees' },
  toTickets: defineMessage<{ count: number }>({
    id: 'messages.to.tickets',
    defaultMessage: 'Holders of {count, plural, one {# ticket} other {# tickets}}',
  }),
  toAttendee: { id: 'messages.to.attendee', defaultMessage: 'One attendee' },
  toBuyer: { id: 'messages.to.buyer', defaultMessage: 'The buyer of an order' },
  showRecipients: defineMessage<{ subject: string }>({
    id: 'messages.list.showRecipients',
    defaultMessage: 'Recipients of “{subject}”',
  }),
  cancel: defineMessage<{ subject: string }>({
    id: 'messages.list.cancel',
    defaultMessage: 'Cancel “{subject}”',
  }),
  cancelled: { id: 'messages.list.cancelled', defaultMessage: 'The message will not be sent.' },
  cancelFailed: { id: 'messages.list.cancelFailed', defaultMessage: 'The message could not be cancelled.' },
  recipientsTitle: { id: 'messages.recipients.title', defaultMessage: 'Recipients' },
  recipientsLoading: { id: 'messages.recipients.loading', defaultMessage: 'Loading recipients…' },
  recipientsEmpty: { id: 'messages.recipients.empty', defaultMessage: 'No recipients yet.' },
  recipientEmail: { id: 'messages.recipients.email', defaultMessage: 'Email' },
  recipientState: { id: 'messages.recipients.state', defaultMessage: 'Delivery' },
  recipientQueued: { id: 'messages.recipients.queued', defaultMessage: 'Queued' },
  recipientSent: { id: 'messages.recipients.sent', defaultMessage: 'Sent' },
  recipientFailed: { id: 'messages.recipients.failed', defaultMessage: 'Failed' },
  close: { id: 'messages.recipients.close', defaultMessage: 'Close' },
});

export const composeMessages = defineMessages({
  title: { id: 'messages.compose.title', defaultMessage: 'New message' },
  subject: { id: 'messages.compose.subject', defaultMessage: 'Subject' },
  subjectRequired: { id: 'messages.compose.subjectRequired', defaultMessage: 'Write a subject.' },
  content: { id: 'messages.compose.content', defaultMessage: 'Message' },
  contentRequired: { id: 'messages.compose.contentRequired', defaultMessage: 'Write the message.' },
  recipients: { id: 'messages.compose.recipients', defaultMessage: 'Send to' },
  tickets: { id: 'messages.compose.tickets', defaultMessage: 'Holders of these tickets' },
  ticketsRequired: { id: 'messages.compose.ticketsRequired', defaultMessage: 'Choose at least one ticket.' },
  attendee: { id: 'messages.compose.attendee', defaultMessage: 'Attendee' },
  attendeeHelp: {
    id: 'messages.compose.attendeeHelp',
    defaultMessage: 'Search by name, email or order reference, then choose the attendee.',
  },
  attendeeRequired: {
    id: 'messages.compose.attendeeRequired',
    defaultMessage: 'Choose the attendee to write to.',
  },
  buyer: { id: 'messages.compose.buyer', defaultMessage: 'Buyer' },
  buyerHelp: {
    id: 'messages.compose.buyerHelp',
    defaultMessage: 'Search by name, email or order reference, then choose the order’s buyer.',
  },
  buyerRequired: { id: 'messages.compose.buyerRequired', defaultMessage: 'Choose the buyer to write to.' },
  sendAt: { id: 'messages.compose.sendAt', defaultMessage: 'Send at (optional)' },
  sendAtHelp: {
    id: 'messages.compose.sendAtHelp',
    defaultMessage: 'Leave empty to send now; a later time schedules it (your time zone).',
  },
  copyToSender: { id: 'messages.compose.copyToSender', defaultMessage: 'Send me a copy' },
  acknowledge: {
    id: 'messages.compose.acknowledge',
    defaultMessage:
      'This message is about the event and is not promotional (no advertising of other events or products).',
  },
  acknowledgeRequired: {
    id: 'messages.compose.acknowledgeRequired',
    defaultMessage: 'Confirm that the message is not promotional.',
  },
  sendTest: { id: 'messages.compose.sendTest', defaultMessage: 'Send a test to me' },
  testSent: defineMessage<{ email: string }>({
    id: 'messages.compose.testSent',
    defaultMessage: 'A test was sent to {email}.',
  }),
  testFailed: { id: 'messages.compose.testFailed', defaultMessage: 'The test could not be sent.' },
  send: { id: 'messages.compose.send', defaultMessage: 'Send' },
  cancel: { id: 'messages.compose.cancel', defaultMessage: 'Cancel' },
  sent: { id: 'messages.compose.sent', defaultMessage: 'The message is on its way.' },
  scheduled: { id: 'messages.compose.scheduled', defaultMessage: 'The message is scheduled.' },
  failed: { id: 'messages.compose.failed', defaultMessage: 'The message could not be sent' },
});

export const recipientPickerMessages = defineMessages({
  placeholder: { id: 'messages.picker.placeholder', defaultMessage: 'Name, email or order reference' },
  results: { id: 'messages.picker.results', defaultMessage: 'People found' },
  searching: { id: 'messages.picker.searching', defaultMessage: 'Searching…' },
  failed: { id: 'messages.picker.failed', defaultMessage: 'The search failed. Type again to retry.' },
  noneFound: { id: 'messages.picker.noneFound', defaultMessage: 'No one found. Check the spelling.' },
  noneYet: { id: 'messages.picker.noneYet', defaultMessage: 'No one to write to yet.' },
  found: defineMessage<{ count: number }>({
    id: 'messages.picker.found',
    defaultMessage:
      '{count, plural, one {# person found; use the arrow keys and Enter to choose} other {# people found; use the arrow keys and Enter to choose}}',
  }),
  order: defineMessage<{ reference: string }>({
    id: 'messages.picker.order',
    defaultMessage: 'Order {reference}',
  }),
  change: { id: 'messages.picker.change', defaultMessage: 'Change' },
  changeLabel: defineMessage<{ name: string }>({
    id: 'messages.picker.changeLabel',
    defaultMessage: 'Change: choose someone else instead of {name}',
  }),
});
