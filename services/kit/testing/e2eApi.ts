/**
 * The app's API called from an end-to-end test, from Node or from inside a page, and the set-ups journeys make
 * through it instead of through the screens (an organizer and an event, a ticket, free tickets bought).
 */
import type { Page } from 'playwright-core';
import type { RunningApp } from './e2eApp';

/**
 * Calls the app's API from the test (Node's fetch), with a bearer token when one is given; throws on an answer
 * that is not 2xx, with its status and body.
 */
export async function callApi<T>(
  app: RunningApp,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface BoughtAttendee {
  id: string;
  short_id: string;
  first_name: string | null;
  last_name: string | null;
  /** The signed QR payload of the ticket, as the buyer's ticket page and mail show it. */
  ticket_code: string | null;
}

/**
 * Buys free tickets of a live event as a buyer does, through the public checkout (reserve, details, complete
 * with `FREE`), one attendee per person given; answers the completed order's attendees in that order.
 */
export async function buyFreeTicketsThroughApi(
  app: RunningApp,
  eventId: string,
  ticketId: string,
  people: readonly { first_name: string; last_name: string; email: string }[],
): Promise<BoughtAttendee[]> {
  type Answer = { data: { short_id: string; attendees: BoughtAttendee[] } };
  const orders = `/public/events/${eventId}/orders`;
  const placed = await callApi<Answer>(app, null, 'POST', orders, {
    lines: [{ ticket_id: ticketId, quantity: people.length }],
  });
  const order = `${orders}/${placed.data.short_id}`;
  await callApi(app, null, 'PUT', `${order}/details`, {
    ...people[0],
    attendees: people,
    terms_agreed: true,
  });
  const completed = await callApi<Answer>(app, null, 'POST', `${order}/complete`, { payment_method: 'FREE' });
  return completed.data.attendees;
}

/**
 * An organizer and an event of it, created through the API as the member logged in on `page` (the set-up most
 * journeys of the back office start from); answers the event's id.
 */
export async function createEventInPage(
  page: Page,
  organizer: Record<string, unknown>,
  event: Record<string, unknown>,
): Promise<string> {
  const created = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/organizers', organizer);
  const answer = await callApiInPage<{ data: { id: string } }>(page, 'POST', '/events', {
    ...event,
    organizer_id: created.data.id,
  });
  return answer.data.id;
}

/**
 * Calls the API from inside the page, as the member logged in there (the token the app keeps in localStorage)
 * or, with `anonymous`, as a buyer; never from the HTTP cache. Throws on an answer that is not 2xx.
 */
export function callApiInPage<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  options: { anonymous?: boolean } = {},
): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, anonymous }): Promise<T> => {
      const token = anonymous ? null : localStorage.getItem('token');
      const response = await fetch(`/api${path}`, {
        method,
        cache: 'no-store',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body, anonymous: options.anonymous === true },
  );
}

/**
 * Gives an event a ticket through the API (as the app's admin), for journeys that publish before the tickets
 * pages exist: publishing an event without tickets is refused with `no_tickets`.
 */
export async function createTicketThroughApi(
  app: RunningApp,
  eventId: string,
  ticket: Record<string, unknown> = { type: 'PAID', title: 'General admission', price: 1500, quantity: 100 },
): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const login = await post('/api/auth/login', app.admin);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const created = await post(`/api/events/${eventId}/tickets`, ticket, token);
  if (created.status !== 201)
    throw new Error(`ticket not created: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { data: { id: string } }).data.id;
}
