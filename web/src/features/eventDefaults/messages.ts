import { defineMessage, defineMessages } from 'react-intl';

export const eventDefaultsMessages = defineMessages({
  pageTitle: { id: 'eventDefaults.pageTitle', defaultMessage: 'Event defaults' },
  heading: { id: 'eventDefaults.heading', defaultMessage: 'Event defaults' },
  intro: {
    id: 'eventDefaults.intro',
    defaultMessage: 'New events start with these settings. Events that exist already keep their own.',
  },
  section: { id: 'eventDefaults.section', defaultMessage: 'Defaults for new events' },
  timeZone: { id: 'eventDefaults.field.timeZone', defaultMessage: 'Default time zone' },
  currency: { id: 'eventDefaults.field.currency', defaultMessage: 'Default currency' },
  none: { id: 'eventDefaults.none', defaultMessage: 'Not set (choose per event)' },
  accountValue: defineMessage<{ value: string }>({
    id: 'eventDefaults.accountValue',
    defaultMessage: 'The account’s default ({value})',
  }),
  loadError: { id: 'eventDefaults.loadError', defaultMessage: 'The event defaults could not be loaded.' },
});
