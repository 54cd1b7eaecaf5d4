import { vi } from 'vitest';

/** A Map-backed localStorage stand-in for node-environment tests. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
}

/** Installs browser-ish globals (localStorage, document.cookie, window.location) for one test. */
export function stubBrowser(options: { cookie?: string; pathname?: string; search?: string } = {}) {
  const storage = memoryStorage();
  const assign = vi.fn();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('document', { cookie: options.cookie ?? '' });
  vi.stubGlobal('window', {
    location: { pathname: options.pathname ?? '/manage/events', search: options.search ?? '', assign },
  });
  return { storage, assign };
}

export interface RecordedCall {
  url: string;
  init: RequestInit;
  headers: Headers;
}

/** A fetch stand-in that answers from a queue and records each call. */
export function fakeFetch(...responses: Array<Response | Error>) {
  const calls: RecordedCall[] = [];
  const queue = [...responses];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init: init ?? {}, headers: new Headers(init?.headers) });
    const next = queue.shift();
    if (!next) return Promise.reject(new Error(`unexpected fetch ${url}`));
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve(next);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

export function json(
  body: unknown,
  init: ResponseInit & { headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function problem(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}
