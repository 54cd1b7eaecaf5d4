import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/ApiError';
import { fakeFetch, json, problem, stubBrowser } from '../../shared/api/testing';
import { publicEventLoader } from './loader';

const event = { id: '42', title: 'Gig', slug: 'gig', timezone: 'Europe/Berlin' };

function args(url: string, eventId = '42'): LoaderFunctionArgs {
  return {
    request: new Request(url),
    params: { eventId, eventSlug: 'gig' },
    context: {},
  } as unknown as LoaderFunctionArgs;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public event page loader (spec section 2)', () => {
  it('fetches the event and skips promo validation without a code', async () => {
    stubBrowser({ pathname: '/event/42/gig' });
    const { fetch, calls } = fakeFetch(json({ data: event }));
    vi.stubGlobal('fetch', fetch);
    await expect(publicEventLoader(args('http://shop.test/event/42/gig'))).resolves.toEqual({
      event,
      promoCodeValid: null,
      promoCode: null,
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/public/events/42']);
  });

  it('passes the promo code to the event fetch and validates it', async () => {
    stubBrowser();
    const { fetch, calls } = fakeFetch(json({ data: event }), json({ valid: true }));
    vi.stubGlobal('fetch', fetch);
    const result = await publicEventLoader(args('http://shop.test/event/42/gig?promo_code=EARLY%20BIRD'));
    expect(result).toEqual({ event, promoCodeValid: true, promoCode: 'EARLY BIRD' });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/public/events/42?promo_code=EARLY+BIRD',
      '/api/public/events/42/promo-codes/EARLY%20BIRD',
    ]);
  });

  it('reads valid: false as not valid', async () => {
    stubBrowser();
    vi.stubGlobal('fetch', fakeFetch(json({ data: event }), json({ valid: false })).fetch);
    expect((await publicEventLoader(args('http://shop.test/e/42/gig?promo_code=NOPE'))).promoCodeValid).toBe(
      false,
    );
  });

  it('counts a failed promo check (non-2xx) as not valid', async () => {
    stubBrowser();
    vi.stubGlobal('fetch', fakeFetch(json({ data: event }), problem(404, { reason: 'not_found' })).fetch);
    const result = await publicEventLoader(args('http://shop.test/e/42/gig?promo_code=GONE'));
    expect(result).toEqual({ event, promoCodeValid: false, promoCode: 'GONE' });
  });

  it('turns a 404 into an empty event, keeping the code', async () => {
    stubBrowser();
    const { fetch, calls } = fakeFetch(problem(404, { reason: 'not_found', title: 'Not Found' }));
    vi.stubGlobal('fetch', fetch);
    await expect(publicEventLoader(args('http://shop.test/e/42/gig?promo_code=X'))).resolves.toEqual({
      event: null,
      promoCodeValid: null,
      promoCode: 'X',
    });
    expect(calls).toHaveLength(1);
  });

  it('rethrows any other error to the error page', async () => {
    stubBrowser();
    vi.stubGlobal('fetch', fakeFetch(problem(500, { reason: 'internal' })).fetch);
    const error = await publicEventLoader(args('http://shop.test/e/42/gig')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
  });
});
