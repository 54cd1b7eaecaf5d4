import { defineMessage, defineMessages } from 'react-intl';

/** The children of `/manage/event/{eventId}` (spec section 2) as they read in the sidebar. */
export const eventSectionMessages = defineMessages({
  overview: { id: 'eventDashboard.section.overview', defaultMessage: 'Overview' },
  dashboard: { id: 'eventDashboard.section.dashboard', defaultMessage: 'Dashboard' },
  reports: { id: 'eventDashboard.section.reports', defaultMessage: 'Reports' },
  gettingStarted: { id: 'eventDashboard.section.gettingStarted', defaultMessage: 'Getting started' },
  tickets: { id: 'eventDashboard.section.tickets', defaultMessage: 'Tickets' },
  attendees: { id: 'eventDashboard.section.attendees', defaultMessage: 'Attendees' },
  orders: { id: 'eventDashboard.section.orders', defaultMessage: 'Orders' },
  questions: { id: 'eventDashboard.section.questions', defaultMessage: 'Questions' },
  promoCodes: { id: 'eventDashboard.section.promoCodes', defaultMessage: 'Promo codes' },
  affiliates: { id: 'eventDashboard.section.affiliates', defaultMessage: 'Affiliates' },
  capacityAssignments: {
    id: 'eventDashboard.section.capacityAssignments',
    defaultMessage: 'Capacity assignments',
  },
  checkIn: { id: 'eventDashboard.section.checkIn', defaultMessage: 'Check-in lists' },
  messages: { id: 'eventDashboard.section.messages', defaultMessage: 'Messages' },
  webhooks: { id: 'eventDashboard.section.webhooks', defaultMessage: 'Webhooks' },
  invoices: { id: 'eventDashboard.section.invoices', defaultMessage: 'Invoices' },
  waitingList: { id: 'eventDashboard.section.waitingList', defaultMessage: 'Waiting list' },
  emailTemplates: { id: 'eventDashboard.section.emailTemplates', defaultMessage: 'Email templates' },
  homepageDesigner: { id: 'eventDashboard.section.homepageDesigner', defaultMessage: 'Homepage designer' },
  widget: { id: 'eventDashboard.section.widget', defaultMessage: 'Widget' },
  settings: { id: 'eventDashboard.section.settings', defaultMessage: 'Settings' },
});

export const eventDashboardMessages = defineMessages({
  sidebarLabel: { id: 'eventDashboard.sidebarLabel', defaultMessage: 'Event sections' },
  eventHomepage: { id: 'eventDashboard.eventHomepage', defaultMessage: 'Event homepage' },
  organizer: { id: 'eventDashboard.details.organizer', defaultMessage: 'Organizer' },
  manageActions: { id: 'eventDashboard.details.manageActions', defaultMessage: 'More actions' },
  backToEvents: { id: 'eventDashboard.backToEvents', defaultMessage: 'All events' },
  loading: { id: 'eventDashboard.loading', defaultMessage: 'Loading event…' },
  notFoundTitle: { id: 'eventDashboard.notFound.title', defaultMessage: 'Event not found' },
  notFoundDescription: {
    id: 'eventDashboard.notFound.description',
    defaultMessage: 'This event does not exist, or it belongs to another account.',
  },
  loadError: { id: 'eventDashboard.loadError', defaultMessage: 'The event could not be loaded.' },
  detailsHeading: { id: 'eventDashboard.details.heading', defaultMessage: 'Event details' },
  status: { id: 'eventDashboard.details.status', defaultMessage: 'Status' },
  when: { id: 'eventDashboard.details.when', defaultMessage: 'When' },
  timeZone: { id: 'eventDashboard.details.timeZone', defaultMessage: 'Time zone' },
  currency: { id: 'eventDashboard.details.currency', defaultMessage: 'Currency' },
  currencyValue: defineMessage<{ name: string; code: string }>({
    id: 'eventDashboard.details.currencyValue',
    defaultMessage: '{name} ({code})',
  }),
  where: { id: 'eventDashboard.details.where', defaultMessage: 'Where' },
  description: { id: 'eventDashboard.details.description', defaultMessage: 'Description' },
  noDescription: { id: 'eventDashboard.details.noDescription', defaultMessage: 'No description yet.' },
  created: { id: 'eventDashboard.details.created', defaultMessage: 'Created' },
  updated: { id: 'eventDashboard.details.updated', defaultMessage: 'Last updated' },
  publicPage: { id: 'eventDashboard.details.publicPage', defaultMessage: 'Public page' },
  publicPageDraft: {
    id: 'eventDashboard.details.publicPageDraft',
    defaultMessage: 'Buyers can see the public page once the event is live.',
  },
  statusActions: { id: 'eventDashboard.details.statusActions', defaultMessage: 'Change status' },
});
