import { defineMessage, defineMessages } from 'react-intl';

/** The organizer's waiting list of an event (issue 31, docs/waiting-list.md). */
export const waitingListMessages = defineMessages({
  pageTitle: { id: 'waitingList.pageTitle', defaultMessage: 'Waiting list' },
  heading: { id: 'waitingList.heading', defaultMessage: 'Waiting list' },
  intro: {
    id: 'waitingList.intro',
    defaultMessage:
      'People waiting for sold-out tickets, first come first. When tickets become available, the next in line receive an offer by email.',
  },
  search: { id: 'waitingList.search', defaultMessage: 'Search by name or email' },
  statusFilter: { id: 'waitingList.statusFilter', defaultMessage: 'Status' },
  allStatuses: { id: 'waitingList.allStatuses', defaultMessage: 'All statuses' },
  ticketFilter: { id: 'waitingList.ticketFilter', defaultMessage: 'Ticket' },
  allTickets: { id: 'waitingList.allTickets', defaultMessage: 'All tickets' },
  statusWaiting: { id: 'waitingList.status.waiting', defaultMessage: 'Waiting' },
  statusOffered: { id: 'waitingList.status.offered', defaultMessage: 'Offered' },
  statusConverted: { id: 'waitingList.status.converted', defaultMessage: 'Bought' },
  statusExpired: { id: 'waitingList.status.expired', defaultMessage: 'Offer expired' },
  statusRemoved: { id: 'waitingList.status.removed', defaultMessage: 'Removed' },
  loading: { id: 'waitingList.loading', defaultMessage: 'Loading the waiting list…' },
  loadFailed: { id: 'waitingList.loadFailed', defaultMessage: 'The waiting list could not be loaded.' },
  empty: {
    id: 'waitingList.empty',
    defaultMessage: 'Nobody is waiting. Switch the waiting list on in a ticket’s settings.',
  },
  summary: defineMessage<{ total: number }>({
    id: 'waitingList.summary',
    defaultMessage: '{total, plural, one {# entry} other {# entries}}',
  }),
  paginationNav: { id: 'waitingList.paginationNav', defaultMessage: 'Pages of the waiting list' },
  tableLabel: { id: 'waitingList.tableLabel', defaultMessage: 'Waiting list entries' },
  columnPosition: { id: 'waitingList.columnPosition', defaultMessage: 'Position' },
  columnName: { id: 'waitingList.columnName', defaultMessage: 'Name' },
  columnEmail: { id: 'waitingList.columnEmail', defaultMessage: 'Email' },
  columnTicket: { id: 'waitingList.columnTicket', defaultMessage: 'Ticket' },
  columnQuantity: { id: 'waitingList.columnQuantity', defaultMessage: 'Quantity' },
  columnStatus: { id: 'waitingList.columnStatus', defaultMessage: 'Status' },
  columnJoined: { id: 'waitingList.columnJoined', defaultMessage: 'Joined' },
  columnOffer: { id: 'waitingList.columnOffer', defaultMessage: 'Offered / expires' },
  columnActions: { id: 'waitingList.columnActions', defaultMessage: 'Actions' },
  remove: defineMessage<{ name: string }>({
    id: 'waitingList.remove',
    defaultMessage: 'Remove {name} from the waiting list',
  }),
  confirmRemove: defineMessage<{ name: string }>({
    id: 'waitingList.confirmRemove',
    defaultMessage:
      'Remove {name} from the waiting list? Tickets held for an offer are released, and the person can join again.',
  }),
  confirmButton: { id: 'waitingList.confirmButton', defaultMessage: 'Remove' },
  keep: { id: 'waitingList.keep', defaultMessage: 'Keep' },
  removed: defineMessage<{ name: string }>({
    id: 'waitingList.removed',
    defaultMessage: '{name} was removed from the waiting list.',
  }),
  actionFailed: { id: 'waitingList.actionFailed', defaultMessage: 'The entry could not be removed.' },
  offer: defineMessage<{ name: string }>({
    id: 'waitingList.offer',
    defaultMessage: 'Offer the tickets to {name} now',
  }),
  offered: defineMessage<{ name: string }>({
    id: 'waitingList.offered',
    defaultMessage: 'The tickets are held for {name}, and the offer is on its way by email.',
  }),
  offerNotFree: {
    id: 'waitingList.offerNotFree',
    defaultMessage:
      'No tickets are free for this entry yet: buyers or the entries ahead of it in the list hold them.',
  },
  offerFailed: { id: 'waitingList.offerFailed', defaultMessage: 'The offer could not be made.' },
  erase: defineMessage<{ name: string }>({
    id: 'waitingList.erase',
    defaultMessage: 'Erase the personal data of {name}',
  }),
  confirmErase: defineMessage<{ name: string }>({
    id: 'waitingList.confirmErase',
    defaultMessage:
      'Erase the name and email address of {name} for good? The entry stays in the list without them. This cannot be undone.',
  }),
  eraseConfirmButton: { id: 'waitingList.eraseConfirmButton', defaultMessage: 'Erase' },
  erasedDone: { id: 'waitingList.erasedDone', defaultMessage: 'The personal data was erased.' },
  eraseFailed: { id: 'waitingList.eraseFailed', defaultMessage: 'The personal data could not be erased.' },
  erased: { id: 'waitingList.erased', defaultMessage: 'Erased' },
  exportFailed: { id: 'waitingList.exportFailed', defaultMessage: 'The export could not be downloaded.' },
});
