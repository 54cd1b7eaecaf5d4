/**
 * What the buyer's browser remembers about checkouts, per event: the current order (so that starting a new one
 * releases its hold through `replaces_order_id`), the attempt in flight (so that a double click or a retry after
 * a lost answer sends the same order id and `Idempotency-Key`, and never buys twice), and the affiliate code of
 * a `?aff=` link (30 days). Every access is guarded: storage can be unavailable (private mode, iframes).
 */

/** The part of `Storage` this module uses; tests pass a Map-backed one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const AFFILIATE_DAYS = 30;
const DAY_MS = 86_400_000;

const keys = {
  current: (eventId: string) => `checkout.current.${eventId}`,
  attempt: (eventId: string) => `checkout.attempt.${eventId}`,
  affiliate: (eventId: string) => `checkout.affiliate.${eventId}`,
};

function read<T>(store: KeyValueStore | null, key: string, valid: (value: unknown) => value is T): T | null {
  try {
    const text = store?.getItem(key);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

function write(store: KeyValueStore | null, key: string, value: unknown): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy errors: the checkout works without memory.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface CurrentOrder {
  orderId: string;
  shortId: string;
}
const isCurrentOrder = (value: unknown): value is CurrentOrder =>
  isRecord(value) && typeof value.orderId === 'string' && typeof value.shortId === 'string';

export interface Attempt {
  orderId: string;
  idempotencyKey: string;
  /** The request it was made for: a different selection is a different attempt. */
  request: string;
}
const isAttempt = (value: unknown): value is Attempt =>
  isRecord(value) &&
  typeof value.orderId === 'string' &&
  typeof value.idempotencyKey === 'string' &&
  typeof value.request === 'string';

interface StoredAffiliate {
  code: string;
  until: number;
}
const isAffiliate = (value: unknown): value is StoredAffiliate =>
  isRecord(value) && typeof value.code === 'string' && typeof value.until === 'number';

export function currentOrder(store: KeyValueStore | null, eventId: string): CurrentOrder | null {
  return read(store, keys.current(eventId), isCurrentOrder);
}

export function rememberOrder(
  store: KeyValueStore | null,
  eventId: string,
  order: CurrentOrder | null,
): void {
  write(store, keys.current(eventId), order);
}

/**
 * The attempt for this request: the unfinished one when the same request is sent again (double click, retry),
 * else a new one with fresh ids, kept until `finishAttempt`.
 */
export function attemptFor(
  store: KeyValueStore | null,
  eventId: string,
  request: unknown,
  newId: () => string,
): Attempt {
  const text = JSON.stringify(request);
  const pending = read(store, keys.attempt(eventId), isAttempt);
  if (pending && pending.request === text) return pending;
  const attempt = { orderId: newId(), idempotencyKey: newId(), request: text };
  write(store, keys.attempt(eventId), attempt);
  return attempt;
}

/**
 * Whether an answer of this HTTP status ends the attempt. An order or a refusal (4xx) does. No answer (status 0:
 * the network) or a server that could not answer (5xx: `not_ready` comes after the order and its hold were
 * recorded) does not: the retry sends the same order id and key and gets that order, instead of holding more
 * tickets under a new one while the first hold lasts until it expires.
 */
export function answerEndsAttempt(status: number): boolean {
  return status > 0 && status < 500;
}

/** The attempt got an answer (an order or a refusal): the next Continue is a new attempt. */
export function finishAttempt(store: KeyValueStore | null, eventId: string): void {
  write(store, keys.attempt(eventId), null);
}

/** Keeps a `?aff=` code for the event for 30 days from `now`; a later link replaces it. */
export function rememberAffiliate(store: KeyValueStore | null, eventId: string, code: string, now: number) {
  const trimmed = code.trim().slice(0, 50);
  if (!trimmed) return;
  write(store, keys.affiliate(eventId), { code: trimmed, until: now + AFFILIATE_DAYS * DAY_MS });
}

export function affiliateFor(store: KeyValueStore | null, eventId: string, now: number): string | null {
  const stored = read(store, keys.affiliate(eventId), isAffiliate);
  if (!stored) return null;
  if (stored.until <= now) {
    write(store, keys.affiliate(eventId), null);
    return null;
  }
  return stored.code;
}

/** The browser's localStorage, or null where it cannot be used. */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
