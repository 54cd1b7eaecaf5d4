import { useIntl } from 'react-intl';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { appMessages } from './messages';

/** The top of the route tree: a thin progress bar while a route (or its lazy chunk) loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const intl = useIntl();
  const busy = navigation.state !== 'idle';
  return (
    <>
      <div
        className={busy ? 'route-progress route-progress--active' : 'route-progress'}
        role="progressbar"
        aria-hidden={!busy}
        aria-label={intl.formatMessage(appMessages.navigating)}
      />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code and data load. */
export function InitialLoading() {
  return (
    <div className="initial-loading" aria-busy="true">
      <span className="initial-loading__dot" />
    </div>
  );
}
