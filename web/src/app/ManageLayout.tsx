import {
  Alignment,
  Button,
  Classes,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { logout } from '../features/auth/api';
import { userQueries } from '../features/users/queries';
import { clearToken } from '../shared/api/session';
import { useLocale } from '../shared/intl/LocaleProvider';
import { LiveUpdates } from '../shared/live/LiveUpdates';
import { ColourSchemeToggle } from '../shared/ui/ColourSchemeToggle';
import { Logo } from '../shared/ui/Logo';
import { useToaster } from '../shared/ui/toaster';
import { liveMap } from './live';
import { appMessages } from './messages';

const navClass = ({ isActive }: { isActive: boolean }) =>
  [Classes.BUTTON, Classes.MINIMAL, 'manage-nav__link', isActive ? Classes.ACTIVE : ''].join(' ');

/** Frame of the organizer area: top navbar (logo, navigation, scheme, logout) and the live-update socket. */
export function ManageLayout() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toaster = useToaster();
  const { applyUserLocale } = useLocale();
  const me = useQuery(userQueries.me());

  const loggedOut = useRef(false);
  useEffect(
    () => () => {
      if (loggedOut.current) queryClient.clear();
    },
    [queryClient],
  );

  useEffect(() => {
    if (me.data) applyUserLocale(me.data.locale);
  }, [me.data, applyUserLocale]);

  const logoutMutation = useMutation({
    mutationFn: logout,
    onSettled: async () => {
      // Whatever the server said, this browser forgets the session. The cache is dropped once this layout
      // has unmounted (below), so no mounted query refetches without a token in between.
      clearToken();
      loggedOut.current = true;
      toaster.show(appMessages.loggedOut);
      await navigate('/auth/login', { replace: true });
    },
  });

  const name = me.data ? `${me.data.first_name} ${me.data.last_name}`.trim() || me.data.email : null;

  return (
    <LiveUpdates map={liveMap}>
      <div className="manage-layout">
        <a className="skip-link" href="#main-content">
          {intl.formatMessage(appMessages.skipToContent)}
        </a>
        <header>
          <Navbar className="manage-navbar">
            <NavbarGroup align={Alignment.START}>
              <NavbarHeading>
                <Link to="/manage/events" className="manage-navbar__brand">
                  <Logo size={28} />
                </Link>
              </NavbarHeading>
              <NavbarDivider />
              <nav aria-label={intl.formatMessage(appMessages.mainNavLabel)} className="manage-nav">
                <NavLink to="/manage/dashboard" className={navClass}>
                  {intl.formatMessage(appMessages.navDashboard)}
                </NavLink>
                <NavLink to="/manage/events" className={navClass}>
                  {intl.formatMessage(appMessages.navEvents)}
                </NavLink>
                <NavLink to="/account/settings" className={navClass}>
                  {intl.formatMessage(appMessages.navAccount)}
                </NavLink>
                <NavLink to="/manage/profile" className={navClass}>
                  {intl.formatMessage(appMessages.navProfile)}
                </NavLink>
              </nav>
            </NavbarGroup>
            <NavbarGroup align={Alignment.END}>
              {name ? (
                <span
                  className="manage-navbar__user"
                  title={intl.formatMessage(appMessages.signedInAs, { name })}
                >
                  {name}
                </span>
              ) : null}
              <ColourSchemeToggle />
              <Button
                variant="minimal"
                icon="log-out"
                text={intl.formatMessage(appMessages.logout)}
                loading={logoutMutation.isPending}
                onClick={() => logoutMutation.mutate()}
              />
            </NavbarGroup>
          </Navbar>
        </header>
        <main id="main-content" className="manage-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </LiveUpdates>
  );
}

export default ManageLayout;
