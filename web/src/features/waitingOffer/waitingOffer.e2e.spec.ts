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
  type RunningApp,
} from '../../../../services/kit/testing/e2e';
import { startSmtpSink, type SmtpSink } from '../../../../services/messaging/testing';

const PHONE = { width: 390, height: 844 };

describeE2E(
  'Waiting list: a freed ticket is offered by mail and bought from the offer link on a phone',
  () => {
    let app: RunningApp;
    let sink: SmtpSink;
    let browser: Browser;
    let token = '';
    let offerLink = '';
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];

    const call = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, token, method, path, body);

    async function phonePage(options: { dark?: boolean } = {}): Promise<Page> {
      const context = await browser.newContext({
        viewport: PHONE,
        locale: 'en-GB',
        ...(options.dark ? { colorScheme: 'dark' as const } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      if (options.dark) {
        await page.goto(`${app.url}/`);
        await page.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
      }
      return page;
    }

    beforeAll(async () => {
      sink = await startSmtpSink();
      app = await startApp({ env: { SMTP_URL: sink.url } });
      browser = await launchBrowser();
      token = (await call<{ token: string }>('POST', '/auth/login', app.admin)).token;
      const organizerId = (
        await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Encore Hall' })
      ).data.id;
      const event = await call<{ data: { id: string } }>('POST', '/events', {
        title: 'Encore Night',
        start_date: `${dateNextYear('09-18')}T19:00:00Z`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        organizer_id: organizerId,
      });
      const eventId = event.data.id;
      const ticketId = (
        await call<{ data: { id: string } }>('POST', `/events/${eventId}/tickets`, {
          type: 'FREE',
          title: 'Standing',
          quantity: 2,
        })
      ).data.id;
      await call('PUT', `/events/${eventId}/tickets/${ticketId}/waiting-list`, {
        enabled: true,
        offer_hours: 24,
      });
      await call('PUT', `/events/${eventId}/status`, { status: 'LIVE' });

      // Sold out through the public checkout; then someone joins the waiting list.
      const orders = `/public/events/${eventId}/orders`;
      const placed = await callApi<{ data: { id: string; short_id: string } }>(app, null, 'POST', orders, {
        lines: [{ ticket_id: ticketId, quantity: 2 }],
      });
      const person = { first_name: 'Sam', last_name: 'Sooner', email: 'sam@example.test' };
      await callApi(app, null, 'PUT', `${orders}/${placed.data.short_id}/details`, {
        ...person,
        attendees: [person, person],
        terms_agreed: true,
      });
      await callApi(app, null, 'POST', `${orders}/${placed.data.short_id}/complete`, {
        payment_method: 'FREE',
      });
      await callApi(app, null, 'POST', `/public/events/${eventId}/tickets/${ticketId}/waiting-list`, {
        name: 'Wanda Waiting',
        email: 'wanda@example.test',
        quantity: 2,
        locale: 'en',
      });
      // The organizer cancels the first order: its tickets come back and go to the waiting list.
      await call('POST', `/events/${eventId}/orders/${placed.data.id}/cancel`);
      const mail = await sink.waitFor((received) => received.to.includes('wanda@example.test'), 30_000);
      expect(mail.subject).toBe('Tickets for Encore Night are waiting for you');
      const link = /https?:\/\/[^\s"'<>]+(\/e\/encore-night\/waiting\/[^\s"'<>?]+\?t=[A-Za-z0-9_-]+)/.exec(
        mail.text,
      );
      expect(link, mail.text).not.toBeNull();
      offerLink = `${app.url}${link?.[1] ?? ''}`;
    });

    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      await app?.stop();
      await sink?.close();
      expect(pageErrors).toEqual([]);
    });

    it('opens the offer in the checkout with the held tickets; another browser is told the offer is not theirs', async () => {
      const page = await phonePage();
      await page.goto(offerLink);
      await page.waitForURL(/\/checkout\/[^/]+\/[^/]+\/details$/);
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await page.getByText('Standing').first().waitFor();
      await screenshot(page, 'waitingOffer/details');
      await expectAccessible(page, 'waiting offer details');

      for (const options of [{}, { dark: true }]) {
        const elsewhere = await phonePage(options);
        await elsewhere.goto(offerLink);
        await elsewhere.getByRole('heading', { name: 'This offer is open in another browser' }).waitFor();
        await screenshot(elsewhere, `waitingOffer/not-yours${'dark' in options ? '-dark' : ''}`);
        await expectAccessible(elsewhere, 'waiting offer not yours');
      }

      await page
        .getByLabel(/^First name/)
        .first()
        .fill('Wanda');
      await page
        .getByLabel(/^Last name/)
        .first()
        .fill('Waiting');
      await page
        .getByLabel(/^Email address/)
        .first()
        .fill('wanda@example.test');
      await page.getByRole('button', { name: 'Use my contact details for every ticket' }).click();
      await page.getByLabel(/I agree to the terms/).check();
      await page.getByRole('button', { name: 'Complete order' }).click();
      await page.waitForURL(/\/summary$/);
      await page.getByRole('heading', { name: 'Thank you, your order is complete' }).waitFor();
      await screenshot(page, 'waitingOffer/summary');
      // The mail's link opened again after the order: the offer is used up.
      await page.goto(offerLink);
      await page.getByRole('heading', { name: 'This offer is no longer open' }).waitFor();
      await screenshot(page, 'waitingOffer/closed');
      await expectAccessible(page, 'waiting offer closed');
      await sink.waitFor(
        (received) =>
          received.to.includes('wanda@example.test') &&
          /Your order .* for Encore Night/.test(received.subject),
        30_000,
      );
    });

    it('tells a visitor with a broken link that there is no such offer', async () => {
      const page = await phonePage();
      await page.goto(`${offerLink}broken`);
      await page.getByRole('heading', { name: 'Offer not found' }).waitFor();
      await screenshot(page, 'waitingOffer/not-found');
      await expectAccessible(page, 'waiting offer not found');
    });
  },
);
