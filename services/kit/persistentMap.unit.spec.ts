import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PersistentMap } from './persistentMap';

describe('PersistentMap', () => {
  it('behaves like a Map under any sequence of sets and deletes, and never changes an older version', () => {
    const operation = fc.oneof(
      fc.record({ op: fc.constant('set' as const), key: fc.string({ maxLength: 4 }), value: fc.integer() }),
      fc.record({ op: fc.constant('delete' as const), key: fc.string({ maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const model = new Map<string, number>();
        let map = PersistentMap.empty<number>();
        const versions: [PersistentMap<number>, Map<string, number>][] = [];
        for (const step of operations) {
          if (step.op === 'set') {
            model.set(step.key, step.value);
            map = map.set(step.key, step.value);
          } else {
            model.delete(step.key);
            map = map.delete(step.key);
          }
          versions.push([map, new Map(model)]);
        }
        for (const [version, expected] of versions) {
          expect(version.size).toBe(expected.size);
          expect(new Map(version.entries())).toEqual(expected);
          for (const [key, value] of expected) {
            expect(version.get(key)).toBe(value);
            expect(version.has(key)).toBe(true);
          }
        }
      }),
    );
  });

  it('answers the same map for a set that changes nothing and a delete of a missing key', () => {
    const map = PersistentMap.of([['a', 1]]);
    expect(map.set('a', 1)).toBe(map);
    expect(map.delete('b')).toBe(map);
    expect(PersistentMap.empty<number>().set('x', 1).get('x')).toBe(1);
    expect(PersistentMap.empty<number>().size).toBe(0);
  });

  it('holds tens of thousands of entries', () => {
    let map = PersistentMap.empty<number>();
    for (let index = 0; index < 30_000; index++) map = map.set(`hold-${index}`, index);
    expect(map.size).toBe(30_000);
    expect(map.get('hold-24321')).toBe(24_321);
    expect([...map.values()].length).toBe(30_000);
  });
});
