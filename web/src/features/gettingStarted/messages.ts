import { defineMessage, defineMessages } from 'react-intl';

export const gettingStartedMessages = defineMessages({
  pageTitle: { id: 'gettingStarted.pageTitle', defaultMessage: 'Getting started' },
  heading: { id: 'gettingStarted.heading', defaultMessage: 'Get your event ready' },
  progress: defineMessage<{ done: number; total: number }>({
    id: 'gettingStarted.progress',
    defaultMessage: '{done} of {total} steps done',
  }),
  ticketsTitle: { id: 'gettingStarted.tickets.title', defaultMessage: 'Create tickets' },
  ticketsText: {
    id: 'gettingStarted.tickets.text',
    defaultMessage: 'Add the tickets buyers can choose from.',
  },
  paymentTitle: { id: 'gettingStarted.payment.title', defaultMessage: 'Set up payment' },
  paymentText: {
    id: 'gettingStarted.payment.text',
    defaultMessage: 'Connect card payments to sell paid tickets.',
  },
  customiseTitle: { id: 'gettingStarted.customise.title', defaultMessage: 'Customise the page' },
  customiseText: {
    id: 'gettingStarted.customise.text',
    defaultMessage: 'Upload a cover image and choose the colours of the event page.',
  },
  publishTitle: { id: 'gettingStarted.publish.title', defaultMessage: 'Publish the event' },
  publishText: { id: 'gettingStarted.publish.text', defaultMessage: 'Make the event page live for buyers.' },
  done: { id: 'gettingStarted.done', defaultMessage: 'Done' },
  todo: { id: 'gettingStarted.todo', defaultMessage: 'To do' },
  unavailable: { id: 'gettingStarted.unavailable', defaultMessage: 'Coming soon' },
  unavailableHint: {
    id: 'gettingStarted.unavailableHint',
    defaultMessage: 'This step is ticked once the feature is available on this platform.',
  },
  open: { id: 'gettingStarted.open', defaultMessage: 'Go there' },
});
