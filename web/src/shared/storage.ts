/**
 * Keys this app keeps in localStorage (spec section 9: token, previous_url; design: colour scheme).
 * Every access is guarded: storage can be unavailable (private mode, sandboxed iframes, tests).
 */
export const StorageKeys = {
  token: 'token',
  previousUrl: 'previous_url',
  colourScheme: 'colour_scheme',
  /** A scanning device's own id (check-in), so the door staff's scans say which device admitted whom. */
  checkInDevice: 'check_in_device',
  checkInGate: 'check_in_gate',
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy errors: the app keeps working without persistence.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // ignore
  }
}

/** Reads one cookie by name from `document.cookie`, decoded; null when absent or outside a browser. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}
