import { BlueprintProvider } from '@blueprintjs/core';
import '@blueprintjs/core/lib/css/blueprint.css';
import { Outlet } from 'react-router';
import { installIconLoader } from '../shared/ui/icons';
import './admin.css';

installIconLoader();

/**
 * Everything organizers, admins and door staff use (auth, manage, account, welcome, check-in) sits under this
 * lazily loaded layout, which is the only place Blueprint's CSS and providers come in.
 */
export function AdminShell() {
  return (
    <BlueprintProvider>
      <div className="admin-shell">
        <Outlet />
      </div>
    </BlueprintProvider>
  );
}

export default AdminShell;
