import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';
import { eventually, startSmtpSink, type SmtpSink } from '../../../../services/messaging/testing';

/** The organizer writes to the holders of one ticket, then wires a webhook and watches a delivery land. */
describeE2E('Messages and webhooks: an organizer reaches attendees and integrations', () => {
  let app: RunningApp;
  let sink: SmtpSink;
  let receiver: Server;
  const received: string[] = [];
  let receiverUrl: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let eventId: string;
  const pageErrors: string[] = [];

  const call = async <T>(method: string, path: string, body?: unknown, bearer = token): Promise<T> => {
    const response = await fetch(`${app.url}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  async function buy(ticketId: string, email: string) {
    const order = (
      await call<{ data: { short_id: string } }>(
        'POST',
        `/public/events/${eventId}/orders`,
        {
          lines: [{ ticket_id: ticketId, quantity: 1 }],
        },
        '',
      )
    ).data;
    const name = email.split('@')[0]!;
    await call(
      'PUT',
      `/public/events/${eventId}/orders/${order.short_id}/details`,
      {
        first_name: name,
        last_name: 'Guest',
        email,
        locale: 'en',
        attendees: [{ first_name: name, last_name: 'Guest', email }],
        terms_agreed: true,
      },
      '',
    );
    await call(
      'POST',
      `/public/events/${eventId}/orders/${order.short_id}/complete`,
      { payment_method: 'FREE' },
      '',
    );
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    app = await startApp({ env: { SMTP_URL: sink.url, WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    token = (await call<{ token: string }>('POST', '/auth/login', app.admin, '')).token;
    const organizer = await call<{ data: { id: string } }>('POST', '/organizers', {
      name: 'Harbour Collective',
    });
    eventId = (
      await call<{ data: { id: string } }>('POST', '/events', {
        organizer_id: organizer.data.id,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      })
    ).data.id;
    const ticket = async (title: string) =>
      (
        await call<{ data: { id: string } }>('POST', `/events/${eventId}/tickets`, {
          type: 'FREE',
          title,
          quantity: 50,
          tax_and_fee_ids: [],
        })
      ).data.id;
    const standing = await ticket('Standing');
    const seated = await ticket('Seated');
    await call('PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    await buy(standing, 'ada@example.test');
    await buy(standing, 'bob@example.test');
    await buy(seated, 'cem@example.test');

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await submitLogin(page, app.url, app.admin);
    await page.waitForURL(/\/manage\/events/);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
    await sink?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('sends a message to the holders of one ticket, and exactly they receive it', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}/messages`);
    await page.getByRole('heading', { name: 'Messages', level: 2 }).waitFor();
    await page.getByText('No messages sent yet.').waitFor();
    await screenshot(page, 'messages/empty');
    await page.getByRole('button', { name: 'New message' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText('Write a subject.').waitFor();
    await dialog.getByText('Confirm that the message is not promotional.').waitFor();
    await dialog.getByLabel('Subject').fill('Standing area moved upstairs');
    await dialog
      .getByRole('textbox', { name: 'Message' })
      .fill('The standing area is now on the first floor.');
    await dialog.getByText('Write the message.').waitFor({ state: 'detached' });
    await dialog.getByLabel('Send to').selectOption('ticket_holders');
    await dialog.getByText('Standing', { exact: true }).click();
    await dialog
      .getByText(/is not promotional/)
      .first()
      .click();
    await screenshot(page, 'messages/compose');
    await expectAccessible(page, 'messages composer (light)');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('The message is on its way.').waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Standing area moved upstairs' })
      .getByText('Sent')
      .waitFor({ timeout: 15_000 });
    await page
      .getByRole('row')
      .filter({ hasText: 'Standing area moved upstairs' })
      .getByText('2 of 2')
      .waitFor();
    const to = await eventually(() => {
      const mails = sink.messages.filter((mail) => mail.subject === 'Standing area moved upstairs');
      return Promise.resolve(mails.length === 2 ? mails.flatMap((mail) => mail.to).sort() : undefined);
    });
    expect(to).toEqual(['ada@example.test', 'bob@example.test']);
    await page.waitForTimeout(500);
    expect(sink.messages.filter((mail) => mail.subject === 'Standing area moved upstairs')).toHaveLength(2);
    await page.getByRole('button', { name: 'Recipients of “Standing area moved upstairs”' }).click();
    await page.getByRole('dialog').getByText('ada@example.test').waitFor();
    await screenshot(page, 'messages/recipients');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The send's toast closes by itself after four seconds: checked while it fades out, its text is too faint.
    await page.getByText('The message is on its way.').waitFor({ state: 'detached' });
    await screenshot(page, 'messages/history');
    await expectAccessible(page, 'messages history (light)');
  });

  it('creates a webhook and sees a delivery with its response code in the log', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}/webhooks`);
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'New webhook' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
    await dialog.getByText('Attendee created').click();
    await screenshot(page, 'webhooks/create');
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByText('The webhook was created.').waitFor();
    await page.getByText(receiverUrl).waitFor();
    const seated = (
      await call<{ data: { id: string; title: string }[] }>('GET', `/events/${eventId}/tickets`)
    ).data.find((t) => t.title === 'Seated')!;
    await buy(seated.id, 'dee@example.test');
    await eventually(() => Promise.resolve(received.find((body) => body.includes('"order.created"'))));
    await page.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
    await log.getByText('order.created').waitFor({ timeout: 15_000 });
    await log.getByRole('row').filter({ hasText: 'order.created' }).getByText('200').waitFor();
    await screenshot(page, 'webhooks/log');
    await expectAccessible(page, 'webhooks (light)');
  });

  it('words the order confirmation with placeholders, previews and saves it', async () => {
    await page.goto(`${app.url}/manage/event/${eventId}/email-templates`);
    await page.getByRole('heading', { name: 'Email templates', level: 2 }).waitFor();
    await page.getByLabel('Subject').first().fill('Order {{ order.reference }} for {{ event.title }}');
    await page
      .getByRole('textbox', { name: 'Text' })
      .first()
      .fill('Dear {{ buyer.first_name }}, see you there!');
    await page.getByRole('button', { name: 'Preview' }).first().click();
    await page.getByRole('heading', { name: 'Preview: Order ABC123 for Harbour Lights' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('The template was saved.').waitFor();
    await page.getByText('Your wording').waitFor();
    await page.getByLabel('Subject').nth(1).fill('{{ order.total }}');
    await page.getByRole('textbox', { name: 'Text' }).nth(1).fill('x');
    await page.getByRole('button', { name: 'Save' }).nth(1).click();
    await page.getByText(/Unknown placeholder/).waitFor();
    await screenshot(page, 'mail-templates/edited');
    await expectAccessible(page, 'email templates (light)');
  });

  it('passes the accessibility checks in the dark scheme', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await submitLogin(darkPage, app.url, app.admin);
    await darkPage.waitForURL(/\/manage\/events/);
    await darkPage.goto(`${app.url}/manage/event/${eventId}/messages`);
    await darkPage.getByRole('row').filter({ hasText: 'Standing area moved upstairs' }).waitFor();
    await screenshot(darkPage, 'messages/history-dark');
    await expectAccessible(darkPage, 'messages history (dark)');
    await darkPage.getByRole('button', { name: 'New message' }).first().click();
    await darkPage.getByRole('dialog').getByLabel('Subject').waitFor();
    await screenshot(darkPage, 'messages/compose-dark');
    await expectAccessible(darkPage, 'messages composer (dark)');
    await darkPage.keyboard.press('Escape');
    await darkPage.goto(`${app.url}/manage/event/${eventId}/webhooks`);
    await darkPage.getByRole('button', { name: 'Delivery log' }).click();
    await darkPage.getByText('order.created').first().waitFor();
    await screenshot(darkPage, 'webhooks/log-dark');
    await expectAccessible(darkPage, 'webhooks (dark)');
    await darkPage.goto(`${app.url}/manage/event/${eventId}/email-templates`);
    await darkPage.getByText('Your wording').waitFor();
    await screenshot(darkPage, 'mail-templates/dark');
    await expectAccessible(darkPage, 'email templates (dark)');
    await dark.close();
    expect(pageErrors).toEqual([]);
  });
});
