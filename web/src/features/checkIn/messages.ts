import { defineMessage, defineMessages } from 'react-intl';

export const checkInListsMessages = defineMessages({
  pageTitle: { id: 'checkIn.lists.pageTitle', defaultMessage: 'Check-in' },
  heading: { id: 'checkIn.lists.heading', defaultMessage: 'Check-in lists' },
  intro: {
    id: 'checkIn.lists.intro',
    defaultMessage:
      'Each list admits some tickets during its dates. Send its link to the door staff: they scan on their own phones, no login needed.',
  },
  create: { id: 'checkIn.lists.create', defaultMessage: 'New check-in list' },
  tableLabel: { id: 'checkIn.lists.tableLabel', defaultMessage: 'Check-in lists' },
  columnName: { id: 'checkIn.lists.column.name', defaultMessage: 'Name' },
  columnState: { id: 'checkIn.lists.column.state', defaultMessage: 'State' },
  columnCheckedIn: { id: 'checkIn.lists.column.checkedIn', defaultMessage: 'Checked in' },
  columnLink: { id: 'checkIn.lists.column.link', defaultMessage: 'Link' },
  columnActions: { id: 'checkIn.lists.column.actions', defaultMessage: 'Actions' },
  stateNotYetActive: { id: 'checkIn.lists.state.notYetActive', defaultMessage: 'Not yet active' },
  stateActive: { id: 'checkIn.lists.state.active', defaultMessage: 'Active' },
  stateExpired: { id: 'checkIn.lists.state.expired', defaultMessage: 'Expired' },
  counts: defineMessage<{ checkedIn: number; total: number }>({
    id: 'checkIn.lists.counts',
    defaultMessage: '{checkedIn} / {total}',
  }),
  ticketCount: defineMessage<{ count: number }>({
    id: 'checkIn.lists.ticketCount',
    defaultMessage: '{count, plural, one {# ticket} other {# tickets}}',
  }),
  copyLink: defineMessage<{ name: string }>({
    id: 'checkIn.lists.copyLink',
    defaultMessage: 'Copy the link of {name}',
  }),
  copied: { id: 'checkIn.lists.copied', defaultMessage: 'Link copied.' },
  copyFailed: {
    id: 'checkIn.lists.copyFailed',
    defaultMessage: 'The link could not be copied; select it and copy it by hand.',
  },
  showCode: defineMessage<{ name: string }>({
    id: 'checkIn.lists.showCode',
    defaultMessage: 'Show the QR code of {name} for a phone',
  }),
  codeTitle: defineMessage<{ name: string }>({
    id: 'checkIn.lists.codeTitle',
    defaultMessage: 'Open {name} on a phone',
  }),
  codeHelp: {
    id: 'checkIn.lists.codeHelp',
    defaultMessage:
      'Point the phone’s camera at this code to open the scanner. Anyone with the link can scan tickets, no login needed: give it to your door staff only.',
  },
  codeLabel: defineMessage<{ name: string }>({
    id: 'checkIn.lists.codeLabel',
    defaultMessage: 'QR code of the scanner link of {name}',
  }),
  close: { id: 'checkIn.lists.close', defaultMessage: 'Close' },
  openScanner: defineMessage<{ name: string }>({
    id: 'checkIn.lists.openScanner',
    defaultMessage: 'Open the scanner of {name}',
  }),
  rotate: defineMessage<{ name: string }>({
    id: 'checkIn.lists.rotate',
    defaultMessage: 'New link for {name}',
  }),
  rotateConfirm: defineMessage<{ name: string }>({
    id: 'checkIn.lists.rotateConfirm',
    defaultMessage:
      'Give “{name}” a new link? The old link stops working at once, on every phone that has it.',
  }),
  rotateButton: { id: 'checkIn.lists.rotateButton', defaultMessage: 'New link' },
  rotated: defineMessage<{ name: string }>({
    id: 'checkIn.lists.rotated',
    defaultMessage: '“{name}” has a new link; the old one is revoked.',
  }),
  rotateFailed: { id: 'checkIn.lists.rotateFailed', defaultMessage: 'The link could not be replaced.' },
  edit: defineMessage<{ name: string }>({ id: 'checkIn.lists.edit', defaultMessage: 'Edit {name}' }),
  remove: defineMessage<{ name: string }>({ id: 'checkIn.lists.delete', defaultMessage: 'Delete {name}' }),
  deleteConfirm: defineMessage<{ name: string }>({
    id: 'checkIn.lists.deleteConfirm',
    defaultMessage: 'Delete “{name}”? Its link stops working. Check-ins made with it are kept.',
  }),
  deleteButton: { id: 'checkIn.lists.deleteButton', defaultMessage: 'Delete' },
  cancel: { id: 'checkIn.lists.cancel', defaultMessage: 'Cancel' },
  deleted: defineMessage<{ name: string }>({
    id: 'checkIn.lists.deleted',
    defaultMessage: '“{name}” was deleted.',
  }),
  deleteFailed: {
    id: 'checkIn.lists.deleteFailed',
    defaultMessage: 'The check-in list could not be deleted.',
  },
  empty: { id: 'checkIn.lists.empty', defaultMessage: 'No check-in lists yet.' },
  loading: { id: 'checkIn.lists.loading', defaultMessage: 'Loading check-in lists…' },
  loadFailed: { id: 'checkIn.lists.loadFailed', defaultMessage: 'The check-in lists could not be loaded.' },
  issuesHeading: {
    id: 'checkIn.issues.heading',
    defaultMessage: 'Duplicate entries and refused offline scans',
  },
  issuesIntro: {
    id: 'checkIn.issues.intro',
    defaultMessage:
      'Scans that devices decided without a connection and the server could not simply accept. A duplicate entry is a ticket let in at two doors.',
  },
  issueKind: { id: 'checkIn.issues.kind', defaultMessage: 'What' },
  issueAttendee: { id: 'checkIn.issues.attendee', defaultMessage: 'Attendee and list' },
  issueScan: { id: 'checkIn.issues.scan', defaultMessage: 'This scan' },
  issueFirst: { id: 'checkIn.issues.first', defaultMessage: 'First admission' },
  issueDuplicate: { id: 'checkIn.issues.duplicate', defaultMessage: 'Duplicate entry' },
  issueRefused: { id: 'checkIn.issues.refused', defaultMessage: 'Refused offline scan' },
  issueUnnamedDoor: { id: 'checkIn.issues.unnamedDoor', defaultMessage: 'A door without a name' },
});

export const checkInListDialogMessages = defineMessages({
  createTitle: { id: 'checkIn.dialog.createTitle', defaultMessage: 'New check-in list' },
  editTitle: { id: 'checkIn.dialog.editTitle', defaultMessage: 'Edit check-in list' },
  name: { id: 'checkIn.dialog.name', defaultMessage: 'Name' },
  description: { id: 'checkIn.dialog.description', defaultMessage: 'Note for the door staff' },
  activatesAt: defineMessage<{ zone: string }>({
    id: 'checkIn.dialog.activatesAt',
    defaultMessage: 'Active from ({zone})',
  }),
  expiresAt: defineMessage<{ zone: string }>({
    id: 'checkIn.dialog.expiresAt',
    defaultMessage: 'Expires at ({zone})',
  }),
  datesHelp: { id: 'checkIn.dialog.datesHelp', defaultMessage: 'Leave empty for no limit.' },
  tickets: { id: 'checkIn.dialog.tickets', defaultMessage: 'Tickets this list admits' },
  noTickets: {
    id: 'checkIn.dialog.noTickets',
    defaultMessage: 'Create a ticket first: a list admits tickets.',
  },
  nameRequired: { id: 'checkIn.dialog.nameRequired', defaultMessage: 'The name is required' },
  ticketsRequired: { id: 'checkIn.dialog.ticketsRequired', defaultMessage: 'Choose at least one ticket' },
  invalidDate: { id: 'checkIn.dialog.invalidDate', defaultMessage: 'Enter a valid date and time' },
  expiresBeforeActive: {
    id: 'checkIn.dialog.expiresBeforeActive',
    defaultMessage: 'The list must expire after it activates',
  },
  save: { id: 'checkIn.dialog.save', defaultMessage: 'Save' },
  cancel: { id: 'checkIn.dialog.cancel', defaultMessage: 'Cancel' },
  failed: { id: 'checkIn.dialog.failed', defaultMessage: 'The check-in list could not be saved' },
  saved: defineMessage<{ name: string }>({
    id: 'checkIn.dialog.saved',
    defaultMessage: '“{name}” was saved.',
  }),
});
