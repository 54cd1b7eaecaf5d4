import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  dateNextYear,
  describeE2E,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  weekdayOf,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

async function logIn(page: Page, app: RunningApp): Promise<void> {
  await submitLogin(page, app.url, app.admin);
  await page.waitForURL(/\/manage\/events/);
}

describeE2E('Events: from the back office to the public page', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens the sample event from / and shows the error page for an unknown address', async () => {
    const page = await browser.newPage();
    await page.goto(app.url);
    await page.waitForURL(/\/event\/ev_[0-9a-z]+\/open-air-jazz-evening$/);
    await page.getByRole('heading', { name: 'Open-Air Jazz Evening' }).waitFor();
    await page.goto(`${app.url}/no/such/page`);
    await page.getByRole('link', { name: 'Go back to the home page' }).waitFor();
    expect(await page.getByText(/not found/i).count()).toBeGreaterThan(0);
    await page.close();
  });

  it('sends a logged-out visitor to the login page and back to where they were going', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/manage/events/archived`);
    await page.waitForURL(/\/auth\/login/);
    await page.getByLabel('Email').fill(app.admin.email);
    await page.getByLabel('Password', { exact: false }).first().fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please check your email and password and try again.').waitFor();
    await page.getByLabel('Password', { exact: false }).first().fill(app.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/manage\/events\/archived$/);
    await context.close();
  });

  it('creates an event that a second browser sees without reloading, publishes it and opens its public page', async () => {
    const organizerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const organizer = await organizerContext.newPage();
    const watcher = await watcherContext.newPage();
    await logIn(organizer, app);
    await logIn(watcher, app);
    await watcher.getByText('Open-Air Jazz Evening').first().waitFor();
    await screenshot(organizer, 'events-list');

    await organizer.getByRole('button', { name: 'Create event' }).first().click();
    const dialog = organizer.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Riverside Poetry Slam');
    const day = dateNextYear('05-01');
    await dialog.getByLabel('Starts').fill(`${day}T19:00`);
    await dialog.getByLabel('Ends').fill(`${day}T22:30`);
    await dialog.getByLabel('Time zone').selectOption('Europe/Berlin');
    await dialog.getByLabel('Currency').selectOption('EUR');
    await screenshot(organizer, 'events-create-dialog');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await organizer.waitForURL(/\/manage\/event\/ev_[0-9a-z]+/);
    const eventId = /\/manage\/event\/(ev_[0-9a-z]+)/.exec(organizer.url())?.[1];
    expect(eventId).toBeDefined();

    // The watcher's list was loaded before the event existed; only the live update can show it.
    await watcher.getByText('Riverside Poetry Slam').waitFor({ timeout: 10_000 });
    await screenshot(watcher, 'events-list-live-update');

    await organizer.getByRole('button', { name: 'Publish' }).click();
    await organizer.getByText('“Riverside Poetry Slam” is now live.').waitFor();
    await screenshot(organizer, 'event-overview-live');

    // The event's settings, open in a second tab, follow a title edited in the first without a reload.
    const settingsUrl = `${app.url}/manage/event/${eventId}/settings`;
    await watcher.goto(settingsUrl);
    await organizer.goto(settingsUrl);
    const basic = organizer.locator('#basic');
    const watcherTitle = watcher.locator('#basic').getByLabel('Title');
    await expect.poll(() => watcherTitle.inputValue()).toBe('Riverside Poetry Slam');
    const organizerTitle = basic.getByLabel('Title');
    await organizerTitle.fill('Riverside Poetry Slam at Dusk');
    await basic.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => watcherTitle.inputValue(), { timeout: 10_000 })
      .toBe('Riverside Poetry Slam at Dusk');
    await screenshot(watcher, 'event-settings-second-tab');
    await organizerTitle.fill('Riverside Poetry Slam');
    await basic.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => watcherTitle.inputValue(), { timeout: 10_000 }).toBe('Riverside Poetry Slam');

    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${app.url}/event/${eventId}/riverside-poetry-slam`);
    await visitor.getByRole('heading', { name: 'Riverside Poetry Slam' }).waitFor();
    const text = await visitor.locator('body').innerText();
    expect(text).toMatch(new RegExp(`${weekdayOf(day)}, May 1, ${day.slice(0, 4)}, 7:00\\s*–\\s*10:30\\sPM`));
    expect(text).toContain('Europe/Berlin');
    await screenshot(visitor, 'public-event-phone');

    await organizerContext.close();
    await watcherContext.close();
    await visitor.close();
  });
});
