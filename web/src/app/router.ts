import { createBrowserRouter } from 'react-router';
import { setAuthNavigator } from '../shared/api/authRedirect';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// 401/403 redirects from the API client stay inside the single-page app.
setAuthNavigator((to) => {
  void router.navigate(to);
});
