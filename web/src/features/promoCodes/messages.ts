import { defineMessage, defineMessages } from 'react-intl';

export const promoCodesMessages = defineMessages({
  pageTitle: { id: 'promoCodes.pageTitle', defaultMessage: 'Promo codes' },
  heading: { id: 'promoCodes.heading', defaultMessage: 'Promo codes' },
  intro: {
    id: 'promoCodes.intro',
    defaultMessage:
      'Codes buyers enter for a discount, or to see tickets hidden unless a code applies. Share a link that applies the code.',
  },
  create: { id: 'promoCodes.create', defaultMessage: 'New promo code' },
  tableLabel: { id: 'promoCodes.tableLabel', defaultMessage: 'Promo codes' },
  columnCode: { id: 'promoCodes.column.code', defaultMessage: 'Code' },
  columnDiscount: { id: 'promoCodes.column.discount', defaultMessage: 'Discount' },
  columnExpiry: { id: 'promoCodes.column.expiry', defaultMessage: 'Expires' },
  columnUses: { id: 'promoCodes.column.uses', defaultMessage: 'Uses' },
  columnTickets: { id: 'promoCodes.column.tickets', defaultMessage: 'Tickets' },
  columnActions: { id: 'promoCodes.column.actions', defaultMessage: 'Actions' },
  noDiscount: { id: 'promoCodes.noDiscount', defaultMessage: 'No discount (unlocks hidden tickets)' },
  percentOff: defineMessage<{ percent: string }>({
    id: 'promoCodes.percentOff',
    defaultMessage: '{percent} off',
  }),
  amountOff: defineMessage<{ amount: string }>({
    id: 'promoCodes.amountOff',
    defaultMessage: '{amount} off',
  }),
  never: { id: 'promoCodes.never', defaultMessage: 'Never' },
  usesOf: defineMessage<{ used: number; max: number }>({
    id: 'promoCodes.usesOf',
    defaultMessage: '{used} / {max}',
  }),
  usesUnlimited: defineMessage<{ used: number }>({
    id: 'promoCodes.usesUnlimited',
    defaultMessage: '{used} / unlimited',
  }),
  allTickets: { id: 'promoCodes.allTickets', defaultMessage: 'All tickets' },
  copyLink: defineMessage<{ code: string }>({
    id: 'promoCodes.copyLink',
    defaultMessage: 'Copy the link that applies {code}',
  }),
  linkCopied: defineMessage<{ link: string }>({
    id: 'promoCodes.linkCopied',
    defaultMessage: 'Link copied: {link}',
  }),
  copyFailed: defineMessage<{ link: string }>({
    id: 'promoCodes.copyFailed',
    defaultMessage: 'Copying is not allowed here. The link: {link}',
  }),
  edit: defineMessage<{ code: string }>({ id: 'promoCodes.edit', defaultMessage: 'Edit {code}' }),
  remove: defineMessage<{ code: string }>({ id: 'promoCodes.delete', defaultMessage: 'Delete {code}' }),
  deleteConfirm: defineMessage<{ code: string }>({
    id: 'promoCodes.deleteConfirm',
    defaultMessage: 'Delete the code “{code}”? Buyers can no longer use it.',
  }),
  deleteButton: { id: 'promoCodes.deleteButton', defaultMessage: 'Delete' },
  cancel: { id: 'promoCodes.cancel', defaultMessage: 'Cancel' },
  deleted: defineMessage<{ code: string }>({
    id: 'promoCodes.deleted',
    defaultMessage: 'The code “{code}” was deleted.',
  }),
  deleteFailed: { id: 'promoCodes.deleteFailed', defaultMessage: 'The promo code could not be deleted.' },
  empty: { id: 'promoCodes.empty', defaultMessage: 'No promo codes yet.' },
  loading: { id: 'promoCodes.loading', defaultMessage: 'Loading promo codes…' },
  loadFailed: { id: 'promoCodes.loadFailed', defaultMessage: 'The promo codes could not be loaded.' },
});

export const promoCodeDialogMessages = defineMessages({
  createTitle: { id: 'promoCodes.dialog.createTitle', defaultMessage: 'New promo code' },
  editTitle: { id: 'promoCodes.dialog.editTitle', defaultMessage: 'Edit promo code' },
  code: { id: 'promoCodes.dialog.code', defaultMessage: 'Code' },
  codeHelp: {
    id: 'promoCodes.dialog.codeHelp',
    defaultMessage: 'Letters, digits, hyphens and underscores; buyers may type it in any case.',
  },
  codeLength: { id: 'promoCodes.dialog.codeLength', defaultMessage: 'The code must be 3 to 50 characters.' },
  codeCharacters: {
    id: 'promoCodes.dialog.codeCharacters',
    defaultMessage: 'Use only letters, digits, hyphens and underscores.',
  },
  discountType: { id: 'promoCodes.dialog.discountType', defaultMessage: 'Discount' },
  typePercent: { id: 'promoCodes.dialog.typePercent', defaultMessage: 'Percentage' },
  typeFixed: { id: 'promoCodes.dialog.typeFixed', defaultMessage: 'Fixed amount per ticket' },
  typeNone: { id: 'promoCodes.dialog.typeNone', defaultMessage: 'None (unlocks hidden tickets only)' },
  percent: { id: 'promoCodes.dialog.percent', defaultMessage: 'Percentage (%)' },
  percentInvalid: {
    id: 'promoCodes.dialog.percentInvalid',
    defaultMessage: 'Enter a percentage above 0 and at most 100, with at most two decimals.',
  },
  amount: defineMessage<{ currency: string }>({
    id: 'promoCodes.dialog.amount',
    defaultMessage: 'Amount ({currency})',
  }),
  amountInvalid: {
    id: 'promoCodes.dialog.amountInvalid',
    defaultMessage: 'Enter an amount of 0 or more, with no more decimals than the currency has.',
  },
  expiry: defineMessage<{ zone: string }>({
    id: 'promoCodes.dialog.expiry',
    defaultMessage: 'Expires ({zone})',
  }),
  expiryHelp: { id: 'promoCodes.dialog.expiryHelp', defaultMessage: 'Empty: the code never expires.' },
  maxUsages: { id: 'promoCodes.dialog.maxUsages', defaultMessage: 'Maximum uses' },
  maxUsagesHelp: { id: 'promoCodes.dialog.maxUsagesHelp', defaultMessage: 'Empty: unlimited.' },
  unlimited: { id: 'promoCodes.dialog.unlimited', defaultMessage: 'Unlimited' },
  usagesInvalid: {
    id: 'promoCodes.dialog.usagesInvalid',
    defaultMessage: 'Enter a whole number of at least 1, or leave it empty.',
  },
  tickets: { id: 'promoCodes.dialog.tickets', defaultMessage: 'Applies to' },
  ticketsHelp: {
    id: 'promoCodes.dialog.ticketsHelp',
    defaultMessage: 'None ticked: the code applies to every ticket.',
  },
  save: { id: 'promoCodes.dialog.save', defaultMessage: 'Save' },
  cancel: { id: 'promoCodes.dialog.cancel', defaultMessage: 'Cancel' },
  saved: defineMessage<{ code: string }>({
    id: 'promoCodes.dialog.saved',
    defaultMessage: 'The code “{code}” was saved.',
  }),
  failed: { id: 'promoCodes.dialog.failed', defaultMessage: 'The promo code could not be saved.' },
});
