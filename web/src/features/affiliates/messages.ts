import { defineMessage, defineMessages } from 'react-intl';

export const affiliatesMessages = defineMessages({
  pageTitle: { id: 'affiliates.pageTitle', defaultMessage: 'Affiliates' },
  heading: { id: 'affiliates.heading', defaultMessage: 'Affiliates' },
  intro: {
    id: 'affiliates.intro',
    defaultMessage:
      "Codes for partners who promote the event. A buyer who arrives through a partner's link is counted for them for 30 days.",
  },
  create: { id: 'affiliates.create', defaultMessage: 'New affiliate' },
  empty: { id: 'affiliates.empty', defaultMessage: 'No affiliates yet.' },
  loading: { id: 'affiliates.loading', defaultMessage: 'Loading affiliates…' },
  loadFailed: { id: 'affiliates.loadFailed', defaultMessage: 'The affiliates could not be loaded.' },
  tableLabel: { id: 'affiliates.tableLabel', defaultMessage: 'Affiliates' },
  columnCode: { id: 'affiliates.column.code', defaultMessage: 'Code' },
  columnName: { id: 'affiliates.column.name', defaultMessage: 'Name' },
  columnStatus: { id: 'affiliates.column.status', defaultMessage: 'Status' },
  columnOrders: { id: 'affiliates.column.orders', defaultMessage: 'Orders' },
  columnRevenue: { id: 'affiliates.column.revenue', defaultMessage: 'Revenue' },
  columnActions: { id: 'affiliates.column.actions', defaultMessage: 'Actions' },
  active: { id: 'affiliates.status.active', defaultMessage: 'Active' },
  inactive: { id: 'affiliates.status.inactive', defaultMessage: 'Inactive' },
  copyLink: defineMessage<{ code: string }>({
    id: 'affiliates.copyLink',
    defaultMessage: 'Copy the link for {code}',
  }),
  linkCopied: defineMessage<{ link: string }>({
    id: 'affiliates.linkCopied',
    defaultMessage: 'Link copied: {link}',
  }),
  copyFailed: defineMessage<{ link: string }>({
    id: 'affiliates.copyFailed',
    defaultMessage: 'Copying is not allowed here. The link: {link}',
  }),
  edit: defineMessage<{ code: string }>({ id: 'affiliates.edit', defaultMessage: 'Edit {code}' }),
  remove: defineMessage<{ code: string }>({ id: 'affiliates.remove', defaultMessage: 'Delete {code}' }),
  deleteConfirm: defineMessage<{ code: string }>({
    id: 'affiliates.deleteConfirm',
    defaultMessage: 'Delete the affiliate {code}? Orders already placed keep their code.',
  }),
  deleted: defineMessage<{ code: string }>({ id: 'affiliates.deleted', defaultMessage: 'Deleted {code}' }),
  deleteFailed: { id: 'affiliates.deleteFailed', defaultMessage: 'The affiliate could not be deleted.' },
  deleteButton: { id: 'affiliates.deleteButton', defaultMessage: 'Delete' },
  cancel: { id: 'affiliates.cancel', defaultMessage: 'Cancel' },
});

export const affiliateDialogMessages = defineMessages({
  createTitle: { id: 'affiliates.dialog.createTitle', defaultMessage: 'New affiliate' },
  editTitle: { id: 'affiliates.dialog.editTitle', defaultMessage: 'Edit affiliate' },
  code: { id: 'affiliates.dialog.code', defaultMessage: 'Code' },
  codeHelp: {
    id: 'affiliates.dialog.codeHelp',
    defaultMessage: 'Letters, digits, hyphens and underscores; 3 to 50 characters. It cannot change later.',
  },
  codeFixed: {
    id: 'affiliates.dialog.codeFixed',
    defaultMessage: 'The code is in links already shared, so it cannot change.',
  },
  name: { id: 'affiliates.dialog.name', defaultMessage: 'Name' },
  email: { id: 'affiliates.dialog.email', defaultMessage: 'Email (optional)' },
  status: { id: 'affiliates.dialog.status', defaultMessage: 'Status' },
  save: { id: 'affiliates.dialog.save', defaultMessage: 'Save affiliate' },
  cancel: { id: 'affiliates.dialog.cancel', defaultMessage: 'Cancel' },
  failed: { id: 'affiliates.dialog.failed', defaultMessage: 'The affiliate could not be saved.' },
  saved: defineMessage<{ code: string }>({ id: 'affiliates.dialog.saved', defaultMessage: 'Saved {code}' }),
  codeLength: { id: 'affiliates.dialog.codeLength', defaultMessage: 'Use 3 to 50 characters.' },
  codeCharacters: {
    id: 'affiliates.dialog.codeCharacters',
    defaultMessage: 'Use letters, digits, hyphens and underscores only.',
  },
  nameRequired: { id: 'affiliates.dialog.nameRequired', defaultMessage: 'Enter a name.' },
  emailInvalid: { id: 'affiliates.dialog.emailInvalid', defaultMessage: 'Enter a valid email address.' },
});
