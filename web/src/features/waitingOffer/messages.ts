import { defineMessages } from 'react-intl';

/** The waiting-list offer link's page (ids `waitingOffer.<what>`). */
export const waitingOfferMessages = defineMessages({
  openingTitle: { id: 'waitingOffer.opening.title', defaultMessage: 'Opening your offer…' },
  openingDescription: {
    id: 'waitingOffer.opening.description',
    defaultMessage: 'We are taking you to the checkout with the tickets held for you.',
  },
  expiredTitle: { id: 'waitingOffer.expired.title', defaultMessage: 'This offer has expired' },
  expiredDescription: {
    id: 'waitingOffer.expired.description',
    defaultMessage:
      'The tickets were held for you for a limited time, and that time is over. They have gone to the next person on the waiting list.',
  },
  notYoursTitle: {
    id: 'waitingOffer.notYours.title',
    defaultMessage: 'This offer is open in another browser',
  },
  notYoursDescription: {
    id: 'waitingOffer.notYours.description',
    defaultMessage:
      'An offer can be completed only in the browser it was first opened in. Please continue there.',
  },
  notFoundTitle: { id: 'waitingOffer.notFound.title', defaultMessage: 'Offer not found' },
  notFoundDescription: {
    id: 'waitingOffer.notFound.description',
    defaultMessage: 'This link does not lead to an offer. Please use the complete link from your email.',
  },
  closedTitle: { id: 'waitingOffer.closed.title', defaultMessage: 'This offer is no longer open' },
  closedDescription: {
    id: 'waitingOffer.closed.description',
    defaultMessage:
      'The tickets of this offer were already ordered, or the offer was withdrawn. If you ordered them, your confirmation is in your email.',
  },
  failedTitle: { id: 'waitingOffer.failed.title', defaultMessage: 'The offer could not be opened' },
  failedDescription: {
    id: 'waitingOffer.failed.description',
    defaultMessage: 'Something went wrong while opening your offer. Please try again.',
  },
  retry: { id: 'waitingOffer.retry', defaultMessage: 'Try again' },
});
