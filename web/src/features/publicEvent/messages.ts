import { defineMessage, defineMessages } from 'react-intl';

export const publicEventMessages = defineMessages({
  notAvailableTitle: { id: 'publicEvent.notAvailable.title', defaultMessage: 'Event not available' },
  notAvailableDescription: {
    id: 'publicEvent.notAvailable.description',
    defaultMessage: 'This event does not exist or is not available at the moment.',
  },
  when: { id: 'publicEvent.when', defaultMessage: 'Date and time' },
  viewerTime: defineMessage<{ dates: string }>({
    id: 'publicEvent.viewerTime',
    defaultMessage: 'Your time: {dates}',
    description:
      "The event's dates on the visitor's own clock, shown when it differs from the event's time zone",
  }),
  where: { id: 'publicEvent.where', defaultMessage: 'Location' },
  online: { id: 'publicEvent.online', defaultMessage: 'Online event' },
  onlineHint: { id: 'publicEvent.onlineHint', defaultMessage: 'Joining details are sent with your ticket.' },
  locationTba: { id: 'publicEvent.locationTba', defaultMessage: 'Location to be announced' },
  about: { id: 'publicEvent.about', defaultMessage: 'About this event' },
  tickets: { id: 'publicEvent.tickets', defaultMessage: 'Tickets' },
  ticketsNotOnSaleTitle: {
    id: 'publicEvent.tickets.notOnSale.title',
    defaultMessage: 'Tickets are not on sale yet',
  },
  ticketsNotOnSaleDescription: {
    id: 'publicEvent.tickets.notOnSale.description',
    defaultMessage: 'Ticket sales for this event are not available yet. Please check back later.',
  },
  promoApplied: defineMessage<{ code: string }>({
    id: 'publicEvent.promo.applied',
    defaultMessage: 'Promo code {code} applied.',
  }),
  promoInvalid: { id: 'publicEvent.promo.invalid', defaultMessage: 'That promo code is invalid.' },
  promoInvalidKeeping: defineMessage<{ code: string }>({
    id: 'publicEvent.promo.invalidKeeping',
    defaultMessage: 'That promo code is invalid. Promo code {code} is still applied.',
    description: 'A second code was refused; the code applied before still prices the tickets',
  }),
  backHome: { id: 'publicEvent.backHome', defaultMessage: 'Go back to the home page' },
  organizedBy: defineMessage<{ name: string }>({
    id: 'publicEvent.organizedBy',
    defaultMessage: 'Organized by {name}',
  }),
  aboutOrganizer: defineMessage<{ name: string }>({
    id: 'publicEvent.aboutOrganizer',
    defaultMessage: 'About {name}',
  }),
  viewMap: { id: 'publicEvent.viewMap', defaultMessage: 'View map' },
  continue: { id: 'publicEvent.continue', defaultMessage: 'Continue' },
  poweredBy: defineMessage<{ product: string }>({
    id: 'publicEvent.poweredBy',
    defaultMessage: 'Tickets by {product}',
  }),
});

export const ticketSelectorMessages = defineMessages({
  free: { id: 'publicEvent.selector.free', defaultMessage: 'Free' },
  inclusive: { id: 'publicEvent.selector.inclusive', defaultMessage: 'incl. taxes and fees' },
  plusCharges: defineMessage<{ amount: string }>({
    id: 'publicEvent.selector.plusCharges',
    defaultMessage: 'plus {amount} taxes and fees',
  }),
  was: defineMessage<{ amount: string }>({
    id: 'publicEvent.selector.was',
    defaultMessage: 'was {amount}',
  }),
  donationMinimum: defineMessage<{ amount: string }>({
    id: 'publicEvent.selector.donationMinimum',
    defaultMessage: 'Pay what you want, at least {amount}',
  }),
  donationAmount: defineMessage<{ title: string; currency: string }>({
    id: 'publicEvent.selector.donationAmount',
    defaultMessage: 'Your amount for {title} ({currency})',
  }),
  donationTooLow: defineMessage<{ amount: string }>({
    id: 'publicEvent.selector.donationTooLow',
    defaultMessage: 'Enter at least {amount}.',
  }),
  left: defineMessage<{ count: number }>({
    id: 'publicEvent.selector.left',
    defaultMessage: '{count, plural, one {# left} other {# left}}',
  }),
  quantity: defineMessage<{ title: string }>({
    id: 'publicEvent.selector.quantity',
    defaultMessage: 'Quantity of {title}',
  }),
  soldOut: { id: 'publicEvent.selector.soldOut', defaultMessage: 'Sold out' },
  notOnSale: { id: 'publicEvent.selector.notOnSale', defaultMessage: 'Not on sale' },
  paymentSetupIncomplete: {
    id: 'publicEvent.selector.paymentSetupIncomplete',
    defaultMessage: 'Payment setup incomplete: not on sale yet',
  },
  onSaleFrom: defineMessage<{ date: string }>({
    id: 'publicEvent.selector.onSaleFrom',
    defaultMessage: 'On sale from {date}',
  }),
  saleEnded: { id: 'publicEvent.selector.saleEnded', defaultMessage: 'Sale ended' },
  promoLabel: { id: 'publicEvent.selector.promoLabel', defaultMessage: 'Promo code' },
  promoApply: { id: 'publicEvent.selector.promoApply', defaultMessage: 'Apply' },
  reserving: { id: 'publicEvent.selector.reserving', defaultMessage: 'Reserving your tickets…' },
  nothingChosen: {
    id: 'publicEvent.selector.nothingChosen',
    defaultMessage: 'Choose at least one ticket.',
  },
  noTickets: {
    id: 'publicEvent.selector.noTickets',
    defaultMessage: 'No tickets are available at the moment.',
  },
});

export const waitingListJoinMessages = defineMessages({
  open: { id: 'publicEvent.waitingList.open', defaultMessage: 'Join the waiting list' },
  legend: defineMessage<{ title: string }>({
    id: 'publicEvent.waitingList.legend',
    defaultMessage: 'Waiting list for {title}',
  }),
  hint: {
    id: 'publicEvent.waitingList.hint',
    defaultMessage:
      'When tickets become available again, we email you an offer in the order people joined. You can then buy them for a limited time.',
  },
  name: { id: 'publicEvent.waitingList.name', defaultMessage: 'Your name' },
  email: { id: 'publicEvent.waitingList.email', defaultMessage: 'Email address' },
  nameInvalid: { id: 'publicEvent.waitingList.nameInvalid', defaultMessage: 'Please enter your name.' },
  emailInvalid: {
    id: 'publicEvent.waitingList.emailInvalid',
    defaultMessage: 'Please enter a valid email address.',
  },
  quantity: { id: 'publicEvent.waitingList.quantity', defaultMessage: 'Number of tickets' },
  submit: { id: 'publicEvent.waitingList.submit', defaultMessage: 'Join the waiting list' },
  joining: { id: 'publicEvent.waitingList.joining', defaultMessage: 'Joining…' },
  joined: defineMessage<{ email: string }>({
    id: 'publicEvent.waitingList.joined',
    defaultMessage: 'You are on the waiting list. We will write to {email} when tickets become available.',
  }),
  failed: {
    id: 'publicEvent.waitingList.failed',
    defaultMessage: 'Joining the waiting list did not work. Please try again.',
  },
});

export const waitingRoomMessages = defineMessages({
  title: { id: 'publicEvent.waitingRoom.title', defaultMessage: 'You are in the waiting room' },
  intro: {
    id: 'publicEvent.waitingRoom.intro',
    defaultMessage:
      'Many people want tickets right now, so buyers go to the tickets a few at a time, in the order they arrived. Keep this page open: it moves on by itself when it is your turn.',
  },
  number: defineMessage<{ number: number }>({
    id: 'publicEvent.waitingRoom.number',
    defaultMessage: 'Your number: {number, number}',
  }),
  position: defineMessage<{ position: number }>({
    id: 'publicEvent.waitingRoom.position',
    defaultMessage: 'Your place in the queue: {position, number}',
  }),
  ahead: defineMessage<{ ahead: number }>({
    id: 'publicEvent.waitingRoom.ahead',
    defaultMessage:
      '{ahead, plural, =0 {Nobody is ahead of you.} one {# person is ahead of you.} other {# people are ahead of you.}}',
  }),
  estimate: defineMessage<{ time: string }>({
    id: 'publicEvent.waitingRoom.estimate',
    defaultMessage: 'Estimated wait: {time}',
    description: 'A countdown such as 4:05 (minutes and seconds), refreshed as the queue moves',
  }),
  estimateSoon: {
    id: 'publicEvent.waitingRoom.estimateSoon',
    defaultMessage: 'Estimated wait: any moment now',
  },
  joining: { id: 'publicEvent.waitingRoom.joining', defaultMessage: 'Taking your place in the queue…' },
  joinFailed: {
    id: 'publicEvent.waitingRoom.joinFailed',
    defaultMessage: 'We could not give you a place in the queue. Please try again.',
  },
  retry: { id: 'publicEvent.waitingRoom.retry', defaultMessage: 'Try again' },
  soldOutTitle: { id: 'publicEvent.waitingRoom.soldOut.title', defaultMessage: 'Sold out while you waited' },
  soldOutDescription: {
    id: 'publicEvent.waitingRoom.soldOut.description',
    defaultMessage:
      'Every ticket has been taken while you were in the queue. We are sorry. If tickets come back, this page lets you in when it is your turn.',
  },
  admitted: defineMessage<{ time: string }>({
    id: 'publicEvent.waitingRoom.admitted',
    defaultMessage: 'It is your turn. Choose your tickets and continue before {time}.',
  }),
  lapsed: {
    id: 'publicEvent.waitingRoom.lapsed',
    defaultMessage:
      'Your turn ended before you reserved tickets, so you have a new place at the end of the queue.',
  },
});
