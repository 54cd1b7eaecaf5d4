import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  callApi,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  submitLogin,
  startApp,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

describeE2E(
  "An order's full history: bought, checked in at a door, refunded; the order as it was when placed",
  () => {
    let app: RunningApp;
    let browser: Browser;
    let token = '';
    let eventId = '';
    let orderId = '';
    const pageErrors: string[] = [];
    /** The organizer's webhook receiver: takes every delivery. */
    const receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end('ok'));
    });
    const call = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, token, method, path, body);
    const anonymous = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, null, method, path, body);

    beforeAll(async () => {
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      app = await startApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
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
      await call('PUT', `/events/${eventId}/settings`, { offline_payments_enabled: true });
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
      await call('POST', `/events/${eventId}/webhooks`, {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders`,
        event_types: ['order.created'],
      });
      const list = await call<{ data: { short_id: string } }>('POST', `/events/${eventId}/check-in-lists`, {
        name: 'North gate',
        ticket_ids: [ticketId],
      });

      const placed = await anonymous<{ data: { id: string; short_id: string } }>(
        'POST',
        `/public/events/${eventId}/orders`,
        { lines: [{ ticket_id: ticketId, quantity: 1 }] },
      );
      orderId = placed.data.id;
      const shortId = placed.data.short_id;
      await anonymous('PUT', `/public/events/${eventId}/orders/${shortId}/details`, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.test',
        attendees: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' }],
        terms_agreed: true,
      });
      await anonymous('POST', `/public/events/${eventId}/orders/${shortId}/complete`, {
        payment_method: 'OFFLINE',
      });
      const order = await call<{ data: { attendees: { short_id: string }[] } }>(
        'POST',
        `/events/${eventId}/orders/${orderId}/mark-paid`,
      );
      await anonymous('POST', `/public/check-in-lists/${list.data.short_id}/check-ins`, {
        nonce: 'nonce-trail-e2e-1',
        device_id: 'door-phone-1',
        gate: 'Gate 3',
        attendee_short_id: order.data.attendees[0]?.short_id,
      });
      await call('POST', `/events/${eventId}/orders/${orderId}/refunds`, { amount: 2500 });
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
      await new Promise((resolve) => receiver.close(resolve));
    });

    it('lists the order, inventory and door entries with their actors; the slider shows the placed order unpaid and not checked in', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await submitLogin(page, app.url, app.admin);
      await page.waitForURL(/\/manage\/events/);
      await page.goto(`${app.url}/manage/event/${eventId}/orders`);
      await page
        .getByRole('row')
        .filter({ hasText: 'ada@example.test' })
        .getByRole('button', { name: /Open order/ })
        .click();
      await page.getByRole('link', { name: 'Full history and the order at any moment' }).click();
      await page.waitForURL(/\/orders\/.*\/history$/);

      const history = page.locator('.order-trail__entries');
      await history.getByText('Tickets held in the inventory').waitFor();
      await history.getByText('Ada Lovelace checked in').waitFor();
      await history.getByText(/Refund of .* recorded/).waitFor();
      // The webhook the order's placement caused, with the endpoint it went to.
      await history
        .getByText(/Webhook order\.created (delivered|waiting to be delivered) to http:\/\/127\.0\.0\.1/)
        .waitFor();
      const entry = (text: string | RegExp) =>
        history.locator('li').filter({ has: page.getByText(text, { exact: typeof text !== 'string' }) });
      await expect(entry('Order placed; the tickets are reserved').innerText()).resolves.toContain(
        'by the buyer',
      );
      await expect(entry('Ada Lovelace checked in').innerText()).resolves.toMatch(
        /at the door \(North gate\).*device Gate 3/,
      );
      await expect(entry('Marked as paid').innerText()).resolves.toContain('by Admin User');

      // The raw event, one click away and keyboard operable.
      const raw = entry('Order placed; the tickets are reserved').getByRole('button', { name: 'Raw event' });
      await raw.focus();
      await page.keyboard.press('Enter');
      await expect(raw.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(
        entry('Order placed; the tickets are reserved').locator('pre').innerText(),
      ).resolves.toContain(`"stream": "order-${orderId}"`);

      // Now: refunded, checked in.
      const then = page.getByTestId('order-state-then');
      await then.getByText('Refunded', { exact: true }).first().waitFor();
      await then.getByText('Checked in (North gate)').waitFor();
      await screenshot(page, 'orders/order-trail-now');

      // Back to the placement with the slider, from the keyboard.
      const slider = page.getByRole('slider', { name: 'Moment in the history' });
      const placedIndex = await history
        .locator('li')
        .evaluateAll((items) =>
          items.findIndex((item) => item.textContent?.includes('Order placed; the tickets are reserved')),
        );
      await slider.focus();
      await page.keyboard.press('Home');
      for (let step = 0; step < placedIndex; step++) await page.keyboard.press('ArrowRight');
      await then.getByText('Awaiting details').waitFor();
      await then.getByText('Not checked in').waitFor();
      await expect(then.innerText()).resolves.toContain('not paid yet');
      await screenshot(page, 'orders/order-trail-placed');
      await expectAccessible(page, "an order's history");

      // One step on: what the details changed is marked.
      await page.keyboard.press('ArrowRight');
      await then.getByText('changed').first().waitFor();
      await screenshot(page, 'orders/order-trail-changed');
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it('passes the accessibility checks in the dark scheme, the changes marked', async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-GB',
        colorScheme: 'dark',
      });
      const page = await context.newPage();
      await page.goto(`${app.url}/`);
      await page.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
      await submitLogin(page, app.url, app.admin);
      await page.waitForURL(/\/manage\/events/);
      await page.goto(`${app.url}/manage/event/${eventId}/orders/${orderId}/history`);
      const then = page.getByTestId('order-state-then');
      await then.getByText('changed').first().waitFor();
      await screenshot(page, 'orders/order-trail-dark');
      await expectAccessible(page, "an order's history (dark)");
      await context.close();
    });
  },
);
