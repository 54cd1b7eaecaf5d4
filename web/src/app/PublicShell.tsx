import { Outlet } from 'react-router';
import '../features/publicEvent/public.css';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * Layout of the buyers' pages (event page, widget, checkout, order, ticket). It deliberately imports nothing
 * from Blueprint: its chunk and CSS stay small for phones during an on-sale rush.
 */
export function PublicShell() {
  return (
    <div className="public-shell">
      <header className="public-shell__bar">
        <LanguageSwitcher />
      </header>
      <Outlet />
    </div>
  );
}

export default PublicShell;
