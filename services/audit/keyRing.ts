import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ReadModelTable } from '../../projections/runner/types';
import { firstRowWhere, insertRowUnlessPresent } from '../../projections/runner/rowStatements';
import type { PersonalDataKeys } from '../eventstore/personalData';
import { Refusal } from '../kit/refusal';

/**
 * The keys of crypto-shredding (services/eventstore/personalData.ts, docs/audit.md "Erasure"): one random
 * AES-256 key per subject, kept in the read-model database but in no projection's table, so a rebuild never
 * touches it. Erasing a subject deletes its key and leaves a row saying when; no new key is ever made for it.
 */
export const personalDataKeysTable: ReadModelTable = {
  name: 'personal_data_keys',
  define(table) {
    table.string('subject', 80).primary();
    /** Base64 of the 32-byte key; null once the subject is erased. */
    table.string('key', 64).nullable();
    table.string('created_at', 30).notNullable();
    table.string('erased_at', 30).nullable();
  },
};

interface KeyRow {
  subject: string;
  key: string | null;
  created_at: string;
  erased_at: string | null;
}

/** How long a process trusts a key it read: bounds how late it notices an erasure made by another process. */
const KEY_TTL_MS = 60_000;
/** Keys remembered at most (a rebuild reads every order's). */
const CACHE_LIMIT = 20_000;

export class KeyRing implements PersonalDataKeys {
  readonly #cache = new Map<string, { key: Buffer | null; until: number }>();

  constructor(
    private readonly db: Knex,
    private readonly clock: { now(): Date },
  ) {}

  #table() {
    return this.db<KeyRow>(personalDataKeysTable.name);
  }

  #remember(subject: string, key: Buffer | null): Buffer | null {
    if (this.#cache.size >= CACHE_LIMIT) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.#cache.delete(oldest.value);
    }
    this.#cache.set(subject, { key, until: Date.now() + KEY_TTL_MS });
    return key;
  }

  async #read(subject: string): Promise<KeyRow | undefined> {
    return firstRowWhere<KeyRow>(this.db, personalDataKeysTable.name, { subject });
  }

  async existingKey(subject: string): Promise<Buffer | null> {
    const cached = this.#cache.get(subject);
    if (cached && cached.until > Date.now()) return cached.key;
    const row = await this.#read(subject);
    return this.#remember(subject, row?.key ? Buffer.from(row.key, 'base64') : null);
  }

  async keyFor(subject: string): Promise<Buffer> {
    const known = await this.existingKey(subject);
    if (known) return known;
    // Two processes may make the first key of a subject at once: the first insert wins, both use its key.
    await insertRowUnlessPresent(
      this.db,
      personalDataKeysTable.name,
      {
        subject,
        key: randomBytes(32).toString('base64'),
        created_at: this.clock.now().toISOString(),
        erased_at: null,
      },
      ['subject'],
    );
    const row = await this.#read(subject);
    // Nothing new is recorded about an erased person (a resent invitation, a changed detail): a 409, not a 500.
    if (!row?.key) throw new Refusal('personal_data_erased');
    return this.#remember(subject, Buffer.from(row.key, 'base64')) as Buffer;
  }

  async erase(subject: string, at: Date): Promise<void> {
    await this.#table()
      .insert({ subject, key: null, created_at: at.toISOString(), erased_at: at.toISOString() })
      .onConflict('subject')
      .merge({ key: null, erased_at: at.toISOString() });
    this.#remember(subject, null);
  }

  forget(subject: string): void {
    this.#cache.delete(subject);
  }
}
