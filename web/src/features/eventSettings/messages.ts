import { defineMessage, defineMessages } from 'react-intl';

export const eventSettingsMessages = defineMessages({
  pageTitle: { id: 'eventSettings.pageTitle', defaultMessage: 'Settings' },
  sectionsLabel: { id: 'eventSettings.sectionsLabel', defaultMessage: 'Settings sections' },
  basic: { id: 'eventSettings.section.basic', defaultMessage: 'Basic details' },
  location: { id: 'eventSettings.section.location', defaultMessage: 'Location' },
  cover: { id: 'eventSettings.section.cover', defaultMessage: 'Cover image' },
  email: { id: 'eventSettings.section.email', defaultMessage: 'Email and notifications' },
  seo: { id: 'eventSettings.section.seo', defaultMessage: 'SEO' },
  misc: { id: 'eventSettings.section.misc', defaultMessage: 'Miscellaneous' },
  checkout: { id: 'eventSettings.section.checkout', defaultMessage: 'Homepage and checkout' },
  payment: { id: 'eventSettings.section.payment', defaultMessage: 'Payment' },
  paymentHelp: {
    id: 'eventSettings.paymentHelp',
    defaultMessage:
      'Card payments are set up once for the account, under Account › Payment. Offline payment (bank transfer, cash at the door) is chosen per event: its orders await payment until a member marks them paid.',
  },
  offlinePayments: { id: 'eventSettings.field.offlinePayments', defaultMessage: 'Offer offline payment' },
  invoices: {
    id: 'eventSettings.field.invoices',
    defaultMessage: 'Issue invoices (buyers may ask for a company invoice at checkout)',
  },
  offlinePaymentInstructions: {
    id: 'eventSettings.field.offlinePaymentInstructions',
    defaultMessage: 'How to pay offline (shown after checkout and in the confirmation email)',
  },
  payAtCheckIn: {
    id: 'eventSettings.field.payAtCheckIn',
    defaultMessage: 'Let door staff mark an order paid and check its attendee in',
  },
  save: { id: 'eventSettings.save', defaultMessage: 'Save' },
  saved: defineMessage<{ section: string }>({
    id: 'eventSettings.saved',
    defaultMessage: '{section} saved.',
  }),
  failed: { id: 'eventSettings.failed', defaultMessage: 'Could not save. Check the highlighted fields.' },
  archivedNotice: {
    id: 'eventSettings.archivedNotice',
    defaultMessage: 'This event is archived. Restore it to change its settings.',
  },
  required: { id: 'eventSettings.required', defaultMessage: '(required)' },
  optional: { id: 'eventSettings.optional', defaultMessage: '(optional)' },
  organizer: { id: 'eventSettings.field.organizer', defaultMessage: 'Organizer' },
  title: { id: 'eventSettings.field.title', defaultMessage: 'Title' },
  description: { id: 'eventSettings.field.description', defaultMessage: 'Description' },
  start: { id: 'eventSettings.field.start', defaultMessage: 'Starts' },
  end: { id: 'eventSettings.field.end', defaultMessage: 'Ends' },
  dateHelp: defineMessage<{ timeZone: string }>({
    id: 'eventSettings.dateHelp',
    defaultMessage: 'Local time in {timeZone}',
  }),
  timeZone: { id: 'eventSettings.field.timeZone', defaultMessage: 'Time zone' },
  currency: { id: 'eventSettings.field.currency', defaultMessage: 'Currency' },
  isOnline: { id: 'eventSettings.field.isOnline', defaultMessage: 'This is an online event' },
  connectionDetails: {
    id: 'eventSettings.field.connectionDetails',
    defaultMessage: 'Online connection details',
  },
  connectionDetailsHelp: {
    id: 'eventSettings.field.connectionDetailsHelp',
    defaultMessage: 'Sent to attendees with their tickets; never shown on the public page.',
  },
  venueName: { id: 'eventSettings.field.venueName', defaultMessage: 'Venue name' },
  addressLine1: { id: 'eventSettings.field.addressLine1', defaultMessage: 'Address line 1' },
  addressLine2: { id: 'eventSettings.field.addressLine2', defaultMessage: 'Address line 2' },
  city: { id: 'eventSettings.field.city', defaultMessage: 'City' },
  stateOrRegion: { id: 'eventSettings.field.stateOrRegion', defaultMessage: 'State or region' },
  zip: { id: 'eventSettings.field.zip', defaultMessage: 'ZIP or postal code' },
  country: { id: 'eventSettings.field.country', defaultMessage: 'Country' },
  mapUrl: { id: 'eventSettings.field.mapUrl', defaultMessage: 'Custom map URL' },
  mapUrlHelp: {
    id: 'eventSettings.field.mapUrlHelp',
    defaultMessage: 'A link to a map of the venue, starting with https://',
  },
  supportEmail: { id: 'eventSettings.field.supportEmail', defaultMessage: 'Support email' },
  replyToEmail: { id: 'eventSettings.field.replyToEmail', defaultMessage: 'Reply-to email' },
  emailFooter: { id: 'eventSettings.field.emailFooter', defaultMessage: 'Email footer message' },
  seoTitle: { id: 'eventSettings.field.seoTitle', defaultMessage: 'SEO title' },
  seoDescription: { id: 'eventSettings.field.seoDescription', defaultMessage: 'SEO description' },
  seoKeywords: { id: 'eventSettings.field.seoKeywords', defaultMessage: 'SEO keywords' },
  seoKeywordsHelp: {
    id: 'eventSettings.field.seoKeywordsHelp',
    defaultMessage: 'Comma separated, e.g. jazz, concert, berlin',
  },
  allowIndexing: {
    id: 'eventSettings.field.allowIndexing',
    defaultMessage: 'Allow search engines to index this event',
  },
  seoHelp: {
    id: 'eventSettings.seoHelp',
    defaultMessage:
      'Search engines and link previews read these; the event title and description are used when empty.',
  },
  orderTimeout: { id: 'eventSettings.field.orderTimeout', defaultMessage: 'Order timeout (minutes)' },
  waitingRoom: { id: 'eventSettings.section.waitingRoom', defaultMessage: 'Waiting room' },
  waitingRoomHelp: {
    id: 'eventSettings.waitingRoom.help',
    defaultMessage:
      'In a rush, buyers wait in a queue on the event page and go to the tickets a few at a time, in the order they arrived. Only admitted buyers can reserve.',
  },
  waitingRoomMode: { id: 'eventSettings.field.waitingRoomMode', defaultMessage: 'Waiting room' },
  waitingRoomAuto: {
    id: 'eventSettings.field.waitingRoomAuto',
    defaultMessage: 'Automatic: on when the event has 1,000 tickets or more',
  },
  waitingRoomOn: { id: 'eventSettings.field.waitingRoomOn', defaultMessage: 'On' },
  waitingRoomOff: { id: 'eventSettings.field.waitingRoomOff', defaultMessage: 'Off' },
  waitingRoomCapacity: {
    id: 'eventSettings.field.waitingRoomCapacity',
    defaultMessage: 'Buyers in checkout at once',
  },
  waitingRoomCapacityHelp: {
    id: 'eventSettings.field.waitingRoomCapacityHelp',
    defaultMessage: 'The next buyers in the queue are let in as these checkouts finish or run out.',
  },
  waitingRoomCapacityInvalid: {
    id: 'eventSettings.field.waitingRoomCapacityInvalid',
    defaultMessage: 'Enter a whole number of buyers from 1 to 10,000',
  },
  orderTimeoutHelp: {
    id: 'eventSettings.field.orderTimeoutHelp',
    defaultMessage: 'How long buyers have to complete checkout. At least 15 minutes is recommended.',
  },
  orderTimeoutShort: {
    id: 'eventSettings.field.orderTimeoutShort',
    defaultMessage: 'Under 15 minutes leaves buyers little time to pay.',
  },
  priceDisplayMode: { id: 'eventSettings.field.priceDisplayMode', defaultMessage: 'Price display' },
  priceInclusive: { id: 'eventSettings.priceInclusive', defaultMessage: 'Prices include taxes and fees' },
  priceExclusive: {
    id: 'eventSettings.priceExclusive',
    defaultMessage: 'Show taxes and fees separately',
  },
  showAvailableQuantity: {
    id: 'eventSettings.field.showAvailableQuantity',
    defaultMessage: 'Show the available ticket quantity',
  },
  hideHomepageFromSidebar: {
    id: 'eventSettings.field.hideHomepageFromSidebar',
    defaultMessage: 'Hide the event homepage link from the sidebar',
  },
  preCheckoutMessage: {
    id: 'eventSettings.field.preCheckoutMessage',
    defaultMessage: 'Pre-checkout message',
  },
  postCheckoutMessage: {
    id: 'eventSettings.field.postCheckoutMessage',
    defaultMessage: 'Post-checkout message',
  },
  continueButtonText: {
    id: 'eventSettings.field.continueButtonText',
    defaultMessage: 'Continue button text',
  },
  coverHelp: {
    id: 'eventSettings.coverHelp',
    defaultMessage:
      'PNG, JPEG, WebP or GIF under 5 MB, from 600×300 to 4000×4000 pixels; 2160×1080 is recommended.',
  },
  // rich text
  // images
});
