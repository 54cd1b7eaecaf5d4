import { StorageKeys, readStorage, removeStorage, writeStorage } from '../storage';

/** Where an authenticated user lands after login when nothing was saved (spec section 7). */
export const DEFAULT_AFTER_LOGIN = '/manage/events';
export const LOGIN_PATH = '/auth/login';

const PUBLIC_PREFIXES = ['/e/', '/event/', '/widget/', '/checkout/', '/order/', '/ticket/', '/check-in/'];

export function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Whether a 401/403 seen while on `pathname` should remember the page and send the user to the login page.
 * Auth and public pages are left alone (a buyer must never be bounced to the organizer login), except that
 * the event management area (`/manage/event/...`) always is.
 */
export function shouldRedirectToLogin(pathname: string): boolean {
  if (pathname.startsWith('/manage/event/')) return true;
  return !isAuthPath(pathname) && !isPublicPath(pathname);
}

type Navigate = (to: string) => void;

let navigate: Navigate = (to) => {
  window.location.assign(to);
};

/** The router installs its own navigate so the redirect stays inside the single-page app. */
export function setAuthNavigator(fn: Navigate): void {
  navigate = fn;
}

/**
 * Handles a 401/403 from the authenticated API: remember where the user was (path + search) and go to login.
 * Returns whether it redirected.
 */
export function handleAuthFailure(status: number, location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (status === 401) removeStorage(StorageKeys.token);
  if (!shouldRedirectToLogin(location.pathname)) return false;
  writeStorage(StorageKeys.previousUrl, `${location.pathname}${location.search}`);
  navigate(LOGIN_PATH);
  return true;
}

/** Only same-origin absolute paths are accepted, never `//host` or a full URL (no open redirect). */
function isSafeLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** Where to go after a successful login: the saved page (then forgotten), else the events list. */
export function consumePreviousUrl(): string {
  const saved = readStorage(StorageKeys.previousUrl);
  removeStorage(StorageKeys.previousUrl);
  if (!saved || !isSafeLocalPath(saved)) return DEFAULT_AFTER_LOGIN;
  const pathname = saved.split(/[?#]/, 1)[0] ?? '';
  if (isAuthPath(pathname)) return DEFAULT_AFTER_LOGIN;
  return saved;
}
