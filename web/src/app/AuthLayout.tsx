import { Outlet } from 'react-router';
import { ColourSchemeToggle } from '../shared/ui/ColourSchemeToggle';
import { Logo } from '../shared/ui/Logo';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Centered card layout of the authentication screens. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <header className="auth-layout__header">
        <Logo />
        <div className="auth-layout__tools">
          <LanguageSwitcher />
          <ColourSchemeToggle />
        </div>
      </header>
      <main className="auth-layout__main" id="main-content">
        <Outlet />
      </main>
    </div>
  );
}

export default AuthLayout;
