import { defineMessage, defineMessages } from 'react-intl';

export const ordersMessages = defineMessages({
  pageTitle: { id: 'orders.list.pageTitle', defaultMessage: 'Orders' },
  heading: { id: 'orders.list.heading', defaultMessage: 'Orders' },
  intro: {
    id: 'orders.list.intro',
    defaultMessage: 'Every order of this event. Open one to see its attendees, history and actions.',
  },
  search: { id: 'orders.list.search', defaultMessage: 'Search by reference, name or email' },
  searching: { id: 'orders.list.searching', defaultMessage: 'Searching…' },
  statusFilter: { id: 'orders.list.statusFilter', defaultMessage: 'Status' },
  allStatuses: { id: 'orders.list.allStatuses', defaultMessage: 'All statuses' },
  loading: { id: 'orders.list.loading', defaultMessage: 'Loading orders…' },
  loadFailed: { id: 'orders.list.loadFailed', defaultMessage: 'The orders could not be loaded.' },
  empty: { id: 'orders.list.empty', defaultMessage: 'No orders match.' },
  tableLabel: { id: 'orders.list.tableLabel', defaultMessage: 'Orders' },
  paginationNav: { id: 'orders.list.paginationNav', defaultMessage: 'Pages of orders' },
  summary: defineMessage<{ total: number }>({
    id: 'orders.list.summary',
    defaultMessage: '{total, plural, one {# order} other {# orders}}',
  }),
  columnReference: { id: 'orders.list.columnReference', defaultMessage: 'Reference' },
  columnBuyer: { id: 'orders.list.columnBuyer', defaultMessage: 'Buyer' },
  columnStatus: { id: 'orders.list.columnStatus', defaultMessage: 'Status' },
  columnTotal: { id: 'orders.list.columnTotal', defaultMessage: 'Total' },
  columnDate: { id: 'orders.list.columnDate', defaultMessage: 'Date' },
  open: defineMessage<{ reference: string }>({
    id: 'orders.list.open',
    defaultMessage: 'Open order {reference}',
  }),
  exportCsv: { id: 'orders.list.exportCsv', defaultMessage: 'Export CSV' },
  exportXlsx: { id: 'orders.list.exportXlsx', defaultMessage: 'Export Excel' },
  exportFailed: { id: 'orders.list.exportFailed', defaultMessage: 'The export failed.' },
  manual: { id: 'orders.list.manual', defaultMessage: 'Manual' },
  paymentFilter: { id: 'orders.list.paymentFilter', defaultMessage: 'Payment method' },
  allPaymentMethods: { id: 'orders.list.allPaymentMethods', defaultMessage: 'All payment methods' },
  ticketFilter: { id: 'orders.list.ticketFilter', defaultMessage: 'Ticket' },
  allTickets: { id: 'orders.list.allTickets', defaultMessage: 'All tickets' },
  from: { id: 'orders.list.from', defaultMessage: 'Ordered from' },
  to: { id: 'orders.list.to', defaultMessage: 'Ordered until' },
});

export const paymentMethodMessages = defineMessages({
  FREE: { id: 'orders.payment.free', defaultMessage: 'Free' },
  OFFLINE: { id: 'orders.payment.offline', defaultMessage: 'Offline' },
  CARD: { id: 'orders.payment.card', defaultMessage: 'Card' },
});

export const orderStatusMessages = defineMessages({
  AWAITING_DETAILS: { id: 'orders.status.awaitingDetails', defaultMessage: 'Awaiting details' },
  RESERVED: { id: 'orders.status.reserved', defaultMessage: 'Reserved' },
  AWAITING_PAYMENT: { id: 'orders.status.awaitingPayment', defaultMessage: 'Awaiting payment' },
  COMPLETED: { id: 'orders.status.completed', defaultMessage: 'Completed' },
  CANCELLED: { id: 'orders.status.cancelled', defaultMessage: 'Cancelled' },
  EXPIRED: { id: 'orders.status.expired', defaultMessage: 'Expired' },
  ABANDONED: { id: 'orders.status.abandoned', defaultMessage: 'Abandoned' },
  PAYMENT_FAILED: { id: 'orders.status.paymentFailed', defaultMessage: 'Payment failed' },
  REFUND_PENDING: { id: 'orders.status.refundPending', defaultMessage: 'Refund pending' },
  PARTIALLY_REFUNDED: { id: 'orders.status.partiallyRefunded', defaultMessage: 'Partially refunded' },
  REFUNDED: { id: 'orders.status.refunded', defaultMessage: 'Refunded' },
  REFUND_FAILED: { id: 'orders.status.refundFailed', defaultMessage: 'Refund failed' },
});

export const orderDetailMessages = defineMessages({
  title: defineMessage<{ reference: string }>({
    id: 'orders.detail.title',
    defaultMessage: 'Order {reference}',
  }),
  loading: { id: 'orders.detail.loading', defaultMessage: 'Loading the order…' },
  loadFailed: { id: 'orders.detail.loadFailed', defaultMessage: 'The order could not be loaded.' },
  shortId: { id: 'orders.detail.shortId', defaultMessage: 'Short id' },
  date: { id: 'orders.detail.date', defaultMessage: 'Date' },
  buyer: { id: 'orders.detail.buyer', defaultMessage: 'Buyer' },
  payment: { id: 'orders.detail.payment', defaultMessage: 'Payment method' },
  line: defineMessage<{ quantity: number; title: string }>({
    id: 'orders.detail.line',
    defaultMessage: '{quantity} × {title}',
  }),
  subtotal: { id: 'orders.detail.subtotal', defaultMessage: 'Subtotal' },
  discount: { id: 'orders.detail.discount', defaultMessage: 'Discount' },
  discountCode: defineMessage<{ code: string }>({
    id: 'orders.detail.discountCode',
    defaultMessage: 'Discount ({code})',
  }),
  addedTaxes: {
    id: 'orders.detail.addedTaxes',
    defaultMessage: 'Additional taxes',
    description: 'Taxes charged on top of prices that already include their own taxes (the taxes on fees)',
  },
  rounding: {
    id: 'orders.detail.rounding',
    defaultMessage: 'Rounding',
    description: 'A minor unit that tax-inclusive prices and the total were rounded apart',
  },
  total: { id: 'orders.detail.total', defaultMessage: 'Total' },
  includedTax: defineMessage<{ name: string }>({
    id: 'orders.detail.includedTax',
    defaultMessage: 'Includes {name}',
  }),
  refunded: { id: 'orders.detail.refunded', defaultMessage: 'Refunded' },
  remaining: { id: 'orders.detail.remaining', defaultMessage: 'Remaining' },
  manualNote: defineMessage<{ amount: string }>({
    id: 'orders.detail.manualNote',
    defaultMessage: 'Created by hand ({amount} paid outside the platform); it cannot be refunded.',
  }),
  lines: { id: 'orders.detail.lines', defaultMessage: 'Items' },
  attendees: { id: 'orders.detail.attendees', defaultMessage: 'Attendees' },
  answers: { id: 'orders.detail.answers', defaultMessage: 'Answers' },
  history: { id: 'orders.detail.history', defaultMessage: 'History' },
  deletedQuestion: {
    id: 'orders.detail.deletedQuestion',
    defaultMessage: 'A question deleted since',
  },
  messageBuyer: { id: 'orders.detail.messageBuyer', defaultMessage: 'Message the buyer' },
  messageAttendee: defineMessage<{ name: string }>({
    id: 'orders.detail.messageAttendee',
    defaultMessage: 'Message {name}',
  }),
  markPaid: { id: 'orders.detail.markPaid', defaultMessage: 'Mark as paid' },
  cancel: { id: 'orders.detail.cancel', defaultMessage: 'Cancel order' },
  resend: { id: 'orders.detail.resend', defaultMessage: 'Resend confirmation' },
  editBuyer: { id: 'orders.detail.editBuyer', defaultMessage: 'Edit buyer' },
  confirmCancel: defineMessage<{ reference: string }>({
    id: 'orders.detail.confirmCancel',
    defaultMessage: 'Cancel order {reference}? Its tickets become void and go back on sale.',
  }),
  confirmMarkPaid: defineMessage<{ reference: string }>({
    id: 'orders.detail.confirmMarkPaid',
    defaultMessage: 'Mark order {reference} as paid? Its tickets are then sent to the attendees.',
  }),
  keep: { id: 'orders.detail.keep', defaultMessage: 'Keep it' },
  done: defineMessage<{ reference: string }>({
    id: 'orders.detail.done',
    defaultMessage: 'Order {reference} updated.',
  }),
  resent: { id: 'orders.detail.resent', defaultMessage: 'The confirmation is on its way.' },
  erase: { id: 'orders.detail.erase', defaultMessage: 'Erase personal data' },
  confirmErase: defineMessage<{ reference: string }>({
    id: 'orders.detail.confirmErase',
    defaultMessage:
      'Erase the names, email addresses and answers of the buyer and attendees of order {reference} for good? Amounts, tickets and check-ins stay. This cannot be undone.',
  }),
  erased: {
    id: 'orders.detail.erased',
    defaultMessage: 'The personal data of this order was erased.',
  },
  actionFailed: { id: 'orders.detail.actionFailed', defaultMessage: 'That did not work.' },
});

export const buyerFormMessages = defineMessages({
  title: { id: 'orders.buyer.title', defaultMessage: 'Edit the buyer' },
  firstName: { id: 'orders.buyer.firstName', defaultMessage: 'First name' },
  lastName: { id: 'orders.buyer.lastName', defaultMessage: 'Last name' },
  email: { id: 'orders.buyer.email', defaultMessage: 'Email' },
  language: { id: 'orders.buyer.language', defaultMessage: 'Language' },
  required: { id: 'orders.buyer.required', defaultMessage: 'Required' },
  save: { id: 'orders.buyer.save', defaultMessage: 'Save' },
  cancel: { id: 'orders.buyer.cancel', defaultMessage: 'Cancel' },
  failed: { id: 'orders.buyer.failed', defaultMessage: 'The changes could not be saved.' },
  saved: { id: 'orders.buyer.saved', defaultMessage: 'Saved.' },
});

export const attendeesMessages = defineMessages({
  pageTitle: { id: 'orders.attendees.pageTitle', defaultMessage: 'Attendees' },
  heading: { id: 'orders.attendees.heading', defaultMessage: 'Attendees' },
  intro: {
    id: 'orders.attendees.intro',
    defaultMessage:
      'Everyone holding a ticket of this event. Add an attendee by hand for sales outside the shop.',
  },
  search: { id: 'orders.attendees.search', defaultMessage: 'Search by name, email or ticket id' },
  statusFilter: { id: 'orders.attendees.statusFilter', defaultMessage: 'Status' },
  allStatuses: { id: 'orders.attendees.allStatuses', defaultMessage: 'All attendees' },
  active: { id: 'orders.attendees.active', defaultMessage: 'Active' },
  cancelled: { id: 'orders.attendees.cancelled', defaultMessage: 'Cancelled' },
  loading: { id: 'orders.attendees.loading', defaultMessage: 'Loading attendees…' },
  loadFailed: { id: 'orders.attendees.loadFailed', defaultMessage: 'The attendees could not be loaded.' },
  empty: { id: 'orders.attendees.empty', defaultMessage: 'No attendees match.' },
  tableLabel: { id: 'orders.attendees.tableLabel', defaultMessage: 'Attendees' },
  paginationNav: { id: 'orders.attendees.paginationNav', defaultMessage: 'Pages of attendees' },
  summary: defineMessage<{ total: number }>({
    id: 'orders.attendees.summary',
    defaultMessage: '{total, plural, one {# attendee} other {# attendees}}',
  }),
  columnName: { id: 'orders.attendees.columnName', defaultMessage: 'Name' },
  columnEmail: { id: 'orders.attendees.columnEmail', defaultMessage: 'Email' },
  columnTicket: { id: 'orders.attendees.columnTicket', defaultMessage: 'Ticket' },
  columnOrder: { id: 'orders.attendees.columnOrder', defaultMessage: 'Order' },
  columnStatus: { id: 'orders.attendees.columnStatus', defaultMessage: 'Status' },
  columnCheckIn: { id: 'orders.attendees.columnCheckIn', defaultMessage: 'Check-in' },
  columnActions: { id: 'orders.attendees.columnActions', defaultMessage: 'Actions' },
  checkedIn: { id: 'orders.attendees.checkedIn', defaultMessage: 'Checked in' },
  notCheckedIn: { id: 'orders.attendees.notCheckedIn', defaultMessage: 'Not checked in' },
  unpaid: { id: 'orders.attendees.unpaid', defaultMessage: 'Unpaid' },
  add: { id: 'orders.attendees.add', defaultMessage: 'Add attendee' },
  edit: defineMessage<{ name: string }>({ id: 'orders.attendees.edit', defaultMessage: 'Edit {name}' }),
  cancelAttendee: defineMessage<{ name: string }>({
    id: 'orders.attendees.cancelAttendee',
    defaultMessage: 'Cancel {name}',
  }),
  reactivate: defineMessage<{ name: string }>({
    id: 'orders.attendees.reactivate',
    defaultMessage: 'Reactivate {name}',
  }),
  resend: defineMessage<{ name: string }>({
    id: 'orders.attendees.resend',
    defaultMessage: 'Resend the ticket to {name}',
  }),
  confirmCancel: defineMessage<{ name: string }>({
    id: 'orders.attendees.confirmCancel',
    defaultMessage: "Cancel {name}'s ticket? It becomes void and goes back on sale.",
  }),
  confirmButton: { id: 'orders.attendees.confirmButton', defaultMessage: 'Cancel ticket' },
  keep: { id: 'orders.attendees.keep', defaultMessage: 'Keep it' },
  done: defineMessage<{ name: string }>({ id: 'orders.attendees.done', defaultMessage: '{name} updated.' }),
  resent: defineMessage<{ name: string }>({
    id: 'orders.attendees.resent',
    defaultMessage: 'The ticket is on its way to {name}.',
  }),
  actionFailed: { id: 'orders.attendees.actionFailed', defaultMessage: 'That did not work.' },
});

export const manualAttendeeMessages = defineMessages({
  title: { id: 'orders.manual.title', defaultMessage: 'Add an attendee' },
  ticket: { id: 'orders.manual.ticket', defaultMessage: 'Ticket' },
  chooseTicket: { id: 'orders.manual.chooseTicket', defaultMessage: 'Choose a ticket' },
  amountPaid: defineMessage<{ currency: string }>({
    id: 'orders.manual.amountPaid',
    defaultMessage: 'Amount paid ({currency})',
  }),
  amountInvalid: { id: 'orders.manual.amountInvalid', defaultMessage: 'Enter an amount of 0 or more' },
  sendTicket: { id: 'orders.manual.sendTicket', defaultMessage: 'Email the ticket to the attendee' },
  noRefund: {
    id: 'orders.manual.noRefund',
    defaultMessage: 'This creates an order paid outside the platform. It cannot be refunded.',
  },
  add: { id: 'orders.manual.add', defaultMessage: 'Add attendee' },
  added: defineMessage<{ name: string }>({ id: 'orders.manual.added', defaultMessage: '{name} was added.' }),
});

export const attendeeDrawerMessages = defineMessages({
  loading: { id: 'orders.attendeeDrawer.loading', defaultMessage: 'Loading the attendee…' },
  loadFailed: { id: 'orders.attendeeDrawer.loadFailed', defaultMessage: 'The attendee could not be loaded.' },
  message: { id: 'orders.attendeeDrawer.message', defaultMessage: 'Message this attendee' },
  edit: { id: 'orders.attendeeDrawer.edit', defaultMessage: 'Edit' },
  resend: { id: 'orders.attendeeDrawer.resend', defaultMessage: 'Resend ticket' },
  reactivate: { id: 'orders.attendeeDrawer.reactivate', defaultMessage: 'Reactivate' },
  language: { id: 'orders.attendeeDrawer.language', defaultMessage: 'Language of their emails' },
  answers: { id: 'orders.attendeeDrawer.answers', defaultMessage: 'Answers' },
  checkedInAt: defineMessage<{ when: string }>({
    id: 'orders.attendeeDrawer.checkedInAt',
    defaultMessage: 'Checked in {when}',
  }),
  open: defineMessage<{ name: string }>({
    id: 'orders.attendeeDrawer.open',
    defaultMessage: 'Open {name}',
  }),
});

/** The order's full history and the order as of a moment (issue 30). */
export const orderTrailMessages = defineMessages({
  open: { id: 'orders.trail.open', defaultMessage: 'Full history and the order at any moment' },
  pageTitle: defineMessage<{ reference: string }>({
    id: 'orders.trail.pageTitle',
    defaultMessage: 'History of order {reference}',
  }),
  back: { id: 'orders.trail.back', defaultMessage: 'Back to the orders' },
  heading: defineMessage<{ reference: string }>({
    id: 'orders.trail.heading',
    defaultMessage: 'History of order {reference}',
  }),
  intro: {
    id: 'orders.trail.intro',
    defaultMessage:
      'Everything recorded about this order: its own events, its tickets in the inventory, the scans at the doors, Stripe’s reports, messages and mails. Choose an entry to see the order as it was then.',
  },
  loading: { id: 'orders.trail.loading', defaultMessage: 'Loading the history…' },
  loadFailed: { id: 'orders.trail.loadFailed', defaultMessage: 'The history could not be loaded.' },
  empty: { id: 'orders.trail.empty', defaultMessage: 'Nothing is recorded about this order yet.' },
  thenHeading: { id: 'orders.trail.thenHeading', defaultMessage: 'The order at that moment' },
  historyHeading: { id: 'orders.trail.historyHeading', defaultMessage: 'What happened' },
  slider: { id: 'orders.trail.slider', defaultMessage: 'Moment in the history' },
  sliderValue: defineMessage<{ index: number; total: number; when: string }>({
    id: 'orders.trail.sliderValue',
    defaultMessage: 'Entry {index} of {total}, {when}',
  }),
  notYet: { id: 'orders.trail.notYet', defaultMessage: 'The order did not exist yet.' },
  changed: { id: 'orders.trail.changed', defaultMessage: 'changed' },
  status: { id: 'orders.trail.status', defaultMessage: 'Status' },
  paymentMethod: { id: 'orders.trail.paymentMethod', defaultMessage: 'Payment method' },
  paid: { id: 'orders.trail.paid', defaultMessage: 'Paid' },
  refunded: { id: 'orders.trail.refunded', defaultMessage: 'Refunded' },
  remaining: { id: 'orders.trail.remaining', defaultMessage: 'Remaining' },
  attempts: { id: 'orders.trail.attempts', defaultMessage: 'Card payment attempts' },
  buyer: { id: 'orders.trail.buyer', defaultMessage: 'Buyer' },
  refunds: { id: 'orders.trail.refunds', defaultMessage: 'Refunds' },
  refund: defineMessage<{ amount: string; status: string }>({
    id: 'orders.trail.refund',
    defaultMessage:
      '{amount}: {status, select, PENDING {pending} SUCCEEDED {refunded} FAILED {failed} other {{status}}}',
  }),
  attendees: { id: 'orders.trail.attendees', defaultMessage: 'Attendees' },
  attendee: { id: 'orders.trail.attendee', defaultMessage: 'Attendee' },
  ticketState: { id: 'orders.trail.ticketState', defaultMessage: 'Ticket' },
  checkIn: { id: 'orders.trail.checkIn', defaultMessage: 'Check-in' },
  unnamed: { id: 'orders.trail.unnamed', defaultMessage: 'No name yet' },
  attendeeState: defineMessage<{ status: string; payment: string }>({
    id: 'orders.trail.attendeeState',
    defaultMessage:
      '{status, select, CANCELLED {Cancelled} other {Active}}, {payment, select, PAID {paid} UNPAID {unpaid} other {not paid yet}}',
  }),
  notCheckedIn: { id: 'orders.trail.notCheckedIn', defaultMessage: 'Not checked in' },
  doorState: defineMessage<{ state: string; list: string }>({
    id: 'orders.trail.doorState',
    defaultMessage: '{state, select, checked_in {Checked in} other {Checked out}} ({list})',
  }),
  device: defineMessage<{ device: string }>({
    id: 'orders.trail.device',
    defaultMessage: 'device {device}',
  }),
  ip: defineMessage<{ ip: string }>({ id: 'orders.trail.ip', defaultMessage: 'IP {ip}' }),
  showThen: { id: 'orders.trail.showThen', defaultMessage: 'Show the order then' },
  rawEvent: { id: 'orders.trail.rawEvent', defaultMessage: 'Raw event' },
  rawMail: { id: 'orders.trail.rawMail', defaultMessage: 'Mail record' },
  rawWebhook: { id: 'orders.trail.rawWebhook', defaultMessage: 'Delivery record' },
  rawLabel: { id: 'orders.trail.rawLabel', defaultMessage: 'As recorded' },
});
