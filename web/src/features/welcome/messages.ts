import { defineMessage, defineMessages } from 'react-intl';

export const welcomeMessages = defineMessages({
  pageTitle: { id: 'welcome.pageTitle', defaultMessage: 'Welcome' },
  heading: defineMessage<{ name: string }>({ id: 'welcome.heading', defaultMessage: 'Welcome, {name}!' }),
  intro: {
    id: 'welcome.intro',
    defaultMessage: 'Your account is ready. Three steps and your first event can go on sale.',
  },
  stepsLabel: { id: 'welcome.stepsLabel', defaultMessage: 'Getting started' },
  done: { id: 'welcome.done', defaultMessage: 'Done' },
  confirmTitle: { id: 'welcome.confirm.title', defaultMessage: 'Confirm your email address' },
  confirmPending: defineMessage<{ email: string }>({
    id: 'welcome.confirm.pending',
    defaultMessage:
      'We sent a link to {email}. Follow it to confirm the address; you need that before an event can go live.',
  }),
  confirmDone: defineMessage<{ email: string }>({
    id: 'welcome.confirm.done',
    defaultMessage: '{email} is confirmed.',
  }),
  resend: { id: 'welcome.confirm.resend', defaultMessage: 'Send the link again' },
  resent: { id: 'welcome.confirm.resent', defaultMessage: 'A new confirmation link is on its way.' },
  resendFailed: {
    id: 'welcome.confirm.resendFailed',
    defaultMessage: 'The link could not be sent. Try again in a moment.',
  },
  organizerTitle: { id: 'welcome.organizer.title', defaultMessage: 'Create your first organizer' },
  organizerText: {
    id: 'welcome.organizer.text',
    defaultMessage:
      'The organizer is who puts on your events: its name and details appear on every event page.',
  },
  organizerDone: defineMessage<{ name: string }>({
    id: 'welcome.organizer.done',
    defaultMessage: '{name} is ready.',
  }),
  createOrganizer: { id: 'welcome.organizer.create', defaultMessage: 'Create organizer' },
  eventTitle: { id: 'welcome.event.title', defaultMessage: 'Create your first event' },
  eventText: {
    id: 'welcome.event.text',
    defaultMessage: 'Give it a title, a date and a currency; you can add tickets and details next.',
  },
  eventNeedsOrganizer: { id: 'welcome.event.needsOrganizer', defaultMessage: 'Create an organizer first.' },
  eventDone: { id: 'welcome.event.done', defaultMessage: 'Your first event is created.' },
  createEvent: { id: 'welcome.event.create', defaultMessage: 'Create event' },
  teamTitle: { id: 'welcome.team.title', defaultMessage: 'Invite your team (optional)' },
  teamText: {
    id: 'welcome.team.text',
    defaultMessage: 'Admins can do everything; organizers manage events and tickets.',
  },
  inviteTeam: { id: 'welcome.team.invite', defaultMessage: 'Invite users' },
  toEvents: { id: 'welcome.toEvents', defaultMessage: 'Go to your events' },
  loading: { id: 'welcome.loading', defaultMessage: 'Loading…' },
});
