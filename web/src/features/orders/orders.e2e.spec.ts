import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
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
    let questionId = '';
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
          answers: { [questionId]: `A poster at the ${lastName} harbour` },
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
      eventId = await createEventInPage(
        page,
        {
          name: 'Harbour Arts Collective',
          email: 'box-office@example.test',
        },
        {
          title: 'Lantern Festival',
          start_date: `${dateNextYear('06-12')}T18:00:00Z`,
          timezone: 'Europe/Lisbon',
          currency: 'EUR',
        },
      );
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
      const question = await callApiInPage<{ data: { id: string } }>(
        page,
        'POST',
        `/events/${eventId}/questions`,
        { title: 'How did you hear of us?', type: 'SINGLE_LINE_TEXT', asked_per: 'ORDER' },
      );
      questionId = question.data.id;
      await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
      await buy(2, 'ann@example.test', 'Lee');
      await buy(3, 'zoe@example.test', 'Zhang');
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    it('searches as you type, opens an order from its row, tells its history in words and messages the buyer', async () => {
      expect(await publicRemaining()).toBe(5);
      await page.goto(`${base()}/orders`);
      await page.getByRole('row').filter({ hasText: 'ann@example.test' }).waitFor();
      await screenshot(page, 'orders/list');
      await expectAccessible(page, 'orders');
      const table = page.getByRole('table', { name: 'Orders' });
      const rows = table.getByRole('row');
      // The reference is visibly a link to open, and the whole row opens the order.
      const reference = rows.nth(1).getByRole('button', { name: /Open order/ });
      expect(await reference.evaluate((button) => getComputedStyle(button).textDecorationLine)).toContain(
        'underline',
      );
      expect(await rows.nth(1).evaluate((row) => getComputedStyle(row).cursor)).toBe('pointer');

      // Search as you type, no Enter: while the answer is on its way the list says so and marks its rows stale.
      let release = () => {};
      const answered = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/events\/[^/]+\/orders\?.*query=zoe/, async (route) => {
        await answered;
        await route.continue();
      });
      const search = page.getByRole('searchbox', { name: 'Search by reference, name or email' });
      await search.fill('zoe@');
      await page.getByRole('status').filter({ hasText: 'Searching…' }).waitFor();
      await expect.poll(() => table.getAttribute('aria-busy')).toBe('true');
      expect(await rows.count()).toBe(3);
      await screenshot(page, 'orders/searching');
      release();
      await expect.poll(() => rows.count()).toBe(2);
      expect(await table.getAttribute('aria-busy')).toBe('false');
      expect(page.url()).toMatch(/query=zoe/);
      await page.unroute(/\/api\/events\/[^/]+\/orders\?.*query=zoe/);

      // A click anywhere on the row opens the drawer.
      await rows.nth(1).getByRole('cell').nth(3).click();
      const drawer = page.locator('.order-drawer');
      await drawer.getByText('Awaiting payment').first().waitFor();
      // History and answers in words: what happened and who did it, never an event type or an id.
      await drawer.getByText('Order placed; the tickets are reserved').waitFor();
      await drawer.getByText('Buyer and attendee details entered').waitFor();
      await drawer.getByText('Order completed; awaiting the offline payment').waitFor();
      expect(await drawer.getByText(/· by the buyer$/).count()).toBe(3);
      await drawer.getByText('How did you hear of us?').waitFor();
      await drawer.getByText('A poster at the Zhang harbour').waitFor();
      expect(await drawer.innerText()).not.toMatch(
        /OrderPlaced|OrderDetailsSubmitted|OrderAwaitingOfflinePayment|PaymentIntentCreated|us_[0-9a-z]{4,}|by public/,
      );
      // The drawer's entrance animation, finished before the screenshot and the contrast checks.
      await page.waitForTimeout(500);
      await screenshot(page, 'orders/drawer');
      await expectAccessible(page, 'order drawer');

      // "Message the buyer": the composer opens addressed to them, no id to look up.
      await drawer.getByRole('button', { name: 'Message the buyer' }).click();
      const dialog = page.getByRole('dialog', { name: 'New message' });
      await dialog.getByLabel('Send to').waitFor();
      expect(await dialog.getByLabel('Send to').inputValue()).toBe('order_buyer');
      await dialog.getByText('Ann Zhang', { exact: true }).waitFor();
      await dialog.getByText(/zoe@example\.test · Order /).waitFor();
      await dialog.getByLabel('Subject').fill('Your bank transfer');
      await dialog.getByRole('textbox', { name: 'Message' }).fill('Please add your order reference.');
      await dialog
        .getByText(/is not promotional/)
        .first()
        .click();
      await page.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
      await screenshot(page, 'orders/message-buyer');
      await expectAccessible(page, 'message the buyer');
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('The message is on its way.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      await drawer.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
      await drawer.getByText('Order cancelled').waitFor();
      await drawer.getByText(/· by Admin User$/).waitFor();
      await expect.poll(publicRemaining).toBe(8);
      await page.keyboard.press('Escape');
      await rows.nth(1).getByText('Cancelled').waitFor();

      // Cancelling again is not offered, and the buyer of a cancelled order is no longer written to.
      await rows
        .nth(1)
        .getByRole('button', { name: /Open order/ })
        .click();
      await drawer.getByText('Order cancelled').waitFor();
      await expect(drawer.getByRole('button', { name: 'Cancel order' }).count()).resolves.toBe(0);
      await expect(drawer.getByRole('button', { name: 'Message the buyer' }).count()).resolves.toBe(0);
      await page.keyboard.press('Escape');

      // The message went to the buyer the drawer named.
      await page.goto(`${base()}/messages`);
      const sent = page.getByRole('row').filter({ hasText: 'Your bank transfer' });
      await sent.getByText('The buyer of an order').waitFor();
      await sent.getByRole('button', { name: 'Recipients of “Your bank transfer”' }).click();
      await page.getByRole('dialog').getByText('zoe@example.test').waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      expect(pageErrors).toEqual([]);
    });

    it('marks an offline order paid', async () => {
      await page.goto(`${base()}/orders?query=ann`);
      const row = page.getByRole('row').filter({ hasText: 'ann@example.test' });
      await row.getByRole('button', { name: /Open order/ }).click();
      const drawer = page.locator('.order-drawer');
      await drawer.getByText('Order placed; the tickets are reserved').waitFor();
      await drawer.getByRole('button', { name: 'Mark as paid' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Mark as paid' }).click();
      await drawer.getByText('Marked as paid').waitFor();
      await drawer.getByText('Completed').first().waitFor();
      expect(await drawer.getByText(/· by Admin User$/).count()).toBe(1);
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

    it('opens an attendee from its row and writes to them, picking them by name in the composer', async () => {
      await page.goto(`${base()}/attendees`);
      const row = page.getByRole('row').filter({ hasText: 'guest1.ann@example.test' });
      await row.getByRole('cell').nth(2).click();
      const drawer = page.locator('.attendee-drawer');
      await drawer.getByRole('heading', { name: 'Guest1 Lee' }).waitFor();
      await drawer.getByText('How did you hear of us?').waitFor({ state: 'detached' });
      await page.waitForTimeout(500);
      await screenshot(page, 'attendees/drawer');
      await expectAccessible(page, 'attendee drawer');
      await drawer.getByRole('button', { name: 'Message this attendee' }).click();
      const dialog = page.getByRole('dialog', { name: 'New message' });
      await dialog.getByText('Guest1 Lee', { exact: true }).waitFor();
      expect(await dialog.getByLabel('Send to').inputValue()).toBe('attendee');

      // Someone else: search by part of the name and the order's reference, choose with the keyboard.
      await dialog.getByRole('button', { name: 'Change: choose someone else instead of Guest1 Lee' }).click();
      const picker = dialog.getByRole('combobox', { name: 'Attendee' });
      await expect.poll(() => picker.evaluate((input) => input === document.activeElement)).toBe(true);
      await picker.fill('guest0 lee');
      await dialog.getByRole('status').filter({ hasText: '1 person found' }).waitFor();
      await dialog.getByRole('option', { name: /Guest0 Lee/ }).waitFor();
      await page.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
      await screenshot(page, 'messages/picker');
      await expectAccessible(page, 'recipient picker');
      await picker.press('Enter');
      await dialog.getByText('Guest0 Lee', { exact: true }).waitFor();
      await dialog.getByText(/guest0\.ann@example\.test · Order /).waitFor();
      await dialog.getByLabel('Subject').fill('Your workshop seat');
      await dialog.getByRole('textbox', { name: 'Message' }).fill('Row 3, seat 4.');
      await dialog
        .getByText(/is not promotional/)
        .first()
        .click();
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('The message is on its way.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
    });

    it("keeps the rows' actions free of toasts, and wraps emails only at their @ and dots", async () => {
      await callApiInPage(page, 'POST', `/events/${eventId}/attendees`, {
        ticket_id: ticketId,
        first_name: 'Wilhelmina',
        last_name: 'van den Berg-Oosterhuis',
        email: 'wilhelmina.vandenberg-oosterhuis@harbour-lantern-festival-tickets.example.test',
        amount_paid: 0,
        send_ticket: false,
      });
      // A short window: the last rows sit where toasts appear.
      await page.setViewportSize({ width: 1280, height: 560 });
      await page.goto(`${base()}/attendees`);
      const rows = page.getByRole('table', { name: 'Attendees' }).getByRole('row');
      await rows.filter({ hasText: 'Wilhelmina' }).waitFor();
      // The last row at the window's bottom edge, where toasts appear; resend the ticket of the row above it.
      const lastBox = await rows.last().boundingBox();
      await page.evaluate((by) => window.scrollBy(0, by), (lastBox?.y ?? 0) + (lastBox?.height ?? 0) - 552);
      const above = rows.nth(-2);
      const name = await above.getByRole('button', { name: /^Open / }).innerText();
      await above.getByRole('button', { name: `Resend the ticket to ${name}` }).click();
      await page.getByText(`The ticket is on its way to ${name}.`).waitFor();
      // Once it has slid in, the toast sits at the window's bottom edge, not somewhere in the page.
      await page.locator('.bp6-toast.bp6-toast-enter-done').waitFor();
      const toast = await page.locator('.bp6-toast').boundingBox();
      expect((toast?.y ?? 0) + (toast?.height ?? 0)).toBeGreaterThan(560 - 40);
      // Every action button on screen is still the element under its own centre.
      const covered = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.attendees-table button')]
          .filter((button) => {
            const box = button.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight;
          })
          .filter((button) => {
            const box = button.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return !hit || !button.contains(hit);
          })
          .map((button) => button.getAttribute('aria-label') ?? button.innerText),
      );
      expect(covered).toEqual([]);
      await screenshot(page, 'attendees/toast');

      // Emails break before "@" and dots, references never: no line of a cell starts mid-word.
      const midWord = (width: number) =>
        page
          .evaluate(() => {
            const broken: string[] = [];
            for (const cell of document.querySelectorAll<HTMLElement>('.attendees-table td')) {
              const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
              let previousTop: number | null = null;
              let previous = '';
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const text = node.textContent ?? '';
                for (let i = 0; i < text.length; i++) {
                  const range = document.createRange();
                  range.setStart(node, i);
                  range.setEnd(node, i + 1);
                  const top = range.getClientRects()[0]?.top;
                  if (top === undefined) continue;
                  const character = text[i]!;
                  if (
                    previousTop !== null &&
                    top > previousTop + 2 &&
                    /\w/.test(previous) &&
                    /\w/.test(character)
                  )
                    broken.push(`${cell.innerText.replace(/\s+/g, ' ')} (at "${previous}|${character}")`);
                  previousTop = top;
                  previous = character;
                }
              }
            }
            return broken;
          })
          .then((broken) => ({ width, broken }));
      expect(await midWord(1280)).toEqual({ width: 1280, broken: [] });
      await page.setViewportSize({ width: 390, height: 844 });
      await rows.filter({ hasText: 'Wilhelmina' }).waitFor();
      expect(await midWord(390)).toEqual({ width: 390, broken: [] });
      await screenshot(page, 'attendees/list-phone');
      // The table scrolls in its own box; the page does not.
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .filter((element) => !element.parentElement?.closest('.scroll-table'))
          .map((element) => element.className || element.tagName)
          .slice(0, 5),
      );
      expect(wide).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page, 'attendees (phone)');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    it('tells the history in German', async () => {
      const german = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const dePage = await german.newPage();
      await submitLogin(dePage, app.url, app.admin);
      await dePage.waitForURL(/\/manage\/events/);
      // The language select's choice: the locale cookie.
      await german.addCookies([{ name: 'locale', value: 'de', url: app.url }]);
      await dePage.goto(`${base()}/orders?query=zoe`);
      await dePage
        .getByRole('row')
        .filter({ hasText: 'zoe@example.test' })
        .getByRole('button', { name: /Bestellung .* öffnen|öffnen/ })
        .click();
      const drawer = dePage.locator('.order-drawer');
      await drawer.getByText('Bestellung aufgegeben; die Tickets sind reserviert').waitFor();
      await drawer.getByText('Bestellung abgeschlossen; die Offline-Zahlung steht aus').waitFor();
      await drawer.getByText('Bestellung storniert').waitFor();
      expect(await drawer.getByText(/· vom Käufer$/).count()).toBe(3);
      await drawer.getByText(/· von Admin User$/).waitFor();
      await drawer.getByRole('heading', { name: 'Verlauf' }).waitFor();
      expect(await drawer.innerText()).not.toMatch(/OrderPlaced|OrderCancelled|by the buyer|us_[0-9a-z]{4,}/);
      await dePage.waitForTimeout(500);
      await screenshot(dePage, 'orders/drawer-de');
      await expectAccessible(dePage, 'order drawer (German)');
      await german.close();
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
      await darkPage
        .getByRole('row')
        .filter({ hasText: 'ann@example.test' })
        .getByRole('button', { name: /Open order/ })
        .click();
      await darkPage.locator('.order-drawer').getByText('Marked as paid').waitFor();
      await darkPage.waitForTimeout(500);
      await screenshot(darkPage, 'orders/drawer-dark');
      await expectAccessible(darkPage, 'order drawer (dark)');
      await darkPage.goto(`${base()}/attendees`);
      await darkPage.getByRole('row').filter({ hasText: 'max@example.test' }).waitFor();
      await screenshot(darkPage, 'attendees/list-dark');
      await expectAccessible(darkPage, 'attendees (dark)');
      await darkPage.getByRole('button', { name: 'Open Max Rivera' }).click();
      await darkPage
        .locator('.attendee-drawer')
        .getByRole('button', { name: 'Message this attendee' })
        .click();
      await darkPage
        .getByRole('dialog', { name: 'New message' })
        .getByText('Max Rivera', { exact: true })
        .waitFor();
      await darkPage.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
      await screenshot(darkPage, 'messages/picker-dark');
      await expectAccessible(darkPage, 'message an attendee (dark)');
      await dark.close();
    });

    it("erases a buyer's personal data from the order, after a warning, and keeps the money", async () => {
      await buy(1, 'erase.me@example.test', 'Eraser');
      await page.goto(`${base()}/orders?query=erase.me`);
      const row = page.getByRole('row').filter({ hasText: 'erase.me@example.test' });
      await row.getByRole('button', { name: /Open order/ }).click();
      const drawer = page.locator('.order-drawer');
      await drawer.getByRole('button', { name: 'Erase personal data' }).click();
      const warning = page.getByRole('alertdialog');
      await warning.getByText(/This cannot be undone/).waitFor();
      await screenshot(page, 'orders/erase-warning');
      await warning.getByRole('button', { name: 'Erase personal data' }).click();
      await drawer.getByText('The personal data of this order was erased.').waitFor();
      await drawer.getByText('Personal data of the buyer and attendees erased').waitFor();
      expect(await drawer.innerText()).not.toMatch(/erase\.me@example\.test|Eraser|harbour/);
      await drawer.getByText('Erased', { exact: true }).first().waitFor();
      expect(await drawer.innerText()).not.toContain('erased@erased.invalid');
      await drawer.getByText('€25.00').first().waitFor();
      expect(await drawer.getByRole('button', { name: 'Erase personal data' }).count()).toBe(0);
      expect(await drawer.getByRole('button', { name: 'Resend confirmation' }).count()).toBe(0);
      await page.waitForTimeout(300);
      await screenshot(page, 'orders/erased');
      await expectAccessible(page, 'erased order');
      await page.keyboard.press('Escape');
    });
  },
);
