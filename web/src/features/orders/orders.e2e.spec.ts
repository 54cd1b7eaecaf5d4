import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  callApiInPage,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

/** Calls the API as the signed-in page does (with its token), or as a buyer (`token: false`). */

describeE2E(
  'Orders and attendees: an organizer finds, cancels and marks orders paid, adds and exports attendees',
  () => {
    let app: RunningApp;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const pageErrors: string[] = [];
    let eventId = '';
    let ticketId = '';
    const base = () => `${app.url}/manage/event/${eventId}`;

    /** A buyer's order through the public API: reserve, details, complete with the offline method. */
    async function buy(quantity: number, email: string, lastName: string) {
      const placed = await callApiInPage<{ data: { short_id: string; reference: string } }>(
        page,
        'POST',
        `/public/events/${eventId}/orders`,
        { lines: [{ ticket_id: ticketId, quantity }] },
        { anonymous: true },
      );
      const shortId = placed.data.short_id;
      await callApiInPage(
        page,
        'PUT',
        `/public/events/${eventId}/orders/${shortId}/details`,
        {
          first_name: 'Ann',
          last_name: lastName,
          email,
          attendees: Array.from({ length: quantity }, (_, i) => ({
            first_name: `Guest${i}`,
            last_name: lastName,
            email: `guest${i}.${email}`,
          })),
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
      return placed.data.reference;
    }

    /** What the public event answers buyers about the ticket's stock. */
    const publicRemaining = async () => {
      const event = await callApiInPage<{ data: { tickets: { id: string; remaining: number | null }[] } }>(
        page,
        'GET',
        `/public/events/${eventId}`,
        undefined,
        { anonymous: true },
      );
      return event.data.tickets.find((ticket) => ticket.id === ticketId)?.remaining;
    };

    beforeAll(async () => {
      app = await startApp();
      browser = await launchBrowser();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
      page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await submitLogin(page, app.url, app.admin);
      await page.waitForURL(/\/manage\/events/);
      const organizer = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/organizers', {
        name: 'Harbour Arts Collective',
        email: 'box-office@example.test',
      });
      const event = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/events', {
        title: 'Lantern Festival',
        start_date: `${dateNextYear('06-12')}T18:00:00Z`,
        timezone: 'Europe/Lisbon',
        currency: 'EUR',
        organizer_id: organizer.data.id,
      });
      eventId = event.data.id;
      await callApiInPage(page, 'PUT', `/events/${eventId}/settings`, { offline_payments_enabled: true });
      const ticket = await callApiInPage<{ data: { id: string } }>(
        page,
        'POST',
        `/events/${eventId}/tickets`,
        {
          type: 'PAID',
          title: 'Lantern Walk',
          price: 2500,
          quantity: 10,
          show_quantity_remaining: true,
          tax_and_fee_ids: [],
        },
      );
      ticketId = ticket.data.id;
      await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
      await buy(2, 'ann@example.test', 'Lee');
      await buy(3, 'zoe@example.test', 'Zhang');
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    it('finds an order by email, cancels it and the stock returns on the public event', async () => {
      expect(await publicRemaining()).toBe(5);
      await page.goto(`${base()}/orders`);
      await page.getByRole('row').filter({ hasText: 'ann@example.test' }).waitFor();
      await screenshot(page, 'orders/list');
      await expectAccessible(page, 'orders');

      await page.getByRole('searchbox', { name: 'Search by reference, name or email' }).fill('zoe@');
      await page.keyboard.press('Enter');
      await page.waitForURL(/query=zoe/);
      const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
      await expect.poll(() => rows.count()).toBe(2);
      await rows
        .nth(1)
        .getByRole('button', { name: /Open order/ })
        .click();
      const drawer = page.locator('.order-drawer');
      await drawer.getByText('Awaiting payment').first().waitFor();
      await drawer.getByText('OrderAwaitingOfflinePayment').waitFor();
      // The drawer's entrance animation, finished before the screenshot and the contrast checks.
      await page.waitForTimeout(500);
      await screenshot(page, 'orders/drawer');
      await expectAccessible(page, 'order drawer');

      await drawer.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
      await drawer.getByText('OrderCancelled').waitFor();
      await expect.poll(publicRemaining).toBe(8);
      await page.keyboard.press('Escape');
      await rows.nth(1).getByText('Cancelled').waitFor();

      // Cancelling again is refused with the reason's message, and nothing changes.
      await rows
        .nth(1)
        .getByRole('button', { name: /Open order/ })
        .click();
      await expect(drawer.getByRole('button', { name: 'Cancel order' }).count()).resolves.toBe(0);
      await page.keyboard.press('Escape');
      expect(pageErrors).toEqual([]);
    });

    it('marks an offline order paid', async () => {
      await page.goto(`${base()}/orders?query=ann`);
      const row = page.getByRole('row').filter({ hasText: 'ann@example.test' });
      await row.getByRole('button', { name: /Open order/ }).click();
      const drawer = page.locator('.order-drawer');
      await drawer.getByRole('button', { name: 'Mark as paid' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Mark as paid' }).click();
      await drawer.getByText('OrderMarkedPaid').waitFor();
      await drawer.getByText('Completed').first().waitFor();
      await page.keyboard.press('Escape');
      await row.getByText('Completed').waitFor();
      await screenshot(page, 'orders/list-after');
    });

    it('adds an attendee by hand and exports the attendees as an Excel file', async () => {
      await page.goto(`${base()}/attendees`);
      await page.getByRole('row').filter({ hasText: 'guest0.ann@example.test' }).waitFor();
      await page.getByRole('button', { name: 'Add attendee' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Ticket', { exact: true }).selectOption({ label: 'Lantern Walk' });
      await dialog.getByLabel('First name', { exact: true }).fill('Max');
      await dialog.getByLabel('Last name', { exact: true }).fill('Rivera');
      await dialog.getByLabel('Email', { exact: true }).fill('max@example.test');
      await dialog.getByLabel('Amount paid (EUR)').fill('12.50');
      await page.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
      await screenshot(page, 'attendees/add');
      await expectAccessible(page, 'add attendee');
      await dialog.getByRole('button', { name: 'Add attendee' }).click();
      await page.getByRole('row').filter({ hasText: 'max@example.test' }).waitFor();
      expect(await publicRemaining()).toBe(7);
      // The dialog's closing transition must be over before axe looks at the page.
      await expect.poll(() => page.locator('.bp6-dialog-container').count()).toBe(0);
      await screenshot(page, 'attendees/list');
      await expectAccessible(page, 'attendees');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export Excel' }).click();
      const file = await (await download).path();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Attendees');
      const emails: string[] = [];
      sheet?.eachRow((row, index) => {
        if (index > 1) emails.push(row.getCell(5).text);
      });
      // The cancelled order's attendees are still listed (cancelled); the manual attendee is there.
      expect(emails).toContain('max@example.test');
      expect(emails).toContain('guest0.ann@example.test');
      expect(emails).toHaveLength(6);
      expect(pageErrors).toEqual([]);
    });

    it('passes the accessibility checks in the dark scheme', async () => {
      const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
      const darkPage = await dark.newPage();
      await submitLogin(darkPage, app.url, app.admin);
      await darkPage.waitForURL(/\/manage\/events/);
      await darkPage.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
      await darkPage.goto(`${base()}/orders`);
      await darkPage.getByRole('row').filter({ hasText: 'ann@example.test' }).waitFor();
      await screenshot(darkPage, 'orders/list-dark');
      await expectAccessible(darkPage, 'orders (dark)');
      await darkPage.goto(`${base()}/attendees`);
      await darkPage.getByRole('row').filter({ hasText: 'max@example.test' }).waitFor();
      await screenshot(darkPage, 'attendees/list-dark');
      await expectAccessible(darkPage, 'attendees (dark)');
      await dark.close();
    });
  },
);
