import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

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
 */

export interface StripeDoubleOptions {
  /** Where webhooks go; can be set later with `setWebhook`. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Unix seconds for `created` of objects and events (default: the real clock; this is a test fake). */
  now?: () => number;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };

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

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
    },
  ) {
    super(body.message);
  }
}

export class StripeDouble {
  readonly accounts = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  /** Every API request received, oldest first. */
  readonly requests: RecordedRequest[] = [];
  /** Every webhook delivered, oldest first. */
  readonly deliveries: DeliveredEvent[] = [];
  webhookUrl: string | undefined;
  webhookSecret: string;
  private server: Server | undefined;
  private baseUrl = '';
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  private readonly now: () => number;

  constructor(options: StripeDoubleOptions = {}) {
    this.webhookUrl = options.webhookUrl;
    this.webhookSecret = options.webhookSecret ?? 'whsec_test_double';
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
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
      await this.testPages(req, res, url, params);
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

  private route(
    method: string,
    path: string,
    params: Record<string, unknown>,
    stripeAccount: string | undefined,
  ): unknown {
    const parts = path.split('/').filter(Boolean);
    const [version, resource, id, action] = parts;
    if (version !== 'v1') throw notFound(path);
    switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST accounts':
        return this.createAccount(params);
      case 'GET accounts/:id':
        return this.mustFind(this.accounts, id!);
      case 'POST account_links':
        return this.createAccountLink(params);
      case 'POST payment_intents':
        return this.createPaymentIntent(params, stripeAccount);
      case 'GET payment_intents/:id':
        return this.ownIntent(id!, stripeAccount);
      case 'POST payment_intents/:id':
        return this.updatePaymentIntent(this.ownIntent(id!, stripeAccount), params);
      case 'POST payment_intents/:id/cancel':
        return this.cancelPaymentIntent(this.ownIntent(id!, stripeAccount), params);
      case 'POST refunds':
        return this.createRefund(params, stripeAccount);
      case 'GET refunds/:id':
        return this.mustFind(this.refunds, id!);
      default:
        throw notFound(path);
    }
  }

  private createAccount(params: Record<string, unknown>): StripeObject {
    const account: StripeObject = {
      id: this.newId('acct'),
      object: 'account',
      type: params.type ?? 'express',
      country: params.country ?? 'US',
      email: params.email ?? null,
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      metadata: params.metadata ?? {},
      created: this.now(),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  private createAccountLink(params: Record<string, unknown>): StripeObject {
    const account = this.mustFind(this.accounts, required(params, 'account'));
    const returnUrl = required(params, 'return_url');
    const refreshUrl = required(params, 'refresh_url');
    const link = new URL(`${this.baseUrl}/test/onboarding/${account.id}`);
    link.searchParams.set('return_url', returnUrl);
    link.searchParams.set('refresh_url', refreshUrl);
    return {
      id: this.newId('link'),
      object: 'account_link',
      created: this.now(),
      expires_at: this.now() + 300,
      url: link.toString(),
    };
  }

  private createPaymentIntent(
    params: Record<string, unknown>,
    stripeAccount: string | undefined,
  ): StripeObject {
    const amount = positiveInteger(params, 'amount');
    const currency = required(params, 'currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalid('currency', `Invalid currency: ${currency}`);
    const transfer = params.transfer_data as { destination?: string } | undefined;
    if (transfer?.destination) this.mustFind(this.accounts, transfer.destination);
    if (stripeAccount) this.mustFind(this.accounts, stripeAccount);
    const fee =
      params.application_fee_amount === undefined ? null : integerParam(params, 'application_fee_amount');
    if (fee !== null && !transfer?.destination && !stripeAccount)
      throw invalid(
        'application_fee_amount',
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      );
    if (fee !== null && fee > amount)
      throw invalid('application_fee_amount', 'The application fee cannot exceed the amount.');
    const id = this.newId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: params.metadata ?? {},
      description: params.description ?? null,
      receipt_email: params.receipt_email ?? null,
      application_fee_amount: fee,
      transfer_data: transfer ?? null,
      latest_charge: null,
      last_payment_error: null,
      cancellation_reason: null,
      livemode: false,
      created: this.now(),
      ...(stripeAccount ? { account: stripeAccount } : {}),
    };
    this.paymentIntents.set(id, intent);
    return this.visible(intent);
  }

  private updatePaymentIntent(intent: StripeObject, params: Record<string, unknown>): StripeObject {
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's amount could not be updated because it has a status of ${String(intent.status)}.`,
      });
    if (params.amount !== undefined) intent.amount = positiveInteger(params, 'amount');
    if (params.metadata !== undefined)
      intent.metadata = { ...(intent.metadata as object), ...(params.metadata as object) };
    if (params.application_fee_amount !== undefined)
      intent.application_fee_amount = integerParam(params, 'application_fee_amount');
    if (params.description !== undefined) intent.description = params.description;
    return this.visible(intent);
  }

  private cancelPaymentIntent(intent: StripeObject, params: Record<string, unknown>): StripeObject {
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
      });
    Object.assign(intent, { status: 'canceled', cancellation_reason: params.cancellation_reason ?? null });
    return this.visible(intent);
  }

  private createRefund(params: Record<string, unknown>, stripeAccount: string | undefined): StripeObject {
    const intent = this.ownIntent(required(params, 'payment_intent'), stripeAccount);
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge as string) : undefined;
    if (intent.status !== 'succeeded' || !charge)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_captured',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    const captured = charge.amount_captured as number;
    // What is refunded or on its way: pending refunds count, as on Stripe.
    const taken = [...this.refunds.values()]
      .filter((refund) => refund.charge === charge.id && refund.status !== 'failed')
      .reduce((sum, refund) => sum + (refund.amount as number), 0);
    const amount = params.amount === undefined ? captured - taken : positiveInteger(params, 'amount');
    if (amount <= 0 || amount > captured - taken)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: taken >= captured ? 'charge_already_refunded' : 'amount_too_large',
        param: 'amount',
        message:
          taken >= captured
            ? `Charge ${charge.id} has already been refunded.`
            : `Refund amount (${amount}) is greater than unrefunded amount on charge (${captured - taken})`,
      });
    const refund: StripeObject = {
      id: this.newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      charge: charge.id,
      payment_intent: intent.id,
      status: 'pending',
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      failure_reason: null,
      created: this.now(),
      ...(stripeAccount ? { account: stripeAccount } : {}),
    };
    this.refunds.set(refund.id, refund);
    return this.visible(refund);
  }

  private ownIntent(id: string, stripeAccount: string | undefined): StripeObject {
    const intent = this.mustFind(this.paymentIntents, id);
    // A direct charge lives on the connected account: it is found only with that account's header.
    if ((intent.account as string | undefined) !== stripeAccount) throw missing(id);
    return intent;
  }

  private accountOf(intent: StripeObject): string | undefined {
    return (
      (intent.account as string | undefined) ??
      (intent.transfer_data as { destination?: string } | null)?.destination
    );
  }

  /** What the API shows of an object: everything but the double's own bookkeeping. */
  private visible(object: StripeObject): StripeObject {
    const { account: _account, ...shown } = object;
    return shown;
  }

  private mustFind(map: Map<string, StripeObject>, id: string): StripeObject {
    const found = map.get(id);
    if (!found) throw missing(id);
    return found;
  }

  private newId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('hex')}`;
  }

  // ---- stand-ins for Stripe's hosted pages ----

  private async testPages(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    params: Record<string, unknown>,
  ): Promise<void> {
    const [, , page, id] = url.pathname.split('/');
    const returnUrl =
      typeof params.return_url === 'string' ? params.return_url : (url.searchParams.get('return_url') ?? '');
    const html = (title: string, body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
          `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><main><h1>${title}</h1>${body}</main></body></html>`,
      );
    };
    const redirect = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    if (page === 'onboarding' && id && this.accounts.has(id)) {
      if (req.method === 'POST') {
        await this.completeAccount(id);
        redirect(returnUrl);
        return;
      }
      html(
        'Test onboarding',
        `<p>Account ${escapeHtml(id)}. This page stands in for Stripe's hosted onboarding.</p>` +
          `<form method="post"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">` +
          `<button type="submit">Complete setup</button></form>`,
      );
      return;
    }
    if (page === 'pay' && id && this.paymentIntents.has(id)) {
      const intent = this.paymentIntents.get(id)!;
      if (req.method === 'POST') {
        if (params.outcome === 'decline') await this.failPaymentIntent(id);
        else await this.succeedPaymentIntent(id);
        const back = new URL(returnUrl);
        back.searchParams.set('payment_intent', id);
        back.searchParams.set('redirect_status', params.outcome === 'decline' ? 'failed' : 'succeeded');
        redirect(back.toString());
        return;
      }
      const amount = `${(intent.amount as number) / 100} ${String(intent.currency).toUpperCase()}`;
      const button = (outcome: string, label: string) =>
        `<form method="post"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">` +
        `<input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
      html(
        'Test card payment',
        `<p>Payment ${escapeHtml(id)} of ${escapeHtml(amount)}. This page stands in for Stripe's Payment Element.</p>` +
          button('succeed', 'Pay') +
          button('decline', 'Decline'),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  }
}

/** Starts a double (on a free port) that delivers its webhooks to `webhookUrl`. */
export function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  return new StripeDouble(options).start();
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** `a[b][c]=1&a[d]=2` → `{ a: { b: { c: '1' }, d: '2' } }`: the SDK's form encoding of nested params. */
export function parseForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

function required(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '')
    throw new StripeError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: name,
      message: `Missing required param: ${name}.`,
    });
  return value;
}

function integerParam(params: Record<string, unknown>, name: string): number {
  const value = Number(required(params, name));
  if (!Number.isInteger(value) || value < 0) throw invalid(name, `Invalid integer: ${String(params[name])}`);
  return value;
}

function positiveInteger(params: Record<string, unknown>, name: string): number {
  const value = integerParam(params, name);
  if (value < 1) throw invalid(name, 'This value must be greater than or equal to 1.');
  return value;
}

function invalid(param: string, message: string): StripeError {
  return new StripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid_integer',
    param,
    message,
  });
}

function missing(id: string): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such object: '${id}'`,
  });
}

function notFound(path: string): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${path}). The test double does not implement it.`,
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A deterministic-looking id for tests that need a value of Stripe's shape. */
export function stripeLikeId(prefix: string, seed: string): string {
  return `${prefix}_${createHash('sha256').update(seed).digest('hex').slice(0, 24)}`;
}
