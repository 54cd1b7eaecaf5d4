import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { questionsForCheckout } from '../../../projections/questions';
import type { z } from 'zod';
import type { questionResponseSchema } from './questionSchemas';
import { questionTypes } from './questionEvents';

type PresentedQuestion = z.infer<typeof questionResponseSchema>;
type Problem = { status: number; reason: string; errors?: Record<string, string[]> };

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

const defaults = ['default_first_name', 'default_last_name', 'default_email'];

function questionSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let organizerId: string;
  const api = () => t.client(token);

  async function newEvent() {
    const event = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    return event.body.data.id;
  }
  const create = (eventId: string, json: Record<string, unknown>) =>
    api()<{ data: PresentedQuestion }>('POST', `/api/events/${eventId}/questions`, { json });
  const listed = async (eventId: string) =>
    (await api()<{ data: PresentedQuestion[] }>('GET', `/api/events/${eventId}/questions`)).body.data;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Arts' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the three default questions first, then creates a question of each type', async () => {
    const eventId = await newEvent();
    expect((await listed(eventId)).map((question) => [question.id, question.is_default])).toEqual(
      defaults.map((id) => [id, true]),
    );
    for (const type of questionTypes) {
      const choice = ['CHECKBOX', 'RADIO', 'DROPDOWN'].includes(type);
      const created = await create(eventId, {
        title: `A ${type} question`,
        type,
        ...(choice ? { options: [' Small', 'Large', 'Small'] } : {}),
        required: true,
        asked_per: 'ATTENDEE',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({
        title: `A ${type} question`,
        type,
        options: choice ? ['Small', 'Large'] : [],
        required: true,
        hidden: false,
        asked_per: 'ATTENDEE',
        is_default: false,
      });
    }
    const titles = (await listed(eventId)).map((question) => question.title);
    expect(titles).toEqual([
      'First name',
      'Last name',
      'Email',
      ...questionTypes.map((type) => `A ${type} question`),
    ]);
  });

  it('reads, updates and deletes a question; hidden ones are not asked at checkout', async () => {
    const eventId = await newEvent();
    const created = await create(eventId, { title: 'Diet', type: 'SINGLE_LINE_TEXT' });
    const path = `/api/events/${eventId}/questions/${created.body.data.id}`;
    expect((await api()<{ data: PresentedQuestion }>('GET', path)).body.data).toEqual(created.body.data);
    const updated = await api()<{ data: PresentedQuestion }>('PUT', path, {
      json: { title: 'Dietary needs', hidden: true, description: 'For the caterer' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      title: 'Dietary needs',
      hidden: true,
      description: 'For the caterer',
    });
    const asked = await create(eventId, { title: 'Shirt', type: 'RADIO', options: ['M'] });
    expect((await questionsForCheckout(t.platform.services.db, eventId)).map((q) => q.questionId)).toEqual([
      asked.body.data.id,
    ]);

    expect((await api()('DELETE', path)).status).toBe(204);
    expectProblem(await api()('GET', path), 404, 'question_not_found');
    expect((await listed(eventId)).map((question) => question.title)).toEqual([
      'First name',
      'Last name',
      'Email',
      'Shirt',
    ]);
  });

  it("asks an open order's buyer a question added, then stops asking it once hidden", async () => {
    const eventId = await newEvent();
    const ticket = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Entry', quantity: 10 },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    expect((await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    const buyer = t.client();
    const placed = await buyer<{ data: { short_id: string } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      {
        json: { lines: [{ ticket_id: ticket.body.data.id, quantity: 1 }] },
      },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = `/api/public/events/${eventId}/orders/${placed.body.data.short_id}`;
    const asked = async () =>
      (await buyer<{ data: { questions: { title: string }[] } }>('GET', order)).body.data.questions.map(
        (question) => question.title,
      );
    // Every checkout step reads the questions from memory; a change to them must still reach the next step.
    expect(await asked()).toEqual([]);
    expect(await asked()).toEqual([]);
    const added = await create(eventId, { title: 'Dietary needs', type: 'SINGLE_LINE_TEXT' });
    expect(await asked()).toEqual(['Dietary needs']);
    const hidden = await api()('PUT', `/api/events/${eventId}/questions/${added.body.data.id}`, {
      json: { hidden: true },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(await asked()).toEqual([]);
  });

  it('refuses a choice question without options, and other bad input, with field errors', async () => {
    const eventId = await newEvent();
    for (const type of ['CHECKBOX', 'RADIO', 'DROPDOWN']) {
      const problem = expectProblem(await create(eventId, { title: 'Pick', type }), 400, 'validation_failed');
      expect(problem.errors).toEqual({ options: ['Add at least one option'] });
    }
    const problem = expectProblem(
      await create(eventId, { title: ' ', type: 'DATE', options: ['x'] }),
      400,
      'validation_failed',
    );
    expect(problem.errors).toEqual({
      title: ['The title is required'],
      options: ['Only checkbox, radio and dropdown questions have options'],
    });
    expectProblem(await create(eventId, { title: 'T'.repeat(150), type: 'DATE' }), 400, 'validation_failed');
    expectProblem(await create(eventId, { title: 'Colour', type: 'COLOUR' }), 400, 'validation_failed');
    // Turning a text question into a choice needs options too.
    const text = await create(eventId, { title: 'Size', type: 'SINGLE_LINE_TEXT' });
    const turned = expectProblem(
      await api()('PUT', `/api/events/${eventId}/questions/${text.body.data.id}`, {
        json: { type: 'RADIO' },
      }),
      400,
      'validation_failed',
    );
    expect(turned.errors).toEqual({ options: ['Add at least one option'] });
  });

  it('keeps the default questions locked', async () => {
    const eventId = await newEvent();
    const path = `/api/events/${eventId}/questions/default_email`;
    expect((await api()<{ data: PresentedQuestion }>('GET', path)).body.data).toMatchObject({
      id: 'default_email',
      title: 'Email',
      is_default: true,
    });
    expectProblem(await api()('PUT', path, { json: { title: 'Mail' } }), 409, 'default_question_locked');
    expectProblem(await api()('DELETE', path), 409, 'default_question_locked');
    expectProblem(
      await api()('PUT', `/api/events/${eventId}/questions/sort`, {
        json: { question_ids: ['default_email'] },
      }),
      409,
      'default_question_locked',
    );
  });

  it('sorts the questions, and refuses a sort that misses one', async () => {
    const eventId = await newEvent();
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three'])
      ids.push((await create(eventId, { title, type: 'SINGLE_LINE_TEXT' })).body.data.id);
    const sorted = await api()<{ data: PresentedQuestion[] }>(
      'PUT',
      `/api/events/${eventId}/questions/sort`,
      {
        json: { question_ids: [ids[2], ids[0], ids[1]] },
      },
    );
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(sorted.body.data.map((question) => question.title)).toEqual([
      'First name',
      'Last name',
      'Email',
      'Three',
      'One',
      'Two',
    ]);
    await create(eventId, { title: 'Four', type: 'SINGLE_LINE_TEXT' });
    expect((await listed(eventId)).map((question) => question.title).slice(3)).toEqual([
      'Three',
      'One',
      'Two',
      'Four',
    ]);
    const problem = expectProblem(
      await api()('PUT', `/api/events/${eventId}/questions/sort`, {
        json: { question_ids: [ids[0], ids[1]] },
      }),
      409,
      'question_sort_failed',
    );
    expect(problem.errors).toEqual({ question_ids: ["Send each of the event's questions exactly once"] });
  });

  it("answers 404 for another account's event and questions", async () => {
    const eventId = await newEvent();
    const created = await create(eventId, { title: 'Private', type: 'SINGLE_LINE_TEXT' });
    const other = t.client((await t.otherAccount()).token);
    const base = `/api/events/${eventId}/questions`;
    const path = `${base}/${created.body.data.id}`;
    expectProblem(await other('GET', base), 404, 'event_not_found');
    expectProblem(
      await other('POST', base, { json: { title: 'Mine', type: 'DATE' } }),
      404,
      'event_not_found',
    );
    expectProblem(await other('PUT', `${base}/sort`, { json: { question_ids: [] } }), 404, 'event_not_found');
    expectProblem(await other('GET', path), 404, 'event_not_found');
    expectProblem(await other('PUT', path, { json: { title: 'Mine' } }), 404, 'event_not_found');
    expectProblem(await other('DELETE', path), 404, 'event_not_found');
    // A question of another event of the same account is not this event's either.
    const elsewhere = await newEvent();
    expectProblem(
      await api()('GET', `/api/events/${elsewhere}/questions/${created.body.data.id}`),
      404,
      'question_not_found',
    );
    expectProblem(
      await api()('PUT', `/api/events/${elsewhere}/questions/${created.body.data.id}`, {
        json: { title: 'x' },
      }),
      404,
      'question_not_found',
    );
    expect((await api()('GET', path)).status).toBe(200);
  });
}

describe('question routes on SQLite', () => questionSuite('sqlite'));
describeWithPostgres('question routes on PostgreSQL', () => questionSuite('postgres'));
