import { readFileSync } from 'node:fs';
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

const PHONE = { width: 390, height: 844 };

describeE2E('Invoices: a buyer asks for a company invoice and downloads it; the organizer lists it', () => {
  let app: RunningApp;
  let browser: Browser;
  let token = '';
  let event = { id: '', slug: '' };
  const pageErrors: string[] = [];
  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(app, token, method, path, body);

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    token = (await callApi<{ token: string }>(app, null, 'POST', '/auth/login', app.admin)).token;
    await call('PUT', '/account/invoice-settings', {
      prefix: 'RE-2027-',
      seller_company: 'Harbour Arts GmbH',
      seller_address: 'Kai 1, 20457 Hamburg',
      seller_country: 'DE',
      seller_vat_id: 'DE123456789',
    });
    const organizerId = (
      await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Harbour Arts' })
    ).data.id;
    const vatId = (
      await call<{ data: { id: string } }>('POST', '/account/taxes-and-fees', {
        name: 'VAT 19%',
        type: 'TAX',
        calculation_type: 'PERCENTAGE',
        rate: 19,
        is_default: false,
      })
    ).data.id;
    const created = await call<{ data: { id: string; slug: string } }>('POST', '/events', {
      title: 'Harbour Concert',
      start_date: `${dateNextYear('06-12')}T17:00:00Z`,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      organizer_id: organizerId,
    });
    event = { id: created.data.id, slug: created.data.slug };
    await call('PUT', `/events/${event.id}/settings`, {
      offline_payments_enabled: true,
      invoices_enabled: true,
    });
    await call('POST', `/events/${event.id}/tickets`, {
      type: 'PAID',
      title: 'Seat',
      price: 2500,
      quantity: 20,
      tax_and_fee_ids: [vatId],
    });
    await call('PUT', `/events/${event.id}/status`, { status: 'LIVE' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    expect(pageErrors).toEqual([]);
  });

  async function newPage(options: { viewport?: typeof PHONE; dark?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: options.viewport ?? PHONE,
      locale: 'en-GB',
      acceptDownloads: true,
      ...(options.dark ? { colorScheme: 'dark' as const } : {}),
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  /** The worker issues the invoice from the log: wait (by asking, not by the clock) until the order shows it. */
  async function invoiceIssued(orderShortId: string): Promise<string> {
    for (;;) {
      const order = await callApi<{ data: { invoice_number: string | null } }>(
        app,
        null,
        'GET',
        `/public/events/${event.id}/orders/${orderShortId}`,
      );
      if (order.data.invoice_number) return order.data.invoice_number;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('checks the VAT id at checkout, then the paid order offers its invoice as a PDF and a printable page', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/e/${event.id}/${event.slug}`);
    await page.getByRole('combobox', { name: /Seat/ }).selectOption('1');
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
      .fill('ada@example.test');
    await page.getByRole('button', { name: 'Use my contact details for every ticket' }).click();
    await page.getByLabel('I need an invoice made out to a company').check();
    await page.getByLabel(/^Company name/).fill('Analytical Engines SARL');
    await page.getByLabel(/^Company address/).fill('1 rue de la Paix, 75002 Paris');
    await page.getByLabel(/^Country/).fill('FR');
    // A German VAT id for a French company: the server refuses it on the VAT id field.
    await page.getByLabel(/^VAT ID/).fill('DE123456789');
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const vat = page.getByLabel(/^VAT ID/);
    await expect.poll(() => vat.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'invoices/checkout-company-vat-refused');
    await expectAccessible(page, 'checkout-company-vat-refused');

    await vat.fill('FR 12 345678901');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/payment$/);
    await page.getByRole('button', { name: 'Complete order and pay later' }).click();
    await page.waitForURL(/\/summary$/);
    const orderShortId = /\/checkout\/[^/]+\/([^/]+)\/summary$/.exec(page.url())?.[1] ?? '';

    const orders = await call<{ data: { id: string; short_id: string }[] }>(
      'GET',
      `/events/${event.id}/orders`,
    );
    const orderId = orders.data.find((order) => order.short_id === orderShortId)?.id ?? '';
    await call('POST', `/events/${event.id}/orders/${orderId}/mark-paid`, {});
    expect(await invoiceIssued(orderShortId)).toBe('RE-2027-00001');

    await page.reload();
    const link = page.getByRole('link', { name: /Download invoice \(PDF\)/ });
    await link.waitFor();
    await screenshot(page, 'invoices/order-page-invoice');
    await expectAccessible(page, 'order-page-invoice');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('RE-2027-00001.pdf');
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('(RE-2027-00001)');

    const [printable] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Printable invoice' }).click(),
    ]);
    await printable.getByRole('heading', { name: 'Invoice' }).waitFor();
    await printable.getByText('Analytical Engines SARL').waitFor();
    await printable.getByText('VAT ID: FR12345678901').waitFor();
    await printable.getByText('Harbour Arts GmbH').waitFor();
    await screenshot(printable, 'invoices/printable-invoice');
    await expectAccessible(printable, 'printable-invoice');

    const dark = await newPage({ dark: true });
    await dark.goto(`${app.url}/`);
    await dark.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    await dark.goto(page.url());
    await dark.getByRole('link', { name: /Download invoice \(PDF\)/ }).waitFor();
    await screenshot(dark, 'invoices/order-page-invoice-dark');
    await expectAccessible(dark, 'order-page-invoice-dark');
  });

  it("the organizer sees the invoice in the event's list and the seller details in the account settings", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    await page.goto(`${app.url}/manage/event/${event.id}/invoices`);
    const table = page.getByRole('table', { name: 'Invoices and credit notes' });
    await table.getByRole('cell', { name: 'RE-2027-00001', exact: true }).waitFor();
    await table.getByText('Analytical Engines SARL · Ada Lovelace').waitFor();
    await table.getByText('FR12345678901').waitFor();
    await screenshot(page, 'invoices/organizer-list');
    await expectAccessible(page, 'organizer-list');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download RE-2027-00001' }).click(),
    ]);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The order's drawer offers the same PDF.
    await page.goto(`${app.url}/manage/event/${event.id}/orders`);
    await page.locator('.list-table__open').first().click();
    await page.getByRole('button', { name: 'Download RE-2027-00001' }).waitFor();
    await screenshot(page, 'invoices/order-drawer-invoice');
    await expectAccessible(page, 'order-drawer-invoice');

    await page.goto(`${app.url}/account/settings`);
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await expect.poll(() => page.getByLabel('Number prefix').inputValue()).toBe('RE-2027-');
    await page.getByText('The next number: RE-2027-00002').waitFor();
    await page.getByLabel('Number prefix').fill('RE 2027');
    await page.getByRole('button', { name: 'Save invoice settings' }).click();
    await expect.poll(() => page.getByLabel('Number prefix').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Use up to 20 letters, digits, “-”, “_” or “/”.').waitFor();
    // A VAT id only the server can check is refused in the page's words, not the server's English.
    await page.getByLabel('Number prefix').fill('RE-2027-');
    await page.getByLabel('Seller country (two-letter code)').fill('DE');
    await page.getByLabel('Seller VAT ID').fill('DE12');
    await page.getByRole('button', { name: 'Save invoice settings' }).click();
    await page
      .getByText('This is not a VAT ID of the seller country. A VAT ID needs the country it belongs to.')
      .waitFor();
    expect(await page.getByText('Not a VAT id of DE').count()).toBe(0);
    await page.getByLabel('Number prefix').fill('RE 2027');
    await page.getByRole('button', { name: 'Save invoice settings' }).click();
    await screenshot(page, 'invoices/account-invoice-settings');
    await expectAccessible(page, 'account-invoice-settings');
  });
});
