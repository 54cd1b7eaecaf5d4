import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  callApi,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';
import { startSmtpSink, type SmtpSink } from '../../../../services/messaging/testing';
import { startStripeDouble, type StripeDouble } from '../../../../services/payments/testing/stripeDouble';
import { stripeWebhookPath } from '../../../../services/payments/webhooks/webhookRoutes';

describeE2E(
  'Card payment: Stripe.js cannot load, the buyer pays on the test card page, the signed webhook completes the order',
  () => {
    let double: StripeDouble;
    let sink: SmtpSink;
    let app: RunningApp;
    let browser: Browser;
    let context: BrowserContext;
    let token = '';
    let event = { id: '', slug: '' };
    const pageErrors: string[] = [];
    let returnUrl = '';

    const call = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, token, method, path, body);

    beforeAll(async () => {
      double = await startStripeDouble();
      sink = await startSmtpSink();
      app = await startApp({ env: { ...double.env({ mode: 'direct' }), SMTP_URL: sink.url } });
      double.setWebhook(`${app.url}${stripeWebhookPath}`);
      browser = await launchBrowser();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      token = (await call<{ token: string }>('POST', '/auth/login', app.admin)).token;
      const organizerId = (
        await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Harbour Arts' })
      ).data.id;
      const created = await call<{ data: { id: string; slug: string } }>('POST', '/events', {
        title: 'Night Market',
        start_date: `${dateNextYear('07-03')}T17:00:00Z`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        organizer_id: organizerId,
      });
      event = { id: created.data.id, slug: created.data.slug };
      await call('POST', `/events/${event.id}/tickets`, {
        type: 'PAID',
        title: 'Stall pass',
        price: 2500,
        quantity: 20,
        tax_and_fee_ids: [],
      });
      await call('PUT', `/events/${event.id}/status`, { status: 'LIVE' });
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await app?.stop();
      await sink?.close();
      await double?.stop();
    });

    async function toPayment(page: Page, email: string) {
      await page.goto(`${app.url}/e/${event.id}/${event.slug}`);
      await page.getByRole('combobox', { name: /Stall pass/ }).selectOption('1');
      await page.getByRole('button', { name: /^Continue$/ }).click();
      await page.waitForURL(/\/checkout\/[^/]+\/[^/]+\/details$/);
      await page
        .getByLabel(/^First name/)
        .first()
        .fill('Ada');
      await page
        .getByLabel(/^Last name/)
        .first()
        .fill('Lovelace');
      await page
        .getByLabel(/^Email address/)
        .first()
        .fill(email);
      await page.getByRole('button', { name: 'Use my contact details for every ticket' }).click();
      await page.getByLabel(/I agree to the terms/).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/payment$/);
    }

    it('declines first (payment failed, retry), then pays: the order completes and the ticket mail arrives', async () => {
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      // No internet here: js.stripe.com cannot load, so the page says so and offers the double's test card page.
      await page.route('https://js.stripe.com/**', (route) => route.abort());
      await toPayment(page, 'ada@example.test');
      await page.getByText('The secure card form could not be loaded.', { exact: false }).waitFor();
      await screenshot(page, 'checkout/card-script-failed');
      await expectAccessible(page, 'card payment without Stripe.js');

      await page.getByRole('link', { name: 'Pay on the test card page' }).click();
      await page.waitForURL(new RegExp(`^${double.url}/test/pay/pi_`));
      await page.getByRole('button', { name: 'Decline' }).click();
      await page.waitForURL(/\/payment_return\?/);
      await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
      await page.getByText('We could not process your payment.', { exact: false }).waitFor();
      await screenshot(page, 'checkout/card-payment-failed');
      await expectAccessible(page, 'card payment failed');

      await page.getByRole('link', { name: 'Try the payment again' }).click();
      await page.waitForURL(/\/payment$/);
      await page.getByRole('link', { name: 'Pay on the test card page' }).click();
      await page.waitForURL(new RegExp(`^${double.url}/test/pay/pi_`));
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/payment_return\?/);
      // The signed payment_intent.succeeded reached the webhook; the page waits for the order to say so.
      await page.getByRole('heading', { name: 'Your payment went through' }).waitFor({ timeout: 15_000 });
      await screenshot(page, 'checkout/card-payment-completed');
      await expectAccessible(page, 'card payment completed');

      // One intent for both attempts (the retry paid the same one); every delivery was accepted.
      expect(double.paymentIntents.size).toBe(1);
      expect(double.deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
        ['payment_intent.payment_failed', 200],
        ['payment_intent.succeeded', 200],
      ]);
      const ticket = await sink.waitFor(
        (mail) => mail.to.includes('ada@example.test') && mail.subject === 'Your ticket for Night Market',
        15_000,
      );
      expect(ticket.html).toContain('cid:ticket-qr');

      returnUrl = page.url();
      await page.getByRole('link', { name: 'View your order' }).click();
      await page.waitForURL(/\/summary$/);
      await page.getByText('Status: Completed', { exact: true }).waitFor();
      await screenshot(page, 'checkout/card-summary');
      expect(pageErrors).toEqual([]);
    });

    it('passes the accessibility checks in the dark scheme: the card step without Stripe.js and the return page', async () => {
      const dark = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
      const page = await dark.newPage();
      await page.route('https://js.stripe.com/**', (route) => route.abort());
      await page.goto(`${app.url}/`);
      await page.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
      await toPayment(page, 'grace@example.test');
      await page.getByText('The secure card form could not be loaded.', { exact: false }).waitFor();
      await screenshot(page, 'checkout/card-script-failed-dark');
      await expectAccessible(page, 'card payment without Stripe.js (dark)');
      await page.goto(returnUrl);
      await page.getByRole('heading', { name: 'Your payment went through' }).waitFor();
      await expectAccessible(page, 'payment return (dark)');
      await dark.close();
    });

    it('an admin refunds part of the card order from the order drawer; Stripe settles it', async () => {
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await submitLogin(page, app.url, app.admin);
      await page.waitForURL(/\/manage\/events/);
      await page.goto(`${app.url}/manage/event/${event.id}/orders`);
      const row = page.getByRole('row').filter({ hasText: 'ada@example.test' });
      await row.getByRole('button', { name: /Open order/ }).click();
      const drawer = page.locator('.order-drawer');
      await drawer
        .getByText(/Card payment of .* received/)
        .first()
        .waitFor();
      await drawer.getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('dialog', { name: /Refund order/ });
      await dialog.getByText('Up to €25.00 can be refunded.').waitFor();
      await dialog.getByLabel(/Amount/).fill('30');
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await dialog.getByText('Enter an amount greater than zero, at most what remains').waitFor();
      await dialog.getByLabel(/Amount/).fill('10');
      await page.waitForTimeout(300);
      await screenshot(page, 'orders/refund-dialog');
      await expectAccessible(page, 'refund dialog');
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await drawer.getByText('Refund pending').first().waitFor();
      await drawer
        .getByText(/Refund of .*10\.00 requested/)
        .first()
        .waitFor();

      // The drawer shows the request from the order's events; the worker asks Stripe for the refund beside it.
      await expect.poll(() => double.refunds.size, { timeout: 15_000 }).toBe(1);
      const refund = [...double.refunds.values()][0]!;
      expect(refund.amount).toBe(1000);
      await double.settleRefund(refund.id);
      // The drawer reads the order again on the live update (or a reopen).
      await page.reload();
      await page
        .getByRole('row')
        .filter({ hasText: 'ada@example.test' })
        .getByRole('button', { name: /Open order/ })
        .click();
      await drawer.getByText('Partially refunded').first().waitFor({ timeout: 15_000 });
      await drawer
        .getByText(/^\S*10\.00 refunded$/)
        .first()
        .waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, 'orders/drawer-partially-refunded');
      await expectAccessible(page, 'order drawer partially refunded');
      await sink.waitFor(
        (mail) => mail.to.includes('ada@example.test') && mail.subject.startsWith('Your refund'),
      );
      expect(pageErrors).toEqual([]);
    });
  },
);
