import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
import { startStripeDouble, type StripeDouble } from '../../../../services/payments/testing/stripeDouble';
import { stripeWebhookPath } from '../../../../services/payments/webhooks/webhookRoutes';

describeE2E(
  'A signed Stripe payment event about a payment the order never started: ignored, and the organizer is told in the order drawer',
  () => {
    let double: StripeDouble;
    let app: RunningApp;
    let browser: Browser;
    let token = '';
    let eventId = '';
    let orderId = '';
    const pageErrors: string[] = [];

    const call = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, token, method, path, body);
    const publicCall = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, null, method, `/public/events/${eventId}${path}`, body);

    beforeAll(async () => {
      double = await startStripeDouble();
      app = await startApp({ env: double.env({ mode: 'direct' }) });
      double.setWebhook(`${app.url}${stripeWebhookPath}`);
      browser = await launchBrowser();
      token = (await call<{ token: string }>('POST', '/auth/login', app.admin)).token;
      const organizerId = (
        await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Harbour Arts' })
      ).data.id;
      eventId = (
        await call<{ data: { id: string } }>('POST', '/events', {
          title: 'Night Market',
          start_date: `${dateNextYear('07-03')}T17:00:00Z`,
          timezone: 'Europe/Berlin',
          currency: 'EUR',
          organizer_id: organizerId,
        })
      ).data.id;
      const ticketId = (
        await call<{ data: { id: string } }>('POST', `/events/${eventId}/tickets`, {
          type: 'PAID',
          title: 'Stall pass',
          price: 2500,
          quantity: 20,
          tax_and_fee_ids: [],
        })
      ).data.id;
      await call('PUT', `/events/${eventId}/status`, { status: 'LIVE' });

      // A buyer's order with its own payment intent.
      const placed = await publicCall<{ data: { id: string; short_id: string } }>('POST', '/orders', {
        lines: [{ ticket_id: ticketId, quantity: 1 }],
      });
      orderId = placed.data.id;
      const shortId = placed.data.short_id;
      await publicCall('PUT', `/orders/${shortId}/details`, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.test',
        attendees: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' }],
        terms_agreed: true,
      });
      const own = await publicCall<{ data: { payment_intent_id: string } }>(
        'POST',
        `/orders/${shortId}/payment-intent`,
        {},
      );

      // Someone else's correctly signed payment, naming this order in its metadata.
      const foreign = await double.deliver('payment_intent.succeeded', {
        id: 'pi_foreign0000000000000001',
        object: 'payment_intent',
        amount: 2500,
        amount_received: 2500,
        currency: 'eur',
        status: 'succeeded',
        latest_charge: 'ch_foreign0000000000000001',
        metadata: { order_id: orderId, event_id: eventId },
      });
      expect(foreign.status).toBe(200);
      // Then the buyer pays the order's own intent.
      await double.succeedPaymentIntent(own.data.payment_intent_id);
      // The worker processes both webhooks; wait until the order shows them.
      let status = '';
      for (let attempt = 0; attempt < 150 && status !== 'COMPLETED'; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await call<{ data: { status: string } }>('GET', `/events/${eventId}/orders/${orderId}`))
          .data.status;
      }
      expect(status).toBe('COMPLETED');
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
      await double?.stop();
    });

    async function openDrawer(page: Page) {
      await submitLogin(page, app.url, app.admin);
      await page.waitForURL(/\/manage\/events/);
      await page.goto(`${app.url}/manage/event/${eventId}/orders`);
      const row = page.getByRole('row').filter({ hasText: 'ada@example.test' });
      await row.getByRole('button', { name: /Open order/ }).click();
      const drawer = page.locator('.order-drawer');
      await drawer.getByText('Stripe reported a payment event naming this order', { exact: false }).waitFor();
      const trail = drawer.getByRole('table', { name: 'Payments and refunds' });
      // The trail reads as sentences (docs/orders.md, the order's history).
      await trail
        .getByText('A Stripe event about another payment named this order; it was ignored', { exact: false })
        .waitFor();
      await trail
        .getByText(/Card payment of .* received/)
        .first()
        .waitFor();
      return { drawer, trail };
    }

    it('the drawer says the foreign event was ignored; the order was completed by its own payment, nothing refunded', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const { drawer, trail } = await openDrawer(page);
      await trail.getByText('pi_foreign0000000000000001', { exact: false }).waitFor();
      await drawer.getByText('Completed').first().waitFor();
      await screenshot(page, 'orders/drawer-foreign-payment-event');
      await expectAccessible(page, 'order drawer with a foreign payment event');
      expect(double.refunds.size).toBe(0);
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it('passes the accessibility checks in the dark scheme', async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-GB',
        colorScheme: 'dark',
      });
      const page = await context.newPage();
      await page.goto(`${app.url}/`);
      await page.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
      await openDrawer(page);
      await screenshot(page, 'orders/drawer-foreign-payment-event-dark');
      await expectAccessible(page, 'order drawer with a foreign payment event (dark)');
      await context.close();
    });
  },
);
