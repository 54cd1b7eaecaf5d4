import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** An organizer's own site on another port: a plain HTML page with the pasted snippet. */
async function startOrganizerSite(snippet: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Harbour Arts</title></head><body>` +
        `<main><h1>Harbour Arts Collective</h1><p>Our next show:</p>${snippet}</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describeE2E('Widget: a buyer gets a ticket through the widget on the organizer’s own site', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let site: { url: string; server: Server } | undefined;
  let eventId = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    const organizer = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/organizers', {
      name: 'Harbour Arts Collective',
    });
    const event = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/events', {
      title: 'Harbour Lights Concert',
      start_date: `${dateNextYear('07-04')}T19:30:00Z`,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      organizer_id: organizer.data.id,
    });
    eventId = event.data.id;
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
    const preview = page.frameLocator('iframe.widget-settings__frame');
    await expect.poll(() => preview.getByRole('heading', { name: 'Harbour Lights Concert' }).count()).toBe(1);
    await screenshot(page, 'widget/settings');
    await expectAccessible(page, 'widget settings');
  });

  it('sizes itself on another site, in the widget colours, and checks out in place', async () => {
    const settingsSnippet = await page.getByLabel('Snippet').inputValue();
    site = await startOrganizerSite(settingsSnippet);
    const buyer = await context.newPage();
    buyer.on('pageerror', (error) => pageErrors.push(error.message));
    await buyer.goto(site.url);
    const frameElement = buyer.locator('iframe[title="Tickets"]');
    await expect.poll(() => frameElement.count()).toBe(1);
    const frame = buyer.frameLocator('iframe[title="Tickets"]');
    await expect.poll(() => frame.getByRole('heading', { name: 'Harbour Lights Concert' }).count()).toBe(1);
    // The loader resized the frame to its content (it starts at 480 px).
    await expect
      .poll(async () =>
        Number(
          (await frameElement.evaluate((el) => (el as HTMLIFrameElement).style.height)).replace('px', ''),
        ),
      )
      .not.toBe(480);
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
    expect(pageErrors).toEqual([]);
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
