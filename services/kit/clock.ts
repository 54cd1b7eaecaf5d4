import { createHash, randomUUID } from 'node:crypto';
import { pooledRandomBytes } from './random';
import { randomShortId, sequentialShortId } from './shortIds';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance instead of sleeping. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date('2026-01-01T00:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The system clock, moved forward by an offset that only grows: the end-to-end journeys start the real server
 * with it (services/kit/parentClock.ts) to jump over a reservation's minutes instead of waiting for them.
 */
export class ShiftedSystemClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`a clock only moves forward, not by ${ms} ms`);
    this.#offsetMs += ms;
  }
}

export interface IdSource {
  /** A random UUID (event ids). */
  uuid(): string;
  /** A short, URL-friendly, prefixed entity id such as `ev_k3v9x2m4q8r1`. */
  entity(prefix: string): string;
  /** An unguessable id for public URLs (order, attendee, check-in list link): see shortIds.ts. */
  shortId(): string;
}

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

function base32(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[(bytes[i] ?? 0) % 32];
  return out;
}

export const randomIds: IdSource = {
  uuid: () => randomUUID(),
  entity: (prefix) => `${prefix}_${base32(pooledRandomBytes(16), 14)}`,
  shortId: randomShortId,
};

/** Predictable ids for tests: `ev_0001`, short ids `00000000000000000002`, … and UUIDs derived from a counter. */
export class SequentialIds implements IdSource {
  private counter = 0;
  uuid(): string {
    return deterministicUuid(`sequential:${++this.counter}`);
  }
  entity(prefix: string): string {
    return `${prefix}_${String(++this.counter).padStart(4, '0')}`;
  }
  shortId(): string {
    return sequentialShortId(++this.counter);
  }
}

/** A UUID (version 8 layout) derived from a name: the same name always gives the same id. */
export function deterministicUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
