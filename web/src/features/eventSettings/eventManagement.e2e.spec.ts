import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  createTicketThroughApi,
  dateNextYear,
  describeE2E,
  launchBrowser,
  expectAccessible,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';
import { pngImage } from '../../../../services/catalog/images/testing';

async function logIn(page: Page, app: RunningApp): Promise<void> {
  await submitLogin(page, app.url, app.admin);
  await page.waitForURL(/\/manage\/events/);
}

/** The background colour the browser actually painted for the first element matching `selector`. */
function paintedBackground(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
}

describeE2E('Event management: organizer, event, cover, colours, SEO, publish, duplicate, archive', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let eventId = '';
  let slug = '';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await logIn(page, app);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('creates an organizer, then an event that must name one', async () => {
    await page.getByRole('button', { name: 'New organizer' }).click();
    const organizerDialog = page.getByRole('dialog');
    await organizerDialog.getByRole('button', { name: 'Save organizer' }).click();
    await organizerDialog.getByText('Enter a name.').waitFor();
    await organizerDialog.getByLabel('Name').fill('Harbour Arts Collective');
    await organizerDialog.getByLabel('Website').fill('not a website');
    await organizerDialog.getByRole('button', { name: 'Save organizer' }).click();
    // The server's field error, shown at its field.
    await organizerDialog.getByText('Enter a web address starting with http:// or https://').waitFor();
    await organizerDialog.getByLabel('Website').fill('https://harbour-arts.example');
    await organizerDialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Lanterns, boats and music since 2009.');
    await organizerDialog.getByRole('button', { name: 'Save organizer' }).click();
    await page.getByText('“Harbour Arts Collective” was saved.').waitFor();
    await page.getByRole('link', { name: 'Harbour Arts Collective' }).waitFor();
    await screenshot(page, 'event-management/events-with-organizers');

    await page.getByRole('button', { name: 'Create event' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Organizer').selectOption({ label: 'Harbour Arts Collective' });
    await dialog.getByLabel('Title').fill('Lantern Festival');
    await dialog.getByLabel('Starts').fill(`${dateNextYear('06-12')}T20:00`);
    await dialog.getByLabel('Ends').fill(`${dateNextYear('06-12')}T23:30`);
    await dialog.getByLabel('Time zone').selectOption('Europe/Lisbon');
    await dialog.getByLabel('Currency').selectOption('EUR');
    await screenshot(page, 'event-management/create-event-dialog');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/manage\/event\/ev_[0-9a-z]+$/);
    eventId = /\/manage\/event\/(ev_[0-9a-z]+)/.exec(page.url())?.[1] ?? '';
    expect(eventId).not.toBe('');
    await page.getByRole('link', { name: 'Harbour Arts Collective' }).waitFor();
  });

  it("shows an organizer's own events and logo, and event defaults that new events start with", async () => {
    await page.goto(`${app.url}/manage/events`);
    await page.getByRole('link', { name: 'Harbour Arts Collective' }).click();
    await page.waitForURL(/\/manage\/organizer\/or_[0-9a-z]+\/events$/);
    await page.getByRole('heading', { name: 'Harbour Arts Collective', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Lantern Festival' }).waitFor();
    expect(await page.getByText('Open-Air Jazz Evening').count()).toBe(0);
    await page.getByText('Images').click();
    await page.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngImage(400, 400, { gradient: true }),
    });
    await page.locator('.organizer-header__logo').waitFor();
    await screenshot(page, 'event-management/organizer-page');

    await page.goto(`${app.url}/account/event-defaults`);
    await page.getByRole('heading', { name: 'Event defaults' }).waitFor();
    await page.getByLabel('Order timeout (minutes)').fill('25');
    await page.getByText('Show taxes and fees separately').click();
    await page.getByText('Issue invoices (buyers may ask for a company invoice at checkout)').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Defaults for new events saved.').waitFor();
    await page.reload();
    const invoices = page.getByLabel('Issue invoices (buyers may ask for a company invoice at checkout)');
    await invoices.waitFor();
    expect(await invoices.isChecked()).toBe(true);
    await screenshot(page, 'event-management/event-defaults');
  });

  it('uploads a cover, refusing a file that is not an image, and saves SEO and other sections on their own', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}`);
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.waitForURL(/\/settings$/);
    const cover = page.locator('#cover');
    await cover.getByLabel('Cover image').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await cover.getByText('That file is not a PNG, JPEG, WebP or GIF image.').waitFor();
    await cover
      .getByLabel('Cover image')
      .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: pngImage(300, 150) });
    await cover.getByText('The image is too small or too large.').waitFor();
    await cover.getByLabel('Cover image').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: pngImage(2160, 1080, { gradient: true }),
    });
    await cover.getByText('2160 × 1080 pixels').waitFor();

    const seo = page.locator('#seo');
    await seo.getByLabel('SEO title').fill('Lantern Festival on the Tagus');
    await seo.getByLabel('SEO description').fill('A thousand lanterns on the river, music until midnight.');
    await seo.getByLabel('SEO keywords').fill('lanterns, festival, lisbon');
    await seo.getByRole('button', { name: 'Save' }).click();
    await page.getByText('SEO saved.').waitFor();

    const email = page.locator('#email');
    await email.getByLabel('Support email').fill('not-an-email');
    await email.getByRole('button', { name: 'Save' }).click();
    await email.getByText('Enter a valid email address').waitFor();
    await email.getByLabel('Support email').fill('help@harbour-arts.example');
    await email.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Email and notifications saved.').waitFor();

    const misc = page.locator('#misc');
    await misc.getByLabel('Order timeout (minutes)').fill('10');
    await misc.getByText('Under 15 minutes leaves buyers little time to pay.').waitFor();
    await misc.getByLabel('Order timeout (minutes)').fill('20');
    await misc.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Miscellaneous saved.').waitFor();
    // What another section typed is untouched by that save, and the SEO values stayed saved.
    expect(await seo.getByLabel('SEO title').inputValue()).toBe('Lantern Festival on the Tagus');
    await screenshot(page, 'event-management/settings');
    await expectAccessible(page, 'event settings with a cover (light)');
  });

  it('designs the homepage with a live preview and refuses a colour that is not hex', async () => {
    await page.getByRole('link', { name: 'Homepage designer' }).click();
    await page.waitForURL(/\/homepage-designer$/);
    const preview = page.getByTestId('homepage-preview');
    await preview.getByText('Lantern Festival').first().waitFor();
    await page.getByLabel('Background', { exact: true }).fill('#101820');
    await page.getByLabel('Content background', { exact: true }).fill('#1f2a36');
    await page.getByLabel('Text', { exact: true }).fill('#f5f5f5');
    await page.getByLabel('Secondary', { exact: true }).fill('#c9d1d9');
    await page.getByLabel('Primary', { exact: true }).fill('#fee715');
    await page.getByLabel('Button', { exact: true }).fill('#12');
    await page.getByText('Enter a hex colour such as #ffffff.').waitFor();
    expect(await page.getByRole('button', { name: 'Save design' }).isDisabled()).toBe(true);
    await page.getByLabel('Button', { exact: true }).fill('#fee715');
    expect(await paintedBackground(page, '[data-testid="homepage-preview"] .event-home')).toBe(
      'rgb(16, 24, 32)',
    );
    expect(await paintedBackground(page, '[data-testid="homepage-preview"] .event-home__content')).toBe(
      'rgb(31, 42, 54)',
    );
    await page.getByRole('button', { name: 'Save design' }).click();
    await page.getByText('The homepage design was saved.').waitFor();
    await screenshot(page, 'event-management/designer-light');
    await page.evaluate(() => localStorage.setItem('colour_scheme', 'dark'));
    await page.reload();
    await page.getByTestId('homepage-preview').getByText('Lantern Festival').first().waitFor();
    await screenshot(page, 'event-management/designer-dark');
    await page.evaluate(() => localStorage.setItem('colour_scheme', 'light'));
  });

  it('ticks the getting-started checklist from real state and publishes from it', async () => {
    await page.getByRole('link', { name: 'Getting started' }).click();
    await page.waitForURL(/\/getting-started$/);
    await page.getByText('1 of 4 steps done').waitFor();
    // An event without tickets cannot go live; the ticket made elsewhere ticks its step live.
    await createTicketThroughApi(app, eventId);
    await page.getByText('2 of 4 steps done').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('“Lantern Festival” is now live.').waitFor();
    await page.getByText('3 of 4 steps done').waitFor();
    await screenshot(page, 'event-management/getting-started');
  });

  it('shows the public page in the event’s colours, with its meta tags in the HTML the server sends', async () => {
    slug = 'lantern-festival';
    const html = await (await fetch(`${app.url}/e/${eventId}/${slug}`)).text();
    expect(html).toContain('<title>Lantern Festival on the Tagus</title>');
    expect(html).toContain(
      '<meta name="description" content="A thousand lanterns on the river, music until midnight." />',
    );
    expect(html).toContain('<meta name="keywords" content="lanterns, festival, lisbon" />');
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="${app.url}/uploads/[0-9a-f]{64}\\.png" />`),
    );
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/event/${eventId}/${slug}</loc>`);

    for (const scheme of ['light', 'dark'] as const) {
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: scheme,
        locale: 'en-GB',
      });
      const visitor = await phone.newPage();
      visitor.on('pageerror', (error) => pageErrors.push(error.message));
      await visitor.goto(`${app.url}/event/${eventId}/${slug}`);
      await visitor.getByRole('heading', { name: 'Lantern Festival', level: 1 }).waitFor();
      expect(await paintedBackground(visitor, '.event-home')).toBe('rgb(16, 24, 32)');
      expect(await paintedBackground(visitor, '.event-home__content')).toBe('rgb(31, 42, 54)');
      // The heading can paint before the cover has arrived: wait for the image itself.
      await visitor.waitForFunction(() => {
        const cover = document.querySelector<HTMLImageElement>('.event-home__cover');
        return cover !== null && cover.complete && cover.naturalWidth > 0;
      });
      expect(
        await visitor.locator('.event-home__cover').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBe(2160);
      const text = await visitor.locator('body').innerText();
      expect(text).toContain('20:00');
      expect(text).toContain('Europe/Lisbon');
      expect(text).toContain('Organized by Harbour Arts Collective');
      expect(await visitor.title()).toBe('Lantern Festival on the Tagus');
      await screenshot(visitor, `event-management/public-phone-${scheme}`);
      await expectAccessible(visitor, `public event page in the event's colours (phone, ${scheme})`);
      await phone.close();
    }
  });

  it('duplicates the event as a draft, then archives and restores the copy', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}`);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Lantern Festival (copy)');
    await dialog.getByLabel('Title').fill('Lantern Festival, second night');
    await dialog.getByLabel('Starts').fill(`${dateNextYear('06-13')}T20:00`);
    await dialog.getByLabel('Ends').fill(`${dateNextYear('06-13')}T23:30`);
    await screenshot(page, 'event-management/duplicate-dialog');
    await dialog.getByRole('button', { name: 'Duplicate event' }).click();
    await page.getByText('“Lantern Festival, second night” was created as a draft.').waitFor();
    await page.waitForURL(
      (url) => /\/manage\/event\/ev_[0-9a-z]+$/.test(url.pathname) && !url.pathname.endsWith(eventId),
    );
    await page.getByRole('heading', { name: 'Lantern Festival, second night' }).waitFor();
    await page.locator('.event-layout__header').getByText('Draft').waitFor();

    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('“Lantern Festival, second night” was archived.').waitFor();
    await page.locator('.event-layout__header').getByText('Archived').waitFor();
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByText('This event is archived. Restore it to change its settings.').waitFor();
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('“Lantern Festival, second night” was restored as a draft.').waitFor();
    await page.locator('.event-layout__header').getByText('Draft').waitFor();
    await screenshot(page, 'event-management/restored-copy');

    // The copy carried the settings and design over.
    await page.getByRole('link', { name: 'Homepage designer' }).click();
    expect(await page.getByLabel('Background', { exact: true }).inputValue()).toBe('#101820');
    expect(pageErrors).toEqual([]);
  });
});
