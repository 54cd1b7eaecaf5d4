import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../kit/clock';
import type { CommandHandler } from '../../kit/commandHandler';
import type { Logger } from '../../kit/logger';
import { PassWorker } from '../../kit/passLoop';
import { postWebhook, type WebhookResponse } from './addressGuard';
import { webhookDecider } from './webhookDecider';
import { webhookStream } from './webhookEvents';
import { claimDueDeliveries, recordAttempt, webhookBackoffMs, type DeliveryRow } from './webhookDeliveries';
import { signatureHeader, signPayload } from './signature';

export interface WebhookDeliveryOptions {
  db: Knex;
  commands: CommandHandler;
  clock: Clock;
  logger: Logger;
  allowPrivate: boolean;
  pollIntervalMs?: number;
  batchSize?: number;
  timeoutMs?: number;
  claimTimeoutMs?: number;
  /** The HTTP call; tests may replace it. */
  post?: typeof postWebhook;
}

/**
 * Sends recorded deliveries: signs each payload (`X-Webhook-Signature: t=…,v1=…`), POSTs it, and records the
 * attempt with the receiver's status code. 2xx: delivered. 410: the endpoint is gone, so it is disabled
 * (through its decider) and the delivery stops. Anything else is retried with exponential back-off on the
 * injected clock until three days after the delivery was recorded.
 */
export class WebhookDelivery extends PassWorker<number> {
  private readonly claimToken = randomUUID();

  constructor(private readonly options: WebhookDeliveryOptions) {
    super({
      pollIntervalMs: options.pollIntervalMs ?? 2_000,
      logger: options.logger,
      failure: 'webhook delivery pass failed',
    });
  }

  /** One pass over every due delivery, after any pass under way; answers how many were attempted. */
  deliverDue(): Promise<number> {
    return this.runPass();
  }

  protected async pass(): Promise<number> {
    const { db, clock } = this.options;
    const batchSize = this.options.batchSize ?? 20;
    let handled = 0;
    for (;;) {
      const batch = await claimDueDeliveries(
        db,
        this.claimToken,
        clock.now(),
        batchSize,
        this.options.claimTimeoutMs ?? 5 * 60_000,
      );
      await Promise.all(batch.map((row) => this.attempt(row)));
      handled += batch.length;
      if (batch.length < batchSize || this.isStopped) return handled;
    }
  }

  private async attempt(row: DeliveryRow): Promise<void> {
    const { db, clock } = this.options;
    const endpoint = (await db('webhook_endpoints').where({ id: row.webhook_id }).first()) as
      { url: string; secret: string; enabled: boolean | number } | undefined;
    if (!endpoint || !endpoint.enabled) {
      await recordAttempt(db, row, {
        at: clock.now(),
        statusCode: null,
        error: endpoint ? 'The endpoint is disabled' : 'The endpoint was deleted',
        durationMs: 0,
        next: { status: 'failed' },
      });
      return;
    }
    const at = clock.now();
    const post = this.options.post ?? postWebhook;
    let response: WebhookResponse;
    try {
      response = await post(
        endpoint.url,
        row.payload,
        { [signatureHeader]: signPayload(endpoint.secret, row.payload, at), 'X-Webhook-Id': row.id },
        {
          allowPrivate: this.options.allowPrivate,
          timeoutMs: this.options.timeoutMs ?? 10_000,
          now: () => Date.now(),
        },
      );
    } catch (error) {
      response = {
        status: null,
        error: error instanceof Error ? error.message : String(error),
        durationMs: 0,
      };
    }
    const status = response.status;
    if (status !== null && status >= 200 && status < 300) {
      await recordAttempt(db, row, {
        at,
        statusCode: status,
        error: null,
        durationMs: response.durationMs,
        next: { status: 'delivered' },
      });
      return;
    }
    if (status === 410) {
      await recordAttempt(db, row, {
        at,
        statusCode: status,
        error: 'Gone: the endpoint was disabled',
        durationMs: response.durationMs,
        next: { status: 'failed' },
      });
      await this.options.commands.handle(
        webhookDecider,
        webhookStream(row.webhook_id),
        {
          type: 'ChangeWebhookStatus',
          webhookId: row.webhook_id,
          to: 'DISABLED',
          reason: 'gone',
          changedBy: 'system',
          now: clock.now(),
        },
        { correlationId: `webhook-delivery-${row.id}`, actor: 'system' },
      );
      return;
    }
    const retryAt = new Date(clock.now().getTime() + webhookBackoffMs(row.attempts + 1));
    const giveUp = retryAt.toISOString() > row.give_up_at;
    this.options.logger.warn('webhook delivery failed', {
      deliveryId: row.id,
      webhookId: row.webhook_id,
      status,
      error: response.error,
      retryAt: giveUp ? null : retryAt,
    });
    await recordAttempt(db, row, {
      at,
      statusCode: status,
      error: response.error ?? `HTTP ${status}`,
      durationMs: response.durationMs,
      next: giveUp ? { status: 'failed' } : { status: 'pending', retryAt },
    });
  }
}
