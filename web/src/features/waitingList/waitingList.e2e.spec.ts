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

type Entry = { name: string; email: string; status: string; position: number | null; id: string };

describeE2E('The waiting list: a buyer joins a sold-out ticket from a phone', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let eventId = '';
  const slug = 'sold-out-gala';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    eventId = await createEventInPage(
      page,
      { name: 'Queue Theatre' },
      {
        title: 'Sold Out Gala',
        start_date: `${dateNextYear('09-20')}T19:00:00Z`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    );
    const ticket = await callApiInPage<{ data: { id: string } }>(page, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'Gala seat',
      quantity: 0,
      max_per_order: 4,
    });
    await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    ticketId = ticket.data.id;
  });
  let ticketId = '';
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it("lets the organizer switch the sold-out ticket's waiting list on in the ticket dialog", async () => {
    await page.goto(`${app.url}/manage/event/${eventId}/tickets`);
    await page.getByRole('button', { name: 'Edit Gala seat' }).click();
    const dialog = page.getByRole('dialog');
    const list = dialog.getByRole('group', { name: 'Waiting list' });
    await list.getByText('Offer a waiting list when sold out').click();
    await list.getByLabel('Offer valid for (hours)').fill('12');
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, 'waiting-list/ticket-dialog-switch');
    await expectAccessible(page, 'ticket dialog with the waiting list');
    await list.getByRole('button', { name: 'Save waiting list' }).click();
    await page.getByText('The waiting list settings were saved.').waitFor();
    expect(
      await callApiInPage<{ data: { enabled: boolean; offer_hours: number } }>(
        page,
        'GET',
        `/events/${eventId}/tickets/${ticketId}/waiting-list`,
      ),
    ).toMatchObject({ data: { enabled: true, offer_hours: 12 } });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('joins from the sold-out ticket, refuses the same address twice, and the organizer removes the entry', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: scheme,
        locale: 'en-GB',
      });
      const buyer = await phone.newPage();
      buyer.on('pageerror', (error) => pageErrors.push(error.message));
      await buyer.goto(`${app.url}/event/${eventId}/${slug}`);
      const option = buyer.locator('.ticket-option').filter({ hasText: 'Gala seat' });
      await option.getByText('Sold out').first().waitFor();
      await option.getByRole('button', { name: 'Join the waiting list' }).click();
      const form = option.getByRole('group', { name: 'Waiting list for Gala seat' });
      await form.getByLabel('Your name').fill(`Wanda ${scheme}`);
      await form.getByLabel('Email address').fill('wanda@example.test');
      expect(await form.getByLabel('Number of tickets').locator('option').allInnerTexts()).toEqual([
        '1',
        '2',
        '3',
        '4',
      ]);
      await form.getByLabel('Number of tickets').selectOption('2');
      await screenshot(buyer, `waiting-list/public-join-form-${scheme}`);
      await expectAccessible(buyer, `waiting list join form (${scheme})`);
      await form.getByRole('button', { name: 'Join the waiting list' }).click();
      if (scheme === 'light') {
        await option
          .getByText(
            'You are on the waiting list. We will write to wanda@example.test when tickets become available.',
          )
          .waitFor();
        await screenshot(buyer, 'waiting-list/public-joined-light');
        await expectAccessible(buyer, 'waiting list joined (light)');
      } else {
        // The same address on the same ticket is already waiting.
        await option.getByText('This email address is already on the waiting list').waitFor();
        await screenshot(buyer, 'waiting-list/public-duplicate-dark');
      }
      await phone.close();
    }

    await expect
      .poll(
        async () =>
          (await callApiInPage<{ data: Entry[] }>(page, 'GET', `/events/${eventId}/waiting-list`)).data.map(
            (entry) => [entry.email, entry.status, entry.position],
          ),
        { timeout: 10_000, interval: 250 },
      )
      .toEqual([['wanda@example.test', 'WAITING', 1]]);

    // The organizer finds the entry from the event's navigation and takes it off the list.
    await page.goto(`${app.url}/manage/event/${eventId}`);
    await page.getByRole('link', { name: 'Waiting list' }).first().click();
    const entry = page.getByRole('row').filter({ hasText: 'wanda@example.test' });
    await entry.getByText('Gala seat').waitFor();
    await entry.getByText('Waiting', { exact: true }).waitFor();
    await screenshot(page, 'waiting-list/organizer-list');
    await expectAccessible(page, 'waiting list page');
    // Offering by hand holds only free units: none are while the ticket stays sold out.
    await entry.getByRole('button', { name: 'Offer the tickets to Wanda light now' }).click();
    await page
      .getByText(
        'No tickets are free for this entry yet: buyers or the entries ahead of it in the list hold them.',
      )
      .waitFor();
    await entry.getByText('Waiting', { exact: true }).waitFor();
    await entry.getByRole('button', { name: 'Remove Wanda light from the waiting list' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Wanda light was removed from the waiting list.').waitFor();
    await entry.getByText('Removed', { exact: true }).waitFor();
    expect(await entry.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await screenshot(page, 'waiting-list/organizer-removed');

    // Off the list, the admin erases the joiner's name and address for good.
    await entry.getByRole('button', { name: 'Erase the personal data of Wanda light' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/Erase the name and email address of Wanda light for good\?/).waitFor();
    await expectAccessible(page, 'waiting list erase confirmation');
    await confirm.getByRole('button', { name: 'Erase' }).click();
    await page.getByText('The personal data was erased.').waitFor();
    const erased = page.getByRole('row').filter({ hasText: 'Gala seat' });
    await erased.getByText('Erased', { exact: true }).waitFor();
    expect(await erased.getByText('wanda@example.test').count()).toBe(0);
    expect(await erased.getByRole('button').count()).toBe(0);
    await screenshot(page, 'waiting-list/organizer-erased');
    const rows = await callApiInPage<{ data: Entry[] }>(page, 'GET', `/events/${eventId}/waiting-list`);
    expect(rows.data.map((row) => [row.name, row.email])).toEqual([['[erased]', 'erased@erased.invalid']]);
    expect(pageErrors).toEqual([]);
  });
});
