import { defineMessage, defineMessages } from 'react-intl';

/** The buyer's checkout, order and ticket pages (ids `checkout.<screen>.<what>`). */
export const checkoutMessages = defineMessages({
  loading: { id: 'checkout.loading', defaultMessage: 'Loading your order…' },
  loadFailed: { id: 'checkout.loadFailed', defaultMessage: 'Something went wrong while loading this page.' },
  retry: { id: 'checkout.retry', defaultMessage: 'Try again' },
  backToEvent: { id: 'checkout.backToEvent', defaultMessage: 'Back to the event page' },
  startNewOrder: { id: 'checkout.startNewOrder', defaultMessage: 'Start a new order' },
  startFailed: {
    id: 'checkout.startFailed',
    defaultMessage: 'Sorry, we could not reserve your tickets. Please try again.',
  },
  stepsLabel: { id: 'checkout.steps.label', defaultMessage: 'Checkout steps' },
  stepDetails: { id: 'checkout.steps.details', defaultMessage: 'Your details' },
  stepPayment: { id: 'checkout.steps.payment', defaultMessage: 'Payment' },
  stepSummary: { id: 'checkout.steps.summary', defaultMessage: 'Confirmation' },

  expiredTitle: { id: 'checkout.expired.title', defaultMessage: 'Order expired' },
  expiredDescription: {
    id: 'checkout.expired.description',
    defaultMessage: 'Sorry, your order has expired. Please start a new order.',
  },
  notFoundTitle: { id: 'checkout.notFound.title', defaultMessage: 'Order not found' },
  notFoundDescription: {
    id: 'checkout.notFound.description',
    defaultMessage: 'Sorry, this order no longer exists; the order page is no longer available.',
  },
  processedTitle: { id: 'checkout.processed.title', defaultMessage: 'Order already processed' },
  processedDescription: {
    id: 'checkout.processed.description',
    defaultMessage: 'This order has already been paid or processed.',
  },
  viewOrder: { id: 'checkout.viewOrder', defaultMessage: 'View your order' },
  cancelledTitle: { id: 'checkout.cancelled.title', defaultMessage: 'Order cancelled' },
  cancelledDescription: {
    id: 'checkout.cancelled.description',
    defaultMessage: 'This order has been cancelled.',
  },

  countdown: defineMessage<{ time: string }>({
    id: 'checkout.countdown',
    defaultMessage: 'Your tickets are reserved. Time left: {time}',
    description: 'The reservation countdown; time is a clock such as 14:05',
  }),
  countdownSpoken: defineMessage<{ relative: string }>({
    id: 'checkout.countdown.spoken',
    defaultMessage: 'Your reservation ends {relative}.',
    description: 'Read by screen readers at a few steps; relative is e.g. "in 5 minutes"',
  }),
  warningTitle: { id: 'checkout.warning.title', defaultMessage: 'Your reservation is about to end' },
  warningBody: defineMessage<{ time: string }>({
    id: 'checkout.warning.body',
    defaultMessage:
      'Your tickets are held for you until {time}. Do you need more time to complete your order?',
  }),
  warningFinalBody: defineMessage<{ time: string }>({
    id: 'checkout.warning.finalBody',
    defaultMessage:
      'Your tickets are held for you until {time}. This reservation cannot be extended any further, so please complete your order before then.',
  }),
  countdownExtendable: defineMessage<{ time: string }>({
    id: 'checkout.countdown.extendable',
    defaultMessage: 'You can ask for more time, up to {time}.',
    description: 'Under the countdown: the latest a reservation can be extended to, a time such as 14:45',
  }),
  countdownFinal: {
    id: 'checkout.countdown.final',
    defaultMessage: 'This reservation cannot be extended any further.',
  },
  finalDismiss: { id: 'checkout.warning.finalDismiss', defaultMessage: 'Continue with my order' },
  extend: { id: 'checkout.warning.extend', defaultMessage: 'Give me more time' },
  extending: { id: 'checkout.warning.extending', defaultMessage: 'Extending…' },
  dismiss: { id: 'checkout.warning.dismiss', defaultMessage: 'Continue without more time' },
  extended: { id: 'checkout.warning.extended', defaultMessage: 'Your reservation was extended.' },

  summaryTitle: { id: 'checkout.summary.title', defaultMessage: 'Order summary' },
  lineQuantity: defineMessage<{ quantity: number; title: string }>({
    id: 'checkout.summary.line',
    defaultMessage: '{quantity} × {title}',
  }),
  subtotal: { id: 'checkout.summary.subtotal', defaultMessage: 'Subtotal' },
  discount: defineMessage<{ code: string }>({
    id: 'checkout.summary.discount',
    defaultMessage: 'Discount ({code})',
  }),
  discountWithoutCode: { id: 'checkout.summary.discountWithoutCode', defaultMessage: 'Discount' },
  addedTaxes: {
    id: 'checkout.summary.addedTaxes',
    defaultMessage: 'Additional taxes',
    description: 'Taxes charged on top of prices that already include their own taxes (the taxes on fees)',
  },
  rounding: {
    id: 'checkout.summary.rounding',
    defaultMessage: 'Rounding',
    description: 'A minor unit that tax-inclusive prices and the total were rounded apart',
  },
  includedTaxes: defineMessage<{ name: string }>({
    id: 'checkout.summary.includedTax',
    defaultMessage: 'Includes {name}',
  }),
  total: { id: 'checkout.summary.total', defaultMessage: 'Total' },
  free: { id: 'checkout.summary.free', defaultMessage: 'Free' },
  reference: defineMessage<{ reference: string }>({
    id: 'checkout.summary.reference',
    defaultMessage: 'Order {reference}',
  }),

  detailsTitle: { id: 'checkout.details.title', defaultMessage: 'Your details' },
  buyerLegend: { id: 'checkout.details.buyer', defaultMessage: 'Contact details' },
  firstName: { id: 'checkout.details.firstName', defaultMessage: 'First name' },
  lastName: { id: 'checkout.details.lastName', defaultMessage: 'Last name' },
  email: { id: 'checkout.details.email', defaultMessage: 'Email address' },
  emailHint: {
    id: 'checkout.details.emailHint',
    defaultMessage: 'Your order confirmation is sent to this address.',
  },
  orderQuestions: { id: 'checkout.details.orderQuestions', defaultMessage: 'About your order' },
  attendeesTitle: { id: 'checkout.details.attendees', defaultMessage: 'Ticket holders' },
  attendeeLegend: defineMessage<{ number: number; title: string }>({
    id: 'checkout.details.attendee',
    defaultMessage: 'Ticket {number}: {title}',
  }),
  copyBuyer: {
    id: 'checkout.details.copyBuyer',
    defaultMessage: 'Use my contact details for every ticket',
  },
  copied: { id: 'checkout.details.copied', defaultMessage: 'Your details were copied to every ticket.' },
  terms: {
    id: 'checkout.details.terms',
    defaultMessage: 'I agree to the terms and conditions of this event',
  },
  required: { id: 'checkout.details.required', defaultMessage: 'required' },
  continueToPayment: { id: 'checkout.details.continue', defaultMessage: 'Continue' },
  completeFree: { id: 'checkout.details.completeFree', defaultMessage: 'Complete order' },
  saving: { id: 'checkout.details.saving', defaultMessage: 'Saving…' },
  fixErrors: {
    id: 'checkout.details.fixErrors',
    defaultMessage: 'Please check the highlighted fields.',
  },
  errorRequired: { id: 'checkout.error.required', defaultMessage: 'This field is required' },
  errorEmail: { id: 'checkout.error.email', defaultMessage: 'Enter a valid email address' },
  errorTerms: { id: 'checkout.error.terms', defaultMessage: 'Please agree to the terms to continue' },
  errorInvalid: { id: 'checkout.error.invalid', defaultMessage: 'Check this answer' },
  companyLegend: { id: 'checkout.company.legend', defaultMessage: 'Invoice' },
  companyWanted: {
    id: 'checkout.company.wanted',
    defaultMessage: 'I need an invoice made out to a company',
  },
  companyName: { id: 'checkout.company.name', defaultMessage: 'Company name' },
  companyAddress: { id: 'checkout.company.address', defaultMessage: 'Company address' },
  companyCountry: { id: 'checkout.company.country', defaultMessage: 'Country' },
  companyCountryHint: {
    id: 'checkout.company.countryHint',
    defaultMessage: 'Two-letter country code, for example DE or FR',
  },
  vatId: { id: 'checkout.company.vatId', defaultMessage: 'VAT ID' },
  vatIdHint: {
    id: 'checkout.company.vatIdHint',
    defaultMessage: 'With the country prefix, for example DE123456789. It must match the country.',
  },
  downloadInvoice: { id: 'checkout.invoice.download', defaultMessage: 'Download invoice (PDF)' },
  printInvoice: { id: 'checkout.invoice.print', defaultMessage: 'Printable invoice' },
  downloadCreditNote: { id: 'checkout.invoice.creditNote', defaultMessage: 'Download credit note (PDF)' },
  errorDate: { id: 'checkout.error.date', defaultMessage: 'Enter a valid date' },
  chooseOption: { id: 'checkout.question.choose', defaultMessage: 'Choose…' },
  addressLine1: { id: 'checkout.address.line1', defaultMessage: 'Address line 1' },
  addressLine2: { id: 'checkout.address.line2', defaultMessage: 'Address line 2' },
  city: { id: 'checkout.address.city', defaultMessage: 'City' },
  stateOrRegion: { id: 'checkout.address.region', defaultMessage: 'State or region' },
  zip: { id: 'checkout.address.zip', defaultMessage: 'ZIP or postal code' },
  country: { id: 'checkout.address.country', defaultMessage: 'Country' },

  paymentTitle: { id: 'checkout.payment.title', defaultMessage: 'Payment' },
  offlineTitle: { id: 'checkout.payment.offline', defaultMessage: 'Pay offline' },
  offlineHint: {
    id: 'checkout.payment.offlineHint',
    defaultMessage:
      'Your tickets are issued now and become valid once the organizer has received your payment.',
  },
  offlineConfirm: { id: 'checkout.payment.offlineConfirm', defaultMessage: 'Complete order and pay later' },
  cardTitle: { id: 'checkout.payment.card', defaultMessage: 'Pay by card' },
  cardNotConfigured: {
    id: 'checkout.payment.cardNotConfigured',
    defaultMessage: 'Card payment is not configured for this event.',
  },
  cardLoading: { id: 'checkout.payment.cardLoading', defaultMessage: 'Loading the secure card form…' },
  cardPay: { id: 'checkout.payment.cardPay', defaultMessage: 'Pay now' },
  cardPaying: { id: 'checkout.payment.cardPaying', defaultMessage: 'Processing your payment…' },
  cardScriptFailed: {
    id: 'checkout.payment.cardScriptFailed',
    defaultMessage:
      'The secure card form could not be loaded. Check your connection, allow js.stripe.com if you block scripts, and reload the page.',
  },
  cardTestPage: { id: 'checkout.payment.cardTestPage', defaultMessage: 'Pay on the test card page' },
  returnCompletedTitle: {
    id: 'checkout.return.completedTitle',
    defaultMessage: 'Your payment went through',
  },
  noMethods: {
    id: 'checkout.payment.none',
    defaultMessage: 'No payment method is available for this order. Please contact the organizer.',
  },
  completing: { id: 'checkout.payment.completing', defaultMessage: 'Completing…' },
  backToDetails: { id: 'checkout.payment.backToDetails', defaultMessage: 'Change your details' },

  returnProcessingTitle: {
    id: 'checkout.return.processingTitle',
    defaultMessage: 'Your payment is being processed',
  },
  returnProcessing: {
    id: 'checkout.return.processing',
    defaultMessage: 'This can take a moment. Your order page shows the result.',
  },
  returnFailedTitle: { id: 'checkout.return.failedTitle', defaultMessage: 'Payment failed' },
  returnFailed: {
    id: 'checkout.return.failed',
    defaultMessage:
      'We could not process your payment. Please try again, or contact the organizer if the problem persists.',
  },
  retryPayment: { id: 'checkout.return.retry', defaultMessage: 'Try the payment again' },

  completedTitle: { id: 'checkout.done.completed', defaultMessage: 'Thank you, your order is complete' },
  refundedTitle: { id: 'checkout.done.refunded', defaultMessage: 'Your payment is refunded' },
  awaitingTitle: {
    id: 'checkout.done.awaiting',
    defaultMessage: 'Your order is awaiting payment',
  },
  openTitle: { id: 'checkout.done.open', defaultMessage: 'Your order is not complete yet' },
  continueCheckout: { id: 'checkout.done.continue', defaultMessage: 'Continue your order' },
  confirmationSent: defineMessage<{ email: string }>({
    id: 'checkout.done.sent',
    defaultMessage: 'A confirmation has been sent to {email}.',
  }),
  paymentInstructions: { id: 'checkout.done.instructions', defaultMessage: 'How to pay' },
  statusLine: defineMessage<{ status: string }>({
    id: 'checkout.done.status',
    defaultMessage: 'Status: {status}',
  }),
  ticketsTitle: { id: 'checkout.done.tickets', defaultMessage: 'Your tickets' },
  viewTicket: defineMessage<{ name: string }>({
    id: 'checkout.done.viewTicket',
    defaultMessage: 'View ticket of {name}',
  }),
  print: { id: 'checkout.print', defaultMessage: 'Print' },
  printOrder: { id: 'checkout.printOrder', defaultMessage: 'Print all tickets' },
  printTicket: { id: 'checkout.printTicket', defaultMessage: 'Printable ticket' },
  downloadTicketPdf: { id: 'checkout.downloadTicketPdf', defaultMessage: 'Download ticket (PDF)' },
  downloadOrderPdf: { id: 'checkout.downloadOrderPdf', defaultMessage: 'Download all tickets (PDF)' },
  addToAppleWallet: { id: 'checkout.addToAppleWallet', defaultMessage: 'Add to Apple Wallet' },
  addToGoogleWallet: { id: 'checkout.addToGoogleWallet', defaultMessage: 'Add to Google Wallet' },
  walletFailed: {
    id: 'checkout.walletFailed',
    defaultMessage: 'The wallet pass could not be created. Please try again.',
  },

  ticketTitle: { id: 'checkout.ticket.title', defaultMessage: 'Ticket' },
  ticketHolder: { id: 'checkout.ticket.holder', defaultMessage: 'Ticket holder' },
  ticketOrder: { id: 'checkout.ticket.order', defaultMessage: 'Order' },
  ticketCode: defineMessage<{ name: string }>({
    id: 'checkout.ticket.code',
    defaultMessage: 'QR code of the ticket of {name}',
  }),
  ticketShow: {
    id: 'checkout.ticket.show',
    defaultMessage: 'Show this code at the entrance.',
  },
  ticketCancelled: { id: 'checkout.ticket.cancelled', defaultMessage: 'This ticket has been cancelled.' },
  ticketUnpaid: {
    id: 'checkout.ticket.unpaid',
    defaultMessage:
      'This ticket is not paid yet. Its code appears once the organizer has received the payment.',
  },
  ticketPending: {
    id: 'checkout.ticket.pending',
    defaultMessage: 'This order is not complete yet, so the ticket has no code.',
  },
  ticketNotFound: {
    id: 'checkout.ticket.notFound',
    defaultMessage: 'Sorry, this ticket does not exist or is no longer available.',
  },
  viewerTime: defineMessage<{ dates: string }>({
    id: 'checkout.viewerTime',
    defaultMessage: 'Your time: {dates}',
  }),
});

/** The order statuses as a buyer reads them. */
export const orderStatusMessages = defineMessages({
  AWAITING_DETAILS: { id: 'checkout.status.awaitingDetails', defaultMessage: 'Awaiting your details' },
  RESERVED: { id: 'checkout.status.reserved', defaultMessage: 'Reserved' },
  AWAITING_PAYMENT: { id: 'checkout.status.awaitingPayment', defaultMessage: 'Awaiting payment' },
  COMPLETED: { id: 'checkout.status.completed', defaultMessage: 'Completed' },
  CANCELLED: { id: 'checkout.status.cancelled', defaultMessage: 'Cancelled' },
  EXPIRED: { id: 'checkout.status.expired', defaultMessage: 'Expired' },
  ABANDONED: { id: 'checkout.status.abandoned', defaultMessage: 'Expired' },
  PAYMENT_FAILED: { id: 'checkout.status.paymentFailed', defaultMessage: 'Payment failed' },
  REFUND_PENDING: { id: 'checkout.status.refundPending', defaultMessage: 'Refund pending' },
  REFUNDED: { id: 'checkout.status.refunded', defaultMessage: 'Refunded' },
  PARTIALLY_REFUNDED: { id: 'checkout.status.partiallyRefunded', defaultMessage: 'Partially refunded' },
  REFUND_FAILED: { id: 'checkout.status.refundFailed', defaultMessage: 'Refund failed' },
});
