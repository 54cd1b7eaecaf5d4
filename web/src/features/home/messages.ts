import { defineMessages } from 'react-intl';

export const homeMessages = defineMessages({
  heading: { id: 'home.heading', defaultMessage: 'No events to show yet' },
  description: {
    id: 'home.description',
    defaultMessage: 'There are no public events right now. Organizers can log in to create one.',
  },
  login: { id: 'home.login', defaultMessage: 'Organizer login' },
});
