import { defineMessage, defineMessages } from 'react-intl';

export const eventsMessages = defineMessages({
  pageTitle: { id: 'events.list.pageTitle', defaultMessage: 'Events' },
  heading: { id: 'events.list.heading', defaultMessage: 'Events' },
  tabsLabel: { id: 'events.list.tabsLabel', defaultMessage: 'Event groups' },
  tabUpcoming: { id: 'events.list.tab.upcoming', defaultMessage: 'Upcoming' },
  tabOngoing: { id: 'events.list.tab.ongoing', defaultMessage: 'Ongoing' },
  tabEnded: { id: 'events.list.tab.ended', defaultMessage: 'Ended' },
  tabArchived: { id: 'events.list.tab.archived', defaultMessage: 'Archived' },
  searchLabel: { id: 'events.list.searchLabel', defaultMessage: 'Search events' },
  searchPlaceholder: { id: 'events.list.searchPlaceholder', defaultMessage: 'Search by title…' },
  statusFilterLabel: { id: 'events.list.statusFilterLabel', defaultMessage: 'Status' },
  statusFilterAll: { id: 'events.list.statusFilterAll', defaultMessage: 'All statuses' },
  clearFilters: { id: 'events.list.clearFilters', defaultMessage: 'Clear filters' },
  sortLabel: { id: 'events.list.sortLabel', defaultMessage: 'Sort by' },
  sortDisabledHint: {
    id: 'events.list.sortDisabledHint',
    defaultMessage: 'Sorting is disabled while filters are applied.',
  },
  sortStartAsc: { id: 'events.list.sort.startAsc', defaultMessage: 'Start date (soonest first)' },
  sortStartDesc: { id: 'events.list.sort.startDesc', defaultMessage: 'Start date (latest first)' },
  sortTitleAsc: { id: 'events.list.sort.titleAsc', defaultMessage: 'Title (A–Z)' },
  sortTitleDesc: { id: 'events.list.sort.titleDesc', defaultMessage: 'Title (Z–A)' },
  sortCreatedDesc: { id: 'events.list.sort.createdDesc', defaultMessage: 'Newest first' },
  sortCreatedAsc: { id: 'events.list.sort.createdAsc', defaultMessage: 'Oldest first' },
  loading: { id: 'events.list.loading', defaultMessage: 'Loading events…' },
  resultSummary: defineMessage<{ total: number; from: number; to: number }>({
    id: 'events.list.resultSummary',
    defaultMessage:
      '{total, plural, =0 {No events} one {Showing # event} other {Showing {from}–{to} of # events}}',
  }),
  emptyTitle: { id: 'events.list.emptyTitle', defaultMessage: 'No events here yet' },
  emptyUpcoming: {
    id: 'events.list.emptyUpcoming',
    defaultMessage: 'Create your first event to start selling tickets.',
  },
  emptyOther: { id: 'events.list.emptyOther', defaultMessage: 'There are no events in this group.' },
  emptySearch: { id: 'events.list.emptySearch', defaultMessage: 'No events match your search or filters.' },
  loadErrorTitle: { id: 'events.list.loadErrorTitle', defaultMessage: 'Events could not be loaded' },
  createEvent: { id: 'events.list.createEvent', defaultMessage: 'Create event' },
  online: { id: 'events.onlineEvent', defaultMessage: 'Online event' },
  noLocation: { id: 'events.noLocation', defaultMessage: 'Location to be announced' },
  statusDraft: { id: 'events.status.draft', defaultMessage: 'Draft' },
  statusLive: { id: 'events.status.live', defaultMessage: 'Live' },
  statusArchived: { id: 'events.status.archived', defaultMessage: 'Archived' },
  lifecycleUpcoming: { id: 'events.lifecycle.upcoming', defaultMessage: 'Upcoming' },
  lifecycleOngoing: { id: 'events.lifecycle.ongoing', defaultMessage: 'Ongoing' },
  lifecycleEnded: { id: 'events.lifecycle.ended', defaultMessage: 'Ended' },
  actionsLabel: defineMessage<{ title: string }>({
    id: 'events.actions.label',
    defaultMessage: 'Actions for {title}',
  }),
  publish: { id: 'events.actions.publish', defaultMessage: 'Publish' },
  moveToDraft: { id: 'events.actions.moveToDraft', defaultMessage: 'Move to draft' },
  archive: { id: 'events.actions.archive', defaultMessage: 'Archive' },
  restore: { id: 'events.actions.restore', defaultMessage: 'Restore' },
  viewPublicPage: { id: 'events.actions.viewPublicPage', defaultMessage: 'View public page' },
  manage: { id: 'events.actions.manage', defaultMessage: 'Manage' },
  published: defineMessage<{ title: string }>({
    id: 'events.status.published',
    defaultMessage: '“{title}” is now live.',
  }),
  movedToDraft: defineMessage<{ title: string }>({
    id: 'events.status.movedToDraft',
    defaultMessage: '“{title}” was moved to draft.',
  }),
  archived: defineMessage<{ title: string }>({
    id: 'events.status.archivedToast',
    defaultMessage: '“{title}” was archived.',
  }),
  restored: defineMessage<{ title: string }>({
    id: 'events.status.restored',
    defaultMessage: '“{title}” was restored as a draft.',
  }),
  statusUpdateFailed: {
    id: 'events.status.updateFailed',
    defaultMessage: 'Failed to update the event status.',
  },
  invalidTransition: {
    id: 'events.status.invalidTransition',
    defaultMessage: 'This event cannot change to that status from its current one.',
  },
  eventGone: { id: 'events.status.notFound', defaultMessage: 'This event no longer exists.' },
  emailNotVerified: {
    id: 'events.status.emailNotVerified',
    defaultMessage: 'Verify your email address before making an event live.',
  },
  paginationLabel: { id: 'events.pagination.label', defaultMessage: 'Pagination' },
  pageOf: defineMessage<{ page: number; pages: number }>({
    id: 'events.pagination.pageOf',
    defaultMessage: 'Page {page} of {pages}',
  }),
});

export const manageEventMessages = defineMessages({
  duplicate: { id: 'events.duplicate', defaultMessage: 'Duplicate' },
  duplicateTitle: { id: 'events.duplicate.title', defaultMessage: 'Duplicate event' },
  duplicateIntro: {
    id: 'events.duplicate.intro',
    defaultMessage: 'The copy is a draft. Choose its title and dates, and what to copy.',
  },
  copyWhat: { id: 'events.duplicate.copyWhat', defaultMessage: 'Copy' },
  copyTickets: { id: 'events.duplicate.copy.tickets', defaultMessage: 'Tickets' },
  copyQuestions: { id: 'events.duplicate.copy.questions', defaultMessage: 'Questions' },
  copyPromoCodes: { id: 'events.duplicate.copy.promoCodes', defaultMessage: 'Promo codes' },
  copyCapacityAssignments: {
    id: 'events.duplicate.copy.capacityAssignments',
    defaultMessage: 'Capacity assignments',
  },
  copyCheckInLists: { id: 'events.duplicate.copy.checkInLists', defaultMessage: 'Check-in lists' },
  copySettings: { id: 'events.duplicate.copy.settings', defaultMessage: 'Settings and homepage design' },
  copyImages: { id: 'events.duplicate.copy.images', defaultMessage: 'Images' },
  copyLater: {
    id: 'events.duplicate.copyLater',
    defaultMessage:
      'Tickets, questions, promo codes and capacity assignments appear in the copy moments after it is created; check-in lists are copied once that feature exists.',
  },
  copyTitle: defineMessage<{ title: string }>({
    id: 'events.duplicate.copyTitle',
    defaultMessage: '{title} (copy)',
  }),
  duplicateSubmit: { id: 'events.duplicate.submit', defaultMessage: 'Duplicate event' },
  duplicated: defineMessage<{ title: string }>({
    id: 'events.duplicate.done',
    defaultMessage: '“{title}” was created as a draft.',
  }),
  duplicateFailed: { id: 'events.duplicate.failed', defaultMessage: 'Could not duplicate the event.' },
  delete: { id: 'events.delete', defaultMessage: 'Delete' },
  deleteConfirm: defineMessage<{ title: string }>({
    id: 'events.delete.confirm',
    defaultMessage: 'Delete “{title}”? This cannot be undone.',
  }),
  deleted: defineMessage<{ title: string }>({
    id: 'events.delete.done',
    defaultMessage: '“{title}” was deleted.',
  }),
  deleteHasOrders: {
    id: 'events.delete.hasOrders',
    defaultMessage: 'An event with orders cannot be deleted. Archive it instead.',
  },
  deleteNotDraft: {
    id: 'events.delete.notDraft',
    defaultMessage: 'Only a draft can be deleted. Move the event to draft or archive it.',
  },
  deleteFailed: { id: 'events.delete.failed', defaultMessage: 'Could not delete the event.' },
  settings: { id: 'events.settings', defaultMessage: 'Settings' },
});

export const createEventMessages = defineMessages({
  title: { id: 'events.create.title', defaultMessage: 'Create event' },
  eventTitle: { id: 'events.create.field.title', defaultMessage: 'Title' },
  eventTitlePlaceholder: {
    id: 'events.create.field.titlePlaceholder',
    defaultMessage: 'e.g. Summer Jazz Night',
  },
  startDate: { id: 'events.create.field.start', defaultMessage: 'Starts' },
  endDate: { id: 'events.create.field.end', defaultMessage: 'Ends' },
  optional: { id: 'events.create.optional', defaultMessage: '(optional)' },
  required: { id: 'events.create.required', defaultMessage: '(required)' },
  dateHelp: defineMessage<{ timeZone: string }>({
    id: 'events.create.dateHelp',
    defaultMessage: 'Local time in {timeZone}',
  }),
  timeZone: { id: 'events.create.field.timeZone', defaultMessage: 'Time zone' },
  currency: { id: 'events.create.field.currency', defaultMessage: 'Currency' },
  description: { id: 'events.create.field.description', defaultMessage: 'Description' },
  cancel: { id: 'events.create.cancel', defaultMessage: 'Cancel' },
  submit: { id: 'events.create.submit', defaultMessage: 'Create event' },
  created: defineMessage<{ title: string }>({
    id: 'events.create.created',
    defaultMessage: '“{title}” was created.',
  }),
  failed: {
    id: 'events.create.failed',
    defaultMessage: 'Could not create the event. Check your data and try again.',
  },
  titleRequired: { id: 'events.create.titleRequired', defaultMessage: 'Enter a title.' },
  organizer: { id: 'events.create.field.organizer', defaultMessage: 'Organizer' },
  organizerRequired: { id: 'events.create.organizerRequired', defaultMessage: 'Choose an organizer.' },
  newOrganizer: { id: 'events.create.newOrganizer', defaultMessage: 'New organizer…' },
  noOrganizers: {
    id: 'events.create.noOrganizers',
    defaultMessage: 'Every event belongs to an organizer. Create your first one here.',
  },
  titleTooLong: defineMessage<{ max: number }>({
    id: 'events.create.titleTooLong',
    defaultMessage: 'Keep the title under {max} characters.',
  }),
  startRequired: { id: 'events.create.startRequired', defaultMessage: 'Enter when the event starts.' },
  invalidDate: { id: 'events.create.invalidDate', defaultMessage: 'Enter a valid date and time.' },
  endBeforeStart: { id: 'events.create.endBeforeStart', defaultMessage: 'The end must be after the start.' },
  descriptionTooLong: defineMessage<{ max: number }>({
    id: 'events.create.descriptionTooLong',
    defaultMessage: 'Keep the description under {max} characters.',
  }),
});
