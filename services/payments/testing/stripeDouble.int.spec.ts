import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { readPaymentsConfig, type StripeConfig } from '../../kit/config';
import { stripeClient } from '../stripeClient';
import { startStripeDouble, type StripeDouble } from './stripeDouble';

/** The double, spoken to by the real SDK through `stripeClient`, and its webhooks verified by the SDK. */
describe('the Stripe test double', () => {
  let double: StripeDouble;
  let stripe: Stripe;
  let receiver: Server;
  const received: { payload: string; event: Stripe.Event }[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const payload = Buffer.concat(chunks).toString('utf8');
        try {
          const event = stripe.webhooks.constructEvent(
            payload,
            String(req.headers['stripe-signature']),
            double.webhookSecret,
          );
          received.push({ payload, event });
          res.writeHead(200).end('{}');
        } catch {
          res.writeHead(400).end('bad signature');
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    double = await startStripeDouble({
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    });
    stripe = stripeClient(readPaymentsConfig(double.env()) as StripeConfig);
  });

  afterAll(async () => {
    await double.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('creates and retrieves connected accounts, and onboarding completes them with account.updated', async () => {
    const account = await stripe.accounts.create({ type: 'express', metadata: { account_id: 'ac_1' } });
    expect(account).toMatchObject({
      object: 'account',
      charges_enabled: false,
      metadata: { account_id: 'ac_1' },
    });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://app.test/account/payment',
      refresh_url: 'http://app.test/account/payment?refresh=1',
    });
    expect(link.url).toContain(`${double.url}/test/onboarding/${account.id}`);

    const delivery = await double.completeAccount(account.id);
    expect(delivery.status).toBe(200);
    expect(received.at(-1)?.event).toMatchObject({
      type: 'account.updated',
      account: account.id,
      data: { object: { id: account.id, charges_enabled: true, details_submitted: true } },
    });
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ charges_enabled: true });
  });

  it('answers the same object for the same Idempotency-Key, and refuses the key with other parameters', async () => {
    const params = { amount: 2500, currency: 'eur', metadata: { order: 'o1' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-o1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-o1' });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ amount: 2500, currency: 'eur', metadata: { order: 'o1' } });
    expect(first.client_secret).toMatch(/^pi_\w+_secret_/);
    await expect(
      stripe.paymentIntents.create({ ...params, amount: 2600 }, { idempotencyKey: 'order-o1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    const other = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-o2' });
    expect(other.id).not.toBe(first.id);
  });

  it('keeps a direct charge on the connected account, with the application fee', async () => {
    const account = await stripe.accounts.create({ type: 'standard' });
    const intent = await stripe.paymentIntents.create(
      { amount: 1000, currency: 'usd', application_fee_amount: 80 },
      { stripeAccount: account.id },
    );
    expect(intent.application_fee_amount).toBe(80);
    await expect(stripe.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({ statusCode: 404 });
    expect(await stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account.id })).toMatchObject({
      id: intent.id,
    });
    const destination = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      application_fee_amount: 80,
      transfer_data: { destination: account.id },
    });
    expect(destination.transfer_data).toEqual({ destination: account.id });
    await expect(
      stripe.paymentIntents.create({ amount: 1000, currency: 'usd', application_fee_amount: 80 }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'application_fee_amount' });
  });

  it('updates, cancels, and succeeds or fails payment intents with their webhooks', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'eur' });
    expect(
      await stripe.paymentIntents.update(intent.id, { amount: 1800, metadata: { order: 'o9' } }),
    ).toMatchObject({ amount: 1800, metadata: { order: 'o9' } });

    await double.failPaymentIntent(intent.id);
    expect(received.at(-1)?.event).toMatchObject({
      type: 'payment_intent.payment_failed',
      data: { object: { id: intent.id, last_payment_error: { code: 'card_declined' } } },
    });
    await double.succeedPaymentIntent(intent.id);
    expect(received.at(-1)?.event).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id, status: 'succeeded', amount_received: 1800 } },
    });
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });

    const abandoned = await stripe.paymentIntents.create({ amount: 500, currency: 'eur' });
    expect(await stripe.paymentIntents.cancel(abandoned.id)).toMatchObject({ status: 'canceled' });
  });

  it('refunds at most what was captured and not yet refunded, and settles or fails refunds', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3000, currency: 'eur' });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_not_captured',
    });
    await double.succeedPaymentIntent(intent.id);

    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(partial).toMatchObject({ status: 'pending', amount: 1000, payment_intent: intent.id });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 2001 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
    });
    const deliveries = await double.settleRefund(partial.id);
    expect(deliveries.map((delivery) => delivery.event.type)).toEqual(['refund.updated', 'charge.refunded']);
    expect(received.at(-1)?.event).toMatchObject({
      type: 'charge.refunded',
      data: { object: { amount_refunded: 1000, refunded: false } },
    });

    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(2000);
    await double.failRefund(rest.id);
    expect(received.at(-1)?.event).toMatchObject({
      type: 'refund.updated',
      data: { object: { id: rest.id, status: 'failed' } },
    });
    // The failed refund gave its amount back.
    expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 2000 })).amount).toBe(2000);
  });

  it('serves a test card page whose buttons settle the payment, deliver the webhook and go back', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 4200, currency: 'eur' });
    const returnUrl = 'http://app.test/checkout/ev_1/o_1/payment_return';
    const page = await fetch(
      `${double.url}/test/pay/${intent.id}?return_url=${encodeURIComponent(returnUrl)}`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Pay</button>');

    const declined = await fetch(`${double.url}/test/pay/${intent.id}`, {
      method: 'POST',
      body: new URLSearchParams({ return_url: returnUrl, outcome: 'decline' }),
      redirect: 'manual',
    });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(
      `${returnUrl}?payment_intent=${intent.id}&redirect_status=failed`,
    );
    expect(received.at(-1)?.event.type).toBe('payment_intent.payment_failed');

    const paid = await fetch(`${double.url}/test/pay/${intent.id}`, {
      method: 'POST',
      body: new URLSearchParams({ return_url: returnUrl, outcome: 'succeed' }),
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toContain('redirect_status=succeeded');
    expect(received.at(-1)?.event).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id, amount_received: 4200 } },
    });
  });

  it('maps unknown objects to the SDK’s not-found error, and signs what the SDK rejects once tampered', async () => {
    await expect(stripe.accounts.retrieve('acct_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const payload = JSON.stringify({ id: 'evt_1', type: 'account.updated' });
    const header = double.signature(payload);
    expect(stripe.webhooks.constructEvent(payload, header, double.webhookSecret).id).toBe('evt_1');
    // By name: the platform requires the SDK when first used (services/payments/stripeClient.ts), so its error
    // classes are not the ones this file's import of the package holds.
    let refusal: unknown;
    try {
      stripe.webhooks.constructEvent(payload.replace('evt_1', 'evt_2'), header, double.webhookSecret);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ type: 'StripeSignatureVerificationError' });
  });
});
