import { describe, expect, it } from 'vitest';
import { asWritten, eventVersions, platformEventVersions, UnknownEventVersionError } from './eventVersions';
import type { EventMetadata, RecordedEvent } from './port';

const recorded = (type: string, data: object, metadata: Partial<EventMetadata> = {}): RecordedEvent => ({
  id: 'ev-1',
  stream: 'thing-1',
  revision: 0n,
  position: 1n,
  type,
  data,
  metadata: { correlationId: 'c', causationId: 'c', actor: 'system', ...metadata },
  recordedAt: new Date('2026-01-01T00:00:00Z'),
});

/** Version 1 had `name`; version 2 split it into `first` and `last`; version 3 added `title`. */
const versions = eventVersions({
  Named: [
    ({ name, ...rest }) => {
      const [first = '', last = ''] = String(name).split(' ');
      return { ...rest, first, last };
    },
    (data) => ({ ...data, title: null }),
  ],
});

describe('event versions', () => {
  it('numbers a type by its upcasters: 1 without any, and stamps only versions above 1', () => {
    expect(versions.current('Named')).toBe(3);
    expect(versions.current('Other')).toBe(1);
    expect(versions.stamp('Named')).toEqual({ schemaVersion: 3 });
    expect(versions.stamp('Other')).toEqual({});
  });

  it('upcasts version 1 (no version recorded) through 2 to 3, and says so in the metadata', () => {
    const old = recorded('Named', { name: 'Ann Lee', age: 7 });
    const today = versions.upcast(old);
    expect(today.data).toEqual({ age: 7, first: 'Ann', last: 'Lee', title: null });
    expect(today.metadata).toEqual({ ...old.metadata, schemaVersion: 3 });
    expect(asWritten(today)).toBe(old);
  });

  it('upcasts version 2 through the last step only', () => {
    const two = recorded('Named', { first: 'Ann', last: 'Lee' }, { schemaVersion: 2 });
    expect(versions.upcast(two).data).toEqual({ first: 'Ann', last: 'Lee', title: null });
  });

  it('hands out an event of today’s version, or of a type never versioned, as it is', () => {
    const three = recorded('Named', { first: 'A', last: 'B', title: 'Dr' }, { schemaVersion: 3 });
    expect(versions.upcast(three)).toBe(three);
    const other = recorded('Other', { any: 1 });
    expect(versions.upcast(other)).toBe(other);
    expect(asWritten(other)).toBe(other);
  });

  it('refuses a version this code does not know, naming the event, its type and the versions it reads', () => {
    const cases: unknown[] = [4, 0, 1.5, '2'];
    for (const schemaVersion of cases) {
      expect(() => versions.upcast(recorded('Named', {}, { schemaVersion }))).toThrow(
        UnknownEventVersionError,
      );
    }
    expect(() => versions.upcast(recorded('Named', {}, { schemaVersion: 4 }))).toThrow(
      'event ev-1 (Named) has schema version 4; this code reads versions 1 to 3 of Named',
    );
    expect(() => versions.upcast(recorded('Other', {}, { schemaVersion: 2 }))).toThrow(
      'event ev-1 (Other) has schema version 2; this code reads versions 1 to 1 of Other',
    );
  });
});

describe('the platform’s event versions', () => {
  it('reads version 1 of OrderPlaced (taxesIncluded) and OrderCompleted (paidAt) in today’s shape', () => {
    const placed = platformEventVersions.upcast(
      recorded('OrderPlaced', { orderId: 'o', taxesIncluded: true }),
    );
    expect(placed.data).toEqual({ orderId: 'o', displayMode: 'INCLUSIVE' });
    const exclusive = platformEventVersions.upcast(
      recorded('OrderPlaced', { orderId: 'o', taxesIncluded: false }),
    );
    expect(exclusive.data).toEqual({ orderId: 'o', displayMode: 'EXCLUSIVE' });
    const completed = platformEventVersions.upcast(
      recorded('OrderCompleted', { orderId: 'o', paymentMethod: 'FREE', paidAt: '2026-01-01T00:00:00.000Z' }),
    );
    expect(completed.data).toEqual({
      orderId: 'o',
      paymentMethod: 'FREE',
      completedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(completed.metadata.schemaVersion).toBe(2);
  });

  it('leaves the data of events written in today’s shape before versions were recorded as it was', () => {
    const data = { orderId: 'o', displayMode: 'EXCLUSIVE' };
    expect(platformEventVersions.upcast(recorded('OrderPlaced', data)).data).toBe(data);
  });
});
