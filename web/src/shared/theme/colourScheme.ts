import { useSyncExternalStore } from 'react';
import { StorageKeys, readStorage, writeStorage } from '../storage';

export const COLOUR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

/**
 * Blueprint 6's dark-theme class (`Classes.DARK` in @blueprintjs/core is `${NS}-dark` with NS = "bp6").
 * Kept as a literal so the public pages can apply it without loading Blueprint; a unit test pins the two together.
 */
export const DARK_CLASS = 'bp6-dark';

const listeners = new Set<() => void>();

function isColourScheme(value: string | null): value is ColourScheme {
  return value !== null && (COLOUR_SCHEMES as readonly string[]).includes(value);
}

export function readColourScheme(): ColourScheme {
  const stored = readStorage(StorageKeys.colourScheme);
  return isColourScheme(stored) ? stored : 'auto';
}

function darkMediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
}

/** Light or dark, after resolving `auto` against the operating system's preference. */
export function resolveColourScheme(scheme: ColourScheme, systemPrefersDark: boolean): 'light' | 'dark' {
  if (scheme === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return scheme;
}

/** Puts Blueprint's dark class on <body> (so portals such as dialogs and toasts follow) and sets `color-scheme`. */
export function applyColourScheme(scheme: ColourScheme = readColourScheme()): void {
  if (typeof document === 'undefined') return;
  const resolved = resolveColourScheme(scheme, darkMediaQuery()?.matches ?? false);
  document.body.classList.toggle(DARK_CLASS, resolved === 'dark');
  document.documentElement.style.colorScheme = resolved;
}

export function setColourScheme(scheme: ColourScheme): void {
  writeStorage(StorageKeys.colourScheme, scheme);
  applyColourScheme(scheme);
  for (const listener of listeners) listener();
}

let systemListenerInstalled = false;

/** Applies the stored scheme now and follows the system preference while the scheme is `auto`. */
export function initColourScheme(): void {
  applyColourScheme();
  if (systemListenerInstalled) return;
  const query = darkMediaQuery();
  if (!query) return;
  systemListenerInstalled = true;
  query.addEventListener('change', () => {
    applyColourScheme();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the scheme.
    if (event.key === StorageKeys.colourScheme) {
      applyColourScheme();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored scheme and a setter; re-renders when it changes here or in another tab. */
export function useColourScheme(): [ColourScheme, (scheme: ColourScheme) => void] {
  const scheme = useSyncExternalStore(subscribe, readColourScheme, () => 'auto' as const);
  return [scheme, setColourScheme];
}

/** Whether the page is currently dark (resolved). */
export function useIsDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => resolveColourScheme(readColourScheme(), darkMediaQuery()?.matches ?? false) === 'dark',
    () => false,
  );
}
