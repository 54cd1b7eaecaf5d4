import { afterAll, beforeAll, expect, it } from 'vitest';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  buyFreeTicketsThroughApi,
  callApiInPage,
  createEventInPage,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  launchFullBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

describeE2E('Check-in: two doors scan one list; the second knows of the first admission at once', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: BrowserContext;
  let doors: BrowserContext[] = [];
  let page: Page;
  const pageErrors: string[] = [];
  let eventId = '';
  let ticketId = '';
  const codes: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await admin.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    eventId = await createEventInPage(
      page,
      {
        name: 'Harbour Arts',
      },
      {
        title: 'Lantern Festival',
        start_date: `${dateNextYear('06-12')}T18:00:00Z`,
        timezone: 'Europe/Lisbon',
        currency: 'EUR',
      },
    );
    const ticket = await callApiInPage<{ data: { id: string } }>(page, 'POST', `/events/${eventId}/tickets`, {
      type: 'FREE',
      title: 'General admission',
    });
    ticketId = ticket.data.id;
    // The attendees of a real order: a buyer's free checkout, whose tickets carry the codes the doors scan.
    await callApiInPage(page, 'PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    const attendees = await buyFreeTicketsThroughApi(app, eventId, ticketId, [
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
      { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' },
      { first_name: 'Katherine', last_name: 'Johnson', email: 'katherine@example.test' },
      { first_name: 'Hedy', last_name: 'Lamarr', email: 'hedy@example.test' },
    ]);
    expect(attendees.map((attendee) => attendee.first_name)).toEqual(['Ada', 'Grace', 'Katherine', 'Hedy']);
    for (const attendee of attendees) codes.push(attendee.ticket_code!);
    expect(codes.every((code) => code.length > 0)).toBe(true);
  });

  afterAll(async () => {
    for (const context of doors) await context.close();
    await browser?.close();
    await app?.stop();
  });

  let shortId = '';
  let listId = '';

  it('the organizer creates a check-in list over a ticket and sees its link and count', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}/check-in`);
    await page.getByRole('button', { name: 'New check-in list' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Main entrance');
    await dialog.getByLabel('Note for the door staff').fill('Wristbands in the blue box.');
    await dialog.getByText('General admission').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Main entrance/ }).count()).toBe(1);
    const lists = await callApiInPage<{ data: { id: string; short_id: string }[] }>(
      page,
      'GET',
      `/events/${eventId}/check-in-lists`,
    );
    listId = lists.data[0]!.id;
    shortId = lists.data[0]!.short_id;
    await expect.poll(() => page.getByTestId(`check-in-count-${listId}`).textContent()).toBe('0 / 4');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'check-in/lists');
    await expectAccessible(page, 'check-in lists');
  });

  it('door 1 admits; door 2 learns it from the push and answers the next scan as a duplicate by itself', async () => {
    doors = [
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
    ];
    const [door1, door2] = await Promise.all(doors.map((context) => context.newPage()));
    for (const door of [door1!, door2!]) {
      door.on('pageerror', (error) => pageErrors.push(error.message));
      await door.goto(`${app.url}/check-in/${shortId}`);
      await expect
        .poll(() => door.getByTestId('scanner-connection').textContent(), { timeout: 10_000 })
        .toBe('Live');
    }
    await screenshot(door1!, 'check-in/scanner-ready');
    await expectAccessible(door1!, 'scanner');

    // Door 2 cannot reach the server for scans: whatever it answers, it knows by itself.
    let door2Asked = 0;
    await door2!.route('**/api/public/check-in-lists/*/check-ins', (route) => {
      door2Asked++;
      return route.abort();
    });

    // Door 1: a hardware scanner types the QR code's digits and Enter.
    await door1!.getByLabel('Ticket code').fill(codes[0]!);
    await door1!.getByLabel('Ticket code').press('Enter');
    const result1 = door1!.getByTestId('scanner-result');
    await expect.poll(() => result1.getAttribute('data-result')).toBe('admitted');
    await expect.poll(() => result1.textContent()).toContain('Ada Lovelace');
    await screenshot(door1!, 'check-in/scanner-admitted');

    // Door 2 has not scanned anything: the push alone moves its count.
    await expect.poll(() => door2!.getByTestId('scanner-count').textContent()).toBe('1 of 4 checked in');
    await door2!.getByLabel('Ticket code').fill(codes[0]!);
    await door2!.getByLabel('Ticket code').press('Enter');
    const result2 = door2!.getByTestId('scanner-result');
    await expect.poll(() => result2.getAttribute('data-result')).toBe('already_checked_in');
    expect(await result2.getAttribute('data-source')).toBe('device');
    expect(await result2.textContent()).toContain('Ada Lovelace');
    expect(door2Asked).toBe(1);
    await screenshot(door2!, 'check-in/scanner-duplicate');
    await expectAccessible(door2!, 'scanner duplicate');
    await door2!.unroute('**/api/public/check-in-lists/*/check-ins');

    // The organizer's count follows live.
    await expect.poll(() => page.getByTestId(`check-in-count-${listId}`).textContent()).toBe('1 / 4');

    // Door 1 again: the server too says duplicate; a forged code is refused on the device.
    await door1!
      .getByLabel('Ticket code')
      .fill(`${codes[0]!.slice(0, -1)}${(Number(codes[0]!.at(-1)) + 1) % 10}`);
    await door1!.getByLabel('Ticket code').press('Enter');
    await expect.poll(() => result1.getAttribute('data-result')).toBe('invalid_ticket_code');
    await screenshot(door1!, 'check-in/scanner-refused');
  });

  it('a photo of a QR code is scanned through the image input', async () => {
    const door = await doors[0]!.newPage();
    await door.goto(`${app.url}/check-in/${shortId}`);
    await expect
      .poll(() => door.getByTestId('scanner-connection').textContent(), { timeout: 10_000 })
      .toBe('Live');
    const png = await QRCode.toBuffer(codes[1]!, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
    await door
      .locator('input[type=file]')
      .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: png });
    const result = door.getByTestId('scanner-result');
    await expect.poll(() => result.getAttribute('data-result'), { timeout: 10_000 }).toBe('admitted');
    expect(await result.textContent()).toContain('Grace Hopper');
  });

  it('offline: the page reopens without the network, decides and queues scans, and uploads them when back', async () => {
    const door1 = doors[0]!.pages()[0]!;
    const door2 = doors[1]!.pages()[0]!;
    // The scanning page's service worker has taken the page's files into its cache.
    await expect
      .poll(
        () =>
          door2.evaluate(async () => {
            await navigator.serviceWorker.ready;
            return (await (await caches.open('check-in-shell-v1')).keys()).length;
          }),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(3);
    // Chromium finds nothing that keeps the page from being installed to the home screen, and the installed
    // app opens this list. (A Playwright context is an off-the-record profile, which Chromium never installs
    // from; that one reason is the test's, not the page's.)
    const devtools = await doors[1]!.newCDPSession(door2);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    const { errors, url: manifestUrl } = await devtools.send('Page.getAppManifest', {});
    expect(errors).toEqual([]);
    expect(manifestUrl).toBe(`${app.url}/check-in/${shortId}/app.webmanifest`);
    const manifest = (await (await fetch(manifestUrl)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ start_url: `/check-in/${shortId}`, scope: '/check-in/' });
    await devtools.detach();

    await doors[1]!.setOffline(true);
    await door2.getByText('You are offline').waitFor();
    // Reopened without any network: the service worker serves the page, the device its saved list.
    await door2.reload();
    await door2.getByText('You are offline').waitFor();
    await expect.poll(() => door2.getByTestId('scanner-count').textContent()).toBe('2 of 4 checked in');
    await door2.getByLabel('Ticket code').fill(codes[2]!);
    await door2.getByLabel('Ticket code').press('Enter');
    const result2 = door2.getByTestId('scanner-result');
    await expect.poll(() => result2.getAttribute('data-result')).toBe('admitted');
    expect(await result2.getAttribute('data-source')).toBe('device');
    expect(await result2.textContent()).toContain('Katherine Johnson');
    await expect
      .poll(() => door2.getByTestId('scanner-pending').textContent())
      .toBe('1 scan waiting to be sent');
    await screenshot(door2, 'check-in/scanner-offline');
    await expectAccessible(door2, 'scanner offline');
    // A forged code is refused offline too: the signature is checked on the device.
    await door2
      .getByLabel('Ticket code')
      .fill(`${codes[3]!.slice(0, -1)}${(Number(codes[3]!.at(-1)) + 1) % 10}`);
    await door2.getByLabel('Ticket code').press('Enter');
    await expect.poll(() => result2.getAttribute('data-result')).toBe('invalid_ticket_code');

    // Both doors offline let the same ticket in: each decides alone.
    await doors[0]!.setOffline(true);
    await door1.getByText('You are offline').waitFor();
    for (const door of [door1, door2]) {
      await door.getByLabel('Ticket code').fill(codes[3]!);
      await door.getByLabel('Ticket code').press('Enter');
      await expect
        .poll(() => door.getByTestId('scanner-result').getAttribute('data-result'))
        .toBe('admitted');
    }
    expect(await door2.getByTestId('scanner-pending').textContent()).toBe('2 scans waiting to be sent');

    // Back online: the queues are uploaded; the second admission of Hedy Lamarr is a duplicate entry.
    await doors[0]!.setOffline(false);
    await doors[1]!.setOffline(false);
    for (const door of [door1, door2]) {
      await expect.poll(() => door.getByTestId('scanner-pending').count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => door.getByText('You are offline').count()).toBe(0);
    }
    await expect.poll(() => page.getByTestId(`check-in-count-${listId}`).textContent()).toBe('4 / 4');
    const issues = page.getByTestId('check-in-issues');
    await expect.poll(() => issues.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    expect(await issues.textContent()).toContain('Duplicate entry');
    expect(await issues.textContent()).toContain('Hedy Lamarr');
    // Doors are named by their gate, or said to have none; a device id means nothing to staff.
    expect(await issues.textContent()).toContain('A door without a name');
    expect(await issues.textContent()).not.toMatch(/dev-[0-9a-f]{6}/);
    await screenshot(page, 'check-in/lists-duplicate-entry');
    // The service worker stays within /check-in/: another page of the app is not under it.
    const other = await doors[1]!.newPage();
    await other.goto(`${app.url}/manage/events`);
    expect(await other.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    expect(await door2.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await other.close();
    await expectAccessible(page, 'check-in lists with a duplicate entry');
  });

  it('a camera the browser refuses leaves a way forward', async () => {
    // A fake camera exists, but this browser context was never granted it: getUserMedia is refused.
    const withCamera = await launchFullBrowser({ args: ['--use-fake-device-for-media-stream'] });
    const phone = await withCamera.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const door = await phone.newPage();
    await door.goto(`${app.url}/check-in/${shortId}`);
    await door.getByRole('button', { name: 'Start camera' }).click();
    await door.getByText('Camera permission was denied').waitFor();
    await door.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(door, 'check-in/scanner-camera-denied');
    await expectAccessible(door, 'scanner, camera denied');
    // With the permission, the same fake camera starts and the page offers to stop it.
    await phone.grantPermissions(['camera'], { origin: app.url });
    await door.getByRole('button', { name: 'Try again' }).click();
    await door.getByRole('button', { name: 'Stop camera' }).waitFor();
    await expect.poll(() => door.getByText('Flash not available').count()).toBe(1);
    await screenshot(door, 'check-in/scanner-camera-on');
    await withCamera.close();
  });

  it('passes the accessibility checks in the dark scheme', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await submitLogin(darkPage, app.url, app.admin);
    await darkPage.waitForURL(/\/manage\/events/);
    await darkPage.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    await darkPage.goto(`${app.url}/manage/event/${eventId}/check-in`);
    await darkPage.getByRole('row', { name: /^Main entrance/ }).waitFor();
    await screenshot(darkPage, 'check-in/lists-dark');
    await expectAccessible(darkPage, 'check-in lists (dark)');
    await darkPage.getByRole('button', { name: 'Edit Main entrance' }).click();
    await darkPage.getByRole('dialog').getByLabel('Name').waitFor();
    await darkPage.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
    await screenshot(darkPage, 'check-in/dialog-dark');
    await expectAccessible(darkPage, 'check-in list dialog (dark)');
    await darkPage.goto(`${app.url}/check-in/${shortId}`);
    await darkPage.getByTestId('scanner-result').waitFor();
    await darkPage.setViewportSize({ width: 390, height: 844 });
    await screenshot(darkPage, 'check-in/scanner-dark');
    await expectAccessible(darkPage, 'scanner (dark)');
    await dark.close();
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
