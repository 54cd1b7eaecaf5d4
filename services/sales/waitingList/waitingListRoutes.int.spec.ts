import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { inventoryDecider } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { ManualClock } from '../../kit/clock';
import { describeWithPostgres } from '../../kit/testing/postgres';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Joined = { data: { entry_id: string; status: string } };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** The public join route: only for a sold-out ticket whose waiting list is on, once per address. */
function routeSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-02-01T12:00:00.000Z'));
  let t: TestPlatform;
  let api: ReturnType<TestPlatform['client']>;
  let eventId: string;
  const joinPath = (ticketId: string) => `/api/public/events/${eventId}/tickets/${ticketId}/waiting-list`;
  const person = { name: 'Paula Patient', email: 'paula@example.test', quantity: 2, locale: 'de' };

  async function ticketWith(quantity: number, waitingList: boolean): Promise<string> {
    const created = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: `Ticket ${quantity} ${waitingList}`, quantity },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ticketId = created.body.data.id;
    if (waitingList) {
      const set = await api('PUT', `/api/events/${eventId}/tickets/${ticketId}/waiting-list`, {
        json: { enabled: true },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }
    return ticketId;
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind, { clock });
    api = t.client(await t.login(t.admin.email, t.admin.password));
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Queue Collective' },
    });
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Full House',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    await ticketWith(3, false);
    const published = await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    expect(published.status, JSON.stringify(published.body)).toBeLessThan(300);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a buyer join a sold-out ticket with the list on, once per address', async () => {
    const ticketId = await ticketWith(0, true);
    const joined = await t.client()<Joined>('POST', joinPath(ticketId), { json: person });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body.data.status).toBe('WAITING');
    const { state } = await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId));
    expect(state.waiting[joined.body.data.entry_id]).toEqual({ ticketId, tierId: null, quantity: 2 });

    expectProblem(
      await t.client()('POST', joinPath(ticketId), { json: { ...person, email: 'PAULA@example.test' } }),
      409,
      'waiting_list_duplicate',
    );
  });

  it('answers a ticket that is not sold out, or whose list is off, with waiting_list_closed', async () => {
    expectProblem(
      await t.client()('POST', joinPath(await ticketWith(5, true)), { json: person }),
      409,
      'waiting_list_closed',
    );
    expectProblem(
      await t.client()('POST', joinPath(await ticketWith(0, false)), { json: person }),
      409,
      'waiting_list_closed',
    );
  });

  it('refuses bad input with field errors, and an unknown ticket with 404', async () => {
    const ticketId = await ticketWith(0, true);
    const tooMany = expectProblem(
      await t.client()('POST', joinPath(ticketId), { json: { ...person, email: 'x', quantity: 11 } }),
      400,
      'validation_failed',
    );
    expect(Object.keys(tooMany.errors ?? {}).sort()).toEqual(['email', 'quantity']);
    expectProblem(
      await t.client()('POST', joinPath('tk_nonexistent'), { json: person }),
      404,
      'ticket_not_found',
    );
  });

  it('knows no waiting list of an event that is not live', async () => {
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Drafts' },
    });
    const draft = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Not yet',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const liveEventId = eventId;
    eventId = draft.body.data.id;
    try {
      const ticketId = await ticketWith(0, true);
      expectProblem(await t.client()('POST', joinPath(ticketId), { json: person }), 404, 'event_not_found');
    } finally {
      eventId = liveEventId;
    }
  });
}

describe('waiting list routes (SQLite)', () => routeSuite('sqlite'));
describeWithPostgres('waiting list routes (PostgreSQL)', () => routeSuite('postgres'));
