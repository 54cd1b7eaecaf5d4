import { handleAuthFailure } from './authRedirect';
import { createHttpClient } from './http';
import type { PrivateRoute, PublicRoute } from './routes';

/** Authenticated API (`/api`): 401/403 remembers the page and goes to the login page (spec section 7). */
export const api = createHttpClient<PrivateRoute>({
  baseUrl: '/api',
  onAuthFailure: (status) => {
    handleAuthFailure(status, window.location);
  },
});

/** Public API (`/api/public`): event page, widget, checkout. Never redirects to login. */
export const publicApi = createHttpClient<PublicRoute>({ baseUrl: '/api/public', routePrefix: '/public' });
