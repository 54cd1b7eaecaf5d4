import { StorageKeys, readCookie, readStorage } from '../storage';
import { ApiError, NETWORK_ERROR_REASON } from './ApiError';
import type { ApiResponse, ApiRoute } from './contract.gen';
import { MIN_POSITION_HEADER, POSITION_HEADER, minPosition, notePosition } from './position';
import { fillPath, type CallArguments } from './routes';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export type QueryValue = string | number | boolean | null | undefined | QueryObject | QueryValue[];
export interface QueryObject {
  [key: string]: QueryValue;
}

/**
 * Serialises nested query objects the way the API reads them:
 * `{ filter_fields: { status: { eq: 'LIVE' } } }` → `filter_fields[status][eq]=LIVE`.
 * `undefined`, `null` and empty strings are left out; arrays repeat the key with `[]`.
 */
export function toQueryString(query: QueryObject | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const add = (key: string, value: QueryValue): void => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) {
      for (const item of value) add(`${key}[]`, item);
    } else if (typeof value === 'object') {
      for (const [child, childValue] of Object.entries(value)) add(`${key}[${child}]`, childValue);
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  query?: QueryObject;
  /** JSON-serialised unless it is FormData / Blob / URLSearchParams / string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not run the client's 401/403 handling for this call (login, logout). */
  skipAuthRedirect?: boolean;
}

export interface HttpClientConfig {
  /** Path prefix such as `/api` or `/api/public`. */
  baseUrl: string;
  /**
   * The start of a route key's path that `baseUrl` already holds: `/public` for the public client, whose
   * `call('GET /public/events/{id}')` requests `/api/public/events/...`.
   */
  routePrefix?: string;
  /** Called for 401/403 answers (unless the request opted out). */
  onAuthFailure?: (status: number) => void;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface HttpClient<Routes extends ApiRoute = ApiRoute> {
  /**
   * One route of the generated `ApiRoutes`, by its key: `call('PUT /events/{id}', { params: { id }, body })`.
   * Path parameters are encoded; the body, the query and the answer are the contract's types.
   */
  call<R extends Routes>(route: R, ...options: CallArguments<R>): Promise<ApiResponse<R>>;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

function joinUrl(baseUrl: string, path: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

/**
 * The one fetch wrapper behind both API clients, called by a route's key (`call`): JSON by default, cookies sent
 * (`credentials: 'include'`),
 * bearer token from localStorage, XSRF cookie echoed as a header, no timeout, 2xx is success and anything
 * else rejects with an {@link ApiError}.
 */
export function createHttpClient<Routes extends ApiRoute = ApiRoute>(
  config: HttpClientConfig,
): HttpClient<Routes> {
  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const headers = new Headers({ Accept: 'application/json, application/problem+json' });
    const token = readStorage(StorageKeys.token);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    if (method === 'GET') {
      const min = minPosition();
      if (min !== null) headers.set(MIN_POSITION_HEADER, min);
    }

    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) {
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        headers.set('Content-Type', 'application/json');
      }
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

    const doFetch = config.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(joinUrl(config.baseUrl, path) + toQueryString(options.query), {
        method,
        headers,
        body: body ?? null,
        credentials: 'include',
        signal: options.signal ?? null,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError({ status: 0, reason: NETWORK_ERROR_REASON, cause });
    }

    if (method !== 'GET') notePosition(response.headers.get(POSITION_HEADER));

    if (response.status < 200 || response.status > 299) {
      const error = await ApiError.fromResponse(response);
      if ((response.status === 401 || response.status === 403) && !options.skipAuthRedirect) {
        config.onAuthFailure?.(response.status);
      }
      throw error;
    }

    let data: unknown;
    try {
      data = await readBody(response);
    } catch (cause) {
      throw new ApiError({
        status: response.status,
        reason: 'invalid_response',
        title: 'Invalid response',
        cause,
      });
    }
    return data as T;
  }

  async function call<R extends Routes>(route: R, ...[options]: CallArguments<R>): Promise<ApiResponse<R>> {
    const { params, ...requestOptions } = (options ?? {}) as RequestOptions & {
      params?: Record<string, string | number>;
    };
    const space = route.indexOf(' ');
    const method = route.slice(0, space) as HttpMethod;
    const path = fillPath(route.slice(space + 1), params);
    const prefix = config.routePrefix ?? '';
    if (!path.startsWith(`${prefix}/`)) throw new Error(`${route} is not served under ${config.baseUrl}`);
    return request<ApiResponse<R>>(method, path.slice(prefix.length), requestOptions);
  }

  return { call };
}
