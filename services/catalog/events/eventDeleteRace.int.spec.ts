import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { pngImage } from '../images/testing';
import { committedThenDeletedSchema } from './eventSchemas';
import { eventStream } from './eventEvents';

type Answer = { status: number; position: string | null; body: Record<string, unknown> };

/**
 * A change and a delete of the same event, both committed before the change could be read back: the change
 * was made, so it is answered as made (its success status, what it committed and where), never as a refusal.
 * The projections are held while both commit, so the race happens every time, on SQLite and PostgreSQL.
 */
function deleteRaceSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let organizerId: string;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await t.client(token)<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Race Hall' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function draftEvent(): Promise<string> {
    const created = await t.client(token)<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Race',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id;
  }
  async function streamOf(eventId: string) {
    const events: { type: string; position: bigint }[] = [];
    for await (const event of t.platform.services.store.readStream(eventStream(eventId)))
      events.push({ type: event.type, position: event.position });
    return events;
  }
  async function until(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 250; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  const answered = async (response: Promise<Response>): Promise<Answer> => {
    const done = await response;
    return {
      status: done.status,
      position: done.headers.get('x-position'),
      body: (await done.json()) as Record<string, unknown>,
    };
  };
  const send = (method: string, path: string, json: unknown) =>
    answered(
      fetch(`${t.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      }),
    );
  const uploadCover = (eventId: string) => {
    const form = new FormData();
    form.append('type', 'EVENT_COVER');
    form.append('image', new Blob([new Uint8Array(pngImage(700, 400))], { type: 'image/png' }), 'cover.png');
    return answered(
      fetch(`${t.baseUrl}/api/events/${eventId}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
    );
  };

  /**
   * Holds the projections, sends the change, waits until it is in the stream, deletes the event, waits for
   * the delete, then lets the projections run: the change's read-back finds the event gone.
   */
  async function changeThenDelete(eventId: string, change: () => Promise<Answer>, changed: string) {
    await t.platform.runner.stop();
    let answer: Promise<Answer> | undefined;
    let deletion: Promise<{ status: number }> | undefined;
    try {
      answer = change();
      await until(async () => (await streamOf(eventId)).some((event) => event.type === changed), changed);
      deletion = t.client(token)('DELETE', `/api/events/${eventId}`);
      await until(
        async () => (await streamOf(eventId)).some((event) => event.type === 'EventDeleted'),
        'the delete',
      );
      // The delete is in the log, but until this process's live subscribers (the worker's projections, still
      // running) have read it, the catch-up below can be served the change alone from what they read before the
      // delete, and answer the change before a later batch applies the delete.
      const deletedAt = (await streamOf(eventId)).find((event) => event.type === 'EventDeleted')?.position;
      expect(await t.platform.worker.runner.waitFor(deletedAt ?? 0n, 10_000)).toBe(true);
    } finally {
      await t.platform.runner.start();
    }
    expect((await deletion).status).toBe(204);
    const stream = await streamOf(eventId);
    const change_ = stream.find((event) => event.type === changed);
    const deleted = stream.find((event) => event.type === 'EventDeleted');
    return { answer: await answer, change: change_, deleted };
  }

  function expectCommittedThenDeleted(
    raced: Awaited<ReturnType<typeof changeThenDelete>>,
    status: number,
    changed: string,
  ) {
    const { answer, change, deleted } = raced;
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    const receipt = committedThenDeletedSchema.parse(answer.body);
    expect(receipt.committed).toEqual({ events: [changed], position: String(change?.position) });
    expect(receipt.event_deleted.position).toBe(String(deleted?.position));
    expect(BigInt(receipt.committed.position)).toBeLessThan(BigInt(receipt.event_deleted.position));
    expect(answer.position).toBe(receipt.committed.position);
  }

  it('an edit of the details is answered as made, with what it committed and where the delete came', async () => {
    const eventId = await draftEvent();
    const raced = await changeThenDelete(
      eventId,
      () => send('PUT', `/api/events/${eventId}`, { title: 'Renamed' }),
      'EventDetailsUpdated',
    );
    expectCommittedThenDeleted(raced, 200, 'EventDetailsUpdated');
    // The event is gone for everyone afterwards.
    expect((await t.client(token)('GET', `/api/events/${eventId}`)).status).toBe(404);
  });

  it('a settings change is answered as made', async () => {
    const eventId = await draftEvent();
    const raced = await changeThenDelete(
      eventId,
      () => send('PUT', `/api/events/${eventId}/settings`, { seo_title: 'Race night' }),
      'EventSettingsUpdated',
    );
    expectCommittedThenDeleted(raced, 200, 'EventSettingsUpdated');
  });

  it('an uploaded cover image is answered as made (201)', async () => {
    const eventId = await draftEvent();
    const raced = await changeThenDelete(eventId, () => uploadCover(eventId), 'EventImageUploaded');
    expectCommittedThenDeleted(raced, 201, 'EventImageUploaded');
  });

  it('without a delete, the same routes answer the event as usual', async () => {
    const eventId = await draftEvent();
    const edited = await send('PUT', `/api/events/${eventId}`, { title: 'Kept' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ data: { id: eventId, title: 'Kept' } });
  });
}

describe('a change racing a delete (SQLite)', () => deleteRaceSuite('sqlite'));
describeWithPostgres('a change racing a delete (PostgreSQL)', () => deleteRaceSuite('postgres'));
