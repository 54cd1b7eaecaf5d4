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

/** Calls the API as the signed-in page does, with its token. */

interface ApiTicket {
  title: string;
  type: string;
  price: number | null;
  minimum_price: number | null;
  tiers: { label: string; price: number }[];
  state: string;
  tax_and_fee_ids: string[];
}

describeE2E('Tickets: an organizer sells paid, free, donation and tiered tickets', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let ticketsUrl = '';
  let eventId = '';

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
        name: 'Harbour Arts Collective',
      },
      {
        title: 'Lantern Festival',
        start_date: `${dateNextYear('06-12')}T18:00:00Z`,
        timezone: 'Europe/Lisbon',
        currency: 'EUR',
      },
    );
    await callApiInPage(page, 'POST', '/account/taxes-and-fees', {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: 23,
      amount: null,
      is_default: true,
    });
    ticketsUrl = `${app.url}/manage/event/${eventId}/tickets`;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  const row = (title: string) => page.getByRole('row').filter({ hasText: title });
  const titlesInOrder = async () =>
    (await page.locator('.tickets-table tbody tr td:first-child').allInnerTexts()).map((text) => text.trim());
  const apiTickets = async () =>
    (await callApiInPage<{ data: ApiTicket[] }>(page, 'GET', `/events/${eventId}/tickets`)).data;

  async function openNewTicket() {
    await page.getByRole('button', { name: 'New ticket' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').waitFor();
    return dialog;
  }

  async function save(title: string) {
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`“${title}” was saved.`).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  it('creates a paid, a free, a donation and a tiered ticket', async () => {
    await page.goto(ticketsUrl);
    await page.getByRole('heading', { name: 'Tickets', level: 2 }).waitFor();
    await page.getByText('No tickets yet.').waitFor();
    await screenshot(page, 'tickets/empty');

    let dialog = await openNewTicket();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Enter a title.').waitFor();
    await dialog.getByLabel('Title').fill('General admission');
    await dialog.getByLabel('Price (EUR)').fill('-3');
    await dialog.getByLabel('Minimum per order').fill('4');
    await dialog.getByLabel('Maximum per order').fill('2');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText(/no more decimals than the currency has/).waitFor();
    await dialog.getByText('The maximum cannot be below the minimum.').waitFor();
    await dialog.getByLabel('Price (EUR)').fill('25.00');
    await dialog.getByLabel('Minimum per order').fill('1');
    await dialog.getByLabel('Maximum per order').fill('10');
    await dialog.getByLabel('Quantity available').fill('100');
    // The account's default tax is ticked for a new ticket.
    expect(await dialog.getByRole('checkbox', { name: 'VAT' }).isChecked()).toBe(true);
    await screenshot(page, 'tickets/create-paid');
    await save('General admission');
    await row('General admission').getByText('€25.00').waitFor();
    await row('General admission').getByText('100 of 100 left').waitFor();

    dialog = await openNewTicket();
    await dialog.getByLabel('Type').selectOption('FREE');
    await dialog.getByLabel('Title').fill('Community pass');
    await save('Community pass');

    dialog = await openNewTicket();
    await dialog.getByLabel('Type').selectOption('DONATION');
    await dialog.getByLabel('Title').fill('Supporter');
    await dialog.getByLabel('Minimum price (EUR)').fill('5');
    await save('Supporter');

    dialog = await openNewTicket();
    await dialog.getByLabel('Type').selectOption('TIERED');
    await dialog.getByLabel('Title').fill('Early bird');
    await dialog.getByRole('button', { name: 'Remove tier 1' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Add at least one tier.').waitFor();
    await dialog.getByRole('button', { name: 'Add tier' }).click();
    await dialog.getByLabel('Tier 1 label').fill('Early');
    await dialog.getByLabel('Tier 1 price (EUR)').fill('10');
    await dialog.getByLabel('Tier 1 quantity').fill('50');
    // Fixed, the error goes.
    await expect.poll(() => dialog.getByText('Add at least one tier.').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add tier' }).click();
    await dialog.getByLabel('Tier 2 label').fill('Late');
    await dialog.getByLabel('Tier 2 price (EUR)').fill('15.50');
    await screenshot(page, 'tickets/create-tiered');
    await save('Early bird');

    await row('Community pass').getByText('Free', { exact: true }).nth(1).waitFor();
    await row('Supporter').getByText('From €5.00').waitFor();
    await row('Early bird').getByText('€10.00 – €15.50').waitFor();
    await row('Community pass').getByText('Unlimited').waitFor();
    expect(await titlesInOrder()).toEqual(['General admission', 'Community pass', 'Supporter', 'Early bird']);
    const saved = await apiTickets();
    // Typed in euros, stored in cents.
    expect(saved.find((ticket) => ticket.title === 'General admission')).toMatchObject({
      price: 2500,
      tax_and_fee_ids: [expect.any(String)],
    });
    expect(saved.find((ticket) => ticket.title === 'Community pass')).toMatchObject({
      type: 'FREE',
      price: 0,
    });
    expect(saved.find((ticket) => ticket.title === 'Supporter')?.minimum_price).toBe(500);
    expect(saved.find((ticket) => ticket.title === 'Early bird')?.tiers).toMatchObject([
      { label: 'Early', price: 1000 },
      { label: 'Late', price: 1550 },
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('reorders with the keyboard, pauses, hides and edits', async () => {
    // A refused sort puts the list back and says so.
    await page.route('**/tickets/sort', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({ title: 'Conflict', status: 409, reason: 'ticket_sort_failed' }),
      }),
    );
    await page.getByRole('button', { name: 'Move Supporter up' }).click();
    await page.getByText('Failed to sort the tickets.').waitFor();
    await expect
      .poll(titlesInOrder)
      .toEqual(['General admission', 'Community pass', 'Supporter', 'Early bird']);
    await page.unroute('**/tickets/sort');

    // The refused sort stays pending (buttons disabled) until the list is read again after it.
    const earlyBirdUp = page.getByRole('button', { name: 'Move Early bird up' });
    await expect.poll(() => earlyBirdUp.isEnabled()).toBe(true);
    await earlyBirdUp.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(titlesInOrder)
      .toEqual(['General admission', 'Community pass', 'Early bird', 'Supporter']);
    await page.getByRole('button', { name: 'Move General admission down' }).click();
    await expect
      .poll(titlesInOrder)
      .toEqual(['Community pass', 'General admission', 'Early bird', 'Supporter']);
    // Saved: the server answers in the new order.
    await expect
      .poll(async () => (await apiTickets()).map((ticket) => ticket.title))
      .toEqual(['Community pass', 'General admission', 'Early bird', 'Supporter']);

    await page.getByRole('button', { name: 'Pause sales of Supporter' }).click();
    await page.getByText('Sales of “Supporter” are paused.').waitFor();
    await row('Supporter').getByText('Paused').waitFor();
    await page.getByRole('button', { name: 'Resume sales of Supporter' }).waitFor();

    await page.getByRole('button', { name: 'Edit Community pass' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Type').inputValue()).toBe('FREE');
    await dialog.getByText('Hidden from buyers').click();
    await save('Community pass');
    await row('Community pass').getByText('Hidden', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit General admission' }).click();
    expect(await page.getByRole('dialog').getByLabel('Price (EUR)').inputValue()).toBe('25.00');
    await page.getByRole('dialog').getByLabel('Price (EUR)').fill('27.5');
    await save('General admission');
    await row('General admission').getByText('€27.50').waitFor();
    await row('General admission').getByText('On sale').waitFor();

    const states = Object.fromEntries((await apiTickets()).map((ticket) => [ticket.title, ticket.state]));
    expect(states).toEqual({
      'Community pass': 'HIDDEN',
      'General admission': 'ON_SALE',
      'Early bird': 'ON_SALE',
      Supporter: 'PAUSED',
    });
    await screenshot(page, 'tickets/list-light');
    await expectAccessible(page, 'tickets (light)');

    // Orders cannot be placed yet; the server's refusal for a ticket with orders is answered here as it sends it.
    await page.route(`**/api/events/${eventId}/tickets/*`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            contentType: 'application/problem+json',
            body: JSON.stringify({ title: 'Conflict', status: 409, reason: 'ticket_has_orders' }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Delete Supporter' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('A ticket tied to an order cannot be deleted; hide it instead').waitFor();
    await row('Supporter').waitFor();
    await page.unroute(`**/api/events/${eventId}/tickets/*`);

    await page.getByRole('button', { name: 'Delete Early bird' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Delete “Early bird”? Buyers can no longer choose it.').waitFor();
    await alert.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('“Early bird” was deleted.').waitFor();
    await expect.poll(() => row('Early bird').count()).toBe(0);

    // An organizer may not read the account's taxes (403): no taxes section, no bounce to the login, and the
    // request leaves the taxes to the server (the defaults for a new ticket, docs/event-management.md).
    await page.route('**/api/account/taxes-and-fees', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/problem+json',
        body: JSON.stringify({ title: 'Forbidden', status: 403, reason: 'forbidden' }),
      }),
    );
    await page.reload();
    await row('Supporter').waitFor();
    const dialog2 = await openNewTicket();
    await dialog2.getByLabel('Title').fill('Door sale');
    await dialog2.getByLabel('Price (EUR)').fill('30');
    expect(await dialog2.getByText('Taxes and fees').count()).toBe(0);
    const created = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(`/api/events/${eventId}/tickets`),
    );
    await save('Door sale');
    await page.unroute('**/api/account/taxes-and-fees');
    expect((await created).postDataJSON()).not.toHaveProperty('tax_and_fee_ids');
    expect(page.url()).toBe(ticketsUrl);
    expect(pageErrors).toEqual([]);
  });

  it('passes the accessibility checks in the dark scheme', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await submitLogin(darkPage, app.url, app.admin);
    await darkPage.waitForURL(/\/manage\/events/);
    await darkPage.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    await darkPage.goto(ticketsUrl);
    await darkPage.getByRole('row').filter({ hasText: 'Supporter' }).waitFor();
    await screenshot(darkPage, 'tickets/list-dark');
    await expectAccessible(darkPage, 'tickets (dark)');
    await darkPage.getByRole('button', { name: 'Edit Supporter' }).click();
    await darkPage.getByRole('dialog').getByLabel('Title').waitFor();
    await darkPage.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
    await screenshot(darkPage, 'tickets/dialog-dark');
    await expectAccessible(darkPage, 'ticket dialog (dark)');
    await dark.close();
  });
});
