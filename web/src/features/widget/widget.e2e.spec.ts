import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  callApi,
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
import { startStripeDouble, type StripeDouble } from '../../../../services/payments/testing/stripeDouble';

/** An organizer's own site on another port: a plain HTML page with the pasted snippet. */
async function startOrganizerSite(snippet: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Harbour Arts</title></head><body>` +
        `<main><h1>Harbour Arts Collective</h1><p>Our next show:</p>${snippet}</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The frame's height as the loader set it, in pixels. */
async function frameHeight(frame: Locator): Promise<number> {
  return Number((await frame.evaluate((el) => (el as HTMLIFrameElement).style.height)).replace('px', ''));
}

// Card payments configured (the Stripe double): the platform's Content-Security-Policy then names Stripe's frames,
// and the widget settings page's own preview frame must still be allowed beside them.
describeE2E('Widget: a buyer gets a ticket through the widget on the organizer’s own site', () => {
  let double: StripeDouble;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let site: { url: string; server: Server } | undefined;
  let eventId = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    double = await startStripeDouble();
    app = await startApp({ env: double.env({ mode: 'direct' }) });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
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
        title: 'Harbour Lights Concert',
        start_date: `${dateNextYear('07-04')}T19:30:00Z`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    );
    await callApiInPage(page, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'Standing',
      quantity: 10,
    });
    await callApiInPage(page, 'PUT', `/events/${eventId}/settings`, {
      widget_background_color: '#0f2a44',
      widget_text_color: '#f5f8fa',
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (site) await new Promise((resolve) => site?.server.close(resolve));
    await app?.stop();
    await double?.stop();
  });

  it('shows the snippet and, once the event is live, a live preview', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}/widget`);
    await expect
      .poll(() => page.getByText('The widget shows tickets once the event is live').count())
      .toBe(1);
    await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    await page.reload();
    await page.getByText('Inside the widget').click();
    const snippet = await page.getByLabel('Snippet').inputValue();
    expect(snippet).toContain(`data-event-id="${eventId}"`);
    expect(snippet).toContain('data-checkout="in-place"');
    expect(snippet).toContain(`${app.url}/widget.js`);
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    const csp = await page.evaluate(async () =>
      (await fetch(window.location.href)).headers.get('content-security-policy'),
    );
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com/);
    const preview = page.frameLocator('iframe.widget-settings__frame');
    await expect.poll(() => preview.getByRole('heading', { name: 'Harbour Lights Concert' }).count()).toBe(1);
    await screenshot(page, 'widget/settings');
    await expectAccessible(page, 'widget settings');
  });

  it('sizes itself on another site, in the widget colours, and checks out in place', async () => {
    const settingsSnippet = await page.getByLabel('Snippet').inputValue();
    site = await startOrganizerSite(settingsSnippet);
    // A phone: the checkout form is taller than the screen, as it is for most buyers.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const buyer = await phone.newPage();
      buyer.on('pageerror', (error) => pageErrors.push(error.message));
      await buyer.goto(site.url);
      const frameElement = buyer.locator('iframe[title="Tickets"]');
      await expect.poll(() => frameElement.count()).toBe(1);
      const frame = buyer.frameLocator('iframe[title="Tickets"]');
      await expect.poll(() => frame.getByRole('heading', { name: 'Harbour Lights Concert' }).count()).toBe(1);
      // The loader resized the frame to its content (it starts at 480 px).
      await expect.poll(() => frameHeight(frameElement)).not.toBe(480);
      const background = await frame
        .locator('main.widget')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background).toBe('rgb(15, 42, 68)');
      await screenshot(buyer, 'widget/embedded');

      await frame
        .getByLabel(/Standing/)
        .first()
        .selectOption('2');
      await frame.getByRole('button', { name: /continue/i }).click();
      await expect.poll(() => frame.getByLabel(/first name/i).count()).toBeGreaterThan(0);
      const checkoutPath = new RegExp(`/checkout/${eventId}/[^/]+/details$`);
      await expect.poll(() => buyer.frames().some((frame) => checkoutPath.test(frame.url()))).toBe(true);
      expect(buyer.url()).toBe(site.url);
      await screenshot(buyer, 'widget/checkout-in-place');

      await frame
        .getByLabel(/^First name/)
        .first()
        .fill('Ada');
      await frame
        .getByLabel(/^Last name/)
        .first()
        .fill('Lovelace');
      await frame
        .getByLabel(/^Email address/)
        .first()
        .fill('ada@example.test');
      await frame.getByRole('button', { name: 'Use my contact details for every ticket' }).click();
      await frame.getByLabel(/I agree to the terms/).check();
      await expect.poll(() => frameHeight(frameElement)).toBeGreaterThan(844);
      const formHeight = await frameHeight(frameElement);
      // Completing the order from the bottom of the form, as a buyer does.
      await frame.getByRole('button', { name: 'Complete order' }).click();
      const confirmation = frame.getByRole('heading', { name: 'Thank you, your order is complete' });
      await confirmation.waitFor();

      // The frame follows the shorter confirmation down, and its top came back into view.
      await expect.poll(() => frameHeight(frameElement)).toBeLessThan(formHeight);
      // Within a pixel: the scroll can leave the frame's top a fraction of a pixel above the viewport.
      await expect.poll(async () => (await frameElement.boundingBox())?.y ?? Number.NaN).toBeGreaterThan(-1);
      const heading = await confirmation.boundingBox();
      expect(heading).not.toBeNull();
      expect(heading!.y).toBeGreaterThanOrEqual(0);
      expect(heading!.y + heading!.height).toBeLessThanOrEqual(844);
      // Not one pixel of frame below the confirmation's own content.
      const contentHeight = await frame
        .locator('#root')
        .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
      expect(await frameHeight(frameElement)).toBe(Math.max(120, contentHeight));
      await screenshot(buyer, 'widget/confirmation-in-place');
      await expectAccessible(buyer, 'widget confirmation on the organizer’s site');
      expect(pageErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('holds a rush’s buyer in the waiting room inside the frame, then lets them choose in place', async () => {
    // A second event of the organizer whose waiting room lets one buyer check out at a time.
    const rushId = await createEventInPage(
      page,
      { name: 'Harbour Arts Collective' },
      {
        title: 'Harbour Lights Encore',
        start_date: `${dateNextYear('07-05')}T19:30:00Z`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    );
    const standing = await callApiInPage<{ data: { id: string } }>(
      page,
      'POST',
      `/events/${rushId}/tickets`,
      {
        type: 'FREE',
        title: 'Standing',
        quantity: 10,
      },
    );
    await callApiInPage(page, 'PUT', `/events/${rushId}/settings`, {
      waiting_room_enabled: true,
      waiting_room_checkout_capacity: 1,
    });
    await callApiInPage(page, 'PUT', `/events/${rushId}/status`, { status: 'LIVE' });
    // Someone came first and holds the one checkout place.
    const room = `/public/events/${rushId}/waiting-room`;
    const first = await callApi<{ data: { token: string } }>(app, null, 'POST', room, {});
    await expect
      .poll(
        async () =>
          (
            await callApi<{ data: { place: { admitted: boolean } | null } }>(
              app,
              null,
              'GET',
              `${room}?token=${encodeURIComponent(first.data.token)}`,
            )
          ).data.place?.admitted,
        { timeout: 20_000 },
      )
      .toBe(true);
    const held = await fetch(`${app.url}/api/public/events/${rushId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-waiting-room-token': first.data.token },
      body: JSON.stringify({ lines: [{ ticket_id: standing.data.id, quantity: 1 }] }),
    });
    expect(held.status).toBe(201);
    const heldOrder = ((await held.json()) as { data: { short_id: string } }).data.short_id;

    const rushSite = await startOrganizerSite(
      `<div data-ticket-shop-widget data-event-id="${rushId}" data-checkout="in-place"></div><script async src="${app.url}/widget.js"></script>`,
    );
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const buyer = await phone.newPage();
      buyer.on('pageerror', (error) => pageErrors.push(error.message));
      await buyer.goto(rushSite.url);
      const frame = buyer.frameLocator('iframe[title="Tickets"]');
      await frame.getByRole('heading', { name: 'You are in the waiting room' }).waitFor();
      await frame.getByText('Your number: 2').waitFor();
      await frame.getByText('Nobody is ahead of you.').waitFor();
      expect(await frame.getByLabel(/Standing/).count()).toBe(0);
      await screenshot(buyer, 'widget/waiting-room');
      await expectAccessible(buyer, 'widget waiting room on the organizer’s site');

      // The first buyer completes: the place frees, and the frame lets the phone choose.
      const order = `/public/events/${rushId}/orders/${heldOrder}`;
      const person = { first_name: 'Fay', last_name: 'First', email: 'fay@example.test' };
      await callApi(app, null, 'PUT', `${order}/details`, {
        ...person,
        attendees: [person],
        terms_agreed: true,
      });
      await callApi(app, null, 'POST', `${order}/complete`, { payment_method: 'FREE' });
      await frame.getByText(/It is your turn/).waitFor({ timeout: 20_000 });
      await frame
        .getByLabel(/Standing/)
        .first()
        .selectOption('1');
      await frame.getByRole('button', { name: /continue/i }).click();
      await expect.poll(() => frame.getByLabel(/first name/i).count()).toBeGreaterThan(0);
      expect(buyer.url()).toBe(rushSite.url);
      expect(pageErrors).toEqual([]);
    } finally {
      await phone.close();
      await new Promise((resolve) => rushSite.server.close(resolve));
    }
  });

  it('opens the checkout in a new tab by default', async () => {
    const newTabSite = await startOrganizerSite(
      `<div data-ticket-shop-widget data-event-id="${eventId}"></div><script async src="${app.url}/widget.js"></script>`,
    );
    try {
      const buyer = await context.newPage();
      await buyer.goto(newTabSite.url);
      const frame = buyer.frameLocator('iframe[title="Tickets"]');
      await expect.poll(() => frame.getByRole('heading', { name: 'Harbour Lights Concert' }).count()).toBe(1);
      await frame
        .getByLabel(/Standing/)
        .first()
        .selectOption('1');
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        frame.getByRole('button', { name: /continue/i }).click(),
      ]);
      await tab.waitForURL(new RegExp(`/checkout/${eventId}/[^/]+/details$`));
      expect(buyer.url()).toBe(newTabSite.url);
    } finally {
      await new Promise((resolve) => newTabSite.server.close(resolve));
    }
  });
});
