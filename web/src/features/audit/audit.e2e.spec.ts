import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import {
  callApi,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

describeE2E('Audit log: an admin sees every change in the account, filters it, exports it, live', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  const pageErrors: string[] = [];
  const organizer = { email: 'oscar@example.test', password: 'a long enough password' };

  const login = async (who: { email: string; password: string }) =>
    (await callApi<{ token: string }>(app, null, 'POST', '/auth/login', who)).token;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    token = await login(app.admin);
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  const rows = () => page.getByRole('table', { name: 'Changes in the account' }).getByRole('row');

  it('shows a change the admin made, filters by what it is about, and exports the list', async () => {
    await callApi(app, token, 'POST', '/account/taxes-and-fees', {
      name: 'Harbour VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: 19,
      is_default: false,
    });
    await page.goto(`${app.url}/account/settings`);
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const vat = rows().filter({ hasText: 'Tax or fee created' });
    await vat.getByRole('button', { name: 'Tax or fee: Harbour VAT' }).waitFor();
    await screenshot(page, 'audit/list-light');
    await expectAccessible(page, 'audit log (light)');

    await page.getByLabel('About', { exact: true }).selectOption('tax');
    await page.waitForURL(/entity_kind=tax/);
    await expect.poll(() => rows().count()).toBe(2);
    await page.getByLabel('Change', { exact: true }).selectOption('TicketCreated');
    await page.getByText('No changes match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Change', { exact: true }).selectOption('TaxCreated');
    await expect.poll(() => rows().count()).toBe(2);
    await screenshot(page, 'audit/filtered');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Audit log')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('TaxCreated');
    expect(sheet.getRow(2).getCell(9).value).toBe('Harbour VAT');

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await csvDownload).path(), 'utf8');
    expect(csv).toContain('TaxCreated');
    expect(csv).toContain('Harbour VAT');
    expect(pageErrors).toEqual([]);
  });

  it('shows a change made while its live connection was still opening', async () => {
    // The page reads the log, then its socket joins the account's room: a notice sent in between reaches no one.
    let release = () => {};
    const opening = new Promise<void>((resolve) => (release = resolve));
    const held = async (route: Route) => {
      await opening;
      await route.continue();
    };
    await page.route('**/socket.io/**', held);
    try {
      await page.goto(`${app.url}/account/audit`);
      await rows().nth(1).waitFor();
      await callApi(app, token, 'POST', '/account/taxes-and-fees', {
        name: 'Tide fee',
        type: 'FEE',
        calculation_type: 'FIXED',
        amount: 90,
        is_default: false,
      });
      const logged = async () =>
        (await callApi<{ data: unknown[] }>(app, token, 'GET', '/account/audit')).data.some((entry) =>
          JSON.stringify(entry).includes('Tide fee'),
        );
      for (let tries = 0; !(await logged()); tries++) {
        expect(tries).toBeLessThan(100);
        await page.waitForTimeout(50);
      }
      expect(await rows().filter({ hasText: 'Tide fee' }).count()).toBe(0);
      release();
      await rows().filter({ hasText: 'Tide fee' }).waitFor({ timeout: 5_000 });
    } finally {
      release();
      await page.unroute('**/socket.io/**', held);
    }
  });

  it('shows another change as it happens, without a reload', async () => {
    await page.goto(`${app.url}/account/audit`);
    await rows().filter({ hasText: 'Harbour VAT' }).first().waitFor();
    await callApi(app, token, 'POST', '/account/taxes-and-fees', {
      name: 'Lantern fee',
      type: 'FEE',
      calculation_type: 'FIXED',
      amount: 150,
      is_default: false,
    });
    await rows().filter({ hasText: 'Lantern fee' }).waitFor();
    expect(await rows().nth(1).textContent()).toContain('Lantern fee');
    await screenshot(page, 'audit/live');

    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await submitLogin(darkPage, app.url, app.admin);
    await darkPage.waitForURL(/\/manage\/events/);
    await darkPage.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    await darkPage.goto(`${app.url}/account/audit`);
    await darkPage.getByRole('row').filter({ hasText: 'Lantern fee' }).waitFor();
    await screenshot(darkPage, 'audit/list-dark');
    await expectAccessible(darkPage, 'audit log (dark)');
    await dark.close();

    // A long unbroken name wraps on a phone instead of widening the page.
    const longName = `Harbour${'x'.repeat(142)}`;
    await callApi(app, token, 'POST', '/account/taxes-and-fees', {
      name: longName,
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: 7,
      is_default: false,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await rows().filter({ hasText: longName }).waitFor();
    await screenshot(page, 'audit/phone-long-name');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('tells an organizer the log is not theirs, and does not offer it', async () => {
    const invited = await callApi<{ data: { id: string } }>(app, token, 'POST', '/users', {
      email: organizer.email,
      role: 'ORGANIZER',
      first_name: 'Oscar',
    });
    expect(invited.data.id).toMatch(/^us_/);
    const mails = await callApi<{ data: { id: string; to: string }[] }>(app, token, 'GET', '/outbox');
    const mail = mails.data.find((sent) => sent.to.includes(organizer.email))!;
    const { data } = await callApi<{ data: { text: string } }>(app, token, 'GET', `/outbox/${mail.id}`);
    const invitation = /\/auth\/accept-invitation\/([^\s/?#]+)/.exec(data.text)![1]!;
    await callApi(app, null, 'POST', `/auth/invitation/${invitation}`, {
      first_name: 'Oscar',
      last_name: 'Org',
      password: organizer.password,
      password_confirmation: organizer.password,
    });

    const theirs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const theirPage = await theirs.newPage();
    await submitLogin(theirPage, app.url, organizer);
    await theirPage.waitForURL(/\/manage\/events/);
    await theirPage.goto(`${app.url}/account/audit`);
    await theirPage.getByRole('heading', { name: 'No permission' }).waitFor();
    expect(
      await theirPage
        .getByRole('navigation', { name: 'Account sections' })
        .getByRole('link', { name: 'Audit log' })
        .count(),
    ).toBe(0);
    await screenshot(theirPage, 'audit/organizer-forbidden');
    await expectAccessible(theirPage, 'audit log (organizer)');
    await theirs.close();

    // The admin's open log showed the invitation and its acceptance as they happened.
    await rows().filter({ hasText: 'Invitation accepted' }).waitFor();
  });
});
