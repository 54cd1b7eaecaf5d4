import { defineMessage, defineMessages } from 'react-intl';

export const scannerMessages = defineMessages({
  pageTitle: { id: 'checkIn.scanner.pageTitle', defaultMessage: 'Check-in' },
  loading: { id: 'checkIn.scanner.loading', defaultMessage: 'Loading the check-in list…' },
  loadFailed: { id: 'checkIn.scanner.loadFailed', defaultMessage: 'The check-in list could not be loaded.' },
  retry: { id: 'checkIn.scanner.retry', defaultMessage: 'Try again' },
  counts: defineMessage<{ checkedIn: number; total: number }>({
    id: 'checkIn.scanner.counts',
    defaultMessage: '{checkedIn} of {total} checked in',
  }),
  live: { id: 'checkIn.scanner.live', defaultMessage: 'Live' },
  connecting: { id: 'checkIn.scanner.connecting', defaultMessage: 'Connecting…' },
  offlineTag: { id: 'checkIn.scanner.offlineTag', defaultMessage: 'Offline' },
  offline: { id: 'checkIn.scanner.offline', defaultMessage: 'You are offline' },
  offlineHelp: {
    id: 'checkIn.scanner.offlineHelp',
    defaultMessage:
      'Scans are decided on this device with the list it saved, and sent to the server when the connection is back.',
  },
  pending: defineMessage<{ count: number }>({
    id: 'checkIn.scanner.pending',
    defaultMessage: '{count, plural, one {# scan} other {# scans}} waiting to be sent',
  }),
  notYetActive: { id: 'checkIn.scanner.notYetActive', defaultMessage: 'This list is not active yet.' },
  expired: { id: 'checkIn.scanner.expired', defaultMessage: 'This list has expired.' },
  gate: { id: 'checkIn.scanner.gate', defaultMessage: 'Gate or door (optional)' },
  gatePlaceholder: { id: 'checkIn.scanner.gatePlaceholder', defaultMessage: 'e.g. Gate B' },
  // camera
  camera: { id: 'checkIn.scanner.camera', defaultMessage: 'Camera' },
  startCamera: { id: 'checkIn.scanner.startCamera', defaultMessage: 'Start camera' },
  stopCamera: { id: 'checkIn.scanner.stopCamera', defaultMessage: 'Stop camera' },
  chooseCamera: { id: 'checkIn.scanner.chooseCamera', defaultMessage: 'Choose camera' },
  torchOn: { id: 'checkIn.scanner.torchOn', defaultMessage: 'Flash on' },
  torchOff: { id: 'checkIn.scanner.torchOff', defaultMessage: 'Flash off' },
  noTorch: { id: 'checkIn.scanner.noTorch', defaultMessage: 'Flash not available' },
  permissionDenied: {
    id: 'checkIn.scanner.permissionDenied',
    defaultMessage: 'Camera permission was denied',
  },
  permissionHelp: {
    id: 'checkIn.scanner.permissionHelp',
    defaultMessage:
      'Allow the camera for this site in your browser’s settings, then try again. Meanwhile, type or scan codes into the field below or search by name.',
  },
  noCamera: { id: 'checkIn.scanner.noCamera', defaultMessage: 'No camera could be started on this device.' },
  scanImage: { id: 'checkIn.scanner.scanImage', defaultMessage: 'Scan a photo of a QR code' },
  noCodeInImage: {
    id: 'checkIn.scanner.noCodeInImage',
    defaultMessage: 'No QR code was found in that picture.',
  },
  // hardware scanner and manual entry
  codeField: { id: 'checkIn.scanner.codeField', defaultMessage: 'Ticket code or order reference' },
  codeHelp: {
    id: 'checkIn.scanner.codeHelp',
    defaultMessage:
      'A hardware scanner types here. You can also type the order reference from the buyer’s confirmation (such as 4K7Q2M9X) and press Enter.',
  },
  check: { id: 'checkIn.scanner.check', defaultMessage: 'Check' },
  search: {
    id: 'checkIn.scanner.search',
    defaultMessage: 'Search by name, email, order or ticket reference',
  },
  searchButton: { id: 'checkIn.scanner.searchButton', defaultMessage: 'Search' },
  noMatches: { id: 'checkIn.scanner.noMatches', defaultMessage: 'Nobody on this list matches.' },
  checkInButton: defineMessage<{ name: string }>({
    id: 'checkIn.scanner.checkInButton',
    defaultMessage: 'Check in {name}',
  }),
  checkedInTag: { id: 'checkIn.scanner.checkedInTag', defaultMessage: 'Checked in' },
  cancelledTag: { id: 'checkIn.scanner.cancelledTag', defaultMessage: 'Cancelled' },
  unpaidTag: { id: 'checkIn.scanner.unpaidTag', defaultMessage: 'Awaiting payment' },
  payAndCheckInButton: defineMessage<{ name: string }>({
    id: 'checkIn.scanner.payAndCheckInButton',
    defaultMessage: 'Mark paid and check in {name}',
  }),
  orderOf: defineMessage<{ reference: string }>({
    id: 'checkIn.scanner.orderOf',
    defaultMessage: 'Order {reference}',
  }),
  // an order reference typed at the door
  orderTickets: defineMessage<{ count: number }>({
    id: 'checkIn.scanner.orderTickets',
    defaultMessage:
      '{count, plural, one {# ticket} other {# tickets}} on this list. Check in each person who is here.',
  }),
  orderNotFound: defineMessage<{ reference: string }>({
    id: 'checkIn.scanner.orderNotFound',
    defaultMessage: 'No ticket on this list belongs to order {reference}.',
  }),
  orderTicketsLabel: defineMessage<{ reference: string }>({
    id: 'checkIn.scanner.orderTicketsLabel',
    defaultMessage: 'Tickets of order {reference}',
  }),
  // results
  waiting: { id: 'checkIn.scanner.waiting', defaultMessage: 'Ready to scan' },
  checking: { id: 'checkIn.scanner.checking', defaultMessage: 'Checking…' },
  admitted: { id: 'checkIn.scanner.admitted', defaultMessage: 'Admitted' },
  duplicate: { id: 'checkIn.scanner.duplicate', defaultMessage: 'Already checked in' },
  duplicateAtGate: defineMessage<{ time: string; gate: string; list: string }>({
    id: 'checkIn.scanner.duplicateAtGate',
    defaultMessage: 'At {time} at {gate} ({list})',
  }),
  duplicateOnThisDevice: defineMessage<{ time: string; list: string }>({
    id: 'checkIn.scanner.duplicateOnThisDevice',
    defaultMessage: 'At {time} on this device ({list})',
  }),
  duplicateOnAnotherDevice: defineMessage<{ time: string; list: string }>({
    id: 'checkIn.scanner.duplicateOnAnotherDevice',
    defaultMessage: 'At {time} on another device ({list})',
  }),
  refused: { id: 'checkIn.scanner.refused', defaultMessage: 'Not admitted' },
  undo: { id: 'checkIn.scanner.undo', defaultMessage: 'Undo check-in' },
  admitAsPaid: {
    id: 'checkIn.scanner.admitAsPaid',
    defaultMessage: 'Mark order paid and check in',
  },
  undoFailed: { id: 'checkIn.scanner.undoFailed', defaultMessage: 'The check-in could not be undone.' },
  failed: {
    id: 'checkIn.scanner.failed',
    defaultMessage: 'The scan could not be sent; check the connection and scan again.',
  },
});
