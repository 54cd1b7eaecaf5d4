import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  callApi,
  dateNextYear,
  describeE2E,
  expectAccessible,
  launchBrowser,
  screenshot,
  startApp,
  type RunningApp,
} from '../../../../services/kit/testing/e2e';
import { throwawayWalletCredentials } from '../../../../services/sales/orders/testingWallets';

/** Throwaway wallet settings: an openssl CA standing for Apple's WWDR, its pass signer, and a Google key. */
function walletEnv(dir: string): Record<string, string> {
  const { wwdrPath, signerCert, signerKey, google } = throwawayWalletCredentials(dir);
  return {
    APPLE_WALLET_PASS_TYPE_ID: 'pass.test.tickets',
    APPLE_WALLET_TEAM_ID: 'TEAM123456',
    APPLE_WALLET_SIGNER_CERT: signerCert,
    APPLE_WALLET_SIGNER_KEY: signerKey,
    APPLE_WALLET_WWDR_CERT: wwdrPath,
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@tickets-test.iam.gserviceaccount.com',
    GOOGLE_WALLET_PRIVATE_KEY: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

describeE2E('Tickets: a buyer downloads the ticket and order PDFs and adds the ticket to a wallet', () => {
  let app: RunningApp;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'wallet-e2e-'));
  let eventId = '';
  let orderShortId = '';
  let attendeeShortId = '';

  beforeAll(async () => {
    app = await startApp({ env: walletEnv(dir) });
    browser = await launchBrowser();
    const token = (await callApi<{ token: string }>(app, null, 'POST', '/auth/login', app.admin)).token;
    const call = <T>(method: string, path: string, body?: unknown) =>
      callApi<T>(app, token, method, path, body);
    const organizerId = (
      await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Harbour Arts' })
    ).data.id;
    eventId = (
      await call<{ data: { id: string } }>('POST', '/events', {
        title: 'Lantern Walk',
        start_date: `${dateNextYear('06-12')}T17:00:00Z`,
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        organizer_id: organizerId,
      })
    ).data.id;
    const ticketId = (
      await call<{ data: { id: string } }>('POST', `/events/${eventId}/tickets`, {
        type: 'FREE',
        title: 'Community pass',
        quantity: 50,
      })
    ).data.id;
    await call('PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    type Answer = { data: { short_id: string; attendees: { short_id: string }[] } };
    const orders = `/public/events/${eventId}/orders`;
    const placed = await callApi<Answer>(app, null, 'POST', orders, {
      lines: [{ ticket_id: ticketId, quantity: 2 }],
    });
    orderShortId = placed.data.short_id;
    const people = [
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
      { first_name: 'Charles', last_name: 'Babbage', email: 'charles@example.test' },
    ];
    await callApi(app, null, 'PUT', `${orders}/${orderShortId}/details`, {
      ...people[0],
      attendees: people,
      terms_agreed: true,
    });
    const completed = await callApi<Answer>(app, null, 'POST', `${orders}/${orderShortId}/complete`, {
      payment_method: 'FREE',
    });
    attendeeShortId = completed.data.attendees[0]?.short_id ?? '';
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function downloaded(page: Page, name: string | RegExp) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole(typeof name === 'string' ? 'link' : 'button', { name }).click(),
    ]);
    const path = await download.path();
    return { file: readFileSync(path), name: download.suggestedFilename() };
  }

  it('the ticket page downloads the PDF and the Apple pass, and opens the Google Wallet link', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/ticket/${eventId}/${attendeeShortId}`);
    await page.getByRole('link', { name: 'Add to Apple Wallet' }).waitFor();
    await page.getByRole('button', { name: 'Add to Google Wallet' }).waitFor();
    await screenshot(page, 'tickets/ticket-downloads');
    await expectAccessible(page, 'ticket-downloads');

    const pdf = await downloaded(page, 'Download ticket (PDF)');
    expect(pdf.name).toBe(`ticket-${attendeeShortId}.pdf`);
    expect(pdf.file.subarray(0, 5).toString()).toBe('%PDF-');

    const pass = await downloaded(page, 'Add to Apple Wallet');
    expect(pass.name).toBe(`ticket-${attendeeShortId}.pkpass`);
    expect(pass.file.subarray(0, 2).toString()).toBe('PK');

    await page.route('https://pay.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Google Wallet</title>' }),
    );
    await page.getByRole('button', { name: 'Add to Google Wallet' }).click();
    await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    await context.close();
  });

  it("the order page downloads the order's PDF", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/checkout/${eventId}/${orderShortId}/summary`);
    await page.getByRole('link', { name: 'Download all tickets (PDF)' }).waitFor();
    await screenshot(page, 'tickets/order-downloads');
    await expectAccessible(page, 'order-downloads');
    const pdf = await downloaded(page, 'Download all tickets (PDF)');
    expect(pdf.file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.file.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    await context.close();
  });
});
