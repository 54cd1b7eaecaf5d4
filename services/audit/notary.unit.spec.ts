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

  it('writes exactly the bytes of the definition, so the links of a chain notarised before stay valid', () => {
    // The definition, level by level: what every link so far was computed from.
    const definition = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(definition).join(',')}]`;
      if (value !== null && typeof value === 'object') {
        const entries = Object.entries(value as Record<string, unknown>)
          .filter(([, inner]) => inner !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${definition(inner)}`).join(',')}}`;
      }
      return JSON.stringify(value) ?? 'null';
    };
    let seed = 29;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const keys = ['a', 'B', 'é', 'z', '𝔘', 'ab', 'a b', '"q"', '10', '9', 'ﬀ', ''];
    const valueOf = (depth: number): unknown => {
      const pick = Math.floor(random() * (depth > 3 ? 6 : 8));
      if (pick === 0) return null;
      if (pick === 1) return undefined;
      if (pick === 2) return Math.round(random() * 1e6) / 100;
      if (pick === 3) return random() < 0.5;
      if (pick === 4)
        return `line\n"${keys[Math.floor(random() * keys.length)]}" \u2028 ${'x'.repeat(depth)}`;
      if (pick === 5) return new Date(Math.floor(random() * 2e12));
      if (pick === 6) return Array.from({ length: Math.floor(random() * 4) }, () => valueOf(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 5) }, () => [
          keys[Math.floor(random() * keys.length)]!,
          valueOf(depth + 1),
        ]),
      );
    };
    for (let n = 0; n < 500; n++) {
      const value = valueOf(0);
      expect(canonicalJson(value)).toBe(definition(value));
    }
    expect(chainHash(genesisHash, event())).toBe(
      '1c3e70360726b9e28b72d09ba3370b72a8a8a4a103a003ace7a3fc377497cfdc',
    );
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
