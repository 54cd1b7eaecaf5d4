import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { Refusal } from '../refusal';
import type { ReadModelTable } from '../../../projections/runner/types';
import { problemFromError, sendProblem } from './problem';

/**
 * `Idempotency-Key` as Stripe defines it, once for every command route (docs/decisions/idempotency.md): the
 * first answer to a key is kept for a day and given again to a retry of the same request, without running it.
 */

const table = 'idempotency_keys';

export const idempotencyKeysTable: ReadModelTable = {
  name: table,
  define(builder, tableName) {
    /** sha256 of scope and key: the key itself is never stored. */
    builder.string('id', 64).primary();
    /** sha256 of method, path and the canonical JSON body. */
    builder.string('fingerprint', 64).notNullable();
    /** Random per claim; seeds the event ids of the request's commands (see commandContext). */
    builder.string('claim', 36).notNullable();
    builder.string('state', 16).notNullable();
    builder.bigInteger('locked_at').notNullable();
    builder.bigInteger('expires_at').notNullable().index(`${tableName}_expires_at`);
    /** The first answer, AES-GCM encrypted with a key derived from the Idempotency-Key (tokens may be in it). */
    builder.text('answer');
  },
};

export interface IdempotencyOptions {
  db: Knex;
  clock: Clock;
  logger: Logger;
  /** How long a finished key answers with its first answer. */
  ttlMs?: number;
  /** How long a claim may stay in flight before a retry may take it over (its process died). */
  lockMs?: number;
}

/** What a claimed key gives the request: commandContext derives deterministic event ids from it. */
export interface IdempotencyClaim {
  eventIdSeed: string;
}

interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

interface Row {
  id: string;
  fingerprint: string;
  claim: string;
  state: 'in_flight' | 'done';
  locked_at: number | string;
  expires_at: number | string;
  answer: string | null;
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const replayedHeaders = ['content-type', 'location', 'x-position', 'x-auth-token'];
/** Answers that say "not now" rather than "this is the outcome": the key is released so a retry runs again. */
const transientReasons = new Set([
  'try_again',
  'too_many_requests',
  'not_ready',
  'unauthenticated',
  'token_expired',
  'internal_error',
]);
const maxKeyLength = 255;

export function idempotency(options: IdempotencyOptions) {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const lockMs = options.lockMs ?? 60_000;
  const { db, clock, logger } = options;
  let lastSweep = 0;

  /** Expired keys are deleted at most once a minute, by whichever request comes along. */
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    db(table)
      .where('expires_at', '<=', now)
      .delete()
      .catch((error: unknown) => logger.warn('idempotency sweep failed', { error }));
  };

  async function claim(id: string, fingerprint: string): Promise<ClaimOutcome> {
    for (;;) {
      const now = clock.now().getTime();
      sweep(now);
      const mine = randomUUID();
      await db(table)
        .insert({ id, fingerprint, claim: mine, state: 'in_flight', locked_at: now, expires_at: now + ttlMs })
        .onConflict('id')
        .ignore();
      const row = await db<Row>(table).where({ id }).first();
      if (!row) continue; // expired and swept between the two statements
      if (row.claim === mine) return { kind: 'claimed', claim: mine };
      if (Number(row.expires_at) <= now) {
        await db(table).where({ id, claim: row.claim }).delete();
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: 'reused' };
      if (row.state === 'done' && row.answer !== null) return { kind: 'replay', answer: row.answer };
      if (Number(row.locked_at) + lockMs > now) return { kind: 'in_use' };
      // The process that claimed it died mid-request: take the claim over, keeping its event-id seed, so an
      // append it did make is recognised by the store as a replay.
      const taken = await db(table)
        .where({ id, claim: row.claim, locked_at: row.locked_at })
        .update({ locked_at: now });
      return taken === 1 ? { kind: 'claimed', claim: row.claim } : { kind: 'in_use' };
    }
  }

  return async (ctx: Context, next: Next) => {
    const key = ctx.get('Idempotency-Key');
    if (!key || !unsafeMethods.has(ctx.method) || !ctx.path.startsWith('/api/') || !hasJsonOrNoBody(ctx)) {
      await next();
      return;
    }
    if (key.length > maxKeyLength)
      throw new Refusal('validation_failed', undefined, {
        'Idempotency-Key': [`Use at most ${maxKeyLength} characters`],
      });
    const secret = `${scopeOf(ctx)}\n${key}`;
    const id = sha256(`id\n${secret}`);
    const fingerprint = sha256(JSON.stringify([ctx.method, ctx.path, canonical(ctx.request.body)]));
    const outcome = await claim(id, fingerprint);
    if (outcome.kind === 'reused') throw new Refusal('idempotency_key_reused');
    if (outcome.kind === 'in_use') throw new Refusal('idempotency_key_in_use');
    if (outcome.kind === 'replay') {
      const answer = JSON.parse(decrypt(outcome.answer, secret)) as KeptAnswer;
      for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
      ctx.set('Idempotent-Replayed', 'true');
      // The body first: Koa turns the status of a null body into 204.
      ctx.body = answer.body;
      ctx.status = answer.status;
      return;
    }

    (ctx.state as { idempotency?: IdempotencyClaim }).idempotency = { eventIdSeed: outcome.claim };
    try {
      await next();
    } catch (error) {
      sendProblem(ctx, problemFromError(error, ctx, logger));
    }
    const mine = db(table).where({ id, claim: outcome.claim });
    if (!isFinal(ctx)) {
      await mine.delete();
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of replayedHeaders) {
      const value = ctx.response.get(name);
      if (value) headers[name] = String(value);
    }
    const answer: KeptAnswer = { status: ctx.status, headers, body: ctx.body ?? null };
    await mine.update({ state: 'done', answer: encrypt(JSON.stringify(answer), secret) });
  };
}

type ClaimOutcome =
  | { kind: 'claimed'; claim: string }
  | { kind: 'replay'; answer: string }
  | { kind: 'reused' }
  | { kind: 'in_use' };

/**
 * Whose key it is: an account's (every member of it shares the account's keys, as Stripe's are per account),
 * or, for a caller without a session, the route's, since a public caller has no identity to scope by.
 */
function scopeOf(ctx: Context): string {
  const accountId = (ctx.state as { auth?: { accountId: string } }).auth?.accountId;
  return accountId ? `account:${accountId}` : `public:${ctx.method} ${ctx.path}`;
}

/** Only JSON is fingerprinted; a multipart upload's bytes are not, so its key is not honoured. */
function hasJsonOrNoBody(ctx: Context): boolean {
  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
  return !hasBody || ctx.is('application/json') !== false;
}

/** Kept only when it is the request's outcome and can be given again as it was. */
function isFinal(ctx: Context): boolean {
  if (ctx.status >= 500 || (ctx.status === 404 && ctx.body == null)) return false;
  const body: unknown = ctx.body;
  if (body !== null && body !== undefined && (typeof body !== 'object' || Buffer.isBuffer(body)))
    return false;
  if (typeof (body as { pipe?: unknown } | null)?.pipe === 'function') return false;
  const reason = (body as { reason?: unknown } | null)?.reason;
  return !(typeof reason === 'string' && transientReasons.has(reason));
}

/** JSON with object keys sorted at every depth, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value ?? null;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function cipherKey(secret: string): Buffer {
  return createHash('sha256').update(`answer\n${secret}`).digest();
}

function encrypt(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

function decrypt(stored: string, secret: string): string {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
