import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  callApi,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

const PHONE = { width: 390, height: 844 };

/** Whether the whole element is inside the window (to a pixel's rounding), as the buyer sees it without scrolling. */
async function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && Math.floor(box.bottom) <= window.innerHeight;
  });
}

describeE2E('Promo codes on a phone: the choice stays, the answer is in view, and it tells the truth', () => {
  let app: RunningApp;
  let browser: Browser;
  let token = '';
  let event = { id: '', slug: '' };
  let seatId = '';
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(app, token, method, path, body);

  async function phonePage(dark = false): Promise<Page> {
    const context = await browser.newContext({
      viewport: PHONE,
      locale: 'en-GB',
      ...(dark ? { colorScheme: 'dark' as const } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    if (dark) {
      await page.goto(`${app.url}/`);
      await page.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    }
    return page;
  }

  const seat = (page: Page) => page.locator('.ticket-option').filter({ hasText: 'Balcony seat' });
  const seatQuantity = (page: Page) => page.getByRole('combobox', { name: 'Quantity of Balcony seat' });
  async function apply(page: Page, code: string) {
    await page.getByLabel('Promo code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    token = (await call<{ token: string }>('POST', '/auth/login', app.admin)).token;
    const organizerId = (await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Pier Stage' }))
      .data.id;
    const created = await call<{ data: { id: string; slug: string } }>('POST', '/events', {
      title: 'Pier Summer Gala',
      start_date: `${dateNextYear('07-18')}T18:00:00Z`,
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
      organizer_id: organizerId,
    });
    event = { id: created.data.id, slug: created.data.slug };
    await call('PUT', `/events/${event.id}/settings`, {
      offline_payments_enabled: true,
      offline_payment_instructions: '<p>Pay at the box office.</p>',
    });
    // Enough tickets that the promo field sits far below the page's top on a phone.
    for (const [title, price] of [
      ['Standing', 1200],
      ['Terrace', 1500],
      ['Stalls', 1800],
      ['Balcony seat', 2000],
    ] as const) {
      const ticket = await call<{ data: { id: string } }>('POST', `/events/${event.id}/tickets`, {
        type: 'PAID',
        title,
        price,
        quantity: 40,
        max_per_order: 6,
        description: '<p>Doors open an hour before the first act; the bar stays open until late.</p>',
        tax_and_fee_ids: [],
      });
      if (title === 'Balcony seat') seatId = ticket.data.id;
    }
    await call('POST', `/events/${event.id}/promo-codes`, {
      code: 'SAVE5',
      discount_type: 'FIXED',
      discount: 500,
      max_allowed_usages: 10,
    });
    await call('POST', `/events/${event.id}/promo-codes`, {
      code: 'ONCE',
      discount_type: 'PERCENT',
      discount: 50,
      max_allowed_usages: 1,
    });
    await call('PUT', `/events/${event.id}/status`, { status: 'LIVE' });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
    expect(pageErrors).toEqual([]);
  });

  it('keeps the chosen tickets when a code is applied, shows the answer beside the field, and one answer only', async () => {
    const page = await phonePage();
    await page.goto(`${app.url}/e/${event.id}/${event.slug}`);
    await seatQuantity(page).selectOption('2');

    await apply(page, 'save5');
    const applied = page.getByText('Promo code SAVE5 applied.');
    await applied.waitFor();
    await seat(page).getByText('was €20.00').waitFor();
    expect(await inView(applied)).toBe(true);
    expect(await seatQuantity(page).inputValue()).toBe('2');
    expect(await page.getByText('Choose at least one ticket.').count()).toBe(0);
    await screenshot(page, 'promo/applied-light');
    await expectAccessible(page, 'promo code applied (phone, light)');

    // A wrong code after it: one message says both things; the first code still prices the tickets.
    await apply(page, 'NOPE');
    const refused = page.getByText('That promo code is invalid. Promo code SAVE5 is still applied.');
    await refused.waitFor();
    expect(await inView(refused)).toBe(true);
    expect(await page.getByText('Promo code SAVE5 applied.', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Promo code').getAttribute('aria-invalid')).toBe('true');
    expect(await seatQuantity(page).inputValue()).toBe('2');
    await seat(page).getByText('was €20.00').waitFor();
    await screenshot(page, 'promo/refused-after-applied-light');
    await expectAccessible(page, 'promo code refused after one applied (phone, light)');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/checkout\/[^/]+\/[^/]+\/details$/);
    const orders = await call<{ data: { promo_code: string | null; total: number }[] }>(
      'GET',
      `/events/${event.id}/orders`,
    );
    expect(orders.data).toEqual([expect.objectContaining({ promo_code: 'SAVE5', total: 3000 })]);
  });

  it('says a once-only code is no longer valid once it is used, and prices nothing with it', async () => {
    type Placed = { data: { short_id: string; total: number } };
    const orders = `/public/events/${event.id}/orders`;
    const other = await callApi<Placed>(app, null, 'POST', orders, {
      lines: [{ ticket_id: seatId, quantity: 1 }],
      promo_code: 'ONCE',
    });
    expect(other.data.total).toBe(1000);
    const person = { first_name: 'Rui', last_name: 'Costa', email: 'rui@example.test' };
    await callApi(app, null, 'PUT', `${orders}/${other.data.short_id}/details`, {
      ...person,
      attendees: [person],
      terms_agreed: true,
    });
    await callApi(app, null, 'POST', `${orders}/${other.data.short_id}/complete`, {
      payment_method: 'OFFLINE',
    });

    const page = await phonePage(true);
    await page.goto(`${app.url}/e/${event.id}/${event.slug}`);
    await seatQuantity(page).selectOption('1');
    await apply(page, 'ONCE');
    const refused = page.getByText('That promo code is invalid.', { exact: true });
    await refused.waitFor();
    expect(await inView(refused)).toBe(true);
    expect(await seat(page).getByText(/^was /).count()).toBe(0);
    expect(await seatQuantity(page).inputValue()).toBe('1');
    await screenshot(page, 'promo/used-up-dark');
    await expectAccessible(page, 'used-up promo code (phone, dark)');

    // Its link says the same, and the page shows full prices.
    await page.goto(`${app.url}/e/${event.id}/${event.slug}?promo_code=ONCE`);
    await page.getByText('That promo code is invalid.', { exact: true }).waitFor();
    await seat(page).getByText('€20.00', { exact: true }).waitFor();
    expect(await seat(page).getByText(/^was /).count()).toBe(0);
  });

  it('sends a buyer who opens /checkout/{eventId} to the event page', async () => {
    const page = await phonePage();
    await page.goto(`${app.url}/checkout/${event.id}`);
    await page.waitForURL(`${app.url}/e/${event.id}/${event.slug}`);
    await page.getByRole('heading', { name: 'Pier Summer Gala', level: 1 }).waitFor();
  });
});
