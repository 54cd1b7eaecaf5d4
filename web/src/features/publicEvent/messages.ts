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
