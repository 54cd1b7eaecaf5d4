import { Icon, type IconName } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { hasPermission, userQueries } from '../users/queries';
import { accountMessages as m } from './messages';
import '../../shared/ui/account.css';

const SECTIONS: Array<{ to: string; label: MessageDescriptor; icon: IconName; permission?: string }> = [
  { to: '/account/settings', label: m.navSettings, icon: 'cog' },
  { to: '/account/event-defaults', label: m.navEventDefaults, icon: 'calendar' },
  { to: '/account/taxes-and-fees', label: m.navTaxes, icon: 'percentage' },
  { to: '/account/users', label: m.navUsers, icon: 'people' },
  { to: '/account/payment', label: m.navPayment, icon: 'credit-card' },
  { to: '/account/billing', label: m.navBilling, icon: 'dollar' },
  { to: '/manage/outbox', label: m.navOutbox, icon: 'envelope' },
  { to: '/account/audit', label: m.navAudit, icon: 'history', permission: 'audit.read' },
];

/** `/account/*` (and the outbox): the account's sections beside the page. */
export function AccountLayout() {
  const intl = useIntl();
  const me = useQuery(userQueries.me());
  const sections = SECTIONS.filter(
    (section) => !section.permission || hasPermission(me.data, section.permission),
  );
  return (
    <div className="account-layout">
      <nav className="account-layout__nav" aria-label={intl.formatMessage(m.navLabel)}>
        <p className="account-layout__title">{intl.formatMessage(m.title)}</p>
        <ul className="event-nav">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={({ isActive }) => `event-nav__link${isActive ? ' event-nav__link--active' : ''}`}
              >
                <Icon icon={section.icon} size={14} />
                {intl.formatMessage(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-layout__content">
        <Outlet />
      </div>
    </div>
  );
}

export default AccountLayout;
