import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { serveHostedPage } from './stripeDoubleHostedPages';
import { StripeDoubleObjects, type StripeObject } from './stripeDoubleObjects';
import { header, parseForm, readBody, StripeError } from './stripeDoubleRequests';

export { parseForm, StripeError } from './stripeDoubleRequests';

/**
 * A local test double of the part of Stripe's v1 HTTP API the platform uses, spoken the way the real SDK speaks
 * it (form-encoded bodies, `Idempotency-Key`, `Stripe-Account`). Point the SDK at it with the SDK's `host`,
 * `port` and `protocol` options (`STRIPE_API_HOST=127.0.0.1 STRIPE_API_PORT=<port> STRIPE_API_PROTOCOL=http`).
 *
 * Tests drive outcomes through the methods below (`succeedPaymentIntent`, `failPaymentIntent`, `settleRefund`,
 * `failRefund`, `completeAccount`); each one changes the object and DELIVERS the webhook Stripe would send to
 * `webhookUrl`, signed with the SDK's `generateTestHeaderString`, so the platform's real verification runs.
 *
 * Two small pages stand in for Stripe's hosted screens in a browser (docs/payments.md):
 * - `GET /test/onboarding/<acct>?return_url=…` (where an account link leads): "Complete setup" marks the
 *   account complete (delivering `account.updated`) and goes back to the return URL;
 * - `GET /test/pay/<pi>?return_url=…` (the test card page, for when Stripe.js cannot load): "Pay" succeeds the
 *   payment intent, "Decline" fails it, then it goes to the return URL with `payment_intent` and
 *   `redirect_status` as Stripe's redirect does.
 *
 * This file holds the server, the idempotency keys and the webhooks; the objects and what the API's routes do to
 * them are in `stripeDoubleObjects.ts`, the pages in `stripeDoubleHostedPages.ts`, the reading of requests and
 * Stripe's errors in `stripeDoubleRequests.ts`.
 */

export interface StripeDoubleOptions {
  /** Where webhooks go; can be set later with `setWebhook`. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Unix seconds for `created` of objects and events (default: the real clock; this is a test fake). */
  now?: () => number;
}

export interface DeliveredEvent {
  event: StripeObject & { type: string; created: number };
  /** HTTP status the webhook endpoint answered, or 0 when it could not be reached. */
  status: number;
  body: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  params: Record<string, unknown>;
}

export class StripeDouble extends StripeDoubleObjects {
  /** Every API request received, oldest first. */
  readonly requests: RecordedRequest[] = [];
  /** Every webhook delivered, oldest first. */
  readonly deliveries: DeliveredEvent[] = [];
  webhookUrl: string | undefined;
  webhookSecret: string;
  private server: Server | undefined;
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();

  constructor(options: StripeDoubleOptions = {}) {
    super(options.now ?? (() => Math.floor(Date.now() / 1000)));
    this.webhookUrl = options.webhookUrl;
    this.webhookSecret = options.webhookSecret ?? 'whsec_test_double';
  }

  /** Listens on 127.0.0.1 and a free port. */
  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${this.port}`;
    return this;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  get url(): string {
    return this.baseUrl;
  }

  /** The environment that points the platform's SDK at this double. */
  env(extra: { mode?: 'connect' | 'direct' } = {}): Record<string, string> {
    return {
      STRIPE_MODE: extra.mode ?? 'connect',
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
    };
  }

  setWebhook(url: string, secret?: string): void {
    this.webhookUrl = url;
    if (secret) this.webhookSecret = secret;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }

  // ---- driving outcomes (each delivers its webhook and returns the delivery) ----

  /** The buyer paid: the intent succeeds with a charge; delivers `payment_intent.succeeded`. */
  async succeedPaymentIntent(id: string): Promise<DeliveredEvent> {
    const intent = this.mustFind(this.paymentIntents, id);
    const charge: StripeObject = {
      id: this.newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      payment_intent: id,
      status: 'succeeded',
      paid: true,
      application_fee_amount: intent.application_fee_amount ?? null,
      metadata: intent.metadata,
      created: this.now(),
    };
    this.charges.set(charge.id, charge);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    return this.deliver('payment_intent.succeeded', intent, this.accountOf(intent));
  }

  /** The card was declined: delivers `payment_intent.payment_failed`; the intent can be paid again. */
  async failPaymentIntent(
    id: string,
    error: { code?: string; decline_code?: string; message?: string } = {},
  ): Promise<DeliveredEvent> {
    const intent = this.mustFind(this.paymentIntents, id);
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: error.code ?? 'card_declined',
        decline_code: error.decline_code ?? 'generic_decline',
        message: error.message ?? 'Your card was declined.',
      },
    });
    return this.deliver('payment_intent.payment_failed', intent, this.accountOf(intent));
  }

  /** The refund went through: delivers `refund.updated`, then `charge.refunded`. */
  async settleRefund(id: string): Promise<DeliveredEvent[]> {
    const refund = this.mustFind(this.refunds, id);
    refund.status = 'succeeded';
    const charge = this.mustFind(this.charges, refund.charge as string);
    const refunded = (charge.amount_refunded as number) + (refund.amount as number);
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= (charge.amount as number) });
    const account = refund.account as string | undefined;
    return [
      await this.deliver('refund.updated', refund, account),
      await this.deliver('charge.refunded', charge, account),
    ];
  }

  /** The refund failed at the bank: delivers `refund.updated` with status `failed`. */
  async failRefund(id: string, reason = 'lost_or_stolen_card'): Promise<DeliveredEvent> {
    const refund = this.mustFind(this.refunds, id);
    Object.assign(refund, { status: 'failed', failure_reason: reason });
    return this.deliver('refund.updated', refund, refund.account as string | undefined);
  }

  /** The account finished onboarding: delivers `account.updated` with charges enabled. */
  async completeAccount(id: string): Promise<DeliveredEvent> {
    const account = this.mustFind(this.accounts, id);
    Object.assign(account, { charges_enabled: true, details_submitted: true, payouts_enabled: true });
    return this.deliver('account.updated', account, id);
  }

  /**
   * Builds and delivers an event with a snapshot of `object` (tests use it for out-of-order or hand-made
   * events). `created` defaults to now.
   */
  async deliver(
    type: string,
    object: StripeObject,
    account?: string,
    options: { created?: number } = {},
  ): Promise<DeliveredEvent> {
    const event = {
      id: this.newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: options.created ?? this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
      ...(account ? { account } : {}),
    };
    return this.send(event);
  }

  /** Sends an event delivered before once more (Stripe retries and sometimes duplicates). */
  async redeliver(delivery: DeliveredEvent): Promise<DeliveredEvent> {
    return this.send(delivery.event);
  }

  /** The signed `Stripe-Signature` header for a payload, as Stripe computes it (timestamp in seconds). */
  signature(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
  }

  private async send(event: DeliveredEvent['event']): Promise<DeliveredEvent> {
    if (!this.webhookUrl) throw new Error('StripeDouble: no webhookUrl to deliver to');
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    let body: string;
    try {
      const response = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Signed at the double's clock, so a test on a manual clock is verified at its own time.
          'stripe-signature': this.signature(payload, { timestamp: this.now() }),
        },
        body: payload,
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      body = String(error);
    }
    const delivery = { event, status, body };
    this.deliveries.push(delivery);
    return delivery;
  }

  // ---- the HTTP API ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const raw = await readBody(req);
    const params = parseForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : raw);
    if (url.pathname.startsWith('/test/')) {
      await serveHostedPage(this, req, res, url, params);
      return;
    }
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, params });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.newId('req') });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const authorization = req.headers.authorization ?? '';
    if (!/^Bearer sk_(test|live)_/.test(authorization)) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const key = header(req, 'idempotency-key');
    const stripeAccount = header(req, 'stripe-account');
    const remembered = key ? `${authorization} ${stripeAccount ?? ''} ${key}` : undefined;
    const fingerprint = `${req.method} ${url.pathname} ${raw}`;
    if (remembered && req.method === 'POST') {
      const earlier = this.idempotent.get(remembered);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          });
          return;
        }
        res.setHeader('idempotent-replayed', 'true');
        send(earlier.status, earlier.body);
        return;
      }
    }
    let status = 200;
    let body: unknown;
    try {
      body = this.route(req.method ?? 'GET', url.pathname, params, stripeAccount);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    const text = JSON.stringify(body);
    if (remembered && req.method === 'POST')
      this.idempotent.set(remembered, { fingerprint, status, body: text });
    send(status, text);
  }
}

/** Starts a double (on a free port) that delivers its webhooks to `webhookUrl`. */
export function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  return new StripeDouble(options).start();
}

/** A deterministic-looking id for tests that need a value of Stripe's shape. */
export function stripeLikeId(prefix: string, seed: string): string {
  return `${prefix}_${createHash('sha256').update(seed).digest('hex').slice(0, 24)}`;
}
