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

describeE2E('Check-in: cash at the door marks an unpaid order paid and admits its attendee', () => {
  let app: RunningApp;
  let browser: Browser;
  let token = '';
  let eventId = '';
  let listShortId = '';
  let orderId = '';
  let attendeeShortId = '';
  const pageErrors: string[] = [];

  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(app, token, method, path, body);

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    token = (await call<{ token: string }>('POST', '/auth/login', app.admin)).token;
    const organizer = await call<{ data: { id: string } }>('POST', '/organizers', { name: 'Harbour Arts' });
    eventId = (
      await call<{ data: { id: string } }>('POST', '/events', {
        title: 'Cash Night',
        start_date: `${dateNextYear('06-12')}T18:00:00Z`,
        timezone: 'Europe/Lisbon',
        currency: 'EUR',
        organizer_id: organizer.data.id,
      })
    ).data.id;
    await call('PUT', `/events/${eventId}/settings`, {
      offline_payments_enabled: true,
      offline_payment_instructions: '<p>Pay cash at the door.</p>',
      allow_orders_awaiting_offline_payment_to_check_in: true,
    });
    const ticketId = (
      await call<{ data: { id: string } }>('POST', `/events/${eventId}/tickets`, {
        type: 'PAID',
        title: 'Entry',
        price: 1500,
        quantity: 50,
      })
    ).data.id;
    await call('PUT', `/events/${eventId}/status`, { status: 'LIVE' });
    listShortId = (
      await call<{ data: { short_id: string } }>('POST', `/events/${eventId}/check-in-lists`, {
        name: 'Box office',
        ticket_ids: [ticketId],
      })
    ).data.short_id;

    // A buyer orders and chooses to pay at the door: the order awaits payment, the ticket is unpaid.
    const placed = await call<{ data: { id: string; short_id: string } }>(
      'POST',
      `/public/events/${eventId}/orders`,
      { lines: [{ ticket_id: ticketId, quantity: 1 }] },
    );
    orderId = placed.data.id;
    const orderPath = `/public/events/${eventId}/orders/${placed.data.short_id}`;
    await call('PUT', `${orderPath}/details`, {
      first_name: 'Cass',
      last_name: 'Payne',
      email: 'cass@example.test',
      attendees: [{ first_name: 'Cass', last_name: 'Payne', email: 'cass@example.test' }],
      terms_agreed: true,
    });
    const completed = await call<{ data: { status: string; attendees: { short_id: string }[] } }>(
      'POST',
      `${orderPath}/complete`,
      { payment_method: 'OFFLINE' },
    );
    expect(completed.data.status).toBe('AWAITING_PAYMENT');
    attendeeShortId = completed.data.attendees[0]!.short_id;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the unpaid ticket with the offer, marks the order paid and admits on one tap', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const door: Page = await context.newPage();
    door.on('pageerror', (error) => pageErrors.push(error.message));
    await door.goto(`${app.url}/check-in/${listShortId}`);
    await expect
      .poll(() => door.getByTestId('scanner-connection').textContent(), { timeout: 10_000 })
      .toBe('Live');

    await door.getByLabel('Ticket code').fill(attendeeShortId);
    await door.getByLabel('Ticket code').press('Enter');
    const result = door.getByTestId('scanner-result');
    await expect.poll(() => result.getAttribute('data-result')).toBe('attendee_unpaid');
    const offer = door.getByRole('button', { name: 'Mark order paid and check in' });
    await offer.waitFor();
    await screenshot(door, 'check-in/scanner-unpaid');
    await expectAccessible(door, 'scanner unpaid');

    await offer.click();
    await expect.poll(() => result.getAttribute('data-result')).toBe('admitted');
    await expect.poll(() => result.textContent()).toContain('Cass Payne');
    expect(await offer.count()).toBe(0);
    await screenshot(door, 'check-in/scanner-paid-and-admitted');

    // The order is paid now, recorded as such, and the count moved.
    await expect
      .poll(
        async () =>
          (await call<{ data: { status: string } }>('GET', `/events/${eventId}/orders/${orderId}`)).data
            .status,
      )
      .toBe('COMPLETED');
    await expect.poll(() => door.getByTestId('scanner-count').textContent()).toBe('1 of 1 checked in');
    await context.close();
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
