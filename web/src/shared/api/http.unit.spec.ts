import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { createHttpClient, toQueryString } from './http';
import { resetPosition } from './position';
import type { PublicRoute } from './routes';
import { fakeFetch, json, problem, stubBrowser } from './testing';

beforeEach(() => {
  resetPosition();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const publicClient = (fetch: typeof globalThis.fetch) =>
  createHttpClient<PublicRoute>({ baseUrl: '/api/public', routePrefix: '/public', fetch });

describe('query strings use the API list syntax', () => {
  it('nests filter fields with brackets and drops empty values', () => {
    const qs = toQueryString({
      page: 2,
      per_page: 20,
      query: '',
      sort_by: undefined,
      filter_fields: { status: { eq: 'LIVE' }, lifecycle: { eq: 'upcoming' } },
    });
    expect(decodeURIComponent(qs)).toBe(
      '?page=2&per_page=20&filter_fields[status][eq]=LIVE&filter_fields[lifecycle][eq]=upcoming',
    );
  });

  it('is empty for no parameters', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});

describe('every request carries credentials, the bearer token and the XSRF header', () => {
  it('sends JSON with token, cookie-derived XSRF header and credentials', async () => {
    const { storage } = stubBrowser({ cookie: 'other=1; XSRF-TOKEN=abc%3D%3D' });
    storage.setItem('token', 't0k3n');
    const { fetch, calls } = fakeFetch(json({ data: { id: '1' } }, { status: 201 }));
    const client = createHttpClient({ baseUrl: '/api', fetch });

    const result = await client.call('POST /organizers', { body: { name: 'Gig Hall' } });

    expect(result.data.id).toBe('1');
    const call = calls[0];
    expect(call?.url).toBe('/api/organizers');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.body).toBe('{"name":"Gig Hall"}');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('Authorization')).toBe('Bearer t0k3n');
    expect(call?.headers.get('X-XSRF-TOKEN')).toBe('abc==');
  });

  it('sends no Authorization header without a token', async () => {
    stubBrowser();
    const { fetch, calls } = fakeFetch(json({ ok: true }));
    await publicClient(fetch).call('GET /public/events/{id}', { params: { id: '1' } });
    expect(calls[0]?.url).toBe('/api/public/events/1');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('treats 204 as success with no body', async () => {
    stubBrowser();
    const { fetch } = fakeFetch(new Response(null, { status: 204 }));
    await expect(
      createHttpClient({ baseUrl: '/api', fetch }).call('POST /auth/logout'),
    ).resolves.toBeUndefined();
  });
});

describe('errors become ApiError from the problem+json body', () => {
  it('reads status, reason, title, detail and field errors', async () => {
    stubBrowser();
    const { fetch } = fakeFetch(
      problem(400, {
        type: 'about:blank',
        title: 'Validation failed',
        detail: 'Check the fields',
        reason: 'validation_failed',
        errors: { title: ['Title is required'], end_date: ['End must be after start'] },
      }),
    );
    const error = await createHttpClient({ baseUrl: '/api', fetch })
      .call('PUT /account', { body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.reason).toBe('validation_failed');
    expect(apiError.title).toBe('Validation failed');
    expect(apiError.detail).toBe('Check the fields');
    expect(apiError.fieldErrors('title')).toEqual(['Title is required']);
    expect(apiError.fieldErrors('end_date')).toEqual(['End must be after start']);
    expect(apiError.fieldErrors('currency')).toEqual([]);
    expect(apiError.hasFieldErrors).toBe(true);
  });

  it('copes with a non-JSON error body', async () => {
    stubBrowser();
    const { fetch } = fakeFetch(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await createHttpClient({ baseUrl: '/api', fetch })
      .call('GET /events')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.reason).toBe('unknown');
    expect(error.errors).toEqual({});
  });

  it('reports a network failure as status 0', async () => {
    stubBrowser();
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
    const error = (await createHttpClient({ baseUrl: '/api', fetch })
      .call('GET /events')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.reason).toBe('network_error');
  });
});

describe('reads after an action are never older than the action (X-Position → X-Min-Position)', () => {
  it('sends the highest position seen on mutations as X-Min-Position on later GETs', async () => {
    stubBrowser();
    const { fetch, calls } = fakeFetch(
      json({}, { headers: { 'X-Position': '41' } }),
      json({}, { headers: { 'X-Position': '9' } }),
      json({ data: [] }),
    );
    const client = createHttpClient({ baseUrl: '/api', fetch });
    await client.call('PUT /account', { body: {} });
    await client.call('PUT /events/{id}/status', { params: { id: '1' }, body: { status: 'LIVE' } });
    await client.call('GET /events');
    expect(calls[2]?.headers.get('X-Min-Position')).toBe('41');
  });

  it('shares the position between the public and the authenticated client', async () => {
    stubBrowser();
    const { fetch, calls } = fakeFetch(
      json({}, { headers: { 'X-Position': '12345678901234567890' } }),
      json({}),
    );
    await createHttpClient({ baseUrl: '/api', fetch }).call('PUT /account', { body: {} });
    await publicClient(fetch).call('GET /public/events/{id}', { params: { id: '1' } });
    expect(calls[1]?.headers.get('X-Min-Position')).toBe('12345678901234567890');
  });

  it('sends no X-Min-Position before any mutation', async () => {
    stubBrowser();
    const { fetch, calls } = fakeFetch(json({}));
    await createHttpClient({ baseUrl: '/api', fetch }).call('GET /events');
    expect(calls[0]?.headers.has('X-Min-Position')).toBe(false);
  });
});

describe('401 and 403 reach the auth-failure hook unless the call opts out', () => {
  it('calls the hook with the status and still rejects', async () => {
    stubBrowser();
    const onAuthFailure = vi.fn();
    const { fetch } = fakeFetch(
      problem(401, { reason: 'unauthenticated' }),
      problem(403, { reason: 'forbidden' }),
    );
    const client = createHttpClient({ baseUrl: '/api', fetch, onAuthFailure });
    await expect(client.call('GET /users/me')).rejects.toBeInstanceOf(ApiError);
    await expect(client.call('GET /users')).rejects.toBeInstanceOf(ApiError);
    expect(onAuthFailure.mock.calls).toEqual([[401], [403]]);
  });

  it('does not call the hook for a login attempt', async () => {
    stubBrowser();
    const onAuthFailure = vi.fn();
    const { fetch } = fakeFetch(problem(401, { reason: 'invalid_credentials' }));
    const client = createHttpClient({ baseUrl: '/api', fetch, onAuthFailure });
    await expect(
      client.call('POST /auth/login', {
        body: { email: 'a@b.test', password: 'wrong' },
        skipAuthRedirect: true,
      }),
    ).rejects.toMatchObject({ reason: 'invalid_credentials' });
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});
