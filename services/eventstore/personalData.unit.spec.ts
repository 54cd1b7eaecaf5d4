import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from './port';
import {
  isEnvelope,
  open,
  seal,
  withPersonalData,
  type PersonalDataKeys,
  type PersonalDataPolicy,
} from './personalData';

describe('sealed personal fields', () => {
  const key = randomBytes(32);

  it('open what was sealed for the same subject with the same key, whatever its JSON value', () => {
    for (const value of ['Ann', 'ann@example.test', { qu_1: ['a', 'b'] }, 42, null]) {
      const sealed = seal(value, key, 'order:1');
      expect(isEnvelope(sealed)).toBe(true);
      expect(JSON.stringify(sealed)).not.toContain('Ann');
      expect(open(sealed, key, 'order:1')).toEqual(value);
    }
  });

  it('stay closed to another key, another subject, or a changed byte', () => {
    const sealed = seal('Ann', key, 'order:1');
    expect(open(sealed, randomBytes(32), 'order:1')).toBeUndefined();
    expect(open(sealed, key, 'order:2')).toBeUndefined();
    const bytes = Buffer.from(sealed.$pii.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(open({ $pii: `v1:${bytes.toString('base64')}` }, key, 'order:1')).toBeUndefined();
    expect(open({ $pii: 'v9:abc' }, key, 'order:1')).toBeUndefined();
  });

  it('are told apart from the values people enter', () => {
    expect(isEnvelope('v1:abc')).toBe(false);
    expect(isEnvelope({ $pii: 3 })).toBe(false);
    expect(isEnvelope(['$pii'])).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});

describe('a store with personal data, read by several subscribers', () => {
  const key = randomBytes(32);
  const subject = 'order:1';
  const policy: PersonalDataPolicy = {
    types: {
      BuyerNamed: { subject: () => subject, fields: [{ path: 'name', erased: '[erased]' }], ip: false },
    },
    erasedBy: () => null,
  };

  /** A store whose subscribers all get the same frozen events, as SharedReads hands them out. */
  function storeOf(events: readonly RecordedEvent[]): EventStore {
    const frozen = events.map((event) => Object.freeze({ ...event, data: Object.freeze(event.data) }));
    const replay = async function* () {
      for (const event of frozen) yield await Promise.resolve(event);
    };
    return {
      kind: 'sqlite',
      append: () => Promise.reject(new Error('read only')),
      readStream: replay,
      readAll: replay,
      subscribe: replay,
      head: () => Promise.resolve(BigInt(frozen.length)),
      close: () => Promise.resolve(),
    };
  }

  it('opens a shared event once for all of them, and hands each the same frozen fields', async () => {
    let keyLookups = 0;
    const keys: PersonalDataKeys = {
      keyFor: () => Promise.resolve(key),
      existingKey: () => {
        keyLookups++;
        return Promise.resolve(key);
      },
      erase: () => Promise.resolve(),
      forget: () => undefined,
    };
    const recorded: RecordedEvent = {
      id: 'e1',
      stream: 'order-1',
      revision: 0n,
      position: 1n,
      type: 'BuyerNamed',
      data: { name: seal('Ann', key, subject), tickets: 2 },
      metadata: {} as RecordedEvent['metadata'],
      recordedAt: new Date(0),
    };
    const store = withPersonalData(storeOf([recorded]), { keys, policy, clock: { now: () => new Date(0) } });
    const read = async () => {
      const seen: RecordedEvent[] = [];
      for await (const event of store.subscribe()) seen.push(event);
      return seen;
    };
    const [first, second, third] = await Promise.all([read(), read(), read()]);
    expect(first?.[0]?.data).toEqual({ name: 'Ann', tickets: 2 });
    expect(second?.[0]).toBe(first?.[0]);
    expect(third?.[0]?.data).toBe(first?.[0]?.data);
    expect(keyLookups).toBe(1);
    expect(Object.isFrozen(first?.[0]?.data)).toBe(true);
  });
});
