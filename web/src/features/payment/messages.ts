import { defineMessage, defineMessages } from 'react-intl';

export const paymentMessages = defineMessages({
  pageTitle: { id: 'payment.page.pageTitle', defaultMessage: 'Payment' },
  heading: { id: 'payment.page.heading', defaultMessage: 'Payment' },
  intro: {
    id: 'payment.page.intro',
    defaultMessage: 'Buyers pay for paid tickets by card, through Stripe.',
  },
  loading: { id: 'payment.page.loading', defaultMessage: 'Loading the payment connection…' },
  statusLabel: { id: 'payment.page.statusLabel', defaultMessage: 'Card payments' },
  statusNotConnected: { id: 'payment.status.notConnected', defaultMessage: 'Not connected' },
  statusSetupIncomplete: { id: 'payment.status.setupIncomplete', defaultMessage: 'Setup incomplete' },
  statusConnected: { id: 'payment.status.connected', defaultMessage: 'Connected' },
  offTitle: { id: 'payment.off.title', defaultMessage: 'Card payments are not available' },
  offText: {
    id: 'payment.off.text',
    defaultMessage:
      'The operator of this platform has not set up card payments. Free tickets and offline payments still work.',
  },
  directText: {
    id: 'payment.direct.text',
    defaultMessage:
      'This platform takes card payments with its own Stripe account: your account can sell paid tickets.',
  },
  notConnectedText: {
    id: 'payment.notConnected.text',
    defaultMessage:
      'Connect a Stripe account to sell paid tickets. Stripe asks for your organisation’s details and the bank account your sales are paid into.',
  },
  connect: { id: 'payment.connect', defaultMessage: 'Connect with Stripe' },
  incompleteTitle: { id: 'payment.incomplete.title', defaultMessage: 'Payment setup incomplete' },
  incompleteText: {
    id: 'payment.incomplete.text',
    defaultMessage: 'Stripe still needs some details before your account can take card payments.',
  },
  continueSetup: { id: 'payment.incomplete.continue', defaultMessage: 'Continue setup with Stripe' },
  confirming: {
    id: 'payment.returned.confirming',
    defaultMessage: 'Stripe is confirming your details; this page updates by itself.',
  },
  connectedTitle: { id: 'payment.connected.title', defaultMessage: 'Your Stripe account is connected' },
  connectedText: {
    id: 'payment.connected.text',
    defaultMessage: 'Buyers can pay for your paid tickets by card.',
  },
  stripeAccount: defineMessage<{ id: string }>({
    id: 'payment.stripeAccount',
    defaultMessage: 'Stripe account: {id}',
  }),
  updateDetails: { id: 'payment.connected.update', defaultMessage: 'Update details on Stripe' },
  connectFailed: { id: 'payment.connect.failed', defaultMessage: 'Stripe could not be opened.' },
  fee: defineMessage<{ percent: string; fixed: string }>({
    id: 'payment.fee',
    defaultMessage:
      'The platform takes a fee of {percent} plus {fixed} (in the order’s currency) on each paid order.',
  }),
  billingLink: { id: 'payment.billingLink', defaultMessage: 'See the fees charged' },
});

export const billingMessages = defineMessages({
  pageTitle: { id: 'billing.page.pageTitle', defaultMessage: 'Billing' },
  heading: { id: 'billing.page.heading', defaultMessage: 'Billing' },
  intro: {
    id: 'billing.page.intro',
    defaultMessage: 'The fees the platform charged on your paid orders, per month and per order.',
  },
  loading: { id: 'billing.page.loading', defaultMessage: 'Loading the fees…' },
  feeRule: defineMessage<{ percent: string; fixed: string }>({
    id: 'billing.feeRule',
    defaultMessage: 'Fee per paid order: {percent} plus {fixed} (in the order’s currency).',
  }),
  noFeeRule: {
    id: 'billing.noFeeRule',
    defaultMessage: 'This platform charges no fee on your orders.',
  },
  empty: {
    id: 'billing.empty',
    defaultMessage: 'No fees have been charged yet. They appear here once buyers pay for orders by card.',
  },
  monthsHeading: { id: 'billing.months.heading', defaultMessage: 'Per month' },
  ordersHeading: { id: 'billing.orders.heading', defaultMessage: 'Per order' },
  ordersNote: {
    id: 'billing.orders.note',
    defaultMessage: 'The newest 100 orders.',
  },
  month: { id: 'billing.column.month', defaultMessage: 'Month' },
  orders: { id: 'billing.column.orders', defaultMessage: 'Orders' },
  orderTotal: { id: 'billing.column.orderTotal', defaultMessage: 'Order total' },
  fees: { id: 'billing.column.fees', defaultMessage: 'Fees' },
  date: { id: 'billing.column.date', defaultMessage: 'Date' },
  order: { id: 'billing.column.order', defaultMessage: 'Order' },
  fee: { id: 'billing.column.fee', defaultMessage: 'Fee' },
});
