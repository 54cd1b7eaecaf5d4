import { afterAll, beforeAll, expect, it } from 'vitest';
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

const PHONE = { width: 390, height: 844 };

type Joined = { data: { token: string; number: number } };
type Status = { data: { enabled: boolean; place: { admitted: boolean } | null } };

describeE2E('Waiting room: a buyer on a phone waits their turn in the queue, then buys', () => {
  let app: RunningApp;
  let browser: Browser;
  let token = '';
  let eventId = '';
  let slug = '';
  let ticketId = '';
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(app, token, method, path, body);

  async function phonePage(options: { dark?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: PHONE,
      locale: 'en-GB',
      ...(options.dark ? { colorScheme: 'dark' as const } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    if (options.dark) {
      await page.goto(`${app.url}/`);
      await page.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    }
    return page;
  }

  /** A live event of one free ticket, its waiting room on with `capacity` buyers in checkout at once. */
  async function roomEvent(title: string, quantity: number, capacity: number) {
    const organizerId = (await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Rush Hall' }))
      .data.id;
    const event = await call<{ data: { id: string; slug: string } }>('POST', '/events', {
      title,
      start_date: `${dateNextYear('10-02')}T19:00:00Z`,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      organizer_id: organizerId,
    });
    const ticket = await call<{ data: { id: string } }>('POST', `/events/${event.data.id}/tickets`, {
      type: 'FREE',
      title: 'Front row',
      quantity,
    });
    await call('PUT', `/events/${event.data.id}/settings`, {
      waiting_room_enabled: true,
      waiting_room_checkout_capacity: capacity,
    });
    await call('PUT', `/events/${event.data.id}/status`, { status: 'LIVE' });
    return { eventId: event.data.id, slug: event.data.slug, ticketId: ticket.data.id };
  }

  /** The admission keeper runs in the server's worker: ask until it admitted the token (no clock to wait on). */
  async function admitted(pass: string, event = eventId): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const status = await callApi<Status>(
        app,
        null,
        'GET',
        `/public/events/${event}/waiting-room?token=${encodeURIComponent(pass)}`,
      );
      if (status.data.place?.admitted) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the first buyer was never admitted');
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    token = (await call<{ token: string }>('POST', '/auth/login', app.admin)).token;
    // One buyer in checkout at a time.
    ({ eventId, slug, ticketId } = await roomEvent('Midnight Rush', 20, 1));
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
    expect(pageErrors).toEqual([]);
  });

  it('shows the place in the queue with a countdown, lets the buyer in once a checkout ends, and the order completes', async () => {
    // Someone arrived first and is in the one checkout place.
    const orders = `/public/events/${eventId}/orders`;
    const first = await callApi<Joined>(app, null, 'POST', `/public/events/${eventId}/waiting-room`, {});
    expect(first.data.number).toBe(1);
    await admitted(first.data.token);
    const firstOrder = await fetch(`${app.url}/api${orders}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-waiting-room-token': first.data.token },
      body: JSON.stringify({ lines: [{ ticket_id: ticketId, quantity: 1 }] }),
    });
    expect(firstOrder.status).toBe(201);
    const placed = ((await firstOrder.json()) as { data: { short_id: string } }).data;

    // The phone arrives second: the waiting room instead of the tickets.
    const page = await phonePage();
    await page.goto(`${app.url}/e/${eventId}/${slug}`);
    await page.getByRole('heading', { name: 'You are in the waiting room' }).waitFor();
    await page.getByText('Your place in the queue: 1').waitFor();
    await page.getByText('Nobody is ahead of you.').waitFor();
    await page.getByText('Your number: 2').waitFor();
    await expect(page.getByRole('timer').textContent()).resolves.toMatch(/Estimated wait: \d+:\d\d/);
    expect(await page.getByRole('combobox', { name: /Front row/ }).count()).toBe(0);
    await screenshot(page, 'waitingRoom/waiting');
    await expectAccessible(page, 'waiting room');

    // A reload keeps the place (the pass lives in the tab's sessionStorage).
    await page.reload();
    await page.getByText('Your number: 2').waitFor();

    const dark = await phonePage({ dark: true });
    await dark.goto(`${app.url}/e/${eventId}/${slug}`);
    await dark.getByText('Your number: 3').waitFor();
    await screenshot(dark, 'waitingRoom/waiting-dark');
    await expectAccessible(dark, 'waiting room dark');

    // The first buyer completes: their checkout place frees and the keeper lets number 2 in.
    const person = { first_name: 'Fay', last_name: 'First', email: 'fay@example.test' };
    await callApi(app, null, 'PUT', `${orders}/${placed.short_id}/details`, {
      ...person,
      attendees: [person],
      terms_agreed: true,
    });
    await callApi(app, null, 'POST', `${orders}/${placed.short_id}/complete`, { payment_method: 'FREE' });

    await page.getByText(/It is your turn/).waitFor({ timeout: 20_000 });
    await page.getByRole('combobox', { name: /Front row/ }).selectOption('2');
    await screenshot(page, 'waitingRoom/admitted');
    await page.getByRole('button', { name: /^Continue$/ }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await page
      .getByLabel(/^First name/)
      .first()
      .fill('Sam');
    await page
      .getByLabel(/^Last name/)
      .first()
      .fill('Second');
    await page
      .getByLabel(/^Email address/)
      .first()
      .fill('sam@example.test');
    await page.getByRole('button', { name: 'Use my contact details for every ticket' }).click();
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole('button', { name: 'Complete order' }).click();
    await page.waitForURL(/\/summary$/);
    await page.getByRole('heading', { name: 'Thank you, your order is complete' }).waitFor();

    // Number 2's order went through: the place frees again, and number 3 is let in.
    await dark.getByText(/It is your turn/).waitFor({ timeout: 20_000 });
    await dark.getByRole('combobox', { name: /Front row/ }).waitFor();
  });

  it('queues a buyer again, and says why, when their turn ends before they reserve', async () => {
    const room = await roomEvent('Late Doors', 10, 1);
    const page = await phonePage();
    // The page's clock and the server's jump together over the ten minutes of the admission window.
    await page.clock.install();
    await page.goto(`${app.url}/e/${room.eventId}/${room.slug}`);
    await page.getByText(/It is your turn/).waitFor({ timeout: 20_000 });
    // Someone else arrives and waits behind the phone, which keeps the one checkout place.
    const next = await callApi<Joined>(app, null, 'POST', `/public/events/${room.eventId}/waiting-room`, {});
    expect(next.data.number).toBe(2);

    await app.advanceClock(11 * 60_000);
    await page.clock.fastForward(11 * 60_000);
    await page
      .getByText(
        'Your turn ended before you reserved tickets, so you have a new place at the end of the queue.',
      )
      .waitFor({ timeout: 20_000 });
    await page.getByText('Your number: 3').waitFor();
    await page.getByText('Nobody is ahead of you.').waitFor();
    expect(await page.getByRole('combobox', { name: /Front row/ }).count()).toBe(0);
    await screenshot(page, 'waitingRoom/lapsed');
    await expectAccessible(page, 'waiting room after a lapsed turn');
  });

  it('tells a waiting buyer when the event sold out while they waited', async () => {
    const room = await roomEvent('Last Call', 2, 1);
    const first = await callApi<Joined>(app, null, 'POST', `/public/events/${room.eventId}/waiting-room`, {});
    await admitted(first.data.token, room.eventId);
    const reserved = await fetch(`${app.url}/api/public/events/${room.eventId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-waiting-room-token': first.data.token },
      body: JSON.stringify({ lines: [{ ticket_id: room.ticketId, quantity: 1 }] }),
    });
    expect(reserved.status).toBe(201);

    const page = await phonePage();
    await page.goto(`${app.url}/e/${room.eventId}/${room.slug}`);
    await page.getByText('Your number: 2').waitFor();
    // The organizer takes the last ticket off sale while the phone waits.
    await call('PUT', `/events/${room.eventId}/tickets/${room.ticketId}`, { quantity: 1 });
    await page.getByRole('heading', { name: 'Sold out while you waited' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('combobox', { name: /Front row/ }).count()).toBe(0);
    await screenshot(page, 'waitingRoom/sold-out');
    await expectAccessible(page, 'waiting room sold out');
  });

  it('lets the organizer turn the waiting room on and set how many buyers check out at once', async () => {
    const room = await roomEvent('Settings Night', 10, 1);
    await call('PUT', `/events/${room.eventId}/settings`, { waiting_room_enabled: null });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    await page.goto(`${app.url}/manage/event/${room.eventId}/settings`);
    const section = page.locator('#waiting-room');
    await section.getByRole('heading', { name: 'Waiting room' }).waitFor();
    expect(await section.getByLabel(/^Automatic/).isChecked()).toBe(true);

    await section.getByLabel('Buyers in checkout at once').fill('0');
    await section.getByText('Enter a whole number of buyers from 1 to 10,000').waitFor();
    await section.getByRole('button', { name: 'Save' }).click();
    // The server refuses it too, under the field.
    await section.locator('[aria-invalid="true"]').first().waitFor();
    await section.getByLabel('Buyers in checkout at once').fill('50');
    await section.getByText('On', { exact: true }).click();
    expect(await section.getByLabel('On', { exact: true }).isChecked()).toBe(true);
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Waiting room saved.').waitFor();
    await screenshot(page, 'waitingRoom/settings');
    await expectAccessible(page, 'event settings with the waiting room');
    const saved = await call<{ data: Record<string, unknown> }>('GET', `/events/${room.eventId}/settings`);
    expect(saved.data).toMatchObject({ waiting_room_enabled: true, waiting_room_checkout_capacity: 50 });
  });
});
