import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  createTicketThroughApi,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  weekdayOf,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

/** What a screen reader would call the focused element: its labels, else aria-label, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labels = 'labels' in el ? (el as HTMLInputElement).labels : null;
    const fromLabels = labels ? [...labels].map((label) => label.textContent ?? '').join(' ') : '';
    return (fromLabels || el.getAttribute('aria-label') || el.textContent || '').trim();
  });
}

/** Presses Tab until the focused element's name starts with `name` (keyboard only, as a user would). */
async function tabTo(page: Page, name: string, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)).startsWith(name)) return;
  }
  throw new Error(`"${name}" was not reached with ${maxPresses} presses of Tab`);
}

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
    await expectAccessible(organizer, 'events list (light)');

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

    // An event without tickets cannot go live; the tickets pages come later, so the API gives it one.
    await createTicketThroughApi(app, eventId!);
    await organizer.getByRole('button', { name: 'Publish' }).click();
    await organizer.getByText('“Riverside Poetry Slam” is now live.').waitFor();
    await screenshot(organizer, 'event-overview-live');
    await expectAccessible(organizer, 'event overview (light)');

    // The event's settings, open in a second tab, follow a title edited in the first without a reload.
    const settingsUrl = `${app.url}/manage/event/${eventId}/settings`;
    await watcher.goto(settingsUrl);
    await organizer.goto(settingsUrl);
    const basic = organizer.locator('#basic');
    const watcherTitle = watcher.locator('#basic').getByLabel('Title');
    await expect.poll(() => watcherTitle.inputValue()).toBe('Riverside Poetry Slam');
    await expectAccessible(organizer, 'event settings (light)');
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
    await expectAccessible(visitor, 'public event page (phone, light)');

    await organizerContext.close();
    await watcherContext.close();
    await visitor.close();
  });

  it('passes the accessibility checks in the dark scheme and shows a visitor abroad the event in their own time', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      timezoneId: 'America/New_York',
    });
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Open-Air Jazz Evening' }).waitFor();
    const publicText = await page.locator('body').innerText();
    expect(publicText).toMatch(/Your time: .*\(America\/New_York\)/);
    await screenshot(page, 'a11y/public-event-phone-dark');
    await expectAccessible(page, 'public event page (phone, dark)');

    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, app);
    await page.getByText('Open-Air Jazz Evening').first().waitFor();
    await screenshot(page, 'a11y/events-list-dark');
    await expectAccessible(page, 'events list (dark)');
    await page.getByRole('link', { name: 'Open-Air Jazz Evening' }).first().click();
    await page.waitForURL(/\/manage\/event\/ev_[0-9a-z]+$/);
    await page.getByRole('heading', { name: 'Open-Air Jazz Evening' }).first().waitFor();
    await screenshot(page, 'a11y/event-overview-dark');
    await expectAccessible(page, 'event overview (dark)');
    await page.goto(`${page.url()}/settings`);
    await page.locator('#basic').getByLabel('Title').waitFor();
    await screenshot(page, 'a11y/event-settings-dark');
    await expectAccessible(page, 'event settings (dark)');
    await page.goto(`${app.url}/manage/profile`);
    await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
    await screenshot(page, 'a11y/profile-dark');
    await expectAccessible(page, 'profile (dark)');
    await page.goto(`${app.url}/account/settings`);
    await page.getByLabel('Account name').waitFor();
    await expectAccessible(page, 'account settings (dark)');
    // The app follows the system's scheme: the same screens in light.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(false);
    await screenshot(page, 'a11y/account-settings-light');
    await expectAccessible(page, 'account settings (light)');
    await page.goto(`${app.url}/manage/profile`);
    await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
    await expectAccessible(page, 'profile (light)');
    await context.close();
  });

  it('shows a visible focus indicator on every control of the public pages, reached with Tab', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    const pages = [
      {
        path: '/',
        ready: page.getByRole('heading', { name: 'Open-Air Jazz Evening' }),
        name: 'public-event',
      },
      { path: '/auth/login', ready: page.getByLabel('Email'), name: 'login' },
    ];
    for (const { path, ready, name } of pages) {
      await page.goto(`${app.url}${path}`);
      await ready.waitFor();
      const seen: string[] = [];
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          const box = el.getBoundingClientRect();
          const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
          // A focus ring drawn as a box shadow counts only if it differs from the resting shadow.
          const focusedShadow = style.boxShadow;
          const transition = el.style.transition;
          el.style.transition = 'none'; // read the resting shadow, not the first frame of a fade-out
          el.blur();
          const restingShadow = getComputedStyle(el).boxShadow;
          el.focus();
          el.style.transition = transition;
          return {
            control: el.outerHTML.slice(0, 80),
            outline,
            shadow: focusedShadow !== 'none' && focusedShadow !== restingShadow,
            visible: box.width > 0 && box.height > 0,
          };
        });
        if (!focus || seen.includes(focus.control)) break;
        seen.push(focus.control);
        expect(focus.visible, `${focus.control} is on screen when focused`).toBe(true);
        expect(focus.outline || focus.shadow, `${focus.control} shows where the focus is`).toBe(true);
        if (seen.length === 1) await screenshot(page, `a11y/${name}-first-focus`);
      }
      expect(seen.length, `controls reached on ${path}`).toBeGreaterThanOrEqual(1);
    }
    await context.close();
  });

  it('logs in and creates an event with the keyboard alone', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email').waitFor();
    await tabTo(page, 'Email');
    await page.keyboard.type(app.admin.email);
    await tabTo(page, 'Password');
    await page.keyboard.type(app.admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/manage\/events/);
    await page.getByText('Open-Air Jazz Evening').first().waitFor();

    await tabTo(page, 'Create event');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    if (!(await focusedName(page)).startsWith('Title')) await tabTo(page, 'Title');
    await page.keyboard.type('Keyboard Quartet');
    await tabTo(page, 'Starts');
    const day = dateNextYear('07-04');
    const [year, month, date] = day.split('-');
    // Chromium's datetime-local field in en-US: month, day, year, then Tab to the time part.
    await page.keyboard.type(`${month}${date}${year}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('0800PM');
    expect(await dialog.getByLabel('Starts').inputValue()).toBe(`${day}T20:00`);
    await screenshot(page, 'a11y/create-event-keyboard');
    await tabTo(page, 'Create event');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/manage\/event\/ev_[0-9a-z]+/);
    await page.getByRole('heading', { name: 'Keyboard Quartet' }).first().waitFor();
    await context.close();
  });
});
