import { defineMessage, defineMessages } from 'react-intl';

export const taxesMessages = defineMessages({
  pageTitle: { id: 'taxes.pageTitle', defaultMessage: 'Taxes and fees' },
  heading: { id: 'taxes.heading', defaultMessage: 'Taxes and fees' },
  intro: {
    id: 'taxes.intro',
    defaultMessage:
      'Taxes and fees you can apply to tickets. Defaults are applied to new tickets; fixed amounts are charged per ticket.',
  },
  create: { id: 'taxes.create', defaultMessage: 'New tax or fee' },
  tableLabel: { id: 'taxes.tableLabel', defaultMessage: 'Taxes and fees' },
  columnName: { id: 'taxes.column.name', defaultMessage: 'Name' },
  columnType: { id: 'taxes.column.type', defaultMessage: 'Type' },
  columnCharge: { id: 'taxes.column.charge', defaultMessage: 'Rate or amount' },
  columnDefault: { id: 'taxes.column.default', defaultMessage: 'Default' },
  columnActions: { id: 'taxes.column.actions', defaultMessage: 'Actions' },
  typeTax: { id: 'taxes.type.tax', defaultMessage: 'Tax' },
  typeFee: { id: 'taxes.type.fee', defaultMessage: 'Fee' },
  isDefault: { id: 'taxes.isDefault', defaultMessage: 'Applied to new tickets' },
  notDefault: { id: 'taxes.notDefault', defaultMessage: 'No' },
  edit: defineMessage<{ name: string }>({ id: 'taxes.edit', defaultMessage: 'Edit {name}' }),
  remove: defineMessage<{ name: string }>({ id: 'taxes.delete', defaultMessage: 'Delete {name}' }),
  deleteConfirm: defineMessage<{ name: string }>({
    id: 'taxes.deleteConfirm',
    defaultMessage: 'Delete “{name}”? Tickets that use it stop charging it.',
  }),
  deleteButton: { id: 'taxes.deleteButton', defaultMessage: 'Delete' },
  cancel: { id: 'taxes.cancel', defaultMessage: 'Cancel' },
  deleted: defineMessage<{ name: string }>({ id: 'taxes.deleted', defaultMessage: '“{name}” was deleted.' }),
  deleteFailed: { id: 'taxes.deleteFailed', defaultMessage: 'The tax or fee could not be deleted.' },
  empty: { id: 'taxes.empty', defaultMessage: 'No taxes or fees yet.' },
  loading: { id: 'taxes.loading', defaultMessage: 'Loading taxes and fees…' },
  loadFailed: { id: 'taxes.loadFailed', defaultMessage: 'The taxes and fees could not be loaded.' },
});

export const taxDialogMessages = defineMessages({
  createTitle: { id: 'taxes.dialog.createTitle', defaultMessage: 'New tax or fee' },
  editTitle: { id: 'taxes.dialog.editTitle', defaultMessage: 'Edit tax or fee' },
  name: { id: 'taxes.dialog.name', defaultMessage: 'Name' },
  nameHelp: { id: 'taxes.dialog.nameHelp', defaultMessage: 'Shown to buyers, e.g. VAT or Booking fee.' },
  nameRequired: { id: 'taxes.dialog.nameRequired', defaultMessage: 'Enter a name.' },
  nameTooLong: { id: 'taxes.dialog.nameTooLong', defaultMessage: 'At most 149 characters.' },
  type: { id: 'taxes.dialog.type', defaultMessage: 'Type' },
  calculation: { id: 'taxes.dialog.calculation', defaultMessage: 'Calculation' },
  percentage: { id: 'taxes.dialog.percentage', defaultMessage: 'Percentage of the price' },
  fixed: { id: 'taxes.dialog.fixed', defaultMessage: 'Fixed amount per ticket' },
  rate: { id: 'taxes.dialog.rate', defaultMessage: 'Rate (%)' },
  rateInvalid: { id: 'taxes.dialog.rateInvalid', defaultMessage: 'Enter a percentage from 0 to 100.' },
  amount: defineMessage<{ currency: string }>({
    id: 'taxes.dialog.amount',
    defaultMessage: 'Amount ({currency})',
  }),
  amountInvalid: {
    id: 'taxes.dialog.amountInvalid',
    defaultMessage: 'Enter an amount of 0 or more, with no more decimals than the currency has.',
  },
  amountHelp: {
    id: 'taxes.dialog.amountHelp',
    defaultMessage: 'In the account’s currency; events in another currency charge the same number.',
  },
  isDefault: { id: 'taxes.dialog.isDefault', defaultMessage: 'Apply to new tickets by default' },
  save: { id: 'taxes.dialog.save', defaultMessage: 'Save' },
  cancel: { id: 'taxes.dialog.cancel', defaultMessage: 'Cancel' },
  saved: defineMessage<{ name: string }>({ id: 'taxes.dialog.saved', defaultMessage: '“{name}” was saved.' }),
  failed: { id: 'taxes.dialog.failed', defaultMessage: 'The tax or fee could not be saved.' },
});
