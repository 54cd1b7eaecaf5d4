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
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../../services/messaging/testing';

const PHONE = { width: 390, height: 844 };

/** The order page link of a confirmation mail. */
function summaryLink(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"'<>]+\/checkout\/[^\s"'<>]+\/summary/.exec(mail.text);
  if (!match) throw new Error(`no order link in "${mail.subject}":\n${mail.text}`);
  return match[0];
}

interface LiveEvent {
  id: string;
  slug: string;
  title: string;
}

describeE2E(
  'Checkout: a buyer on a phone buys tickets, gets the mails, opens the ticket and sees an order expire',
  () => {
    let app: RunningApp;
    let sink: SmtpSink;
    let browser: Browser;
    let token = '';
    let organizerId = '';
    let freeEvent: LiveEvent;
    let paidEvent: LiveEvent;
    let shortEvent: LiveEvent;
    let tinyEvent: LiveEvent;
    let tinyTicketId = '';
    /** Pages of the first journeys, opened again in the dark scheme. */
    const visited: Record<string, string> = {};
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];

    const call = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, token, method, path, body);

    async function liveEvent(
      title: string,
      settings: Record<string, unknown>,
      tickets: Record<string, unknown>[],
      questions: Record<string, unknown>[] = [],
    ): Promise<LiveEvent> {
      const created = await call<{ data: { id: string; slug: string } }>('POST', '/events', {
        title,
        start_date: `${dateNextYear('06-12')}T17:00:00Z`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        organizer_id: organizerId,
      });
      const id = created.data.id;
      if (Object.keys(settings).length > 0) await call('PUT', `/events/${id}/settings`, settings);
      const ticketIds: string[] = [];
      for (const ticket of tickets)
        ticketIds.push(
          (await call<{ data: { id: string } }>('POST', `/events/${id}/tickets`, ticket)).data.id,
        );
      for (const question of questions) await call('POST', `/events/${id}/questions`, question);
      await call('PUT', `/events/${id}/status`, { status: 'LIVE' });
      return { id, slug: created.data.slug, title };
    }

    async function phonePage(options: { locale?: string; dark?: boolean } = {}): Promise<Page> {
      const context = await browser.newContext({
        viewport: PHONE,
        locale: options.locale ?? 'en-GB',
        timezoneId: 'America/New_York',
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

    /** The public page: choose `quantity` of the ticket named `ticket`, Continue, and land on the details step. */
    async function reserve(
      page: Page,
      event: LiveEvent,
      ticket: RegExp,
      quantity: number,
      continueName: RegExp,
    ) {
      await page.goto(`${app.url}/e/${event.id}/${event.slug}`);
      await page.getByRole('combobox', { name: ticket }).selectOption(String(quantity));
      await page.getByRole('button', { name: continueName }).click();
      await page.waitForURL(/\/checkout\/[^/]+\/[^/]+\/details$/);
    }

    async function checkBoth(page: Page, name: string) {
      await screenshot(page, `checkout/${name}`);
      await expectAccessible(page, name);
    }

    beforeAll(async () => {
      sink = await startSmtpSink();
      app = await startApp({ env: { SMTP_URL: sink.url } });
      browser = await launchBrowser();
      token = (await call<{ token: string }>('POST', '/auth/login', app.admin)).token;
      organizerId = (await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Harbour Arts' }))
        .data.id;
      freeEvent = await liveEvent(
        'Lantern Walk',
        {},
        [{ type: 'FREE', title: 'Community pass', quantity: 50, max_per_order: 4 }],
        [
          { title: 'Company', type: 'SINGLE_LINE_TEXT', required: true, asked_per: 'ORDER' },
          { title: 'Internal note', type: 'SINGLE_LINE_TEXT', hidden: true, asked_per: 'ORDER' },
          {
            title: 'T-shirt size',
            type: 'DROPDOWN',
            options: ['S', 'M', 'L'],
            required: true,
            asked_per: 'ATTENDEE',
          },
        ],
      );
      paidEvent = await liveEvent(
        'Harbour Concert',
        { offline_payments_enabled: true, offline_payment_instructions: '<p>Pay to IBAN DE00 1234 5678</p>' },
        [{ type: 'PAID', title: 'Seat', price: 2500, quantity: 20, tax_and_fee_ids: [] }],
      );
      tinyEvent = await liveEvent('Tiny Gig', {}, [{ type: 'FREE', title: 'Corner seat', quantity: 2 }]);
      tinyTicketId =
        (await call<{ data: { id: string }[] }>('GET', `/events/${tinyEvent.id}/tickets`)).data[0]?.id ?? '';
      shortEvent = await liveEvent('Quick Sale', { order_timeout_minutes: 1 }, [
        { type: 'FREE', title: 'Flash pass', quantity: 5 },
      ]);
    });

    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      await app?.stop();
      await sink?.close();
      expect(pageErrors).toEqual([]);
    });

    it('buys a free ticket: required answers enforced, hidden question not asked, completed at once, mails and QR', async () => {
      const page = await phonePage();
      await reserve(page, freeEvent, /Community pass/, 2, /^Continue$/);
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await expect(page.getByRole('timer').textContent()).resolves.toMatch(/Time left: 1[45]:\d\d/);
      expect(await page.getByLabel('Internal note').count()).toBe(0);
      await checkBoth(page, 'details');

      await page.getByRole('button', { name: 'Complete order' }).click();
      await page.getByText('Please check the highlighted fields.').waitFor();
      expect(await page.getByText('This field is required').count()).toBeGreaterThan(5);
      await page.getByText('Please agree to the terms to continue').waitFor();
      await screenshot(page, 'checkout/details-errors');

      await page
        .getByLabel(/^First name/)
        .first()
        .fill('Ada');
      await page
        .getByLabel(/^Last name/)
        .first()
        .fill('Lovelace');
      await page
        .getByLabel(/^Email address/)
        .first()
        .fill('ada@example.test');
      await page.getByRole('button', { name: 'Use my contact details for every ticket' }).click();
      await page.getByLabel(/^Company/).fill('Analytical Engines');
      for (const select of await page.getByRole('combobox', { name: /T-shirt size/ }).all())
        await select.selectOption('M');
      await page.getByLabel(/I agree to the terms/).check();
      await page.getByRole('button', { name: 'Complete order' }).click();

      await page.waitForURL(/\/summary$/);
      await page.getByRole('heading', { name: 'Thank you, your order is complete' }).waitFor();
      await page.getByText('A confirmation has been sent to ada@example.test.').waitFor();
      await checkBoth(page, 'summary-completed');

      const confirmation = await sink.waitFor(
        (mail) => mail.to.includes('ada@example.test') && /Your order .* for Lantern Walk/.test(mail.subject),
        30_000,
      );
      const summaryUrl = summaryLink(confirmation);
      visited.summary = summaryUrl;
      // One ticket mail per attendee, even when both tickets go to the same address.
      const deadline = Date.now() + 30_000;
      while (sink.messages.filter((mail) => mail.subject === 'Your ticket for Lantern Walk').length < 2) {
        if (Date.now() > deadline) throw new Error('two ticket mails did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The organizer's outbox shows a ticket mail with its QR code loaded (the mail points at it as cid:).
      const outbox = await browser.newPage();
      await submitLogin(outbox, app.url, app.admin);
      await outbox.waitForURL(/\/manage\/events/);
      await outbox.goto(`${app.url}/manage/outbox`);
      await outbox
        .getByRole('button', { name: /Open "Your ticket for Lantern Walk"/ })
        .first()
        .click();
      await outbox.getByRole('dialog').getByRole('tab', { name: 'HTML' }).click();
      const mailQr = outbox
        .frameLocator('iframe[title="HTML version of the email"]')
        .getByRole('img', { name: /QR/ });
      await expect
        .poll(() =>
          mailQr.evaluate(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth,
          ),
        )
        .toBeGreaterThan(0);
      await screenshot(outbox, 'checkout/outbox-ticket-mail');
      await outbox.close();

      await page
        .getByRole('link', { name: /View ticket of Ada Lovelace/ })
        .first()
        .click();
      await page.waitForURL(/\/ticket\/[^/]+\/[^/]+$/);
      const qr = page.getByRole('img', { name: 'QR code of the ticket of Ada Lovelace' });
      await qr.locator('svg').waitFor();
      await page.getByText('Show this code at the entrance.').waitFor();
      // The viewer (New York) sees the Berlin event on both clocks.
      await page
        .getByText(/\(Europe\/Berlin\)/)
        .first()
        .waitFor();
      await page
        .getByText(/Your time: .*America\/New_York/)
        .first()
        .waitFor();
      await checkBoth(page, 'ticket');
      visited.ticket = page.url();

      await page.getByRole('link', { name: 'Printable ticket' }).click();
      await page.waitForURL(/\/print$/);
      await page
        .getByRole('img', { name: /QR code/ })
        .locator('svg')
        .waitFor();
      await checkBoth(page, 'ticket-print');
      visited.ticketPrint = page.url();
      await page.goto(summaryUrl.replace('/checkout/', '/order/').replace('/summary', '/print'));
      await page
        .getByRole('img', { name: /QR code/ })
        .first()
        .locator('svg')
        .waitFor();
      expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(2);
      await checkBoth(page, 'order-print');
      visited.orderPrint = page.url();
      // On paper: no language bar, no buttons, a ticket per page.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await screenshot(page, 'checkout/order-print-paper');
      await page.emulateMedia({ media: 'screen' });

      // The details step of a completed order: "already processed".
      await page.goto(summaryUrl.replace('/summary', '/details'));
      await page.getByRole('heading', { name: 'Order already processed' }).waitFor();
      await checkBoth(page, 'already-processed');
    });

    it('buys an offline-paid ticket: the instructions, then "awaiting payment" and an unpaid ticket without a code', async () => {
      const page = await phonePage();
      await reserve(page, paidEvent, /Seat/, 1, /^Continue$/);
      await page
        .getByLabel(/^First name/)
        .first()
        .fill('Grace');
      await page
        .getByLabel(/^Last name/)
        .first()
        .fill('Hopper');
      await page
        .getByLabel(/^Email address/)
        .first()
        .fill('grace@example.test');
      await page.getByRole('button', { name: 'Use my contact details for every ticket' }).click();
      await page.getByLabel(/I agree to the terms/).check();
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.waitForURL(/\/payment$/);
      await page.getByText('Pay to IBAN DE00 1234 5678').waitFor();
      await page.getByText('Card payment is not configured for this event.').waitFor();
      await page
        .getByText(/€25\.00/)
        .first()
        .waitFor();
      await checkBoth(page, 'payment');

      await page.getByRole('button', { name: 'Complete order and pay later' }).click();
      await page.waitForURL(/\/summary$/);
      await page.getByRole('heading', { name: 'Your order is awaiting payment' }).waitFor();
      await page.getByText('Status: Awaiting payment', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'How to pay' }).waitFor();
      await checkBoth(page, 'summary-awaiting-payment');
      visited.awaiting = page.url();

      await page.getByRole('link', { name: /View ticket of Grace Hopper/ }).click();
      await page.getByText(/This ticket is not paid yet/).waitFor();
      expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
      await checkBoth(page, 'ticket-unpaid');
    });

    it("a double click buys once; a refusal reads in the buyer's language", async () => {
      const page = await phonePage({ locale: 'de-DE' });
      await page.goto(`${app.url}/e/${tinyEvent.id}/${tinyEvent.slug}`);
      await page.getByRole('combobox', { name: /Corner seat/ }).selectOption('1');
      await page.getByRole('button', { name: /^Weiter$/ }).dblclick();
      await page.waitForURL(/\/details$/);
      const orders = await call<{ data: unknown[] }>('GET', `/events/${tinyEvent.id}/orders`);
      expect(orders.data).toHaveLength(1);

      // Another buyer holds the other seat while this page is open. Asking for both again gives back this
      // browser's own seat (its new order replaces the first) but still finds one too few: refused, in German.
      await page.goto(`${app.url}/e/${tinyEvent.id}/${tinyEvent.slug}`);
      await page.getByRole('combobox', { name: /Corner seat/ }).selectOption('2');
      const other = await fetch(`${app.url}/api/public/events/${tinyEvent.id}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [{ ticket_id: tinyTicketId, quantity: 1 }] }),
      });
      expect(other.status).toBe(201);
      await page.getByRole('button', { name: /^Weiter$/ }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Leider sind nicht mehr genügend Tickets verfügbar' })
        .waitFor();
      await checkBoth(page, 'sold-out-de');
    });

    it('retries a reservation the server recorded but could not answer yet as the same order: no hold leaks', async () => {
      const event = await liveEvent('Harbour Talk', {}, [
        { type: 'FREE', title: 'Talk seat', quantity: 2, max_per_order: 2 },
      ]);
      const page = await phonePage();
      const sent: string[] = [];
      // The first reservation reaches the server, which records the order and holds both seats; the answer the
      // page gets is the 503 a server too busy to show the order yet gives (`not_ready`).
      await page.route('**/api/public/events/*/orders', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        sent.push((route.request().postDataJSON() as { order_id: string }).order_id);
        if (sent.length > 1) return route.continue();
        await route.fetch();
        return route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'https://ticketing.invalid/problems/not_ready',
            title: 'The service is not ready yet',
            status: 503,
            reason: 'not_ready',
            detail: 'The change is saved but not yet visible; reload in a moment',
          }),
        });
      });
      await page.goto(`${app.url}/e/${event.id}/${event.slug}`);
      await page.getByRole('combobox', { name: /Talk seat/ }).selectOption('2');
      await page.getByRole('button', { name: /^Continue$/ }).click();
      await page.getByText('The service is not ready yet').first().waitFor();
      // The buyer tries again: the same order answers, so its two seats are not held twice over.
      await page.getByRole('button', { name: /^Continue$/ }).click();
      await page.waitForURL(/\/checkout\/[^/]+\/[^/]+\/details$/);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toBe(sent[0]);
      const orders = await call<{ data: unknown[] }>('GET', `/events/${event.id}/orders`);
      expect(orders.data).toHaveLength(1);
    });

    it('warns before the reservation ends, extends it up to its lifetime, and then shows the expired state', async () => {
      const page = await phonePage({ dark: true });
      // The buyer's clock and the server's jump together over the reservation's minutes instead of waiting them out.
      await page.clock.install();
      const jumpAhead = async (ms: number) => {
        await app.advanceClock(ms);
        await page.clock.fastForward(ms);
      };
      const seconds = (text: string) => {
        const [m = '0', s = '0'] = /(\d+):(\d\d)/.exec(text)?.slice(1) ?? [];
        return Number(m) * 60 + Number(s);
      };
      const timer = async () => seconds((await page.getByRole('timer').textContent()) ?? '');
      await reserve(page, shortEvent, /Flash pass/, 1, /^Continue$/);
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      // A one-minute reservation may last two minutes at most (RESERVATION_LIFETIME 2), and says so from the start.
      await page.getByText(/^You can ask for more time, up to /).waitFor();
      await checkBoth(page, 'details-dark');
      const dialog = page.getByRole('dialog', { name: 'Your reservation is about to end' });
      expect(await dialog.isVisible()).toBe(false);
      // A one-minute reservation warns at its half.
      await jumpAhead(31_000);
      await dialog.waitFor();
      await checkBoth(page, 'warning-dialog-dark');
      const before = await timer();
      await dialog.getByRole('button', { name: 'Give me more time' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await timer()).toBeGreaterThan(before + 15);

      // Asked again near the end, it gets only what is left of its two minutes, and no more after that.
      await jumpAhead(30_000);
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Give me more time' }).click();
      await page.getByText('This reservation cannot be extended any further.').waitFor();
      await dialog.getByText(/This reservation cannot be extended any further, so please complete/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Give me more time' }).count()).toBe(0);
      expect(await timer()).toBeLessThanOrEqual(60);
      await checkBoth(page, 'warning-final-dark');
      await dialog.getByRole('button', { name: 'Continue with my order' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await jumpAhead(61_000);
      await page.getByRole('heading', { name: 'Order expired' }).waitFor();
      await page.getByText('Sorry, your order has expired. Please start a new order.').waitFor();
      // The server says so too, not only this page's clock; the page still names the event.
      await page.reload();
      await page.getByRole('heading', { name: 'Order expired' }).waitFor();
      await page.getByText('Quick Sale').waitFor();
      expect(await page.title()).toContain('Quick Sale');
      await checkBoth(page, 'expired-dark');
      await page.getByRole('link', { name: 'Start a new order' }).click();
      await page.waitForURL(new RegExp(`/e/${shortEvent.id}/`));
    });

    it('works with the keyboard alone: choose, continue, and land on the first field to fix', async () => {
      const page = await phonePage();
      await page.goto(`${app.url}/e/${freeEvent.id}/${freeEvent.slug}`);
      await page.getByRole('combobox', { name: /Community pass/ }).focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.getByRole('combobox', { name: /Community pass/ }).inputValue()).toBe('1');
      const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      for (let presses = 0; presses < 10 && (await focusedText()) !== 'Continue'; presses++)
        await page.keyboard.press('Tab');
      expect(await focusedText()).toBe('Continue');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/details$/);
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await page
        .getByLabel(/^Email address/)
        .first()
        .focus();
      await page.keyboard.press('Enter');
      await page.getByText('Please check the highlighted fields.').waitFor();
      // The email field turns invalid where the focus still is; then the focus moves to the first field to fix.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
        .toBe('given-name');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    });

    it('passes the accessibility checks in the dark scheme: payment, payment return and the order pages', async () => {
      const page = await phonePage({ dark: true });
      await reserve(page, paidEvent, /Seat/, 1, /^Continue$/);
      await page
        .getByLabel(/^First name/)
        .first()
        .fill('Dark');
      await page
        .getByLabel(/^Last name/)
        .first()
        .fill('Mode');
      await page
        .getByLabel(/^Email address/)
        .first()
        .fill('dark@example.test');
      await page.getByRole('button', { name: 'Use my contact details for every ticket' }).click();
      await page.getByLabel(/I agree to the terms/).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/payment$/);
      await page.getByText('Pay to IBAN DE00 1234 5678').waitFor();
      await checkBoth(page, 'payment-dark');
      await page.goto(page.url().replace(/\/payment$/, '/payment_return?redirect_status=failed'));
      await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
      await checkBoth(page, 'payment-return-failed-dark');
      await page.getByRole('link', { name: 'Try the payment again' }).click();
      await page.waitForURL(/\/payment$/);

      for (const [name, url] of Object.entries(visited)) {
        await page.goto(url);
        await page.locator('main h1').first().waitFor();
        await checkBoth(page, `${name}-dark`);
      }
      // An order that does not exist (or never did): the spec's message, not an error page.
      await page.goto(`${app.url}/checkout/${paidEvent.id}/ZZZZZZZZZZZZZZZZZZZZ/summary`);
      await page
        .getByText('Sorry, this order no longer exists; the order page is no longer available.')
        .waitFor();
      await checkBoth(page, 'order-not-found-dark');
      await page.goto(`${app.url}/ticket/${paidEvent.id}/ZZZZZZZZZZZZZZZZZZZZ`);
      await page.getByText('Sorry, this ticket does not exist or is no longer available.').waitFor();

      expect(Object.keys(visited).sort()).toEqual([
        'awaiting',
        'orderPrint',
        'summary',
        'ticket',
        'ticketPrint',
      ]);
    });

    for (const [locale, tag, expected] of [
      [
        'de',
        'de-DE',
        {
          thanks: 'Vielen Dank, Ihre Bestellung ist abgeschlossen',
          details: 'Ihre Daten',
          first: /^Vorname/,
          last: /^Nachname/,
          email: /^E-Mail-Adresse/,
          copy: 'Meine Kontaktdaten für jedes Ticket verwenden',
          company: /^Company/,
          terms: /Geschäftsbedingungen/,
          complete: 'Bestellung abschließen',
          continue: /^Weiter$/,
          ticketSubject: 'Ihr Ticket für Lantern Walk',
          mailDate: /Juni/,
        },
      ],
      [
        'zh-cn',
        'zh-CN',
        {
          thanks: '谢谢，您的订单已完成',
          details: '您的信息',
          first: /^名/,
          last: /^姓/,
          email: /^电子邮件地址/,
          copy: '所有门票都使用我的联系信息',
          company: /^Company/,
          terms: /条款和条件/,
          complete: '完成订单',
          continue: /^继续$/,
          ticketSubject: '您的 Lantern Walk 门票',
          mailDate: /6月/,
        },
      ],
    ] as const) {
      it(`buys in ${locale}: the pages and the mails are in that language`, async () => {
        const page = await phonePage({ locale: tag });
        await reserve(page, freeEvent, /Community pass/, 1, expected.continue);
        await page.getByRole('heading', { name: expected.details }).waitFor();
        const email = `buyer-${locale}@example.test`;
        await page
          .getByLabel(expected.first)
          .first()
          .fill(locale === 'de' ? 'Jürgen' : '伟');
        await page
          .getByLabel(expected.last)
          .first()
          .fill(locale === 'de' ? 'Müller' : '王');
        await page.getByLabel(expected.email).first().fill(email);
        await page.getByRole('button', { name: expected.copy }).click();
        await page.getByLabel(expected.company).fill('ACME');
        await page.getByRole('combobox', { name: /T-shirt size/ }).selectOption('L');
        await page.getByLabel(expected.terms).check();
        await checkBoth(page, `details-${locale}`);
        await page.getByRole('button', { name: expected.complete }).click();
        await page.getByRole('heading', { name: expected.thanks }).waitFor();
        await checkBoth(page, `summary-${locale}`);
        const ticket = await sink.waitFor(
          (mail) => mail.to.includes(email) && mail.subject === expected.ticketSubject,
          30_000,
        );
        expect(ticket.text).toMatch(expected.mailDate);
      });
    }
  },
);
