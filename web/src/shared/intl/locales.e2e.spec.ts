import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  createTicketThroughApi,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';

const DAY = dateNextYear('06-12');
const ZONE = 'Europe/Berlin';

/** Weekday and month of the event's day as the given language writes them (`Freitag`, `Juni`). */
function dayWords(tag: string): string[] {
  const noon = new Date(`${DAY}T12:00:00Z`);
  return (['weekday', 'month'] as const).map((part) =>
    noon.toLocaleDateString(tag, { [part]: 'long', timeZone: 'UTC' }),
  );
}

describeE2E('Languages: the locale cookie, then the browser language, picks the catalogue', () => {
  let app: RunningApp;
  let browser: Browser;
  let eventUrl = '';
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  async function openPage(options: { cookie?: string; browserLocale?: string }): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 800 },
      colorScheme: 'light',
      ...(options.browserLocale ? { locale: options.browserLocale } : {}),
    });
    contexts.push(context);
    if (options.cookie) await context.addCookies([{ name: 'locale', value: options.cookie, url: app.url }]);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const page = await openPage({ browserLocale: 'en-GB' });
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
    await page.getByRole('button', { name: 'New organizer' }).click();
    const organizerDialog = page.getByRole('dialog');
    await organizerDialog.getByLabel('Name').fill('Harbour Arts Collective');
    await organizerDialog.getByRole('button', { name: 'Save organizer' }).click();
    await page.getByRole('link', { name: 'Harbour Arts Collective' }).waitFor();
    await page.getByRole('button', { name: 'Create event' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Organizer').selectOption({ label: 'Harbour Arts Collective' });
    await dialog.getByLabel('Title').fill('Lantern Festival');
    await dialog.getByLabel('Starts').fill(`${DAY}T20:00`);
    await dialog.getByLabel('Ends').fill(`${DAY}T23:30`);
    await dialog.getByLabel('Time zone').selectOption(ZONE);
    await dialog.getByLabel('Currency').selectOption('EUR');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/manage\/event\/ev_[0-9a-z]+$/);
    const eventId = /\/manage\/event\/(ev_[0-9a-z]+)/.exec(page.url())?.[1] ?? '';
    // An event without tickets cannot go live; the tickets page comes later, so the API gives it one.
    await createTicketThroughApi(app, eventId);
    await page.getByRole('link', { name: 'Getting started' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('“Lantern Festival” is now live.').waitFor();
    eventUrl = `${app.url}/e/${eventId}/lantern-festival`;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  it('shows the public event page and the login page in German for a locale=de cookie', async () => {
    const page = await openPage({ cookie: 'de', browserLocale: 'en-US' });
    await page.goto(eventUrl);
    await page.getByRole('heading', { name: 'Datum und Uhrzeit' }).waitFor();
    await page.getByText('Veranstaltet von Harbour Arts Collective').waitFor();
    const when = await page.locator('.public-fact__value').first().innerText();
    for (const word of dayWords('de')) expect(when).toContain(word);
    expect(when).toContain(`(${ZONE})`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.getByLabel('Sprache').inputValue()).toBe('de');
    await screenshot(page, 'i18n/public-event-de');
    await expectAccessible(page, 'public event page in German');

    await page.goto(`${app.url}/auth/login`);
    await page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' }).waitFor();
    await page.getByLabel('Passwort', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await screenshot(page, 'i18n/login-de');
    await expectAccessible(page, 'login page in German');
  });

  it('follows a French browser when there is no cookie', async () => {
    const page = await openPage({ browserLocale: 'fr-FR' });
    await page.goto(eventUrl);
    await page.getByRole('heading', { name: 'Date et heure' }).waitFor();
    await page.getByText('Organisé par Harbour Arts Collective').waitFor();
    const when = await page.locator('.public-fact__value').first().innerText();
    for (const word of dayWords('fr')) expect(when).toContain(word);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await page.goto(`${app.url}/auth/login`);
    await page.getByRole('heading', { name: 'Connectez-vous à votre compte' }).waitFor();
    await page.getByText('Mot de passe oublié ?').waitFor();
  });

  it('shows Simplified Chinese for a locale=zh-cn cookie, over a French browser', async () => {
    const page = await openPage({ cookie: 'zh-cn', browserLocale: 'fr-FR' });
    await page.goto(eventUrl);
    await page.getByRole('heading', { name: '日期和时间' }).waitFor();
    await page.getByText('主办方：Harbour Arts Collective').waitFor();
    const when = await page.locator('.public-fact__value').first().innerText();
    expect(when).toContain(`${Number(DAY.slice(5, 7))}月${Number(DAY.slice(8, 10))}日`);
    expect(when).toContain(dayWords('zh-CN')[0]);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await screenshot(page, 'i18n/public-event-zh-cn');
    await expectAccessible(page, 'public event page in Simplified Chinese');
    // Han characters come from a Simplified Chinese face, not whatever the Latin stack falls back to.
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain('Noto Sans CJK SC');
    expect(font.indexOf('PingFang SC')).toBeLessThan(font.indexOf('Microsoft YaHei'));
  });

  it('switches language from the public page and keeps the choice in the cookie', async () => {
    const page = await openPage({ cookie: 'de' });
    await page.goto(eventUrl);
    await page.getByLabel('Sprache').selectOption('pt-br');
    await page.getByRole('heading', { name: 'Data e horário' }).waitFor();
    await page.getByLabel('Idioma').waitFor();
    const cookies = await page.context().cookies(app.url);
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('pt-br');
    await page.reload();
    await page.getByRole('heading', { name: 'Data e horário' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
