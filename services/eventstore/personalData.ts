import { createCipheriv, createDecipheriv } from 'node:crypto';
import { pooledRandomBytes } from '../kit/random';
import { rememberWrittenForm } from './eventVersions';
import { deepFreeze } from './internal';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  RecordingClock,
  SubscribeOptions,
} from './port';

/**
 * Crypto-shredding (docs/audit.md "Erasure"). The log is append-only, so a person's data in it can only be made
 * unreadable, never removed: every personal field of an event is encrypted on its way into the store with a key
 * of its own per person (a "subject": one order's buyer and attendees, one user), and decrypted on the way out.
 * Erasing the person deletes the key. From then on every read of those events, a rebuild included, hands out the
 * field's erased value instead, while amounts, tickets, taxes and dates stay as recorded.
 *
 * This file knows no feature: which fields of which event type are personal, and whose they are, is declared by
 * each feature beside its events (`PersonalFieldsOf`), and the keys live where the platform keeps them
 * (`PersonalDataKeys`, services/audit/keyRing.ts).
 */

/** A dotted path into an event's data; `[]` after a segment applies the rest to every item of that array. */
export type PersonalPath = string;

/** One personal field: where it is, and what readers get once its subject is erased. */
export interface PersonalField {
  path: PersonalPath;
  /** What readers get once the subject is erased: a value, or one made from the subject (a unique address). */
  erased: unknown;
  erasedFor?: (subject: string) => unknown;
}

export interface PersonalFieldsOf {
  /** The person the event's personal fields belong to, e.g. `order:<id>`. */
  subject(data: Readonly<Record<string, unknown>>): string;
  fields: readonly PersonalField[];
  /** The event's IP address (metadata.ip) is the same person's: it is encrypted with the same key. */
  ip: boolean;
}

export interface PersonalDataPolicy {
  /** Per event type with personal fields. */
  readonly types: Readonly<Record<string, PersonalFieldsOf>>;
  /** The subject an erasure event erases; null for every other event. */
  erasedBy(type: string, data: Readonly<Record<string, unknown>>): string | null;
}

export interface PersonalDataKeys {
  /** The subject's key, made on first use. Refuses a subject already erased (`personal_data_erased`). */
  keyFor(subject: string): Promise<Buffer>;
  /** The subject's key; null once erased (or never made). */
  existingKey(subject: string): Promise<Buffer | null>;
  /** Deletes the key for good and remembers that the subject was erased. */
  erase(subject: string, at: Date): Promise<void>;
  /** Drops what this process remembers of the subject's key (another process erased it). */
  forget(subject: string): void;
}

/** What an erased text field reads as; the web shows it as "erased" in the viewer's language. */
export const ERASED_TEXT = '[erased]';
/** What an erased email address reads as: still an address (schemas), and one that can never receive mail. */
export const ERASED_EMAIL = 'erased@erased.invalid';
/** An erased address that stays unique per subject, where addresses are keys (a member's login). */
export const erasedEmailOf = (subject: string): string =>
  `erased.${subject.replace(/[^a-z0-9_-]+/gi, '.')}@erased.invalid`;
/** The IP address people see once its subject is erased (documentation range, RFC 5737). */
export const ERASED_IP = '192.0.2.0';

const ENVELOPE = '$pii';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface Envelope {
  [ENVELOPE]: string;
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Record<string, unknown>)[ENVELOPE] === 'string'
  );
}

/** AES-256-GCM over the value's JSON; the subject is authenticated with it, so a field cannot move to another. */
export function seal(value: unknown, key: Buffer, subject: string): Envelope {
  const iv = pooledRandomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value) ?? 'null', 'utf8'), cipher.final()]);
  return { [ENVELOPE]: `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}` };
}

/** The sealed value, or `undefined` when the key does not open it. */
export function open(envelope: Envelope, key: Buffer, subject: string): unknown {
  const [version, payload] = envelope[ENVELOPE].split(':', 2);
  if (version !== VERSION || payload === undefined) return undefined;
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(subject, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const json = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(json.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A copy of `value` with `change` applied at `path`; untouched where the path leads nowhere. */
function mapAt(value: unknown, segments: readonly string[], change: (leaf: unknown) => unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return change(value);
  const many = head.endsWith('[]');
  const key = many ? head.slice(0, -2) : head;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (!(key in record)) return value;
  const inner = record[key];
  if (!many) return { ...record, [key]: mapAt(inner, rest, change) };
  if (!Array.isArray(inner)) return value;
  return { ...record, [key]: inner.map((item) => mapAt(item, rest, change)) };
}

const splitPaths = new Map<string, readonly string[]>();
function segmentsOf(path: string): readonly string[] {
  let segments = splitPaths.get(path);
  if (!segments) splitPaths.set(path, (segments = path.split('.')));
  return segments;
}

function sealFields(data: unknown, fields: PersonalFieldsOf, key: Buffer, subject: string): unknown {
  let sealed = data;
  for (const field of fields.fields)
    sealed = mapAt(sealed, segmentsOf(field.path), (leaf) =>
      leaf === undefined || isEnvelope(leaf) ? leaf : seal(leaf, key, subject),
    );
  return sealed;
}

function openFields(data: unknown, fields: PersonalFieldsOf, key: Buffer | null, subject: string): unknown {
  let opened = data;
  for (const field of fields.fields)
    opened = mapAt(opened, segmentsOf(field.path), (leaf) => {
      if (!isEnvelope(leaf)) return leaf;
      const value = key ? open(leaf, key, subject) : undefined;
      if (value !== undefined) return value;
      return field.erasedFor ? field.erasedFor(subject) : field.erased;
    });
  return opened;
}

/** Makes `event[field]` the value `open` gives, computed once, when it is first read (or replaced unread). */
function openedOnFirstRead<K extends 'data' | 'metadata'>(
  event: RecordedEvent,
  field: K,
  open: () => RecordedEvent[K],
): void {
  let value: RecordedEvent[K] | undefined;
  let opened = false;
  Object.defineProperty(event, field, {
    enumerable: true,
    configurable: true,
    get() {
      if (!opened) {
        value = open();
        opened = true;
      }
      return value;
    },
    set(replacement: RecordedEvent[K]) {
      value = replacement;
      opened = true;
    },
  });
}

function dataOf(event: { data: unknown }): Readonly<Record<string, unknown>> {
  return typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>) : {};
}

/**
 * The store with every personal field sealed on append and opened on read. An event without personal fields
 * passes through untouched; `asWritten` (eventVersions.ts) still gives the sealed event as stored, which is what
 * the notary's hash chain covers, so erasing a person never breaks the chain.
 */
export function withPersonalData(
  inner: EventStore,
  { keys, policy, clock }: { keys: PersonalDataKeys; policy: PersonalDataPolicy; clock: RecordingClock },
): EventStore {
  async function sealEvent(event: NewEvent): Promise<NewEvent> {
    const fields = policy.types[event.type];
    if (!fields) return event;
    const subject = fields.subject(dataOf(event));
    const key = await keys.keyFor(subject);
    const metadata =
      fields.ip && typeof event.metadata.ip === 'string'
        ? { ...event.metadata, ip: seal(event.metadata.ip, key, subject) as unknown as string }
        : event.metadata;
    return { ...event, data: sealFields(event.data, fields, key, subject), metadata };
  }

  async function openEvent(
    event: RecordedEvent,
    settle: (opened: unknown) => void = () => undefined,
  ): Promise<RecordedEvent> {
    const erased = policy.erasedBy(event.type, dataOf(event));
    if (erased) keys.forget(erased);
    const fields = policy.types[event.type];
    if (!fields) return event;
    const subject = fields.subject(dataOf(event));
    // The key is looked up now, so an erasure read before this event keeps it closed; the fields are opened when
    // a reader first touches them: most subscribers only look at the type and pass the event by.
    const key = await keys.existingKey(subject);
    const ip: unknown = event.metadata.ip;
    const opened = { ...event };
    openedOnFirstRead(opened, 'data', () => {
      const data = openFields(event.data, fields, key, subject);
      settle(data);
      return data;
    });
    if (isEnvelope(ip))
      openedOnFirstRead(opened, 'metadata', () => {
        const metadata = {
          ...event.metadata,
          ip: ((key && open(ip, key, subject)) as string | undefined) ?? ERASED_IP,
        };
        settle(metadata);
        return metadata;
      });
    rememberWrittenForm(opened, event);
    return opened;
  }

  /**
   * A store hands its subscribers the same frozen event (SharedReads): they get the same opened event too, so a
   * field some five projections read is decrypted once, not once each. Frozen like the event it opens, since
   * every subscriber reads it. A subscriber behind an erasure gets what the first one got, as it would have had
   * it kept up; the erasure event that follows scrubs its read model the same way.
   */
  const openedShared = new WeakMap<RecordedEvent, Promise<RecordedEvent>>();
  function openShared(event: RecordedEvent): Promise<RecordedEvent> {
    if (!Object.isFrozen(event)) return openEvent(event);
    let opened = openedShared.get(event);
    if (!opened) {
      opened = openEvent(event, deepFreeze);
      openedShared.set(event, opened);
      opened.catch(() => openedShared.delete(event));
    }
    return opened;
  }

  async function* openAll(events: AsyncIterable<RecordedEvent>): AsyncGenerator<RecordedEvent> {
    for await (const event of events) yield await openShared(event);
  }

  return {
    kind: inner.kind,
    async append(
      stream: string,
      events: readonly NewEvent[],
      options: { expected: ExpectedRevision },
    ): Promise<AppendResult> {
      const sealed = await Promise.all(events.map(sealEvent));
      const result = await inner.append(stream, sealed, options);
      for (const event of events) {
        const subject = policy.erasedBy(event.type, dataOf(event));
        if (subject) await keys.erase(subject, clock.now());
      }
      return result;
    },
    readStream(stream: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent> {
      // A stream is read whole before it is opened: an erasure at its end must keep its earlier events closed,
      // even in a process that still remembers the key.
      return (async function* () {
        const recorded: RecordedEvent[] = [];
        for await (const event of inner.readStream(stream, options)) recorded.push(event);
        for (const event of recorded) {
          const erased = policy.erasedBy(event.type, dataOf(event));
          if (erased) keys.forget(erased);
        }
        for (const event of recorded) yield await openEvent(event);
      })();
    },
    readAll: (options?: ReadAllOptions) => openAll(inner.readAll(options)),
    subscribe: (options?: SubscribeOptions) => openAll(inner.subscribe(options)),
    head: () => inner.head(),
    close: () => inner.close(),
  };
}
