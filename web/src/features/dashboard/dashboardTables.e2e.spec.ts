import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

/**
 * Issue 26, item 14: the dashboard's headline "Promo discounts" is the promo table's sum (an offline order with a
 * code counts before its money arrives), and the sales-by-ticket and promo tables show every column at 1280 px.
 */

/** Whether a table's region shows it whole, or else can be scrolled sideways from the keyboard. */
async function tableFits(page: Page, name: string) {
  const region = page.getByRole('region', { name });
  return region.evaluate((element) => ({
    fits: element.scrollWidth <= element.clientWidth,
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    // Nothing of the table lies outside the region's box, whatever its ancestors clip.
    tableRight: element.querySelector('table')?.getBoundingClientRect().right ?? 0,
    regionRight: element.getBoundingClientRect().right,
  }));
}

describeE2E('Dashboard tables: the promo headline equals the promo table; nothing clipped at 1280 px', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  let eventId = '';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    eventId = await createEventInPage(
      page,
      {
        name: 'Quayside Workshops',
      },
      {
        title: 'Harbour Makers Weekend',
        start_date: `${dateNextYear('07-04')}T09:00:00Z`,
        timezone: 'Europe/Lisbon',
        currency: 'EUR',
      },
    );
    await callApiInPage(page, 'PUT', `/events/${eventId}/settings`, { offline_payments_enabled: true });
    const ticket = await callApiInPage<{ data: { id: string } }>(page, 'POST', `/events/${eventId}/tickets`, {
      type: 'PAID',
      title: 'Two-day workshop pass with materials and lunch',
      price: 12_500,
      quantity: 100,
      tax_and_fee_ids: [],
    });
    await callApiInPage(page, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'Open studio',
      quantity: 100,
      tax_and_fee_ids: [],
    });
    await callApiInPage(page, 'POST', `/events/${eventId}/promo-codes`, {
      code: 'EARLYBIRD-MAKERS-2027',
      discount_type: 'FIXED',
      discount: 500,
    });
    await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    // A buyer orders with the code and chooses to pay offline: sold, money not yet in.
    const placed = await callApiInPage<{ data: { short_id: string } }>(
      page,
      'POST',
      `/public/events/${eventId}/orders`,
      { lines: [{ ticket_id: ticket.data.id, quantity: 1 }], promo_code: 'EARLYBIRD-MAKERS-2027' },
      { anonymous: true },
    );
    const shortId = placed.data.short_id;
    await callApiInPage(
      page,
      'PUT',
      `/public/events/${eventId}/orders/${shortId}/details`,
      {
        first_name: 'Ines',
        last_name: 'Carvalho',
        email: 'ines@example.test',
        attendees: [{ first_name: 'Ines', last_name: 'Carvalho', email: 'ines@example.test' }],
        terms_agreed: true,
      },
      { anonymous: true },
    );
    await callApiInPage(
      page,
      'POST',
      `/public/events/${eventId}/orders/${shortId}/complete`,
      { payment_method: 'OFFLINE' },
      { anonymous: true },
    );
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the promo discount in the headline as in the promo table, and both tables whole at 1280 px', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}/dashboard`);
    const promoRow = page
      .getByRole('table', { name: 'Promo code usage' })
      .getByRole('row', { name: /EARLYBIRD-MAKERS-2027/ });
    await promoRow.waitFor();
    const discountCell = await promoRow.getByRole('cell').nth(2).innerText();
    expect(discountCell).toBe('€5.00');
    await expect.poll(() => page.getByTestId('stat-discounts').locator('dd').innerText()).toBe(discountCell);

    await screenshot(page, 'dashboard/tables-1280');
    for (const name of ['Sales by ticket', 'Promo code usage']) {
      const table = await tableFits(page, name);
      expect(table, name).toMatchObject({ fits: true });
      expect(table.tableRight, name).toBeLessThanOrEqual(table.regionRight + 0.5);
    }
    await expectAccessible(page, 'dashboard tables (light)');
    expect(pageErrors).toEqual([]);
  });
});
