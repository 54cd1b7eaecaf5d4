import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import type { CommandHandler } from '../../kit/commandHandler';
import { inventoryDecider } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { capacityAssignmentDecider } from './capacityDecider';
import { capacityAssignmentStream } from './capacityEvents';
import { runCapacityAssignmentCommand } from './capacityCommands';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Assignment = {
  id: string;
  event_id: string;
  name: string;
  capacity: number;
  ticket_ids: string[];
  enabled: boolean;
  used_capacity: number;
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

const context = { correlationId: 'test', actor: 'test' };

function capacitySuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let eventId: string;
  let path: string;
  let standing: string;
  let seated: string;
  const api = () => t.client(token);
  const commands = () => t.platform.services.commands;
  const inventory = async () => (await commands().load(inventoryDecider, inventoryStream(eventId))).state;

  /** A real ticket through the ticket routes, whose stock they mirror into the inventory. */
  async function createTicket(title: string, quantity: number | null = null): Promise<string> {
    const created = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title, quantity },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id;
  }

  async function hold(
    holdId: string,
    ticketId: string,
    quantity: number,
    handler: CommandHandler = commands(),
  ) {
    const now = t.platform.services.clock.now();
    await handler.handle(
      inventoryDecider,
      inventoryStream(eventId),
      {
        type: 'PlaceHold',
        eventId,
        holdId,
        orderId: `or_${holdId}`,
        lines: [{ ticketId, tierId: null, quantity }],
        now,
        expiresAt: new Date(now.getTime() + 15 * 60_000),
        perOrderLimits: { [ticketId]: { min: 1, max: null } },
      },
      context,
    );
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const events = await api()<{ data: { id: string }[] }>('GET', '/api/events');
    eventId = events.body.data[0]!.id;
    path = `/api/events/${eventId}/capacity-assignments`;
    standing = await createTicket('Standing');
    seated = await createTicket('Seated', 100);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, edits, disables and deletes an assignment, mirrored into the inventory', async () => {
    const created = await api()<{ data: Assignment }>('POST', path, {
      json: { name: 'Main hall', capacity: 50, ticket_ids: [standing, seated] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      event_id: eventId,
      name: 'Main hall',
      capacity: 50,
      ticket_ids: [standing, seated],
      enabled: true,
      used_capacity: 0,
    });
    expect(created.headers.get('location')).toBe(`${path}/${id}`);
    expect((await inventory()).capacities[id]).toEqual({
      capacity: 50,
      ticketIds: [standing, seated],
      enabled: true,
    });

    await hold('h_1', standing, 3);
    await hold('h_2', seated, 2);
    const list = await api()<{ data: Assignment[] }>('GET', path);
    expect(list.body.data).toEqual([expect.objectContaining({ id, used_capacity: 5 })]);

    const edited = await api()<{ data: Assignment }>('PUT', `${path}/${id}`, {
      json: { name: 'Hall A', capacity: 40, ticket_ids: [standing] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Hall A',
      capacity: 40,
      ticket_ids: [standing],
      used_capacity: 3,
    });
    expect((await inventory()).capacities[id]).toMatchObject({ capacity: 40, ticketIds: [standing] });

    const disabled = await api()<{ data: Assignment }>('PUT', `${path}/${id}`, { json: { enabled: false } });
    expect(disabled.body.data.enabled).toBe(false);
    expect((await inventory()).capacities[id]?.enabled).toBe(false);
    // A disabled assignment limits nothing, so it may go below what is taken; enabling it again may not.
    const lowered = await api()<{ data: Assignment }>('PUT', `${path}/${id}`, { json: { capacity: 1 } });
    expect(lowered.body.data.capacity).toBe(1);
    expectProblem(
      await api()('PUT', `${path}/${id}`, { json: { enabled: true } }),
      409,
      'quantity_below_sold',
    );
    const reenabled = await api()<{ data: Assignment }>('PUT', `${path}/${id}`, {
      json: { enabled: true, capacity: 10 },
    });
    expect(reenabled.body.data).toMatchObject({ enabled: true, capacity: 10 });

    const read = await api()<{ data: Assignment }>('GET', `${path}/${id}`);
    expect(read.body.data).toEqual(reenabled.body.data);
    expect((await api()('DELETE', `${path}/${id}`)).status).toBe(204);
    expectProblem(await api()('GET', `${path}/${id}`), 404, 'capacity_assignment_not_found');
    expect((await inventory()).capacities[id]).toEqual({
      capacity: 10,
      ticketIds: [standing],
      enabled: false,
    });
    expectProblem(await api()('DELETE', `${path}/${id}`), 404, 'capacity_assignment_not_found');
  });

  it('refuses a capacity below what is sold or held, writing nothing', async () => {
    await hold('h_3', seated, 4);
    const problem = expectProblem(
      await api()('POST', path, { json: { name: 'Balcony', capacity: 3, ticket_ids: [seated] } }),
      409,
      'quantity_below_sold',
    );
    expect(problem.errors?.capacity).toBeDefined();
    const list = await api()<{ data: Assignment[] }>('GET', path);
    expect(list.body.data.map((assignment) => assignment.name)).not.toContain('Balcony');
  });

  it('puts the assignment back when a hold taken meanwhile makes the inventory refuse the mirror', async () => {
    const created = await api()<{ data: Assignment }>('POST', path, {
      json: { name: 'Terrace', capacity: 20, ticket_ids: [seated] },
    });
    const id = created.body.data.id;
    const taken = (await inventory()).capacities[id];
    expect(taken?.capacity).toBe(20);
    const real = commands();
    let raced = false;
    // A buyer's hold lands between the route's check and its mirror.
    const racing = {
      load: real.load.bind(real),
      remembered: real.remembered.bind(real),
      handle: async (...args: Parameters<CommandHandler['handle']>) => {
        if (args[1] === inventoryStream(eventId) && !raced) {
          raced = true;
          await hold('h_race', seated, 12, real);
        }
        return real.handle(...args);
      },
    } as unknown as CommandHandler;
    await expect(
      runCapacityAssignmentCommand(
        { commands: racing, clock: t.platform.services.clock },
        {
          type: 'UpdateCapacityAssignment',
          eventId,
          capacityAssignmentId: id,
          changes: { capacity: 10 },
          existingTicketIds: [seated],
          now: t.platform.services.clock.now(),
        },
        context,
      ),
    ).rejects.toMatchObject({ reason: 'quantity_below_sold' });
    const { state } = await real.load(capacityAssignmentDecider, capacityAssignmentStream(id));
    expect(state.exists && state.details.capacity).toBe(20);
    expect((await inventory()).capacities[id]?.capacity).toBe(20);
  });

  it('refuses bad input and unknown tickets with field errors', async () => {
    const good = { name: 'Hall', capacity: 10, ticket_ids: [standing] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, name: '' }, 'name'],
      [{ ...good, name: 'x'.repeat(150) }, 'name'],
      [{ ...good, capacity: -1 }, 'capacity'],
      [{ ...good, capacity: 2.5 }, 'capacity'],
      [{ ...good, ticket_ids: [] }, 'ticket_ids'],
      [{ ...good, ticket_ids: [standing, standing] }, 'ticket_ids'],
      [{ ...good, enabled: 'yes' }, 'enabled'],
    ];
    for (const [json, field] of cases) {
      const problem = expectProblem(await api()('POST', path, { json }), 400, 'validation_failed');
      expect(Object.keys(problem.errors ?? {}), JSON.stringify(json)).toContain(field);
    }
    const unknown = expectProblem(
      await api()('POST', path, { json: { ...good, ticket_ids: [standing, 'tk_nowhere'] } }),
      404,
      'ticket_not_found',
    );
    expect(unknown.errors?.ticket_ids).toBeDefined();
    const created = await api()<{ data: Assignment }>('POST', path, { json: good });
    expectProblem(
      await api()('PUT', `${path}/${created.body.data.id}`, { json: { ticket_ids: ['tk_nowhere'] } }),
      404,
      'ticket_not_found',
    );
    expectProblem(await api()('GET', `${path}/not-an-id`), 404, 'capacity_assignment_not_found');
    expectProblem(await api()('GET', `${path}/ca_00000000`), 404, 'capacity_assignment_not_found');
  });

  it("answers another account's event and assignments as not found", async () => {
    const mine = await api()<{ data: Assignment }>('POST', path, {
      json: { name: 'Secret hall', capacity: 5, ticket_ids: [standing] },
    });
    const other = await t.otherAccount();
    const theirs = t.client(other.token);
    const one = `${path}/${mine.body.data.id}`;
    expectProblem(await theirs('GET', path), 404, 'event_not_found');
    expectProblem(
      await theirs('POST', path, { json: { name: 'Mine now', capacity: 1, ticket_ids: [standing] } }),
      404,
      'event_not_found',
    );
    expectProblem(await theirs('GET', one), 404, 'event_not_found');
    expectProblem(await theirs('PUT', one, { json: { capacity: 1 } }), 404, 'event_not_found');
    expectProblem(await theirs('DELETE', one), 404, 'event_not_found');
    // Their own event cannot reach this assignment either.
    const theirEvents = await theirs<{ data: { id: string }[] }>('GET', '/api/events');
    const theirEventId = theirEvents.body.data[0]?.id;
    if (theirEventId) {
      expectProblem(
        await theirs('GET', `/api/events/${theirEventId}/capacity-assignments/${mine.body.data.id}`),
        404,
        'capacity_assignment_not_found',
      );
      expectProblem(
        await theirs('DELETE', `/api/events/${theirEventId}/capacity-assignments/${mine.body.data.id}`),
        404,
        'capacity_assignment_not_found',
      );
    }
    const still = await api()<{ data: Assignment }>('GET', one);
    expect(still.body.data.name).toBe('Secret hall');
  });
}

describe('capacity assignments API on SQLite', () => capacitySuite('sqlite'));
describeWithPostgres('capacity assignments API on PostgreSQL', () => capacitySuite('postgres'));
