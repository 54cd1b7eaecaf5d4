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

describeE2E('Taxes and fees: an admin keeps the account’s taxes and fees', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
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
  });

  const row = (name: string) => page.getByRole('row').filter({ hasText: name });

  it('creates a 19% VAT and a 1.50 fee, edits one and deletes one', async () => {
    await page.goto(`${app.url}/account/taxes-and-fees`);
    await page.getByRole('heading', { name: 'Taxes and fees', level: 1 }).waitFor();
    await page.getByText('No taxes or fees yet.').waitFor();

    await screenshot(page, 'taxes-and-fees/empty');
    await page.getByRole('button', { name: 'New tax or fee' }).first().click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a name.').waitFor();
    await dialog.getByLabel('Name').fill('VAT');
    await dialog.getByLabel('Rate (%)').fill('190');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a percentage from 0 to 100.').waitFor();
    await dialog.getByLabel('Rate (%)').fill('19');
    await dialog.getByText('Apply to new tickets by default').click();
    await screenshot(page, 'taxes-and-fees/create-vat');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('“VAT” was saved.').waitFor();
    await row('VAT').getByText('19%').waitFor();
    await row('VAT').getByText('Applied to new tickets').waitFor();

    await page.getByRole('button', { name: 'New tax or fee' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Booking fee');
    await dialog.getByLabel('Type').selectOption('FEE');
    await dialog.getByLabel('Calculation').selectOption('FIXED');
    await dialog.getByLabel(/^Amount/).fill('1.505');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/no more decimals than the currency has/).waitFor();
    await dialog.getByLabel(/^Amount/).fill('1.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('“Booking fee” was saved.').waitFor();
    await row('Booking fee').getByText(/1\.50/).waitFor();
    // A new form starts empty, even when opened again right after the last one closed.
    await row('Booking fee').getByText('No', { exact: true }).waitFor({ timeout: 3000 });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const fees = await page.evaluate(async () => {
      const response = await fetch('/api/account/taxes-and-fees', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return response.ok
        ? ((await response.json()) as { data: { name: string; amount: number | null }[] })
        : null;
    });
    // Typed in the account's currency, sent as minor units.
    expect(fees?.data.find((tax) => tax.name === 'Booking fee')?.amount).toBe(150);
    await screenshot(page, 'taxes-and-fees/list-light');
    await expectAccessible(page, 'taxes and fees (light)');

    await page.getByRole('button', { name: 'Edit Booking fee' }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel(/^Amount/).inputValue()).toBe('1.50');
    await dialog.getByLabel('Name').fill('Service fee');
    await dialog.getByLabel(/^Amount/).fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('“Service fee” was saved.').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await row('Service fee').getByText(/2\.00/).waitFor();
    expect(await row('Booking fee').count()).toBe(0);

    await page.getByRole('button', { name: 'Delete VAT' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Delete “VAT”? Tickets that use it stop charging it.').waitFor();
    await page.locator('.bp6-overlay-content.bp6-overlay-enter-done').waitFor();
    await screenshot(page, 'taxes-and-fees/delete-confirm');
    await alert.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('“VAT” was deleted.').waitFor();
    await expect.poll(() => row('VAT').count()).toBe(0);
    await row('Service fee').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('passes the accessibility checks in the dark scheme', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await submitLogin(darkPage, app.url, app.admin);
    await darkPage.waitForURL(/\/manage\/events/);
    await darkPage.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    await darkPage.goto(`${app.url}/account/taxes-and-fees`);
    await darkPage.getByRole('row').filter({ hasText: 'Service fee' }).waitFor();
    await screenshot(darkPage, 'taxes-and-fees/list-dark');
    await expectAccessible(darkPage, 'taxes and fees (dark)');
    await darkPage.getByRole('button', { name: 'New tax or fee' }).first().click();
    await darkPage.getByRole('dialog').getByLabel('Name').waitFor();
    await darkPage.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
    await screenshot(darkPage, 'taxes-and-fees/dialog-dark');
    await expectAccessible(darkPage, 'tax dialog (dark)');
    await dark.close();
  });
});
