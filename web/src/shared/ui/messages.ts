import { defineMessage, defineMessages } from 'react-intl';

export const uiMessages = defineMessages({
  paginationPrevious: { id: 'shared.pagination.previous', defaultMessage: 'Previous' },
  paginationNext: { id: 'shared.pagination.next', defaultMessage: 'Next' },
  paginationPage: defineMessage<{ page: number }>({
    id: 'shared.pagination.page',
    defaultMessage: 'Page {page}',
  }),
  productName: { id: 'shared.product.name', defaultMessage: 'Ticket Shop' },
  logoLabel: { id: 'shared.logo.label', defaultMessage: 'Ticket Shop logo' },
  notAvailableTitle: { id: 'shared.notAvailable.title', defaultMessage: 'Not available yet' },
  notAvailableDescription: defineMessage<{ feature: string }>({
    id: 'shared.notAvailable.description',
    defaultMessage: 'The {feature} page is being built and is not available yet.',
  }),
  notAvailableGeneric: {
    id: 'shared.notAvailable.generic',
    defaultMessage: 'This page is being built and is not available yet.',
  },
  loading: { id: 'shared.loading', defaultMessage: 'Loading…' },
  schemeButtonLabel: defineMessage<{ scheme: string }>({
    id: 'shared.scheme.button',
    defaultMessage: 'Colour scheme: {scheme}',
  }),
  schemeLight: { id: 'shared.scheme.light', defaultMessage: 'Light' },
  schemeDark: { id: 'shared.scheme.dark', defaultMessage: 'Dark' },
  schemeAuto: { id: 'shared.scheme.auto', defaultMessage: 'Same as system' },
  dismiss: { id: 'shared.toast.dismiss', defaultMessage: 'Dismiss' },
  language: {
    id: 'shared.language.label',
    defaultMessage: 'Language',
    description: 'Label of the language switcher at the top of the public pages',
  },
  unexpectedError: {
    id: 'shared.error.unexpected',
    defaultMessage: 'Something went wrong. Please try again.',
  },
  offline: {
    id: 'shared.error.offline',
    defaultMessage: 'You are offline. Check your connection and try again.',
  },
  retry: { id: 'shared.action.retry', defaultMessage: 'Try again' },
});
