import { StorageKeys, readStorage, removeStorage, writeStorage } from '../storage';

/** The bearer token lives in localStorage `token` (spec section 9). */
export function getToken(): string | null {
  return readStorage(StorageKeys.token);
}

export function setToken(token: string): void {
  writeStorage(StorageKeys.token, token);
}

export function clearToken(): void {
  removeStorage(StorageKeys.token);
}
