import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consumePreviousUrl,
  handleAuthFailure,
  setAuthNavigator,
  shouldRedirectToLogin,
} from './authRedirect';
import { stubBrowser } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a 401/403 remembers the page and goes to login, except on auth and public pages', () => {
  it.each([
    ['/manage/events', true],
    ['/manage/events/archived', true],
    ['/account/settings', true],
    ['/welcome', true],
    ['/auth/login', false],
    ['/auth/register', false],
    ['/e/1/gig', false],
    ['/event/1/gig', false],
    ['/widget/1', false],
    ['/checkout/1/ABC/details', false],
    ['/order/1/ABC/print', false],
    ['/ticket/1/XYZ', false],
    ['/check-in/LIST1', false],
    ['/manage/event/1', true],
    ['/manage/event/1/orders', true],
  ])('%s → redirect %s', (path, expected) => {
    expect(shouldRedirectToLogin(path)).toBe(expected);
  });

  it('saves path and search as previous_url and navigates to the login page', () => {
    const { storage } = stubBrowser();
    storage.setItem('token', 'old');
    const navigate = vi.fn();
    setAuthNavigator(navigate);
    expect(handleAuthFailure(401, { pathname: '/manage/event/7/orders', search: '?page=2' })).toBe(true);
    expect(storage.getItem('previous_url')).toBe('/manage/event/7/orders?page=2');
    expect(storage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('leaves a public page alone', () => {
    const { storage } = stubBrowser();
    const navigate = vi.fn();
    setAuthNavigator(navigate);
    expect(handleAuthFailure(403, { pathname: '/event/7/gig', search: '' })).toBe(false);
    expect(storage.getItem('previous_url')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('after login the user returns to the saved page once, else the events list', () => {
  it('returns and clears the saved page', () => {
    const { storage } = stubBrowser();
    storage.setItem('previous_url', '/manage/event/7?tab=2');
    expect(consumePreviousUrl()).toBe('/manage/event/7?tab=2');
    expect(storage.getItem('previous_url')).toBeNull();
    expect(consumePreviousUrl()).toBe('/manage/events');
  });

  it('refuses other origins and auth pages', () => {
    const { storage } = stubBrowser();
    for (const bad of ['https://evil.example/x', '//evil.example', '/auth/login?x=1', 'manage/events']) {
      storage.setItem('previous_url', bad);
      expect(consumePreviousUrl()).toBe('/manage/events');
    }
  });
});
