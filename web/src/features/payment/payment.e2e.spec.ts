import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';
import { openSqliteEventStore } from '../../../../services/eventstore/sqlite';
import { startStripeDouble, type StripeDouble } from '../../../../services/payments/testing/stripeDouble';
import { stripeWebhookPath } from '../../../../services/payments/webhooks/webhookRoutes';

describeE2E('Payment: an admin connects Stripe and sees the platform’s fees', () => {
  let double: StripeDouble;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    double = await startStripeDouble();
    app = await startApp({
      env: {
        ...double.env(),
        STRIPE_APPLICATION_FEE_FIXED: '30',
        STRIPE_APPLICATION_FEE_PERCENT: '1.5',
      },
    });
    double.setWebhook(`${app.url}${stripeWebhookPath}`);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
    await double?.stop();
  });

  it('connects through Stripe’s onboarding (the double’s page) and shows connected once Stripe says so', async () => {
    await page.goto(`${app.url}/account/payment`);
    await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();
    await page.getByText('Not connected').waitFor();
    await page.getByText(/fee of 1\.5% plus 0\.30/).waitFor();
    await screenshot(page, 'payment/not-connected');
    await expectAccessible(page, 'payment not connected (light)');

    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL(new RegExp(`^${double.url}/test/onboarding/acct_`));
    const stripeAccountId = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(double.accounts.get(stripeAccountId)?.charges_enabled).toBe(false);

    // Back without finishing (Stripe's refresh): the setup is incomplete.
    await page.goto(`${app.url}/account/payment`);
    await page.getByText('Payment setup incomplete').waitFor();
    await screenshot(page, 'payment/setup-incomplete');
    await expectAccessible(page, 'payment setup incomplete (light)');

    await page.getByRole('button', { name: 'Continue setup with Stripe' }).click();
    await page.waitForURL(new RegExp(`/test/onboarding/${stripeAccountId}`));
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await page.waitForURL(/\/account\/payment\?onboarding=returned$/);
    // The signed account.updated reaches the webhook, the worker records it and the page updates by itself.
    await page.getByText('Your Stripe account is connected').waitFor({ timeout: 15_000 });
    await page.getByText(`Stripe account: ${stripeAccountId}`).waitFor();
    expect(double.deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
      ['account.updated', 200],
    ]);
    await screenshot(page, 'payment/connected');
    await expectAccessible(page, 'payment connected (light)');
  });

  it('lists no fees at first, then the fees per month and per order', async () => {
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await page.getByText('No fees have been charged yet.', { exact: false }).waitFor();
    await screenshot(page, 'payment/billing-empty');

    // The order payment step will append these; here they are written to the app's log directly.
    const accountId = await page.evaluate(async () => {
      const response = await fetch('/api/users/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return ((await response.json()) as { data: { account_id: string } }).data.account_id;
    });
    const store = await openSqliteEventStore(join(app.dataDir, 'events.sqlite'));
    try {
      for (const [orderId, chargedAt, total, fee] of [
        ['ord_1', '2026-10-12T18:00:00.000Z', 4_000, 90],
        ['ord_2', '2026-11-02T09:30:00.000Z', 12_500, 218],
      ] as const) {
        await store.append(
          `order-${orderId}`,
          [
            {
              id: randomUUID(),
              type: 'PlatformFeeCharged',
              data: {
                accountId,
                eventId: 'ev_1',
                orderId,
                orderShortId: `O-${orderId.slice(4)}X7K`,
                paymentIntentId: `pi_${orderId}`,
                chargeId: null,
                currency: 'EUR',
                orderTotal: total,
                fee,
                chargedAt,
              },
              metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'stripe' },
            },
          ],
          { expected: 'any' },
        );
      }
    } finally {
      await store.close();
    }
    // The worker projects them (it polls the log another process wrote); then the page shows them.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const response = await fetch('/api/account/billing', {
              headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
            });
            return ((await response.json()) as { data: { fees: unknown[] } }).data.fees.length;
          }),
        { timeout: 15_000 },
      )
      .toBe(2);
    await page.reload();
    await page.getByRole('heading', { name: 'Per month' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'November 2026' }).getByText('€2.18').waitFor();
    await page.getByRole('row').filter({ hasText: 'O-2X7K' }).getByText('€125.00').waitFor();
    await screenshot(page, 'payment/billing');
    await expectAccessible(page, 'billing (light)');
    expect(pageErrors).toEqual([]);
  });

  it('passes the accessibility checks in the dark scheme', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await submitLogin(darkPage, app.url, app.admin);
    await darkPage.waitForURL(/\/manage\/events/);
    await darkPage.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    await darkPage.goto(`${app.url}/account/payment`);
    await darkPage.getByText('Your Stripe account is connected').waitFor();
    await screenshot(darkPage, 'payment/connected-dark');
    await expectAccessible(darkPage, 'payment (dark)');
    await darkPage.goto(`${app.url}/account/billing`);
    await darkPage.getByRole('heading', { name: 'Per month' }).waitFor();
    await screenshot(darkPage, 'payment/billing-dark');
    await expectAccessible(darkPage, 'billing (dark)');
    await dark.close();
  });
});
