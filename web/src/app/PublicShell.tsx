import { Outlet } from 'react-router';
import '../features/publicEvent/public.css';

/**
 * Layout of the buyers' pages (event page, widget, checkout, order, ticket). It deliberately imports nothing
 * from Blueprint: its chunk and CSS stay small for phones during an on-sale rush.
 */
export function PublicShell() {
  return (
    <div className="public-shell">
      <Outlet />
    </div>
  );
}

export default PublicShell;
