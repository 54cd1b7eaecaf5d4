/**
 * An immutable string-keyed map whose `set` and `delete` copy a few dozen slots instead of the whole map:
 * a two-level table of 32 × 32 buckets, where a change copies the top level, one second-level array and one
 * bucket. A decider's state can then hold tens of thousands of entries (every hold of an on-sale rush) and
 * still be folded purely, event by event, in constant time per event rather than time growing with the map.
 */

const WIDTH = 32;
type Bucket<V> = ReadonlyMap<string, V>;
type Level<V> = readonly (Bucket<V> | undefined)[];

function slotsOf(key: string): [number, number] {
  // FNV-1a: cheap and well spread for ids.
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash >>>= 0;
  return [hash % WIDTH, (hash >>> 5) % WIDTH];
}

export class PersistentMap<V> {
  private static readonly emptyMap = new PersistentMap<never>([], 0);

  private constructor(
    private readonly levels: readonly (Level<V> | undefined)[],
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return PersistentMap.emptyMap;
  }

  static of<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  get(key: string): V | undefined {
    const [top, second] = slotsOf(key);
    return this.levels[top]?.[second]?.get(key);
  }

  has(key: string): boolean {
    const [top, second] = slotsOf(key);
    return this.levels[top]?.[second]?.has(key) ?? false;
  }

  set(key: string, value: V): PersistentMap<V> {
    const [top, second] = slotsOf(key);
    const bucket = this.levels[top]?.[second];
    if (bucket?.get(key) === value && bucket.has(key)) return this;
    const next = new Map(bucket);
    next.set(key, value);
    return this.with(top, second, next, this.size + (bucket?.has(key) ? 0 : 1));
  }

  delete(key: string): PersistentMap<V> {
    const [top, second] = slotsOf(key);
    const bucket = this.levels[top]?.[second];
    if (!bucket?.has(key)) return this;
    const next = new Map(bucket);
    next.delete(key);
    return this.with(top, second, next.size > 0 ? next : undefined, this.size - 1);
  }

  /** Visits every entry without the iterator objects `entries()` makes: for folds that scan the map often. */
  forEach(visit: (value: V, key: string) => void): void {
    for (const level of this.levels) {
      if (!level) continue;
      for (const bucket of level) if (bucket) bucket.forEach(visit);
    }
  }

  *entries(): IterableIterator<[string, V]> {
    for (const level of this.levels) {
      if (!level) continue;
      for (const bucket of level) if (bucket) yield* bucket.entries();
    }
  }

  *values(): IterableIterator<V> {
    for (const level of this.levels) {
      if (!level) continue;
      for (const bucket of level) if (bucket) yield* bucket.values();
    }
  }

  private with(top: number, second: number, bucket: Bucket<V> | undefined, size: number): PersistentMap<V> {
    const level = [...(this.levels[top] ?? new Array<Bucket<V> | undefined>(WIDTH).fill(undefined))];
    level[second] = bucket;
    const levels = [...(this.levels.length === WIDTH ? this.levels : padded(this.levels))];
    levels[top] = level;
    return new PersistentMap(levels, size);
  }
}

function padded<T>(levels: readonly (T | undefined)[]): (T | undefined)[] {
  return Array.from({ length: WIDTH }, (_, index) => levels[index]);
}
