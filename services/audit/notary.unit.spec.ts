import { describe, expect, it } from 'vitest';
import { platformEventVersions } from '../eventstore/eventVersions';
import type { RecordedEvent } from '../eventstore/port';
import { parseRecordedEvent } from './eventSchemas';
import { canonicalEventBytes, canonicalJson, chainHash, genesisHash } from './notary';

const event = (overrides: Partial<RecordedEvent> = {}): RecordedEvent => ({
  id: 'e-1',
  stream: 'organizer-or_1',
  revision: 0n,
  position: 7n,
  type: 'OrganizerCreated',
  data: { name: 'Ledger Hall', accountId: 'ac_1' },
  metadata: { correlationId: 'c-1', causationId: 'c-1', actor: 'us_1' },
  recordedAt: new Date('2027-01-10T12:00:00.000Z'),
  ...overrides,
});

describe('the notary chain', () => {
  it('writes the same bytes for the same event whatever the order of its keys', () => {
    expect(canonicalJson({ b: [2, { y: 1, x: null }], a: 'é' })).toBe('{"a":"é","b":[2,{"x":null,"y":1}]}');
    const reordered = event({ data: { accountId: 'ac_1', name: 'Ledger Hall' } });
    expect(canonicalEventBytes(reordered)).toBe(canonicalEventBytes(event()));
  });

  it('changes the link when anything the store recorded changes, and with the link before it', () => {
    const link = chainHash(genesisHash, event());
    expect(link).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(genesisHash, event())).toBe(link);
    for (const changed of [
      event({ data: { name: 'Rewritten Hall', accountId: 'ac_1' } }),
      event({ metadata: { correlationId: 'c-1', causationId: 'c-1', actor: 'us_2' } }),
      event({ position: 8n }),
      event({ revision: 1n }),
      event({ stream: 'organizer-or_2' }),
      event({ type: 'OrganizerUpdated' }),
      event({ id: 'e-2' }),
      event({ recordedAt: new Date('2027-01-10T12:00:00.001Z') }),
    ])
      expect(chainHash(genesisHash, changed)).not.toBe(link);
    expect(chainHash(link, event())).not.toBe(link);
  });

  it('links the event as the store holds it, not as it is upcast, so a new version leaves the chain as it was', () => {
    const stored = event({
      type: 'OrderCompleted',
      data: { orderId: 'o1', paidAt: '2027-01-10T12:00:00.000Z' },
    });
    const upcast = platformEventVersions.upcast(stored);
    expect(upcast.data).not.toEqual(stored.data);
    expect(chainHash(genesisHash, upcast)).toBe(chainHash(genesisHash, stored));
  });
});

describe('the schemas audit:verify holds events to', () => {
  it('knows the recorded types, and checks the money of an order exactly', () => {
    expect(parseRecordedEvent(event())).toMatchObject({ ok: true });
    expect(parseRecordedEvent(event({ type: 'OrganizerRenamedByMagic' }))).toEqual({
      ok: false,
      problem: 'unknown event type OrganizerRenamedByMagic',
    });
    expect(
      parseRecordedEvent(event({ type: 'OrderRefunded', data: { orderId: 'o', eventId: 'e' } })),
    ).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^OrderRefunded data: refundId /) as unknown,
    });
    expect(
      parseRecordedEvent(event({ metadata: { correlationId: 'c', causationId: 'c', actor: '' } })),
    ).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^metadata: actor /) as unknown,
    });
  });
});
