import { defineMessage, defineMessages } from 'react-intl';

export const mailTemplatesMessages = defineMessages({
  pageTitle: { id: 'mailTemplates.pageTitle', defaultMessage: 'Email templates' },
  heading: { id: 'mailTemplates.heading', defaultMessage: 'Email templates' },
  intro: defineMessage<{ example: string }>({
    id: 'mailTemplates.intro',
    defaultMessage:
      'Word the order confirmation and the ticket email of this event yourself. Placeholders such as {example} are filled in for each buyer; the QR code, payment instructions and buttons are added for you, in the buyer’s language.',
  }),
  loading: { id: 'mailTemplates.loading', defaultMessage: 'Loading templates…' },
  loadFailed: { id: 'mailTemplates.loadFailed', defaultMessage: 'The templates could not be loaded.' },
  orderConfirmation: { id: 'mailTemplates.kind.orderConfirmation', defaultMessage: 'Order confirmation' },
  orderTicket: { id: 'mailTemplates.kind.orderTicket', defaultMessage: 'Ticket email' },
  custom: { id: 'mailTemplates.custom', defaultMessage: 'Your wording' },
  standard: { id: 'mailTemplates.standard', defaultMessage: 'Standard wording' },
  subject: { id: 'mailTemplates.subject', defaultMessage: 'Subject' },
  body: { id: 'mailTemplates.body', defaultMessage: 'Text' },
  placeholders: { id: 'mailTemplates.placeholders', defaultMessage: 'Placeholders' },
  preview: { id: 'mailTemplates.preview', defaultMessage: 'Preview' },
  previewTitle: defineMessage<{ subject: string }>({
    id: 'mailTemplates.previewTitle',
    defaultMessage: 'Preview: {subject}',
  }),
  previewFrame: { id: 'mailTemplates.previewFrame', defaultMessage: 'Email preview with sample data' },
  save: { id: 'mailTemplates.save', defaultMessage: 'Save' },
  reset: { id: 'mailTemplates.reset', defaultMessage: 'Use the standard wording' },
  saved: { id: 'mailTemplates.saved', defaultMessage: 'The template was saved.' },
  wasReset: { id: 'mailTemplates.wasReset', defaultMessage: 'The standard wording is used again.' },
  failed: { id: 'mailTemplates.failed', defaultMessage: 'The template could not be saved' },
});
