import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPaymentsConfig } from '../kit/config';
import { startStripeDouble, type StripeDouble } from '../payments/testing/stripeDouble';
import { startTestPlatform, type TestPlatform } from './testing';

/** The Content-Security-Policy of a page, directive by directive. */
async function policyOf(t: TestPlatform, path: string): Promise<Map<string, string[]>> {
  const response = await fetch(`${t.baseUrl}${path}`);
  await response.body?.cancel();
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

/** Sources that let any host serve an image, and so learn who opened a page. */
const anyHost = ['https:', 'http:', '*', 'https://*', 'http://*'];

describe('the Content-Security-Policy without card payments', () => {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows images only from the platform itself', async () => {
    for (const path of ['/event/ev_anything/slug', '/checkout/ev_anything/n0228tzfn978begg1x9v/details']) {
      const images = (await policyOf(t, path)).get('img-src') ?? [];
      expect(images).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it('lets the platform frame its own pages (the widget preview) through default-src', async () => {
    const policy = await policyOf(t, '/manage/event/ev_anything/widget');
    expect(policy.has('frame-src')).toBe(false);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });
});

describe('the Content-Security-Policy with card payments configured', () => {
  let double: StripeDouble;
  let t: TestPlatform;

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await startTestPlatform('sqlite', {
      config: { payments: readPaymentsConfig({ ...double.env({ mode: 'direct' }) }) },
    });
  });
  afterAll(async () => {
    await t?.close();
    await double?.stop();
  });

  it('still lets the widget settings page frame the widget, beside Stripe’s frames', async () => {
    const frames = (await policyOf(t, '/manage/event/ev_anything/widget')).get('frame-src') ?? [];
    expect(frames).toContain("'self'");
    expect(frames).toContain('https://js.stripe.com');
    expect(frames).toContain('https://hooks.stripe.com');
  });

  it('adds Stripe’s own image host, never any host', async () => {
    const images = (await policyOf(t, '/checkout/ev_anything/n0228tzfn978begg1x9v/payment')).get('img-src');
    expect(images).toEqual(["'self'", 'data:', 'blob:', 'https://*.stripe.com']);
    for (const source of anyHost) expect(images).not.toContain(source);
  });

  it('lets only the widget be framed by other sites', async () => {
    const widget = await policyOf(t, '/widget/ev_anything');
    expect(widget.get('frame-ancestors')).toEqual(['*']);
    const page = await policyOf(t, '/event/ev_anything/slug');
    expect(page.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
