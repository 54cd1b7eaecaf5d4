import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { api, publicApi } from './clients';
import type { ApiResponse } from './contract.gen';
import { createHttpClient } from './http';
import { resetPosition } from './position';
import { fillPath, type PrivateRoute, type PublicRoute } from './routes';
import { fakeFetch, json, problem, stubBrowser } from './testing';

beforeEach(() => {
  resetPosition();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function clients(...responses: Array<Response | Error>) {
  const { fetch, calls } = fakeFetch(...responses);
  const onAuthFailure = vi.fn();
  return {
    calls,
    onAuthFailure,
    api: createHttpClient<PrivateRoute>({ baseUrl: '/api', fetch, onAuthFailure }),
    publicApi: createHttpClient<PublicRoute>({ baseUrl: '/api/public', routePrefix: '/public', fetch }),
  };
}

describe('a typed call requests its route by the key of the generated route map', () => {
  it('puts the encoded path parameters into the path', async () => {
    stubBrowser();
    const { api, calls } = clients(json({ data: {} }));
    await api.call('GET /events/{id}/tickets/{ticketId}', { params: { id: 'a b/c', ticketId: 'x?y#z' } });
    expect(calls[0]?.url).toBe('/api/events/a%20b%2Fc/tickets/x%3Fy%23z');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeNull();
  });

  it('writes the nested query as the list syntax', async () => {
    stubBrowser();
    const { api, calls } = clients(json({ data: [], meta: {} }));
    await api.call('GET /events', {
      query: { page: 2, per_page: 20, query: '', filter_fields: { status: { eq: 'LIVE', ne: undefined } } },
    });
    expect(decodeURIComponent(calls[0]?.url ?? '')).toBe(
      '/api/events?page=2&per_page=20&filter_fields[status][eq]=LIVE',
    );
  });

  it("sends the route's method and its JSON body, and answers the body's data", async () => {
    const { storage } = stubBrowser({ cookie: 'XSRF-TOKEN=abc' });
    storage.setItem('token', 't0k3n');
    const { api, calls } = clients(json({ data: { id: 'tax-1' } }));
    const body = {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: 19,
      amount: null,
      is_default: true,
    } as const;
    const answer = await api.call('PUT /account/taxes-and-fees/{id}', { params: { id: 'tax-1' }, body });
    expect(answer).toEqual({ data: { id: 'tax-1' } });
    expectTypeOf(answer).toEqualTypeOf<ApiResponse<'PUT /account/taxes-and-fees/{id}'>>();
    const call = calls[0];
    expect(call?.url).toBe('/api/account/taxes-and-fees/tax-1');
    expect(call?.init.method).toBe('PUT');
    expect(call?.init.body).toBe(JSON.stringify(body));
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('Authorization')).toBe('Bearer t0k3n');
    expect(call?.headers.get('X-XSRF-TOKEN')).toBe('abc');
  });

  it('sends no body to a route that takes none, and an upload as it is', async () => {
    stubBrowser();
    const { api, calls } = clients(
      json({ data: {} }),
      json({ data: {} }, { status: 201 }),
      new Response(null, { status: 204 }),
    );
    await api.call('POST /events/{id}/tickets/{ticketId}/pause', { params: { id: 'e', ticketId: 't' } });
    const form = new FormData();
    form.append('type', 'EVENT_COVER');
    await api.call('POST /events/{id}/images', { params: { id: 'e' }, body: form });
    await expect(api.call('DELETE /events/{id}', { params: { id: 'e' } })).resolves.toBeUndefined();
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'POST /api/events/e/tickets/t/pause',
      'POST /api/events/e/images',
      'DELETE /api/events/e',
    ]);
    expect(calls[0]?.init.body).toBeNull();
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
    expect(calls[1]?.init.body).toBe(form);
    expect(calls[1]?.headers.has('Content-Type')).toBe(false);
  });

  it('serves a public route from the public client, the key written as in the route map', async () => {
    stubBrowser();
    const { publicApi, calls } = clients(json({ valid: true }));
    const answer = await publicApi.call('GET /public/events/{id}/promo-codes/{code}', {
      params: { id: 'ev-1', code: 'SUMMER 10' },
    });
    expect(answer.valid).toBe(true);
    expect(calls[0]?.url).toBe('/api/public/events/ev-1/promo-codes/SUMMER%2010');
  });

  it('passes the signal and headers, and keeps the 401/403 handling unless the call opts out', async () => {
    stubBrowser();
    const { api, calls, onAuthFailure } = clients(
      problem(403, { reason: 'forbidden' }),
      problem(403, { reason: 'forbidden' }),
    );
    const signal = new AbortController().signal;
    await expect(
      api.call('GET /account/taxes-and-fees', { signal, headers: { 'Idempotency-Key': 'k1' } }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(api.call('GET /account/taxes-and-fees', { skipAuthRedirect: true })).rejects.toMatchObject({
      status: 403,
      reason: 'forbidden',
    });
    expect(calls[0]?.init.signal).toBe(signal);
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('k1');
    expect(onAuthFailure.mock.calls).toEqual([[403]]);
  });

  it('refuses a missing or empty path parameter instead of requesting another route', () => {
    expect(() => fillPath('/events/{id}', {})).toThrow('"id"');
    expect(() => fillPath('/events/{id}', { id: '' })).toThrow('"id"');
    expect(fillPath('/events/{id}/images/{imageId}', { id: 'e', imageId: 7 })).toBe('/events/e/images/7');
  });
});

describe('a typed call does not compile when it does not match its route', () => {
  it('needs exactly the parameters, body and query the route declares', () => {
    // Never called: only the compiler reads these.
    const wrong = [
      // @ts-expect-error -- the path has a parameter
      () => api.call('GET /events/{id}'),
      // @ts-expect-error -- `{eventId}`, not `{id}`
      () => api.call('GET /events/{eventId}/orders', { params: { id: 'e' } }),
      // @ts-expect-error -- the path has no parameters
      () => api.call('GET /account', { params: { id: 'a' } }),
      // @ts-expect-error -- the body is required
      () => api.call('PUT /events/{id}/status', { params: { id: 'e' } }),
      // @ts-expect-error -- not a status
      () => api.call('PUT /events/{id}/status', { params: { id: 'e' }, body: { status: 'GONE' } }),
      // @ts-expect-error -- the route takes no body
      () => api.call('DELETE /events/{id}', { params: { id: 'e' }, body: {} }),
      // @ts-expect-error -- an upload is FormData
      () => api.call('POST /events/{id}/images', { params: { id: 'e' }, body: { type: 'EVENT_COVER' } }),
      // @ts-expect-error -- the route declares no query
      () => api.call('GET /account', { query: { page: 1 } }),
      // @ts-expect-error -- not one of the route's filter fields
      () => api.call('GET /events', { query: { filter_fields: { colour: { eq: 'red' } } } }),
      // @ts-expect-error -- `kind` is a required query parameter
      () => api.call('GET /events/{eventId}/messages/recipient-search', { params: { eventId: 'e' } }),
      // @ts-expect-error -- no such route
      () => api.call('GET /events/{id}/everything', { params: { id: 'e' } }),
      // @ts-expect-error -- a public route goes through the public client
      () => api.call('GET /public/ticket-keys', {}),
      // @ts-expect-error -- and an authenticated one through the authenticated client
      () => publicApi.call('GET /account', {}),
    ];
    expect(wrong).toHaveLength(13);
    const event = () => api.call('GET /events/{id}', { params: { id: 'e' } });
    expectTypeOf(event).returns.resolves.toEqualTypeOf<ApiResponse<'GET /events/{id}'>>();
  });
});
