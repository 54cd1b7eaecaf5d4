import type { Knex } from 'knex';
import { claimDueRows } from '../../kit/dueClaims';
import type { ReadModelTable } from '../../../projections/runner/types';

/**
 * What the webhook reactor means to deliver, at most once per (endpoint, occurrence), and each attempt the
 * delivery loop made with the receiver's answer: the delivery log. Like the mail outbox (docs/email.md):
 * recorded exactly once, delivered at least once (a receiver tells repeats by the payload's `id`).
 */

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export const webhookEndpointsTable: ReadModelTable = {
  name: 'webhook_endpoints',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    table.text('url').notNullable();
    table.text('event_types').notNullable();
    table.string('secret', 100).notNullable();
    table.boolean('enabled').notNullable();
    table.index(['event_id'], `${tableName}_event_idx`);
  },
};

export const webhookOrdersTable: ReadModelTable = {
  name: 'webhook_orders',
  define(table) {
    table.string('order_id', 40).primary();
    /** JSON: the order as placed, then the buyer's and attendees' details. */
    table.text('data').notNullable();
  },
};

export const webhookDeliveriesTable: ReadModelTable = {
  name: 'webhook_deliveries',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('dedupe_key', 250).notNullable();
    table.string('webhook_id', 40).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('type', 40).notNullable();
    table.text('payload').notNullable();
    table.string('status', 12).notNullable();
    table.integer('attempts').notNullable();
    table.string('next_attempt_at', 30).notNullable();
    /** Retries stop here: three days after the delivery was recorded. */
    table.string('give_up_at', 30).notNullable();
    table.string('claim_token', 40).nullable();
    table.string('claimed_at', 30).nullable();
    table.integer('last_status_code').nullable();
    table.text('last_error').nullable();
    table.string('delivered_at', 30).nullable();
    table.string('created_at', 30).notNullable();
    table.unique(['dedupe_key'], { indexName: `${tableName}_dedupe_unique` });
    table.index(['status', 'next_attempt_at'], `${tableName}_due_idx`);
    table.index(['webhook_id', 'created_at'], `${tableName}_webhook_idx`);
  },
};

export const webhookAttemptsTable: ReadModelTable = {
  name: 'webhook_attempts',
  define(table, tableName) {
    table.string('delivery_id', 40).notNullable();
    table.integer('attempt').notNullable();
    table.string('attempted_at', 30).notNullable();
    table.integer('status_code').nullable();
    table.text('error').nullable();
    table.integer('duration_ms').notNullable();
    table.primary(['delivery_id', 'attempt'], `${tableName}_pk`);
  },
};

export interface DeliveryRow {
  id: string;
  dedupe_key: string;
  webhook_id: string;
  event_id: string;
  type: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  give_up_at: string;
  claim_token: string | null;
  claimed_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

export const retryWindowMs = 3 * 24 * 3_600_000;

/** 1 min, 2 min, 4 min, … capped at 6 hours: about 20 attempts in the three days. */
export function webhookBackoffMs(attempt: number): number {
  return Math.min(6 * 3_600_000, 60_000 * 2 ** Math.max(0, attempt - 1));
}

/** Claims due deliveries, oldest attempt first (services/kit/dueClaims.ts). */
export function claimDueDeliveries(
  db: Knex,
  claimToken: string,
  now: Date,
  limit: number,
  claimTimeoutMs: number,
): Promise<DeliveryRow[]> {
  return claimDueRows<DeliveryRow>(db, 'webhook_deliveries', {
    token: claimToken,
    now,
    limit,
    timeoutMs: claimTimeoutMs,
    oldestFirstBy: 'next_attempt_at',
  });
}

export async function recordAttempt(
  db: Knex,
  row: DeliveryRow,
  outcome: {
    at: Date;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    /** delivered, failed for good, or pending again at `retryAt`. */
    next: { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; retryAt: Date };
  },
): Promise<void> {
  const attempt = row.attempts + 1;
  await db.transaction(async (trx) => {
    await trx('webhook_attempts')
      .insert({
        delivery_id: row.id,
        attempt,
        attempted_at: outcome.at.toISOString(),
        status_code: outcome.statusCode,
        error: outcome.error?.slice(0, 1000) ?? null,
        duration_ms: Math.round(outcome.durationMs),
      })
      .onConflict(['delivery_id', 'attempt'])
      .ignore();
    await trx('webhook_deliveries')
      .where({ id: row.id, claim_token: row.claim_token })
      .update({
        status: outcome.next.status,
        attempts: attempt,
        next_attempt_at:
          outcome.next.status === 'pending' ? outcome.next.retryAt.toISOString() : row.next_attempt_at,
        claim_token: null,
        last_status_code: outcome.statusCode,
        last_error: outcome.error?.slice(0, 1000) ?? null,
        delivered_at: outcome.next.status === 'delivered' ? outcome.at.toISOString() : null,
      });
  });
}

interface LoggedDeliveryRow {
  id: string;
  type: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string;
  delivered_at: string | null;
  created_at: string;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/**
 * The newest deliveries of an endpoint with each attempt's response code (the delivery log). One statement, so
 * one snapshot: a delivery loop recording an attempt meanwhile is seen either wholly (the attempt and the
 * delivery's new state) or not at all.
 */
export async function listWebhookDeliveries(db: Knex, webhookId: string, limit = 100) {
  const newest = db('webhook_deliveries')
    .where({ webhook_id: webhookId })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .as('d');
  const rows = (await db
    .from(newest)
    .leftJoin('webhook_attempts as a', 'a.delivery_id', 'd.id')
    .select(
      'd.*',
      'a.attempt as attempt',
      'a.attempted_at as attempted_at',
      'a.status_code as attempt_status_code',
      'a.error as attempt_error',
      'a.duration_ms as attempt_duration_ms',
    )
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .orderBy('a.attempt')) as (LoggedDeliveryRow & {
    attempt: number | null;
    attempted_at: string | null;
    attempt_status_code: number | null;
    attempt_error: string | null;
    attempt_duration_ms: number | null;
  })[];
  const deliveries = new Map<string, { row: LoggedDeliveryRow; attempts: AttemptRow[] }>();
  for (const row of rows) {
    const delivery = deliveries.get(row.id) ?? { row, attempts: [] };
    deliveries.set(row.id, delivery);
    if (row.attempt !== null && row.attempted_at !== null)
      delivery.attempts.push({
        delivery_id: row.id,
        attempt: row.attempt,
        attempted_at: row.attempted_at,
        status_code: row.attempt_status_code,
        error: row.attempt_error,
        duration_ms: row.attempt_duration_ms ?? 0,
      });
  }
  return [...deliveries.values()].map(({ row, attempts }) => ({
    id: row.id,
    type: row.type,
    status: row.status === 'sending' ? 'pending' : row.status,
    attempts: attempts.map((attempt) => ({
      attempt: Number(attempt.attempt),
      at: attempt.attempted_at,
      status_code: attempt.status_code === null ? null : Number(attempt.status_code),
      error: attempt.error,
      duration_ms: Number(attempt.duration_ms),
    })),
    last_status_code: row.last_status_code === null ? null : Number(row.last_status_code),
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  }));
}

export type PresentedWebhookDelivery = Awaited<ReturnType<typeof listWebhookDeliveries>>[number];

/** A delivery an order's events caused, for the order's history (issue 30, docs/audit.md "An order's history"). */
export interface OrderWebhookDelivery {
  id: string;
  /** The webhook event type sent, e.g. `order.created`. */
  type: string;
  url: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  created_at: string;
  delivered_at: string | null;
  /** The id of the recorded event that caused it: the delivery follows that event in the history. */
  cause_event_id: string;
}

/** The deliveries whose payload names the order, oldest first (an order has a handful per endpoint). */
export async function webhookDeliveriesAbout(
  db: Knex,
  eventId: string,
  orderId: string,
): Promise<OrderWebhookDelivery[]> {
  type Row = Pick<
    DeliveryRow,
    'id' | 'type' | 'status' | 'attempts' | 'last_status_code' | 'created_at' | 'delivered_at' | 'dedupe_key'
  > & { url: string | null };
  const rows: Row[] = await db('webhook_deliveries as d')
    .leftJoin('webhook_endpoints as w', 'w.id', 'd.webhook_id')
    .where('d.event_id', eventId)
    .andWhere('d.payload', 'like', `%${orderId}%`)
    .orderBy('d.created_at')
    .orderBy('d.id')
    .select(
      'd.id',
      'd.type',
      'd.status',
      'd.attempts',
      'd.last_status_code',
      'd.created_at',
      'd.delivered_at',
      'd.dedupe_key',
      'w.url',
    );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    url: row.url,
    status: row.status === 'sending' ? 'pending' : row.status,
    attempts: Number(row.attempts),
    last_status_code: row.last_status_code === null ? null : Number(row.last_status_code),
    created_at: row.created_at,
    delivered_at: row.delivered_at,
    // `<endpoint>|<type>|<subject>|<recorded event id>` (services/worker/webhookReactor.ts).
    cause_event_id: row.dedupe_key.split('|').at(-1) ?? '',
  }));
}
