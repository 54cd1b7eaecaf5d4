import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReadModelDb } from '../../../projections/runner/db';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';
import { parseRecordedEvent } from '../../audit/eventSchemas';
import type { RecordedEvent } from '../../eventstore/port';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ERASED_EMAIL, ERASED_IP, ERASED_TEXT } from '../../eventstore/personalData';
import { waitingEntryDecider } from './waitingEntryDecider';
import { waitingClaimStream, waitingEntryStream, type WaitingEntryJoined } from './waitingListEvents';

/**
 * A waiting list entry's name and address are a person's (docs/audit.md "Erasure"): the log holds them sealed,
 * readers get them back, and the audit verifier knows the new event types.
 */
function personalDataSuite(kind: StorageKind) {
  let t: TestPlatform;
  let log: Knex;
  const entryId = 'wle_personal_1';
  const joined: WaitingEntryJoined = {
    type: 'WaitingEntryJoined',
    data: {
      eventId: 'ev_waiting_1',
      entryId,
      ticketId: 'tk_waiting_1',
      tierId: null,
      quantity: 2,
      name: 'Wanda Waitwell',
      email: 'wanda.waitwell@example.test',
      locale: 'fr',
      joinedAt: '2026-05-01T10:00:00.000Z',
    },
  };
  const metadata = { correlationId: 'corr-1', causationId: 'corr-1', actor: 'buyer', ip: '203.0.113.77' };

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    const config = t.storage.eventStore;
    log = openReadModelDb(
      config.kind === 'sqlite'
        ? { kind: 'sqlite', file: config.file }
        : { kind: 'postgres', url: config.url },
    );
    const { store } = t.platform.services;
    await store.append(
      waitingClaimStream(joined.data.eventId, joined.data.ticketId, joined.data.email),
      [
        {
          id: `${entryId}-claim`,
          type: 'WaitingPlaceClaimed',
          data: {
            eventId: joined.data.eventId,
            ticketId: joined.data.ticketId,
            entryId,
            claimedAt: '2026-05-01T10:00:00.000Z',
          },
          metadata,
        },
      ],
      { expected: 'no_stream' },
    );
    await store.append(waitingEntryStream(entryId), [{ id: `${entryId}-joined`, ...joined, metadata }], {
      expected: 'no_stream',
    });
  });
  afterAll(async () => {
    await log?.destroy();
    await t?.close();
  });

  it('stores the name, the address and the IP sealed, and gives them back to readers', async () => {
    const raw = JSON.stringify(await log('es_events').select('type', 'data', 'metadata'));
    expect(raw).toContain('WaitingEntryJoined');
    expect(raw).not.toContain('Wanda Waitwell');
    expect(raw).not.toContain('wanda.waitwell@example.test');
    expect(raw).not.toContain('203.0.113.77');
    const read: RecordedEvent[] = [];
    for await (const event of t.platform.services.store.readStream(waitingEntryStream(entryId)))
      read.push(event);
    expect(read.map((event) => event.data)).toEqual([joined.data]);
    expect(read[0]?.metadata.ip).toBe('203.0.113.77');
  });

  it('keeps the address out of the claim stream’s name and events', async () => {
    const streams = await log('es_events').where({ type: 'WaitingPlaceClaimed' }).select('stream', 'data');
    expect(streams).toHaveLength(1);
    expect(JSON.stringify(streams)).not.toContain('wanda');
  });

  it('is known to the audit verifier', async () => {
    for (const stream of [
      waitingEntryStream(entryId),
      waitingClaimStream(joined.data.eventId, joined.data.ticketId, joined.data.email),
    ])
      for await (const event of t.platform.services.store.readStream(stream))
        expect(parseRecordedEvent(event)).toEqual({ ok: true, event });
  });
  it('once the entry left the list, erasing it leaves its name, address and IP unreadable for good', async () => {
    const { commands, store } = t.platform.services;
    const context = { correlationId: 'corr-erase', actor: 'us-admin' };
    const erase = {
      type: 'EraseWaitingEntryPersonalData' as const,
      eventId: joined.data.eventId,
      entryId,
      by: 'us-admin',
      now: new Date('2026-05-02T10:00:00.000Z'),
    };
    await expect(
      commands.handle(waitingEntryDecider, waitingEntryStream(entryId), erase, context),
    ).rejects.toMatchObject({ reason: 'waiting_entry_still_open' });
    await commands.handle(
      waitingEntryDecider,
      waitingEntryStream(entryId),
      {
        type: 'RemoveWaitingEntry',
        eventId: joined.data.eventId,
        entryId,
        removedBy: 'ORGANIZER',
        now: erase.now,
      },
      context,
    );
    await commands.handle(waitingEntryDecider, waitingEntryStream(entryId), erase, context);

    const read: RecordedEvent[] = [];
    for await (const event of store.readStream(waitingEntryStream(entryId))) read.push(event);
    expect(read.map((event) => event.type)).toEqual([
      'WaitingEntryJoined',
      'WaitingEntryRemoved',
      'WaitingEntryPersonalDataErased',
    ]);
    expect(read[0]?.data).toMatchObject({
      name: ERASED_TEXT,
      email: ERASED_EMAIL,
      quantity: 2,
      locale: 'fr',
    });
    expect(read[0]?.metadata.ip).toBe(ERASED_IP);
    for (const event of read) expect(parseRecordedEvent(event)).toEqual({ ok: true, event });
    // The log still holds only the sealed values; with the key gone nothing opens them.
    const raw = JSON.stringify(await log('es_events').select('data', 'metadata'));
    expect(raw).not.toContain('Wanda Waitwell');
    expect(raw).not.toContain('wanda.waitwell@example.test');
  });
}

describe('waiting list personal data (SQLite)', () => personalDataSuite('sqlite'));
describeWithPostgres('waiting list personal data (PostgreSQL)', () => personalDataSuite('postgres'));
