import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  callApiInPage,
  createEventInPage,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

describeE2E('Affiliates: a partner code brings in orders and revenue', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let eventId = '';
  let ticketId = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    eventId = await createEventInPage(
      page,
      {
        name: 'Quay Arts',
      },
      {
        title: 'Quay Sessions',
        start_date: `${dateNextYear('08-15')}T19:00:00Z`,
        timezone: 'Europe/Lisbon',
        currency: 'EUR',
      },
    );
    const ticket = await callApiInPage<{ data: { id: string } }>(page, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'Entry',
      quantity: 50,
    });
    ticketId = ticket.data.id;
    await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('creates a code on the page, attributes an order placed with it, and shows it', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}/affiliates`);
    await page.getByRole('button', { name: 'New affiliate' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code').fill('ab');
    await dialog.getByLabel('Name').fill('Harbour Radio');
    await dialog.getByRole('button', { name: 'Save affiliate' }).click();
    await expect.poll(() => dialog.getByText('Use 3 to 50 characters.').count()).toBeGreaterThan(0);
    await dialog.getByLabel('Code').fill('radio-1');
    await dialog.getByLabel('Email (optional)').fill('promo@harbour.example');
    await dialog.getByRole('button', { name: 'Save affiliate' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'RADIO-1', exact: true }).count()).toBe(1);

    // A buyer arrives through the partner's link and completes a free order.
    const order = await page.evaluate(
      async ({ eventId, ticketId }) => {
        const post = async (path: string, method: string, body: unknown) => {
          const response = await fetch(`/api/public/events/${eventId}${path}`, {
            method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return (await response.json()) as { data: { short_id: string; status: string } };
        };
        const placed = await post('/orders', 'POST', {
          lines: [{ ticket_id: ticketId, quantity: 2 }],
          affiliate_code: 'radio-1',
        });
        const person = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' };
        await post(`/orders/${placed.data.short_id}/details`, 'PUT', {
          ...person,
          attendees: [person, person],
          terms_agreed: true,
        });
        return post(`/orders/${placed.data.short_id}/complete`, 'POST', { payment_method: 'FREE' });
      },
      { eventId, ticketId },
    );
    expect(order.data.status).toBe('COMPLETED');

    // The list updates live: one order for the code.
    const row = page.getByRole('row', { name: /RADIO-1/ });
    await expect.poll(() => row.getByRole('cell').nth(3).textContent(), { timeout: 10_000 }).toBe('1');
    await screenshot(page, 'affiliates/list');
    await expectAccessible(page, 'affiliates');
    expect(pageErrors).toEqual([]);
  });
});
