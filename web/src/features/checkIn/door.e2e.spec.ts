import { afterAll, beforeAll, expect, it } from 'vitest';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

type Order = {
  short_id: string;
  reference: string;
  attendees: { short_id: string; ticket_code: string | null }[];
};

describeE2E(
  'Check-in at the door: order references, namesakes, unpaid tickets and the list’s QR code',
  () => {
    let app: RunningApp;
    let browser: Browser;
    let token = '';
    let eventId = '';
    let listId = '';
    let listShortId = '';
    let family: Order;
    let unpaid: Order;
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];

    const call = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, token, method, path, body);

    /** A buyer's order through the public checkout, every attendee named after the buyer, as families are. */
    async function order(ticketId: string, quantity: number, method: 'FREE' | 'OFFLINE'): Promise<Order> {
      const orders = `/public/events/${eventId}/orders`;
      const placed = await call<{ data: Order }>('POST', orders, {
        lines: [{ ticket_id: ticketId, quantity }],
      });
      const path = `${orders}/${placed.data.short_id}`;
      const person = { first_name: 'Sam', last_name: 'Lee', email: 'sam@example.test' };
      await call('PUT', `${path}/details`, {
        ...person,
        attendees: Array.from({ length: quantity }, () => person),
        terms_agreed: true,
      });
      return (await call<{ data: Order }>('POST', `${path}/complete`, { payment_method: method })).data;
    }

    async function phone(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        ...options,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      if (options.colorScheme === 'dark')
        await page.addInitScript(() => localStorage.setItem('colour_scheme', 'dark'));
      await page.goto(`${app.url}/check-in/${listShortId}`);
      await expect
        .poll(() => page.getByTestId('scanner-connection').textContent(), { timeout: 10_000 })
        .toBe('Live');
      return page;
    }

    const enter = async (door: Page, text: string) => {
      await door.getByLabel('Ticket code or order reference').fill(text);
      await door.getByLabel('Ticket code or order reference').press('Enter');
    };

    beforeAll(async () => {
      app = await startApp();
      browser = await launchBrowser();
      token = (await call<{ token: string }>('POST', '/auth/login', app.admin)).token;
      const organizer = await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Harbour Arts' });
      eventId = (
        await call<{ data: { id: string } }>('POST', '/events', {
          title: 'Namesakes Night',
          start_date: `${dateNextYear('06-12')}T18:00:00Z`,
          timezone: 'Europe/Lisbon',
          currency: 'EUR',
          organizer_id: organizer.data.id,
        })
      ).data.id;
      await call('PUT', `/events/${eventId}/settings`, {
        offline_payments_enabled: true,
        offline_payment_instructions: '<p>Pay at the door.</p>',
      });
      const ticket = async (body: Record<string, unknown>) =>
        (await call<{ data: { id: string } }>('POST', `/events/${eventId}/tickets`, body)).data.id;
      const standing = await ticket({ type: 'FREE', title: 'Standing' });
      const seated = await ticket({ type: 'PAID', title: 'Seated', price: 1500, quantity: 20 });
      await call('PUT', `/events/${eventId}/status`, { status: 'LIVE' });
      const list = await call<{ data: { id: string; short_id: string } }>(
        'POST',
        `/events/${eventId}/check-in-lists`,
        { name: 'Front door', ticket_ids: [standing, seated] },
      );
      listId = list.data.id;
      listShortId = list.data.short_id;
      family = await order(standing, 3, 'FREE');
      unpaid = await order(seated, 1, 'OFFLINE');
    });

    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      await app?.stop();
    });

    it('the list page shows the scanner link as a QR code a phone can open', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await submitLogin(page, app.url, app.admin);
      await page.waitForURL(/\/manage\/events/);
      await page.goto(`${app.url}/manage/event/${eventId}/check-in`);
      await page.getByRole('button', { name: 'Show the QR code of Front door for a phone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open Front door on a phone' });
      const code = dialog.getByRole('img', { name: 'QR code of the scanner link of Front door' });
      await expect.poll(async () => (await code.innerHTML()).length).toBeGreaterThan(100);
      const url = `${app.url}/check-in/${listShortId}`;
      expect(await dialog.getByTestId('check-in-code-url').textContent()).toBe(url);
      // The drawing is exactly the QR code of the link (the same encoder, the same settings).
      const expected = await QRCode.toString(url, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 240,
      });
      const drawnByBrowser = await page.evaluate((svg) => {
        const holder = document.createElement('div');
        holder.innerHTML = svg;
        return holder.innerHTML;
      }, expected);
      expect(await code.innerHTML()).toBe(drawnByBrowser);
      await screenshot(page, 'check-in/list-qr-code');
      await expectAccessible(page, 'check-in list QR code');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      await page.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
      await page.reload();
      await page.getByRole('button', { name: 'Show the QR code of Front door for a phone' }).click();
      await expect.poll(async () => (await code.innerHTML()).length).toBeGreaterThan(100);
      await screenshot(page, 'check-in/list-qr-code-dark');
      await expectAccessible(page, 'check-in list QR code (dark)');
      expect(listId).toMatch(/^cl_/);
    });

    it('an order reference, typed as the buyer reads it out, lists that order’s tickets to check in one by one', async () => {
      const door = await phone();
      await enter(door, `#${family.reference.toLowerCase()}`);
      const result = door.getByTestId('scanner-result');
      await expect.poll(() => result.getAttribute('data-result')).toBe('order');
      expect(await result.getAttribute('data-count')).toBe('3');
      expect(await result.textContent()).toContain(`Order ${family.reference}`);
      const tickets = door.getByRole('region', { name: `Tickets of order ${family.reference}` });
      const people = tickets.getByTestId('scanner-person');
      await expect.poll(() => people.count()).toBe(3);
      for (const text of await people.allTextContents()) {
        expect(text).toContain('Sam Lee');
        expect(text).toContain('Standing');
        expect(text).toContain(`Order ${family.reference}`);
      }
      await screenshot(door, 'check-in/scanner-order-reference');
      await expectAccessible(door, 'scanner, order reference');

      // The first of the three is here: checked in; the other two stay listed to check in.
      await people.nth(0).getByRole('button', { name: 'Check in Sam Lee' }).click();
      await expect.poll(() => result.getAttribute('data-result')).toBe('admitted');
      await expect.poll(() => people.nth(0).textContent()).toContain('Checked in');
      expect(await people.count()).toBe(3);
      expect(await tickets.getByRole('button', { name: 'Check in Sam Lee' }).count()).toBe(2);

      // An unknown reference is said to be unknown, not "not a valid ticket code".
      await enter(door, 'ZZZZ9999');
      await expect.poll(() => result.getAttribute('data-result')).toBe('order');
      expect(await result.getAttribute('data-count')).toBe('0');
      expect(await result.textContent()).toContain('No ticket on this list belongs to order ZZZZ9999.');
    });

    it('a duplicate says where: on this device, on another device or at the named gate, never a device id', async () => {
      const door1 = await phone();
      const door2 = await phone();
      // The one of the family the first door checked in, and two still to come.
      const states = await callApi<{ data: { short_id: string; check_in: unknown }[] }>(
        app,
        null,
        'GET',
        `/public/check-in-lists/${listShortId}/attendees?order_reference=${family.reference}`,
      );
      const first = states.data.find((row) => row.check_in !== null);
      const [second, third] = family.attendees.filter((attendee) => attendee.short_id !== first?.short_id);
      const result1 = door1.getByTestId('scanner-result');
      const result2 = door2.getByTestId('scanner-result');

      await enter(door1, first!.short_id);
      await expect.poll(() => result1.getAttribute('data-result')).toBe('already_checked_in');
      await enter(door2, first!.short_id);
      await expect.poll(() => result2.getAttribute('data-result')).toBe('already_checked_in');
      // The first door of the previous test is another device for both of these.
      expect(await result2.textContent()).toMatch(
        /At \d{1,2}:\d\d( [AP]M)? on another device \(Front door\)/,
      );

      await enter(door1, second!.short_id);
      await expect.poll(() => result1.getAttribute('data-result')).toBe('admitted');
      // The same ticket's QR code next (the same text again within 3 s would be ignored as the camera's echo).
      await enter(door1, second!.ticket_code!);
      await expect.poll(() => result1.getAttribute('data-result')).toBe('already_checked_in');
      expect(await result1.textContent()).toMatch(/At \d{1,2}:\d\d( [AP]M)? on this device \(Front door\)/);

      await door2.getByLabel('Gate or door (optional)').fill('Gate B');
      await enter(door2, third!.short_id);
      await expect.poll(() => result2.getAttribute('data-result')).toBe('admitted');
      await enter(door1, third!.short_id);
      await expect.poll(() => result1.getAttribute('data-result')).toBe('already_checked_in');
      expect(await result1.textContent()).toMatch(/At \d{1,2}:\d\d( [AP]M)? at Gate B \(Front door\)/);
      for (const text of [await result1.textContent(), await result2.textContent()])
        expect(text).not.toMatch(/dev-/);
      await screenshot(door1, 'check-in/scanner-duplicate-at-gate');
      await expectAccessible(door1, 'scanner duplicate at a gate');
    });

    it('search results tell namesakes apart by ticket, order and payment, and offer no check-in to an unpaid ticket', async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const door = await phone({ colorScheme: scheme });
        await door
          .getByRole('searchbox', { name: 'Search by name, email, order or ticket reference' })
          .fill('sam lee');
        await door.getByRole('button', { name: 'Search', exact: true }).click();
        const people = door.getByTestId('scanner-person');
        await expect.poll(() => people.count()).toBe(4);
        const unpaidRow = door.locator('[data-testid="scanner-person"][data-payment="UNPAID"]');
        expect(await unpaidRow.count()).toBe(1);
        expect(await unpaidRow.textContent()).toContain('Seated');
        expect(await unpaidRow.textContent()).toContain(`Order ${unpaid.reference}`);
        expect(await unpaidRow.textContent()).toContain('Awaiting payment');
        expect(await unpaidRow.getByRole('button').count()).toBe(0);
        const paidRows = door.locator('[data-testid="scanner-person"][data-payment="PAID"]');
        expect(await paidRows.count()).toBe(3);
        for (const text of await paidRows.allTextContents()) expect(text).toContain('Standing');
        await unpaidRow.scrollIntoViewIfNeeded();
        await screenshot(door, `check-in/scanner-search-namesakes${scheme === 'dark' ? '-dark' : ''}`);
        await expectAccessible(door, `scanner search (${scheme})`);
      }
    });

    it('raised no page errors', () => {
      expect(pageErrors).toEqual([]);
    });
  },
);
