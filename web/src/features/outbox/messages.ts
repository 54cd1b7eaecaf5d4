import { defineMessage, defineMessages } from 'react-intl';

export const outboxMessages = defineMessages({
  pageTitle: { id: 'outbox.pageTitle', defaultMessage: 'Outbox' },
  heading: { id: 'outbox.heading', defaultMessage: 'Outbox' },
  intro: {
    id: 'outbox.intro',
    defaultMessage:
      'Every email about this account and every email to you. Without a mail server (SMTP_URL) emails are kept here instead of being sent.',
  },
  tableLabel: { id: 'outbox.tableLabel', defaultMessage: 'Emails' },
  columnTo: { id: 'outbox.column.to', defaultMessage: 'To' },
  columnSubject: { id: 'outbox.column.subject', defaultMessage: 'Subject' },
  columnStatus: { id: 'outbox.column.status', defaultMessage: 'Status' },
  columnDate: { id: 'outbox.column.date', defaultMessage: 'Written' },
  statusPending: { id: 'outbox.status.pending', defaultMessage: 'Waiting' },
  statusSending: { id: 'outbox.status.sending', defaultMessage: 'Sending' },
  statusSentSmtp: { id: 'outbox.status.sentSmtp', defaultMessage: 'Sent' },
  statusKept: { id: 'outbox.status.kept', defaultMessage: 'Kept here' },
  statusFailed: { id: 'outbox.status.failed', defaultMessage: 'Failed' },
  open: defineMessage<{ subject: string }>({ id: 'outbox.open', defaultMessage: 'Open "{subject}"' }),
  empty: { id: 'outbox.empty', defaultMessage: 'No emails yet.' },
  loading: { id: 'outbox.loading', defaultMessage: 'Loading emails…' },
  loadFailed: { id: 'outbox.loadFailed', defaultMessage: 'The emails could not be loaded.' },
  close: { id: 'outbox.close', defaultMessage: 'Close' },
  textTab: { id: 'outbox.tab.text', defaultMessage: 'Text' },
  htmlTab: { id: 'outbox.tab.html', defaultMessage: 'HTML' },
  previewLabel: { id: 'outbox.previewLabel', defaultMessage: 'HTML version of the email' },
  lastError: defineMessage<{ attempts: number; error: string }>({
    id: 'outbox.lastError',
    defaultMessage: 'Attempt {attempts} failed: {error}',
  }),
  paginationNav: { id: 'outbox.pagination.nav', defaultMessage: 'Pages of emails' },
});
