import { defineMessage, defineMessages } from 'react-intl';

export const organizerMessages = defineMessages({
  heading: { id: 'organizers.heading', defaultMessage: 'Organizers' },
  createTitle: { id: 'organizers.create.title', defaultMessage: 'Create organizer' },
  editTitle: { id: 'organizers.edit.title', defaultMessage: 'Edit organizer' },
  newOrganizer: { id: 'organizers.new', defaultMessage: 'New organizer' },
  edit: { id: 'organizers.edit', defaultMessage: 'Edit organizer' },
  name: { id: 'organizers.field.name', defaultMessage: 'Name' },
  email: { id: 'organizers.field.email', defaultMessage: 'Email' },
  website: { id: 'organizers.field.website', defaultMessage: 'Website' },
  description: { id: 'organizers.field.description', defaultMessage: 'Description' },
  required: { id: 'organizers.required', defaultMessage: '(required)' },
  optional: { id: 'organizers.optional', defaultMessage: '(optional)' },
  save: { id: 'organizers.save', defaultMessage: 'Save organizer' },
  cancel: { id: 'organizers.cancel', defaultMessage: 'Cancel' },
  saved: defineMessage<{ name: string }>({ id: 'organizers.saved', defaultMessage: '“{name}” was saved.' }),
  failed: {
    id: 'organizers.failed',
    defaultMessage: 'Could not save the organizer. Check your data and try again.',
  },
  nameRequired: { id: 'organizers.nameRequired', defaultMessage: 'Enter a name.' },
  nameTooLong: { id: 'organizers.nameTooLong', defaultMessage: 'Keep the name under 150 characters.' },
  none: { id: 'organizers.none', defaultMessage: 'No organizers yet. Create one to create events.' },
  events: { id: 'organizers.events', defaultMessage: 'Events' },
  images: { id: 'organizers.images', defaultMessage: 'Images' },
  logo: { id: 'organizers.logo', defaultMessage: 'Logo' },
  cover: { id: 'organizers.cover', defaultMessage: 'Cover image' },
  logoHelp: {
    id: 'organizers.logoHelp',
    defaultMessage: 'PNG, JPEG, WebP or GIF under 5 MB, at least 100×100.',
  },
  coverHelp: {
    id: 'organizers.coverHelp',
    defaultMessage: 'PNG, JPEG, WebP or GIF under 5 MB, at least 900×450 (2160×1080 recommended).',
  },
  notFoundTitle: { id: 'organizers.notFound.title', defaultMessage: 'Organizer not found' },
  notFoundDescription: {
    id: 'organizers.notFound.description',
    defaultMessage: 'This organizer does not exist, or it belongs to another account.',
  },
  allEvents: { id: 'organizers.allEvents', defaultMessage: 'All events' },
});
