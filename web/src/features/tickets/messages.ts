import { defineMessage, defineMessages } from 'react-intl';

export const ticketsMessages = defineMessages({
  pageTitle: { id: 'tickets.pageTitle', defaultMessage: 'Tickets' },
  heading: { id: 'tickets.heading', defaultMessage: 'Tickets' },
  intro: {
    id: 'tickets.intro',
    defaultMessage: 'What buyers can choose, in the order they see it. Prices are in the event’s currency.',
  },
  create: { id: 'tickets.create', defaultMessage: 'New ticket' },
  tableLabel: { id: 'tickets.tableLabel', defaultMessage: 'Tickets' },
  columnTitle: { id: 'tickets.column.title', defaultMessage: 'Title' },
  columnType: { id: 'tickets.column.type', defaultMessage: 'Type' },
  columnPrice: { id: 'tickets.column.price', defaultMessage: 'Price' },
  columnQuantity: { id: 'tickets.column.quantity', defaultMessage: 'Available' },
  columnState: { id: 'tickets.column.state', defaultMessage: 'State' },
  columnActions: { id: 'tickets.column.actions', defaultMessage: 'Actions' },
  typePaid: { id: 'tickets.type.paid', defaultMessage: 'Paid' },
  typeFree: { id: 'tickets.type.free', defaultMessage: 'Free' },
  typeDonation: { id: 'tickets.type.donation', defaultMessage: 'Donation' },
  typeTiered: { id: 'tickets.type.tiered', defaultMessage: 'Tiered' },
  stateOnSale: { id: 'tickets.state.onSale', defaultMessage: 'On sale' },
  stateSoldOut: { id: 'tickets.state.soldOut', defaultMessage: 'Sold out' },
  stateNotOnSale: { id: 'tickets.state.notOnSale', defaultMessage: 'Not on sale' },
  stateSaleEnded: { id: 'tickets.state.saleEnded', defaultMessage: 'Sale ended' },
  stateHidden: { id: 'tickets.state.hidden', defaultMessage: 'Hidden' },
  statePaused: { id: 'tickets.state.paused', defaultMessage: 'Paused' },
  priceFree: { id: 'tickets.price.free', defaultMessage: 'Free' },
  priceMinimum: defineMessage<{ amount: string }>({
    id: 'tickets.price.minimum',
    defaultMessage: 'From {amount}',
  }),
  priceRange: defineMessage<{ low: string; high: string }>({
    id: 'tickets.price.range',
    defaultMessage: '{low} – {high}',
  }),
  unlimited: { id: 'tickets.unlimited', defaultMessage: 'Unlimited' },
  remainingOf: defineMessage<{ remaining: number; quantity: number }>({
    id: 'tickets.remainingOf',
    defaultMessage: '{remaining} of {quantity} left',
  }),
  edit: defineMessage<{ title: string }>({ id: 'tickets.edit', defaultMessage: 'Edit {title}' }),
  remove: defineMessage<{ title: string }>({ id: 'tickets.delete', defaultMessage: 'Delete {title}' }),
  pause: defineMessage<{ title: string }>({ id: 'tickets.pause', defaultMessage: 'Pause sales of {title}' }),
  resume: defineMessage<{ title: string }>({
    id: 'tickets.resume',
    defaultMessage: 'Resume sales of {title}',
  }),
  moveUp: defineMessage<{ title: string }>({ id: 'tickets.moveUp', defaultMessage: 'Move {title} up' }),
  moveDown: defineMessage<{ title: string }>({ id: 'tickets.moveDown', defaultMessage: 'Move {title} down' }),
  paused: defineMessage<{ title: string }>({
    id: 'tickets.paused',
    defaultMessage: 'Sales of “{title}” are paused.',
  }),
  resumed: defineMessage<{ title: string }>({
    id: 'tickets.resumed',
    defaultMessage: 'Sales of “{title}” resumed.',
  }),
  pauseFailed: { id: 'tickets.pauseFailed', defaultMessage: 'The ticket’s sales could not be changed.' },
  sortFailed: { id: 'tickets.sortFailed', defaultMessage: 'Failed to sort the tickets.' },
  deleteConfirm: defineMessage<{ title: string }>({
    id: 'tickets.deleteConfirm',
    defaultMessage: 'Delete “{title}”? Buyers can no longer choose it.',
  }),
  deleteButton: { id: 'tickets.deleteButton', defaultMessage: 'Delete' },
  cancel: { id: 'tickets.cancel', defaultMessage: 'Cancel' },
  deleted: defineMessage<{ title: string }>({
    id: 'tickets.deleted',
    defaultMessage: '“{title}” was deleted.',
  }),
  deleteFailed: { id: 'tickets.deleteFailed', defaultMessage: 'The ticket could not be deleted.' },
  empty: { id: 'tickets.empty', defaultMessage: 'No tickets yet.' },
  loading: { id: 'tickets.loading', defaultMessage: 'Loading tickets…' },
  loadFailed: { id: 'tickets.loadFailed', defaultMessage: 'The tickets could not be loaded.' },
});

export const ticketDialogMessages = defineMessages({
  createTitle: { id: 'tickets.dialog.createTitle', defaultMessage: 'New ticket' },
  editTitle: { id: 'tickets.dialog.editTitle', defaultMessage: 'Edit ticket' },
  type: { id: 'tickets.dialog.type', defaultMessage: 'Type' },
  title: { id: 'tickets.dialog.title', defaultMessage: 'Title' },
  titleRequired: { id: 'tickets.dialog.titleRequired', defaultMessage: 'Enter a title.' },
  description: { id: 'tickets.dialog.description', defaultMessage: 'Description' },
  price: defineMessage<{ currency: string }>({
    id: 'tickets.dialog.price',
    defaultMessage: 'Price ({currency})',
  }),
  minimumPrice: defineMessage<{ currency: string }>({
    id: 'tickets.dialog.minimumPrice',
    defaultMessage: 'Minimum price ({currency})',
  }),
  minimumPriceHelp: {
    id: 'tickets.dialog.minimumPriceHelp',
    defaultMessage: 'Buyers choose what they give, at least this much.',
  },
  amountInvalid: {
    id: 'tickets.dialog.amountInvalid',
    defaultMessage: 'Enter an amount of 0 or more, with no more decimals than the currency has.',
  },
  tiers: { id: 'tickets.dialog.tiers', defaultMessage: 'Price tiers' },
  tiersRequired: { id: 'tickets.dialog.tiersRequired', defaultMessage: 'Add at least one tier.' },
  tierLabel: defineMessage<{ number: number }>({
    id: 'tickets.dialog.tierLabel',
    defaultMessage: 'Tier {number} label',
  }),
  tierPrice: defineMessage<{ number: number; currency: string }>({
    id: 'tickets.dialog.tierPrice',
    defaultMessage: 'Tier {number} price ({currency})',
  }),
  tierQuantity: defineMessage<{ number: number }>({
    id: 'tickets.dialog.tierQuantity',
    defaultMessage: 'Tier {number} quantity',
  }),
  tierHidden: { id: 'tickets.dialog.tierHidden', defaultMessage: 'Hidden' },
  tierInvalid: {
    id: 'tickets.dialog.tierInvalid',
    defaultMessage: 'Each tier needs a label, a valid price and a whole quantity (or none).',
  },
  addTier: { id: 'tickets.dialog.addTier', defaultMessage: 'Add tier' },
  removeTier: defineMessage<{ number: number }>({
    id: 'tickets.dialog.removeTier',
    defaultMessage: 'Remove tier {number}',
  }),
  quantity: { id: 'tickets.dialog.quantity', defaultMessage: 'Quantity available' },
  quantityHelp: { id: 'tickets.dialog.quantityHelp', defaultMessage: 'Leave empty for unlimited.' },
  wholeNumber: { id: 'tickets.dialog.wholeNumber', defaultMessage: 'Enter a whole number of 0 or more.' },
  minPerOrder: { id: 'tickets.dialog.minPerOrder', defaultMessage: 'Minimum per order' },
  maxPerOrder: { id: 'tickets.dialog.maxPerOrder', defaultMessage: 'Maximum per order' },
  maxBelowMin: {
    id: 'tickets.dialog.maxBelowMin',
    defaultMessage: 'The maximum cannot be below the minimum.',
  },
  saleStart: defineMessage<{ zone: string }>({
    id: 'tickets.dialog.saleStart',
    defaultMessage: 'Sale starts ({zone})',
  }),
  saleEnd: defineMessage<{ zone: string }>({
    id: 'tickets.dialog.saleEnd',
    defaultMessage: 'Sale ends ({zone})',
  }),
  saleEndBeforeStart: {
    id: 'tickets.dialog.saleEndBeforeStart',
    defaultMessage: 'The sale must end after it starts.',
  },
  visibility: { id: 'tickets.dialog.visibility', defaultMessage: 'Visibility' },
  hidden: { id: 'tickets.dialog.hidden', defaultMessage: 'Hidden from buyers' },
  hideBeforeSaleStart: {
    id: 'tickets.dialog.hideBeforeSaleStart',
    defaultMessage: 'Hide before the sale starts',
  },
  hideAfterSaleEnd: { id: 'tickets.dialog.hideAfterSaleEnd', defaultMessage: 'Hide after the sale ends' },
  hideWhenSoldOut: { id: 'tickets.dialog.hideWhenSoldOut', defaultMessage: 'Hide when sold out' },
  hiddenUnlessPromoCode: {
    id: 'tickets.dialog.hiddenUnlessPromoCode',
    defaultMessage: 'Hidden unless a promo code applies',
  },
  showQuantityRemaining: {
    id: 'tickets.dialog.showQuantityRemaining',
    defaultMessage: 'Show the remaining quantity',
  },
  collapseOnLoad: { id: 'tickets.dialog.collapseOnLoad', defaultMessage: 'Collapse the description on load' },
  taxesAndFees: { id: 'tickets.dialog.taxesAndFees', defaultMessage: 'Taxes and fees' },
  save: { id: 'tickets.dialog.save', defaultMessage: 'Save' },
  cancel: { id: 'tickets.dialog.cancel', defaultMessage: 'Cancel' },
  saved: defineMessage<{ title: string }>({
    id: 'tickets.dialog.saved',
    defaultMessage: '“{title}” was saved.',
  }),
  failed: { id: 'tickets.dialog.failed', defaultMessage: 'The ticket could not be saved.' },
});

export const ticketTypeMessages = {
  PAID: ticketsMessages.typePaid,
  FREE: ticketsMessages.typeFree,
  DONATION: ticketsMessages.typeDonation,
  TIERED: ticketsMessages.typeTiered,
} as const;

/** The ticket's waiting list (issue 31, docs/waiting-list.md). */
export const ticketWaitingListMessages = defineMessages({
  legend: { id: 'tickets.waitingList.legend', defaultMessage: 'Waiting list' },
  help: {
    id: 'tickets.waitingList.help',
    defaultMessage:
      'When the ticket is sold out, buyers can join a waiting list. Returned tickets are offered to them first, in the order they joined.',
  },
  enabled: { id: 'tickets.waitingList.enabled', defaultMessage: 'Offer a waiting list when sold out' },
  offerHours: { id: 'tickets.waitingList.offerHours', defaultMessage: 'Offer valid for (hours)' },
  offerHoursHelp: {
    id: 'tickets.waitingList.offerHoursHelp',
    defaultMessage: 'How long an offer holds the tickets before it passes to the next person.',
  },
  save: { id: 'tickets.waitingList.save', defaultMessage: 'Save waiting list' },
  saved: { id: 'tickets.waitingList.saved', defaultMessage: 'The waiting list settings were saved.' },
  failed: {
    id: 'tickets.waitingList.failed',
    defaultMessage: 'The waiting list settings could not be saved.',
  },
});
