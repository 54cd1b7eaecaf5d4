import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPaymentsConfig } from '../kit/config';
import { describeWithPostgres } from '../kit/testing/postgres';
import { settle, startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import type { RecordedEvent } from '../eventstore/port';
import { paymentConnectionStream, stripeEventStream, type PlatformFeeCharged } from './paymentEvents';
import { startStripeDouble, type StripeDouble } from './testing/stripeDouble';
import { stripeWebhookPath } from './webhooks/webhookRoutes';

type Connection = {
  card_payments: boolean;
  mode: string | null;
  status: string;
  stripe_account_id: string | null;
  charges_enabled: boolean;
};

/** Card payment connection, Stripe webhooks and billing, through the real SDK against the local double. */
function paymentsSuite(kind: StorageKind) {
  let t: TestPlatform;
  let double: StripeDouble;
  let token: string;

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await startTestPlatform(kind, {
      config: {
        payments: readPaymentsConfig({
          ...double.env(),
          // The platform's own endpoint and the Connect endpoint (the double signs as the latter).
          STRIPE_WEBHOOK_SECRET: `whsec_platform_endpoint, ${double.webhookSecret}`,
          STRIPE_APPLICATION_FEE_FIXED: '30',
          STRIPE_APPLICATION_FEE_PERCENT: '1.5',
        }),
      },
    });
    double.setWebhook(`${t.baseUrl}${stripeWebhookPath}`);
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
    await double?.stop();
  });

  const streamOf = async (stream: string): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    for await (const event of t.platform.services.store.readStream(stream)) events.push(event);
    return events;
  };
  const connection = async (as = token) =>
    (await t.client(as)<{ data: Connection }>('GET', '/api/account/payment')).body.data;
  const eventually = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  /** Posts a webhook as Stripe would, with a signature the test chooses. */
  const postWebhook = (payload: string, signature: string | undefined) =>
    t.client()<{ reason?: string; received?: boolean; duplicate?: boolean }>('POST', stripeWebhookPath, {
      raw: payload,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    });
  const accountEvent = (account: string, created: number, complete: boolean, metadata: object) =>
    JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'account.updated',
      created,
      account,
      data: {
        object: {
          id: account,
          object: 'account',
          charges_enabled: complete,
          details_submitted: complete,
          metadata,
        },
      },
    });

  it('connects the account: creates the connected account once, onboarding completes it from account.updated', async () => {
    expect(await connection()).toMatchObject({
      card_payments: true,
      mode: 'connect',
      status: 'NOT_CONNECTED',
      stripe_account_id: null,
    });
    const first = await t.client(token)<{ data: { url: string; stripe_account_id: string } }>(
      'POST',
      '/api/account/payment/connect',
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stripeAccountId = first.body.data.stripe_account_id;
    expect(first.body.data.url).toContain(`${double.url}/test/onboarding/${stripeAccountId}`);
    expect(new URL(first.body.data.url).searchParams.get('return_url')).toMatch(
      /\/account\/payment\?onboarding=returned$/,
    );
    expect(double.accounts.get(stripeAccountId)?.metadata).toEqual({ account_id: t.admin.accountId });
    expect(await connection()).toMatchObject({
      status: 'SETUP_INCOMPLETE',
      stripe_account_id: stripeAccountId,
    });

    const again = await t.client(token)<{ data: { stripe_account_id: string } }>(
      'POST',
      '/api/account/payment/connect',
      { json: {} },
    );
    expect(again.body.data.stripe_account_id).toBe(stripeAccountId);
    const creations = double.requests.filter((request) => request.path === '/v1/accounts');
    expect(creations).toHaveLength(1);
    expect(creations[0]?.headers['idempotency-key']).toBe(`connect-account-${t.admin.accountId}`);

    const delivery = await double.completeAccount(stripeAccountId);
    expect(delivery.status, delivery.body).toBe(200);
    await eventually(async () => (await connection()).status === 'CONNECTED', 'the connection');
    expect(await connection()).toMatchObject({ charges_enabled: true });

    // Another account sees its own connection only.
    const other = await t.otherAccount();
    expect(await connection(other.token)).toMatchObject({ status: 'NOT_CONNECTED', stripe_account_id: null });
  });

  it('refuses unsigned, wrongly signed, tampered and stale webhooks with 400 and records nothing', async () => {
    const created = Math.floor(Date.now() / 1000);
    const payload = accountEvent('acct_forged', created, true, { account_id: t.admin.accountId });
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const refusals = [
      await postWebhook(payload, undefined),
      await postWebhook(payload, double.signature(payload, { secret: 'whsec_somebody_else' })),
      await postWebhook(
        payload.replace('"charges_enabled":true', '"charges_enabled":false'),
        double.signature(payload),
      ),
      await postWebhook(payload.replace('acct_forged', 'acct_forgex'), double.signature(payload)),
      await postWebhook(payload, double.signature(payload, { timestamp: created - 600 })),
      await postWebhook(payload, 't=abc,v1=def'),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.reason).toBe('stripe_signature_invalid');
    }
    expect(await streamOf(stripeEventStream(eventId))).toEqual([]);
    // The same delivery, signed properly, is accepted: the refusals were the signature's doing.
    expect((await postWebhook(payload, double.signature(payload))).status).toBe(200);
    // Either endpoint's secret is accepted.
    const other = accountEvent('acct_forged', created, true, {});
    const platformSigned = await postWebhook(
      other,
      double.signature(other, { secret: 'whsec_platform_endpoint' }),
    );
    expect(platformSigned.status).toBe(200);
  });

  it('processes each Stripe event once, however often it is delivered', async () => {
    const other = await t.otherAccount();
    const connect = await t.client(other.token)<{ data: { stripe_account_id: string } }>(
      'POST',
      '/api/account/payment/connect',
    );
    const stripeAccountId = connect.body.data.stripe_account_id;
    const delivery = await double.completeAccount(stripeAccountId);
    const replayed = await double.redeliver(delivery);
    expect(JSON.parse(delivery.body)).toEqual({ received: true, duplicate: false });
    expect(replayed.status).toBe(200);
    expect(JSON.parse(replayed.body)).toEqual({ received: true, duplicate: true });
    await eventually(async () => (await connection(other.token)).status === 'CONNECTED', 'the connection');
    const stream = await streamOf(paymentConnectionStream(other.accountId));
    expect(stream.map((event) => event.type)).toEqual(['ConnectedAccountCreated', 'ConnectedAccountUpdated']);
    expect(stream[1]?.metadata).toMatchObject({ actor: 'stripe' });
    expect(await streamOf(stripeEventStream(delivery.event.id))).toHaveLength(1);
  });

  it('keeps the newest account state when Stripe delivers updates out of order', async () => {
    const other = await t.otherAccount();
    const connect = await t.client(other.token)<{ data: { stripe_account_id: string } }>(
      'POST',
      '/api/account/payment/connect',
    );
    const account = double.accounts.get(connect.body.data.stripe_account_id)!;
    const now = Math.floor(Date.now() / 1000);
    await double.deliver(
      'account.updated',
      { ...account, charges_enabled: true, details_submitted: true },
      account.id,
      {
        created: now,
      },
    );
    await eventually(async () => (await connection(other.token)).status === 'CONNECTED', 'the newer update');
    const older = await double.deliver('account.updated', { ...account }, account.id, { created: now - 60 });
    expect(older.status).toBe(200);
    expect(await settle(t.platform)).toBe(true);
    expect(await connection(other.token)).toMatchObject({ status: 'CONNECTED' });
    const stream = await streamOf(paymentConnectionStream(other.accountId));
    expect(stream.map((event) => event.type)).toEqual(['ConnectedAccountCreated', 'ConnectedAccountUpdated']);
  });

  it('acknowledges unknown event types and accounts that are not ours, recording only the claim', async () => {
    const unknownType = await double.deliver('payout.paid', { id: 'po_1', object: 'payout' });
    expect(unknownType.status).toBe(200);
    const payload = accountEvent('acct_stranger', Math.floor(Date.now() / 1000), true, {});
    expect((await postWebhook(payload, double.signature(payload))).status).toBe(200);
    await t.platform.worker.runner.waitFor(await t.platform.services.store.head(), 5_000);
    const lags = await t.platform.worker.runner.lag();
    expect(lags.find((lag) => lag.projection === 'stripe-event-dispatcher')).toMatchObject({
      status: 'running',
    });
    expect((await t.client(token)<{ parked_events: number }>('GET', '/readyz')).body.parked_events).toBe(0);
  });

  it('bills the platform fee per order and per month, to the account it was charged to', async () => {
    const empty = await t.client(token)<{
      data: { months: unknown[]; fees: unknown[]; application_fee: unknown };
    }>('GET', '/api/account/billing');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ application_fee: { fixed: 30, percent: 1.5 }, months: [], fees: [] });

    const fee = (orderId: string, chargedAt: string, amount: number): PlatformFeeCharged['data'] => ({
      accountId: t.admin.accountId,
      eventId: 'ev_1',
      orderId,
      orderShortId: `o_${orderId}`,
      paymentIntentId: `pi_${orderId}`,
      chargeId: `ch_${orderId}`,
      currency: 'EUR',
      orderTotal: 10_000,
      fee: amount,
      chargedAt,
    });
    let position = 0n;
    for (const data of [
      fee('o1', '2026-10-03T10:00:00.000Z', 180),
      fee('o2', '2026-11-01T10:00:00.000Z', 180),
      fee('o3', '2026-11-20T10:00:00.000Z', 45),
    ]) {
      const result = await t.platform.services.store.append(
        `order-${data.orderId}`,
        [
          {
            id: randomUUID(),
            type: 'PlatformFeeCharged',
            data,
            metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'stripe' },
          },
        ],
        { expected: 'any' },
      );
      position = result.position;
    }
    await t.platform.services.readSide.waitFor(position, 5_000);
    const billing = await t.client(token)<{ data: { months: unknown[]; fees: { order_id: string }[] } }>(
      'GET',
      '/api/account/billing',
    );
    expect(billing.body.data.months).toEqual([
      { month: '2026-11', currency: 'EUR', orders: 2, order_total: 20_000, fees: 225 },
      { month: '2026-10', currency: 'EUR', orders: 1, order_total: 10_000, fees: 180 },
    ]);
    expect(billing.body.data.fees.map((row) => row.order_id)).toEqual(['o3', 'o2', 'o1']);
    expect(billing.body.data.fees[0]).toMatchObject({
      order_short_id: 'o_o3',
      fee: 45,
      payment_intent_id: 'pi_o3',
    });

    const other = await t.otherAccount();
    const theirs = await t.client(other.token)<{ data: { months: unknown[]; fees: unknown[] } }>(
      'GET',
      '/api/account/billing',
    );
    expect(theirs.body.data.fees).toEqual([]);
    expect(theirs.body.data.months).toEqual([]);
    expect((await t.client()('GET', '/api/account/billing')).status).toBe(401);
  });
}

describe('payments on SQLite', () => paymentsSuite('sqlite'));
describeWithPostgres('payments on PostgreSQL', () => paymentsSuite('postgres'));

describe('payments not configured, or in direct mode', () => {
  it('says card payments are off, refuses to connect and refuses webhooks', async () => {
    const t = await startTestPlatform('sqlite');
    try {
      const token = await t.login(t.admin.email, t.admin.password);
      const state = await t.client(token)('GET', '/api/account/payment');
      expect(state.body).toEqual({
        data: {
          card_payments: false,
          mode: null,
          status: 'NOT_CONNECTED',
          stripe_account_id: null,
          charges_enabled: false,
          details_submitted: false,
          publishable_key: null,
          application_fee: null,
        },
      });
      const connect = await t.client(token)<{ reason: string }>('POST', '/api/account/payment/connect');
      expect(connect.status).toBe(409);
      expect(connect.body.reason).toBe('card_payments_not_configured');
      const hook = await t.client()<{ reason: string }>('POST', stripeWebhookPath, {
        raw: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      });
      expect(hook.body.reason).toBe('card_payments_not_configured');
      const billing = await t.client(token)<{ data: object }>('GET', '/api/account/billing');
      expect(billing.body.data).toEqual({ application_fee: null, months: [], fees: [] });
    } finally {
      await t.close();
    }
  });

  it('is connected with the platform’s own keys in direct mode, with nothing to connect', async () => {
    const double = await startStripeDouble();
    const t = await startTestPlatform('sqlite', {
      config: { payments: readPaymentsConfig(double.env({ mode: 'direct' })) },
    });
    try {
      const token = await t.login(t.admin.email, t.admin.password);
      const state = await t.client(token)<{ data: Connection }>('GET', '/api/account/payment');
      expect(state.body.data).toMatchObject({ card_payments: true, mode: 'direct', status: 'CONNECTED' });
      const connect = await t.client(token)<{ reason: string }>('POST', '/api/account/payment/connect');
      expect(connect.status).toBe(409);
      expect(connect.body.reason).toBe('payment_connect_not_available');
      expect(double.requests).toEqual([]);
    } finally {
      await t.close();
      await double.stop();
    }
  });

  it('refuses configurations that cannot work', () => {
    expect(() => readPaymentsConfig({ STRIPE_MODE: 'connect' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readPaymentsConfig({ STRIPE_MODE: 'sometimes' })).toThrow(/STRIPE_MODE/);
    expect(() =>
      readPaymentsConfig({
        STRIPE_MODE: 'direct',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_APPLICATION_FEE_PERCENT: '2',
      }),
    ).toThrow(/STRIPE_MODE=connect/);
    expect(readPaymentsConfig({})).toEqual({ mode: 'off' });
  });
});
