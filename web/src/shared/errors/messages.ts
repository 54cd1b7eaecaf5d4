import { defineMessage, defineMessages } from 'react-intl';

export const errorMessages = defineMessages({
  notFoundTitle: { id: 'app.error.notFound.title', defaultMessage: 'Page not found' },
  notFoundDescription: {
    id: 'app.error.notFound.description',
    defaultMessage: 'The page you are looking for does not exist or has been moved.',
  },
  forbiddenTitle: { id: 'app.error.forbidden.title', defaultMessage: 'No permission' },
  forbiddenDescription: {
    id: 'app.error.forbidden.description',
    defaultMessage: 'You do not have permission to access this page.',
  },
  genericTitle: { id: 'app.error.generic.title', defaultMessage: 'Something went wrong' },
  genericDescription: {
    id: 'app.error.generic.description',
    defaultMessage: 'An unexpected error occurred while loading this page. Please try again in a moment.',
  },
  offlineDescription: {
    id: 'app.error.offline.description',
    defaultMessage: 'You are offline. Check your connection and try again.',
  },
  backHome: { id: 'app.error.backHome', defaultMessage: 'Go back to the home page' },
  statusCode: defineMessage<{ status: number }>({
    id: 'app.error.statusCode',
    defaultMessage: 'Error {status}',
  }),
});
