import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
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

/** A buyer's whole free order through the public checkout API, from the buyer's own page (no login). */
function buyFree(page: Page, eventId: string, ticketId: string, quantity: number): Promise<string[]> {
  return page.evaluate(
    async ({ eventId, ticketId, quantity }) => {
      const call = async (method: string, path: string, body: unknown) => {
        // Each order its own buyer: the checkout remembers a browser's open order in a cookie and releases it
        // when the same browser starts another.
        const response = await fetch(`/api/public/events/${eventId}${path}`, {
          method,
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
        return (await response.json()) as { data: { short_id: string; attendees: { short_id: string }[] } };
      };
      const placed = await call('POST', '/orders', { lines: [{ ticket_id: ticketId, quantity }] });
      const shortId = placed.data.short_id;
      await call('PUT', `/orders/${shortId}/details`, {
        first_name: 'Rosa',
        last_name: 'Buyer',
        email: 'rosa@example.com',
        attendees: Array.from({ length: quantity }, (_, i) => ({
          first_name: `Guest ${i}`,
          last_name: 'Buyer',
          email: `guest${i}@example.com`,
        })),
        terms_agreed: true,
      });
      const done = await call('POST', `/orders/${shortId}/complete`, { payment_method: 'FREE' });
      return done.data.attendees.map((attendee) => attendee.short_id);
    },
    { eventId, ticketId, quantity },
  );
}

const statText = (page: Page, stat: string) => page.getByTestId(`stat-${stat}`).locator('dd').innerText();

/** One of the event's totals as the API answers it now, read by the signed-in organizer page. */
async function eventStat(page: Page, eventId: string, stat: 'tickets_sold' | 'orders' | 'checked_in') {
  const stats = await callApiInPage<{ data: { totals: Record<typeof stat, number> } }>(
    page,
    'GET',
    `/events/${eventId}/stats`,
  );
  return stats.data.totals[stat];
}

/** A door device admits an attendee through the public check-in API. */
async function scan(device: Page, listShortId: string, attendee: string, nonce: string): Promise<void> {
  await device.evaluate(
    async ({ listShortId, attendee, nonce }) => {
      const response = await fetch(`/api/public/check-in-lists/${listShortId}/check-ins`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ attendee_short_id: attendee, nonce, device_id: 'door-north' }),
      });
      if (!response.ok) throw new Error(`scan: ${response.status} ${await response.text()}`);
    },
    { listShortId, attendee, nonce },
  );
}
const barCount = (page: Page) => page.locator('.dashboard-chart .recharts-bar-rectangle').count();

describeE2E('Dashboard: the organizer watches sales arrive live', () => {
  let app: RunningApp;
  let browser: Browser;
  let organizerContext: BrowserContext;
  let buyerContext: BrowserContext;
  let page: Page;
  let buyer: Page;
  const pageErrors: string[] = [];
  let eventId = '';
  let ticketId = '';
  let dashboardUrl = '';
  let organizerId = '';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    organizerContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
    });
    page = await organizerContext.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    const organizer = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/organizers', {
      name: 'Dockside Live',
    });
    const event = await callApiInPage<{ data: { id: string; slug: string } }>(page, 'POST', '/events', {
      title: 'Harbour Night Market',
      start_date: `${dateNextYear('05-20')}T18:00:00Z`,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      organizer_id: organizer.data.id,
    });
    organizerId = organizer.data.id;
    eventId = event.data.id;
    const ticket = await callApiInPage<{ data: { id: string } }>(page, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'Market entry',
      quantity: 500,
      tax_and_fee_ids: [],
    });
    ticketId = ticket.data.id;
    await callApiInPage(page, 'POST', `/events/${eventId}/tickets`, {
      type: 'PAID',
      title: 'Tasting pass',
      price: 1800,
      quantity: 50,
      tax_and_fee_ids: [],
    });
    await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    dashboardUrl = `${app.url}/manage/event/${eventId}/dashboard`;

    buyerContext = await browser.newContext({ viewport: { width: 900, height: 700 } });
    buyer = await buyerContext.newPage();
    await buyer.goto(`${app.url}/e/${eventId}/${event.data.slug || 'event'}`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the numbers and the charts change as a buyer in another page completes orders, without a reload', async () => {
    await page.goto(dashboardUrl);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
    expect(await statText(page, 'tickets_sold')).toBe('0');
    expect(await barCount(page)).toBe(0);
    // Anything that reloads the page loses this marker.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await buyFree(buyer, eventId, ticketId, 2);
    await page.getByTestId('stat-tickets_sold').getByText('2', { exact: true }).waitFor({ timeout: 5_000 });
    expect(await statText(page, 'orders')).toBe('1');
    await expect.poll(() => barCount(page)).toBeGreaterThan(0);

    // A burst: the dashboard coalesces the notices and ends on the exact totals.
    await Promise.all([buyFree(buyer, eventId, ticketId, 1), buyFree(buyer, eventId, ticketId, 3)]);
    await page.getByTestId('stat-tickets_sold').getByText('6', { exact: true }).waitFor({ timeout: 5_000 });
    expect(await statText(page, 'orders')).toBe('3');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const ticketRow = page
      .getByRole('table', { name: 'Sales by ticket' })
      .getByRole('row', { name: /Market entry/ });
    expect(await ticketRow.innerText()).toMatch(/Market entry\s+6\s+3/);

    await screenshot(page, 'dashboard/light');
    await expectAccessible(page, 'dashboard (light)');
    expect(pageErrors).toEqual([]);
  });

  it('leaving the dashboard for another section keeps the event live: the layout still holds the room', async () => {
    await page.goto(dashboardUrl);
    await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // In-app navigation: the dashboard (which held the event's room too) unmounts, the event layout stays.
    await page.getByRole('link', { name: 'Tickets' }).first().click();
    await page.waitForURL(/\/tickets$/);
    await page.getByText('Tasting pass').first().waitFor();
    // Another tab of the organizer's adds a ticket: this page learns of it from the room's notice.
    const other = await organizerContext.newPage();
    await other.goto(`${app.url}/manage/events`);
    await callApiInPage(other, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'Late-night pass',
      quantity: 20,
      tax_and_fee_ids: [],
    });
    await other.close();
    await page.getByText('Late-night pass').first().waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.goto(dashboardUrl);
    await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
  });

  it('switches the range, and the reports page lists and exports the sales', async () => {
    await page.getByLabel('Period').selectOption('24h');
    await expect.poll(() => barCount(page)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.waitForURL(/\/reports$/);
    // The dashboard has a table of the same name; it stays on screen until the lazily loaded reports page shows.
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Sales by ticket' });
    await table.waitFor();
    expect(await table.getByRole('row', { name: /Market entry/ }).innerText()).toMatch(
      /Market entry\s+3\s+6/,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sales_by_ticket-.*\.csv$/);
    await page.locator('.reports-filters select').first().selectOption('sales_by_day');
    await page.getByRole('table', { name: 'Sales by day' }).waitFor();
    await screenshot(page, 'dashboard/reports-light');
    await expectAccessible(page, 'reports (light)');
  });

  it("shows the organizer's overview with the event's sales", async () => {
    await page.goto(`${app.url}/manage/dashboard`);
    const row = page
      .getByRole('table', { name: 'Upcoming events' })
      .getByRole('row', { name: /Harbour Night Market/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/6\s+3/);
    await page.getByRole('table', { name: 'Whole account' }).waitFor();
    await screenshot(page, 'dashboard/overview-light');
    await expectAccessible(page, 'overview (light)');
  });

  it('catches up after its connection drops and after rejoining its room, counting what it missed once', async () => {
    // An admission is announced to the event's room only: a page that rejoins must read its snapshot after the
    // join, or a scan between its reconnect and its join is never shown.
    const [attendee] = await buyFree(buyer, eventId, ticketId, 1);
    const list = await callApiInPage<{ data: { short_id: string } }>(
      page,
      'POST',
      `/events/${eventId}/check-in-lists`,
      { name: 'Quay gate', ticket_ids: [ticketId] },
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    let cut = false;
    let holdJoins = false;
    const heldJoins: (() => void)[] = [];
    const sockets: WebSocketRoute[] = [];
    // Every Socket.IO connection goes through the test, which can drop it, refuse new ones for a while and hold
    // back the page's room joins (Socket.IO starts with HTTP long-polling, then upgrades to a WebSocket).
    await context.route(/\/socket\.io\//, (route) => {
      if (cut) return route.abort();
      if (holdJoins && route.request().postData()?.includes('"subscribe"')) {
        heldJoins.push(() => void route.continue());
        return undefined;
      }
      return route.continue();
    });
    await context.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (cut) {
        void ws.close({ code: 4000, reason: 'cut by the test' });
        return;
      }
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        // Engine.IO's "5" ends the upgrade: from then on the page no longer long-polls.
        if (message === '5') sockets.push(ws);
        if (holdJoins && typeof message === 'string' && message.includes('"subscribe"'))
          heldJoins.push(() => server.send(message));
        else server.send(message);
      });
    });
    const watcher = await context.newPage();
    await submitLogin(watcher, app.url, app.admin);
    await watcher.waitForURL(/\/manage\/events/);
    await watcher.goto(dashboardUrl);
    await watcher.getByRole('status').getByText('Live', { exact: true }).waitFor();
    const sold = await eventStat(page, eventId, 'tickets_sold');
    const orders = await eventStat(page, eventId, 'orders');
    await watcher.getByTestId('stat-tickets_sold').getByText(String(sold), { exact: true }).waitFor();
    const checkedIn = Number(await statText(watcher, 'checked_in'));

    // Socket.IO answers "Live" on long-polling and upgrades to the WebSocket just after: cut the WebSocket once
    // the upgrade is done. Cut during the upgrade's probe, the page would stay on its pending long-poll, which
    // the server answers only at its next ping (25 s).
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
    cut = true;
    for (const ws of sockets.splice(0)) await ws.close({ code: 4000, reason: 'cut by the test' });
    await watcher.getByRole('status').getByText('Connecting…', { exact: true }).waitFor();
    await buyFree(buyer, eventId, ticketId, 2);
    // Nothing reaches the page while it is cut off.
    await expect.poll(() => eventStat(page, eventId, 'tickets_sold')).toBe(sold + 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Number(await statText(watcher, 'tickets_sold'))).toBe(sold);

    // Back, but its room joins wait: the snapshot it reads on reconnecting has the missed orders, not the scan.
    holdJoins = true;
    const reconnectSnapshot = watcher.waitForResponse((response) => /\/stats\b/.test(response.url()), {
      timeout: 20_000,
    });
    cut = false;
    await expect.poll(() => heldJoins.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await reconnectSnapshot;
    await watcher
      .getByTestId('stat-tickets_sold')
      .getByText(String(sold + 2), { exact: true })
      .waitFor({ timeout: 5_000 });
    await scan(buyer, list.data.short_id, attendee!, 'e2e-rejoin');
    await expect.poll(() => eventStat(page, eventId, 'checked_in')).toBe(checkedIn + 1);
    holdJoins = false;
    for (const send of heldJoins.splice(0)) send();
    await watcher.getByRole('status').getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    await watcher
      .getByTestId('stat-checked_in')
      .getByText(String(checkedIn + 1), { exact: true })
      .waitFor({ timeout: 5_000 });

    // Later notices still apply, once.
    await buyFree(buyer, eventId, ticketId, 1);
    await watcher
      .getByTestId('stat-tickets_sold')
      .getByText(String(sold + 3), { exact: true })
      .waitFor({ timeout: 5_000 });
    expect(Number(await statText(watcher, 'orders'))).toBe(orders + 2);
    await context.close();
  });

  it('charts the admissions per minute on the event day', async () => {
    // An event that starts within the hour, so today is its day; its doors open now. Its time zone is one where
    // that hour does not cross midnight (in Berlin, from 23:30 on, the event's day would be tomorrow).
    const timezone = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'].find((zone) => {
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
          new Date(),
        ),
      );
      return hour >= 1 && hour < 22;
    });
    const soon = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/events', {
      title: 'Harbour Night Market: preview',
      start_date: new Date(Date.now() + 30 * 60_000).toISOString(),
      timezone,
      currency: 'EUR',
      organizer_id: organizerId,
    });
    const soonId = soon.data.id;
    const entry = await callApiInPage<{ data: { id: string } }>(page, 'POST', `/events/${soonId}/tickets`, {
      type: 'FREE',
      title: 'Preview entry',
      quantity: 50,
      tax_and_fee_ids: [],
    });
    await callApiInPage(page, 'PUT', `/events/${soonId}/status`, { status: 'LIVE' });
    const attendees = [
      ...(await buyFree(buyer, soonId, entry.data.id, 2)),
      ...(await buyFree(buyer, soonId, entry.data.id, 1)),
    ];
    const list = await callApiInPage<{ data: { short_id: string } }>(
      page,
      'POST',
      `/events/${soonId}/check-in-lists`,
      {
        name: 'Main gate',
        ticket_ids: [entry.data.id],
      },
    );
    await page.goto(`${app.url}/manage/event/${soonId}/dashboard`);
    await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
    for (const [index, attendee] of attendees.entries())
      await scan(buyer, list.data.short_id, attendee, `e2e-nonce-${index}`);
    await page.getByTestId('stat-checked_in').getByText('3', { exact: true }).waitFor({ timeout: 5_000 });
    const checkIns = page.locator('.dashboard-card--wide .recharts-bar-rectangle');
    await expect.poll(() => checkIns.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'dashboard/check-ins-light');
    await page.goto(`${app.url}/manage/event/${soonId}/reports`);
    await page.locator('.reports-filters select').first().selectOption('check_ins');
    const row = page
      .getByRole('table', { name: 'Check-ins per list' })
      .getByRole('row', { name: /Main gate/ });
    expect(await row.innerText()).toMatch(/Main gate\s+3\s+3\s+3/);
  });

  it('reads well in the dark scheme', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await submitLogin(darkPage, app.url, app.admin);
    await darkPage.waitForURL(/\/manage\/events/);
    await darkPage.goto(dashboardUrl);
    const sold = await eventStat(darkPage, eventId, 'tickets_sold');
    await darkPage.getByTestId('stat-tickets_sold').getByText(String(sold), { exact: true }).waitFor();
    await darkPage.getByRole('status').getByText('Live', { exact: true }).waitFor();
    await buyFree(buyer, eventId, ticketId, 1);
    await darkPage
      .getByTestId('stat-tickets_sold')
      .getByText(String(sold + 1), { exact: true })
      .waitFor({ timeout: 5_000 });
    await screenshot(darkPage, 'dashboard/dark');
    await expectAccessible(darkPage, 'dashboard (dark)');
    // A phone: the numbers wrap, the charts shrink, the tables scroll inside their box.
    await darkPage.setViewportSize({ width: 390, height: 844 });
    await screenshot(darkPage, 'dashboard/phone-dark');
    expect(await darkPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await darkPage.setViewportSize({ width: 1280, height: 900 });
    await darkPage.goto(`${app.url}/manage/event/${eventId}`);
    await darkPage.getByText('Sales at a glance').waitFor();
    await darkPage
      .getByTestId('stat-tickets_sold')
      .getByText(String(sold + 1), { exact: true })
      .waitFor();
    await screenshot(darkPage, 'dashboard/overview-card-dark');
    await expectAccessible(darkPage, 'event overview (dark)');
    await dark.close();
  });
});
