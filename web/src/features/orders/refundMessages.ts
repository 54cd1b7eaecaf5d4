import { defineMessage, defineMessages } from 'react-intl';

/** The order drawer's refund action and money trail (docs/payments.md). */
export const refundMessages = defineMessages({
  refund: { id: 'orders.refund.action', defaultMessage: 'Refund' },
  title: defineMessage<{ reference: string }>({
    id: 'orders.refund.title',
    defaultMessage: 'Refund order {reference}',
  }),
  intro: defineMessage<{ remaining: string }>({
    id: 'orders.refund.intro',
    defaultMessage: 'Up to {remaining} can be refunded.',
  }),
  offlineIntro: {
    id: 'orders.refund.offlineIntro',
    defaultMessage:
      'This order was paid outside the platform: pay the money back yourself; the refund is only recorded here.',
  },
  amount: { id: 'orders.refund.amount', defaultMessage: 'Amount' },
  amountInvalid: {
    id: 'orders.refund.amountInvalid',
    defaultMessage: 'Enter an amount greater than zero, at most what remains',
  },
  cancelOrder: {
    id: 'orders.refund.cancelOrder',
    defaultMessage: 'Also cancel the order (its tickets become void)',
  },
  notifyBuyer: { id: 'orders.refund.notifyBuyer', defaultMessage: 'Tell the buyer by email' },
  submit: { id: 'orders.refund.submit', defaultMessage: 'Refund' },
  close: { id: 'orders.refund.close', defaultMessage: 'Close' },
  failed: { id: 'orders.refund.failed', defaultMessage: 'The refund was not made' },
  done: defineMessage<{ reference: string }>({
    id: 'orders.refund.done',
    defaultMessage: 'The refund of order {reference} is on its way',
  }),
  pending: {
    id: 'orders.refund.pending',
    defaultMessage: 'There is a pending refund; wait for it to finish.',
  },
  mismatch: {
    id: 'orders.refund.mismatch',
    defaultMessage:
      'Stripe took a payment whose amount or currency differs from this order. The order was not completed; check it in Stripe.',
  },
  foreignEvent: {
    id: 'orders.refund.foreignEvent',
    defaultMessage:
      'Stripe reported a payment event naming this order that is not about a payment this order started (another account, or a payment it never created). It was ignored: nothing was completed or refunded because of it. Its ids are in the list below.',
  },
  moneyTrail: { id: 'orders.refund.moneyTrail', defaultMessage: 'Payments and refunds' },
  pendingRefund: { id: 'orders.refund.pendingTotal', defaultMessage: 'Refund pending' },
  stripeReference: defineMessage<{ ids: string }>({
    id: 'orders.refund.stripeReference',
    defaultMessage: 'Stripe reference: {ids}',
  }),
});
