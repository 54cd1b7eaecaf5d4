import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  callApiInPage,
  createTicketThroughApi,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../services/kit/testing/e2e';

/**
 * Issue 26: the language select of the buyers' and sign-in pages is a touch target of at least 44 × 44 CSS px on
 * a phone (WCAG 2.5.8 asks for 24), in both colour schemes, and still changes the language.
 */
describeE2E('Language select: a phone-sized target on the public and sign-in pages', () => {
  let app: RunningApp;
  let browser: Browser;
  let eventUrl = '';

  const select = (page: Page, label = 'Language') => page.getByLabel(label, { exact: true });
  const selectBox = (page: Page, label?: string) => select(page, label).boundingBox();

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const admin = await browser.newPage();
    await submitLogin(admin, app.url, app.admin);
    await admin.waitForURL(/\/manage\/events/);
    const organizer = await callApiInPage<{ data: { id: string } }>(admin, 'POST', '/organizers', {
      name: 'Harbour Arts Collective',
    });
    const event = await callApiInPage<{ data: { id: string; slug: string } }>(admin, 'POST', '/events', {
      title: 'Lantern Festival',
      start_date: `${dateNextYear('06-12')}T18:00:00Z`,
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
      organizer_id: organizer.data.id,
    });
    await createTicketThroughApi(app, event.data.id);
    await callApiInPage(admin, 'PUT', `/events/${event.data.id}/status`, { status: 'LIVE' });
    eventUrl = `${app.url}/e/${event.data.id}/${event.data.slug || 'event'}`;
    await admin.close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const)
    it(`is at least 44 × 44 px on a phone on the event page and the login page (${colorScheme})`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
      const page = await context.newPage();
      await page.goto(eventUrl);
      await page.getByRole('heading', { level: 1, name: 'Lantern Festival' }).waitFor();
      const onEvent = await selectBox(page);
      expect(onEvent?.width).toBeGreaterThanOrEqual(44);
      expect(onEvent?.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `language-select/event-phone-${colorScheme}`);
      await expectAccessible(page, `event page with the language select (${colorScheme})`);

      await page.goto(`${app.url}/auth/login`);
      const onLogin = await selectBox(page);
      expect(onLogin?.width).toBeGreaterThanOrEqual(44);
      expect(onLogin?.height).toBeGreaterThanOrEqual(44);
      await select(page).selectOption('de');
      await select(page, 'Sprache').waitFor();
      expect((await selectBox(page, 'Sprache'))?.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `language-select/login-phone-${colorScheme}`);
      await expectAccessible(page, `login page with the language select (${colorScheme})`);
      await context.close();
    });
});
