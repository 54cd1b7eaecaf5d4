import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { refuse } from '../../kit/refusal';
import { stripeEventStream } from '../paymentEvents';
import { stripeClient, type Stripe } from '../stripeClient';
import { stripeEventClaimDecider } from './stripeEventClaims';

/** Larger than any Stripe event; a bigger body is not from Stripe. */
const maxWebhookBytes = 512 * 1024;
/** Stripe's own default: a signature older than this is a replay. */
const signatureToleranceSeconds = 300;

export const stripeWebhookPath = '/api/public/webhooks/stripe';

/**
 * `POST /api/public/webhooks/stripe`. Mounted before the JSON body parser (services/api/app.ts): the signature
 * is over the exact bytes Stripe sent, so the route reads the raw body itself. A verified event is recorded
 * once (the claim stream `stripe-event-<id>`) and answered at once; the worker's dispatcher processes it.
 * Unsigned, wrongly signed, stale or future-dated deliveries are refused with 400 and nothing is recorded.
 */
export function stripeWebhookRoutes(services: Services) {
  const router = new Router();
  const payments = services.config.payments;
  const stripe = payments.mode === 'off' ? null : stripeClient(payments);

  /** The event, if one of the endpoints' secrets signed this payload within the tolerance, either way. */
  const verified = (payload: string, header: string, receivedAtMs: number): Stripe.Event | null => {
    if (!stripe || payments.mode === 'off') return null;
    // The SDK refuses only signatures older than the tolerance; one dated further ahead is refused here.
    const signedAt = signatureTimestamp(header);
    if (signedAt === null || signedAt - Math.floor(receivedAtMs / 1000) > signatureToleranceSeconds)
      return null;
    for (const secret of payments.webhookSecrets) {
      try {
        return stripe.webhooks.constructEvent(
          payload,
          header,
          secret,
          signatureToleranceSeconds,
          undefined,
          receivedAtMs,
        );
      } catch {
        // the next secret, if any
      }
    }
    return null;
  };

  router.post(stripeWebhookPath, async (ctx) => {
    if (!stripe || payments.mode === 'off') refuse('card_payments_not_configured');
    const payload = await rawBody(ctx);
    const event = verified(payload, ctx.get('Stripe-Signature'), services.clock.now().getTime());
    if (!event) {
      services.logger.warn('stripe webhook refused: signature missing, wrong or stale', { ip: ctx.ip });
      refuse('stripe_signature_invalid');
    }
    const object = (event.data as { object?: unknown } | undefined)?.object;
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || !isRecord(object))
      refuse('validation_failed', 'Not a Stripe event');
    // Nothing reads a read model after it: the worker's dispatcher processes the event.
    const result = await execute(ctx, services, {
      decider: stripeEventClaimDecider,
      stream: stripeEventStream(event.id),
      command: {
        type: 'ReceiveStripeEvent',
        event: {
          stripeEventId: event.id,
          stripeType: event.type,
          stripeAccount: typeof event.account === 'string' ? event.account : null,
          created: new Date(event.created * 1000).toISOString(),
          object,
        },
        now: services.clock.now(),
      },
      readModels: [],
      actor: 'stripe',
    });
    const duplicate = result.events.length === 0;
    if (duplicate) services.logger.info('stripe event delivered again, ignored', { id: event.id });
    ctx.body = { received: true, duplicate };
  });

  return router;
}

/**
 * The `t=` of a `Stripe-Signature` header (Unix seconds), read as the SDK reads it (the last `t=` wins), or
 * null without one.
 */
export function signatureTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(',')) {
    const [name, value] = item.split('=');
    if (name === 't') timestamp = value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
  }
  return timestamp;
}

async function rawBody(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxWebhookBytes) refuse('payload_too_large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
