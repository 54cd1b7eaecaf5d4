import { defineMessage, defineMessages } from 'react-intl';

export const capacityMessages = defineMessages({
  pageTitle: { id: 'capacity.pageTitle', defaultMessage: 'Capacity assignments' },
  heading: { id: 'capacity.heading', defaultMessage: 'Capacity assignments' },
  intro: {
    id: 'capacity.intro',
    defaultMessage:
      'One capacity shared by several tickets, e.g. the seats of a room. Sales stop when it is full, whatever each ticket has left.',
  },
  create: { id: 'capacity.create', defaultMessage: 'New capacity assignment' },
  tableLabel: { id: 'capacity.tableLabel', defaultMessage: 'Capacity assignments' },
  columnName: { id: 'capacity.column.name', defaultMessage: 'Name' },
  columnUsed: { id: 'capacity.column.used', defaultMessage: 'Used' },
  columnTickets: { id: 'capacity.column.tickets', defaultMessage: 'Tickets' },
  columnStatus: { id: 'capacity.column.status', defaultMessage: 'Status' },
  columnActions: { id: 'capacity.column.actions', defaultMessage: 'Actions' },
  usedOf: defineMessage<{ used: number; capacity: number }>({
    id: 'capacity.usedOf',
    defaultMessage: '{used} of {capacity}',
  }),
  usedLabel: defineMessage<{ name: string }>({
    id: 'capacity.usedLabel',
    defaultMessage: 'Capacity used by {name}',
  }),
  enabled: { id: 'capacity.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'capacity.disabled', defaultMessage: 'Disabled' },
  edit: defineMessage<{ name: string }>({ id: 'capacity.edit', defaultMessage: 'Edit {name}' }),
  remove: defineMessage<{ name: string }>({ id: 'capacity.delete', defaultMessage: 'Delete {name}' }),
  deleteConfirm: defineMessage<{ name: string }>({
    id: 'capacity.deleteConfirm',
    defaultMessage: 'Delete “{name}”? Its tickets keep only their own limits.',
  }),
  deleteButton: { id: 'capacity.deleteButton', defaultMessage: 'Delete' },
  cancel: { id: 'capacity.cancel', defaultMessage: 'Cancel' },
  deleted: defineMessage<{ name: string }>({
    id: 'capacity.deleted',
    defaultMessage: '“{name}” was deleted.',
  }),
  deleteFailed: {
    id: 'capacity.deleteFailed',
    defaultMessage: 'The capacity assignment could not be deleted.',
  },
  empty: { id: 'capacity.empty', defaultMessage: 'No capacity assignments yet.' },
  noTickets: { id: 'capacity.noTickets', defaultMessage: 'Create a ticket first' },
  noTicketsDescription: {
    id: 'capacity.noTicketsDescription',
    defaultMessage: 'A capacity assignment is shared by tickets, so the event needs at least one.',
  },
  goToTickets: { id: 'capacity.goToTickets', defaultMessage: 'Go to tickets' },
  loading: { id: 'capacity.loading', defaultMessage: 'Loading capacity assignments…' },
  loadFailed: { id: 'capacity.loadFailed', defaultMessage: 'The capacity assignments could not be loaded.' },
});

export const capacityDialogMessages = defineMessages({
  createTitle: { id: 'capacity.dialog.createTitle', defaultMessage: 'New capacity assignment' },
  editTitle: { id: 'capacity.dialog.editTitle', defaultMessage: 'Edit capacity assignment' },
  name: { id: 'capacity.dialog.name', defaultMessage: 'Name' },
  nameRequired: { id: 'capacity.dialog.nameRequired', defaultMessage: 'Enter a name.' },
  nameTooLong: { id: 'capacity.dialog.nameTooLong', defaultMessage: 'At most 149 characters.' },
  capacity: { id: 'capacity.dialog.capacity', defaultMessage: 'Capacity' },
  capacityInvalid: {
    id: 'capacity.dialog.capacityInvalid',
    defaultMessage: 'Enter a whole number of 0 or more.',
  },
  tickets: { id: 'capacity.dialog.tickets', defaultMessage: 'Tickets sharing it' },
  ticketsRequired: { id: 'capacity.dialog.ticketsRequired', defaultMessage: 'Tick at least one ticket.' },
  enabled: { id: 'capacity.dialog.enabled', defaultMessage: 'Enabled (sales count against it)' },
  save: { id: 'capacity.dialog.save', defaultMessage: 'Save' },
  cancel: { id: 'capacity.dialog.cancel', defaultMessage: 'Cancel' },
  saved: defineMessage<{ name: string }>({
    id: 'capacity.dialog.saved',
    defaultMessage: '“{name}” was saved.',
  }),
  failed: { id: 'capacity.dialog.failed', defaultMessage: 'The capacity assignment could not be saved.' },
});
