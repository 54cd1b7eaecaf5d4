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
import type { PublicTicket } from './ticketSelection';

/** Calls the API as the signed-in page does, with its token. */

describeE2E('The catalogue: from the organizer’s pages to the public ticket selector', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let eventId = '';
  let base = '';
  const slug = 'lantern-festival';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
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
    base = `${app.url}/manage/event/${eventId}`;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  const row = (text: string) => page.getByRole('row').filter({ hasText: text });
  const dialog = () => page.getByRole('dialog');
  async function save(saved: string) {
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(saved).waitFor();
    await dialog().waitFor({ state: 'detached' });
  }

  it('keeps a tax and a fee, and tickets of every type', async () => {
    // A capacity assignment needs a ticket: before there is one, the page points to the tickets.
    await page.goto(`${base}/capacity-assignments`);
    await page.getByText('Create a ticket first').waitFor();
    await screenshot(page, 'catalogue/capacity-no-tickets');

    await page.goto(`${app.url}/account/taxes-and-fees`);
    await page.getByRole('button', { name: 'New tax or fee' }).first().click();
    await dialog().getByLabel('Name').fill('VAT');
    await dialog().getByLabel('Rate (%)').fill('23');
    await dialog().getByText('Apply to new tickets by default').click();
    await save('“VAT” was saved.');
    await page.getByRole('button', { name: 'New tax or fee' }).first().click();
    await dialog().getByLabel('Name').fill('Booking fee');
    await dialog().getByLabel('Type').selectOption('FEE');
    await dialog().getByLabel('Calculation').selectOption('FIXED');
    await dialog()
      .getByLabel(/^Amount/)
      .fill('1.50');
    await dialog().getByText('Apply to new tickets by default').click();
    await save('“Booking fee” was saved.');

    await page.goto(`${base}/tickets`);
    await page.getByText('No tickets yet.').waitFor();
    const newTicket = async (type: string, title: string) => {
      await page.getByRole('button', { name: 'New ticket' }).first().click();
      await dialog().getByLabel('Title').fill(title);
      await dialog().getByLabel('Type').selectOption(type);
    };
    await newTicket('PAID', 'Standard');
    await dialog().getByLabel('Price (EUR)').fill('20');
    await save('“Standard” was saved.');
    await newTicket('FREE', 'Children under 12');
    await save('“Children under 12” was saved.');
    await newTicket('DONATION', 'Supporter');
    await dialog().getByLabel('Minimum price (EUR)').fill('5');
    await save('“Supporter” was saved.');
    await newTicket('TIERED', 'Festival pass');
    await dialog().getByLabel('Tier 1 label').fill('Early bird');
    await dialog().getByLabel('Tier 1 price (EUR)').fill('30');
    await save('“Festival pass” was saved.');
    await newTicket('PAID', 'Backstage pass');
    await dialog().getByLabel('Price (EUR)').fill('50');
    await dialog().getByText('Hidden unless a promo code applies').click();
    await save('“Backstage pass” was saved.');
    await row('Backstage pass').waitFor();
  });

  it('creates a promo code, with its errors next to the fields, and copies its link', async () => {
    await page.goto(`${base}/promo-codes`);
    await page.getByRole('heading', { name: 'Promo codes', level: 2 }).waitFor();
    await page.getByText('No promo codes yet.').waitFor();
    await page.getByRole('button', { name: 'New promo code' }).first().click();
    await dialog().getByLabel('Code').fill('VI');
    await dialog().getByLabel('Percentage (%)').fill('150');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().getByText('The code must be 3 to 50 characters.').waitFor();
    await dialog()
      .getByText(/above 0 and at most 100/)
      .waitFor();
    await dialog().getByLabel('Code').fill('VIP10');
    await dialog().getByLabel('Percentage (%)').fill('10');
    await dialog().getByLabel('Maximum uses').fill('25');
    await screenshot(page, 'catalogue/promo-code-dialog');
    await save('The code “VIP10” was saved.');
    await row('VIP10').getByText('10% off').waitFor();
    await row('VIP10').getByText('0 / 25').waitFor();
    await row('VIP10').getByText('All tickets').waitFor();

    // A second code with the same letters in another case is the server's refusal, shown at the field.
    await page.getByRole('button', { name: 'New promo code' }).first().click();
    await dialog().getByLabel('Code').fill('vip10');
    await dialog().getByLabel('Percentage (%)').fill('5');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().getByText('This code is already used in this event').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Copy the link that applies VIP10' }).click();
    const link = `${app.url}/event/${eventId}/${slug}?promo_code=VIP10`;
    await page.getByText(`Link copied: ${link}`).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, 'catalogue/promo-codes-light');
    await expectAccessible(page, 'promo codes (light)');
  });

  it('shares a capacity between tickets and shows what is used', async () => {
    await page.goto(`${base}/capacity-assignments`);
    await page.getByText('No capacity assignments yet.').waitFor();
    await page.getByRole('button', { name: 'New capacity assignment' }).first().click();
    await dialog().getByLabel('Name').fill('Main hall');
    await dialog().getByLabel('Capacity').fill('120');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().getByText('Tick at least one ticket.').waitFor();
    await dialog().getByText('Standard').click();
    await dialog().getByText('Festival pass').click();
    await save('“Main hall” was saved.');
    await row('Main hall').getByText('0 of 120').waitFor();
    await row('Main hall').getByText('Standard and Festival pass').waitFor();
    await screenshot(page, 'catalogue/capacity-light');
    await expectAccessible(page, 'capacity assignments (light)');
  });

  it('asks a question of its own after the locked default ones, and sorts the questions', async () => {
    await page.goto(`${base}/questions`);
    await row('First name').getByText('Always asked', { exact: true }).waitFor();
    await row('Email').getByText('Always asked', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit First name' }).count()).toBe(0);

    await page.getByRole('button', { name: 'New question' }).first().click();
    await dialog().getByLabel('Question', { exact: true }).fill('T-shirt size');
    await dialog().getByLabel('Answer type').selectOption('DROPDOWN');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().getByText('Fill in or remove the empty options.').waitFor();
    await dialog().getByRole('textbox', { name: 'Option 1' }).fill('S');
    await dialog().getByRole('button', { name: 'Add an option' }).click();
    await dialog().getByRole('textbox', { name: 'Option 2' }).fill('M');
    await dialog().getByText('For each attendee').click();
    await dialog().getByText('An answer is required').click();
    await screenshot(page, 'catalogue/question-dialog');
    await save('“T-shirt size” was saved.');
    await page.getByRole('button', { name: 'New question' }).first().click();
    await dialog().getByLabel('Question', { exact: true }).fill('Dietary needs');
    await dialog().getByLabel('Answer type').selectOption('MULTI_LINE_TEXT');
    await save('“Dietary needs” was saved.');

    const own = async () =>
      (await page.locator('.questions-page tbody tr[draggable] td:first-child strong').allInnerTexts()).map(
        (text) => text.trim(),
      );
    await expect.poll(own).toEqual(['T-shirt size', 'Dietary needs']);
    await page.getByRole('button', { name: 'Move Dietary needs up' }).click();
    await expect.poll(own).toEqual(['Dietary needs', 'T-shirt size']);
    await page.reload();
    await expect.poll(own).toEqual(['Dietary needs', 'T-shirt size']);

    // A sort the server refuses goes back, with the spec's "failed to sort".
    await page.route(`**/api/events/${eventId}/questions/sort`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({ title: 'Conflict', status: 409, reason: 'question_sort_failed' }),
      }),
    );
    await page.getByRole('button', { name: 'Move T-shirt size up' }).click();
    await page.getByText('Failed to sort the questions.').waitFor();
    await expect.poll(own).toEqual(['Dietary needs', 'T-shirt size']);
    await page.unroute(`**/api/events/${eventId}/questions/sort`);
    await screenshot(page, 'catalogue/questions-light');
    await expectAccessible(page, 'questions (light)');
    expect(pageErrors).toEqual([]);
  });

  it('passes the accessibility checks of the new pages in the dark scheme', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await submitLogin(darkPage, app.url, app.admin);
    await darkPage.waitForURL(/\/manage\/events/);
    await darkPage.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    for (const [path, text, name] of [
      ['promo-codes', 'VIP10', 'promo codes'],
      ['capacity-assignments', 'Main hall', 'capacity assignments'],
      ['questions', 'T-shirt size', 'questions'],
    ] as const) {
      await darkPage.goto(`${base}/${path}`);
      await darkPage.getByRole('row').filter({ hasText: text }).waitFor();
      await screenshot(darkPage, `catalogue/${path}-dark`);
      await expectAccessible(darkPage, `${name} (dark)`);
    }
    await darkPage.getByRole('button', { name: 'Edit T-shirt size' }).click();
    await darkPage.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
    await screenshot(darkPage, 'catalogue/question-dialog-dark');
    await expectAccessible(darkPage, 'question dialog (dark)');
    await dark.close();
  });

  it('marks paid tickets "payment setup incomplete" until the event takes a payment, then offers them', async () => {
    await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    // No card connection and offline payment off: a buyer cannot pay, so only the free ticket can be chosen.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const buyer = await phone.newPage();
    buyer.on('pageerror', (error) => pageErrors.push(error.message));
    await buyer.goto(`${app.url}/event/${eventId}/${slug}`);
    const option = (title: string) => buyer.locator('.ticket-option').filter({ hasText: title });
    await option('Standard').getByText('Payment setup incomplete: not on sale yet').waitFor();
    expect(await option('Standard').getByLabel('Quantity of Standard').isDisabled()).toBe(true);
    expect(await option('Children under 12').getByLabel('Quantity of Children under 12').isDisabled()).toBe(
      false,
    );
    await screenshot(buyer, 'catalogue/public-payment-setup-incomplete');
    await expectAccessible(buyer, 'public ticket selector, payment setup incomplete');

    // The organizer offers offline payment in the event's payment settings.
    await page.goto(`${base}/settings#payment`);
    const payment = page.locator('#payment');
    await payment.getByText('Offer offline payment').click();
    await payment.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Payment saved.').waitFor();
    await screenshot(page, 'event-settings/payment');
    // The public page may be cached for five seconds (Cache-Control), so the buyer reloads until it changes.
    await expect
      .poll(
        async () => {
          await buyer.reload();
          return option('Standard').getByLabel('Quantity of Standard').isDisabled();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(false);
    expect(await option('Standard').getByText('Payment setup incomplete: not on sale yet').count()).toBe(0);
    await phone.close();
  });

  it('shows buyers the prices with and without taxes, and the hidden ticket only with the code', async () => {
    const publicTickets = async (query = '') =>
      (
        await callApiInPage<{ data: { tickets: PublicTicket[] } }>(
          page,
          'GET',
          `/public/events/${eventId}${query}`,
        )
      ).data.tickets;
    const standard = (await publicTickets()).find((ticket) => ticket.title === 'Standard')?.prices[0];
    // All in: the headline is what the buyer pays, taxes and the fee included (docs/pricing.md).
    expect(standard?.amount).toBe(standard?.total);
    expect(standard?.fees).toEqual([{ name: 'Booking fee', amount: 150 }]);
    const allIn = `€${((standard?.amount ?? 0) / 100).toFixed(2)}`;

    for (const scheme of ['light', 'dark'] as const) {
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: scheme,
        locale: 'en-GB',
      });
      const buyer = await phone.newPage();
      buyer.on('pageerror', (error) => pageErrors.push(error.message));
      await buyer.goto(`${app.url}/event/${eventId}/${slug}`);
      const option = (title: string) => buyer.locator('.ticket-option').filter({ hasText: title });
      await option('Standard').getByText(allIn, { exact: true }).waitFor();
      await option('Standard').getByText('incl. taxes and fees').waitFor();
      await option('Children under 12').getByText('Free').waitFor();
      await option('Supporter').getByText('Pay what you want, at least €5.00').waitFor();
      await option('Festival pass').getByText('Early bird').waitFor();
      expect(await option('Backstage pass').count()).toBe(0);
      await screenshot(buyer, `catalogue/public-inclusive-${scheme}`);
      await expectAccessible(buyer, `public ticket selector (${scheme})`);

      // An unknown code is refused in place; the quantity lists go up to ten.
      await buyer.getByLabel('Promo code').fill('NOPE');
      await buyer.getByRole('button', { name: 'Apply' }).click();
      await buyer.getByText('That promo code is invalid.').waitFor();
      const quantities = await option('Standard')
        .getByLabel('Quantity of Standard')
        .locator('option')
        .allInnerTexts();
      expect(quantities).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      await phone.close();
    }

    // The code in the address shows the hidden ticket, with the discount.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const buyer = await phone.newPage();
    await buyer.goto(`${app.url}/event/${eventId}/${slug}?promo_code=VIP10`);
    await buyer.getByText('Promo code VIP10 applied.').waitFor();
    const backstage = buyer.locator('.ticket-option').filter({ hasText: 'Backstage pass' });
    await backstage.waitFor();
    await buyer.locator('.ticket-option').filter({ hasText: 'Standard' }).getByText(`was ${allIn}`).waitFor();
    await screenshot(buyer, 'catalogue/public-with-promo');

    // The organizer switches the event to prices before taxes: the page says what is added.
    await callApiInPage(page, 'PUT', `/events/${eventId}/settings`, { price_display_mode: 'EXCLUSIVE' });
    await expect
      .poll(
        async () => (await publicTickets()).find((ticket) => ticket.title === 'Standard')?.price_display_mode,
      )
      .toBe('EXCLUSIVE');
    await buyer.goto(`${app.url}/event/${eventId}/${slug}`);
    const standardOption = buyer.locator('.ticket-option').filter({ hasText: 'Standard' });
    await standardOption.getByText('€20.00', { exact: true }).waitFor();
    const exclusive = (await publicTickets()).find((ticket) => ticket.title === 'Standard')?.prices[0];
    const charges = [...(exclusive?.taxes ?? []), ...(exclusive?.fees ?? [])].reduce(
      (sum, c) => sum + c.amount,
      0,
    );
    expect(charges).toBeGreaterThan(150);
    await standardOption.getByText(`plus €${(charges / 100).toFixed(2)} taxes and fees`).waitFor();
    await screenshot(buyer, 'catalogue/public-exclusive');
    await phone.close();
    expect(pageErrors).toEqual([]);
  });
});
