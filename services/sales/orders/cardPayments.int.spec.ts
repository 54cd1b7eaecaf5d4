import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../kit/clock';
import { readPaymentsConfig } from '../../kit/config';
import { describeWithPostgres } from '../../kit/testing/postgres';
import {
  settle,
  startTestPlatform,
  type ApiResponse,
  type StorageKind,
  type TestPlatform,
} from '../../api/testing';
import type { RecordedEvent } from '../../eventstore/port';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing';
import { stripeClient, type Stripe } from '../../payments/stripeClient';
import { startStripeDouble, type StripeDouble } from '../../payments/testing/stripeDouble';
import { stripeWebhookPath } from '../../payments/webhooks/webhookRoutes';
import { inventoryDecider, remainingAt } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { orderStream } from './orderEvents';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type PublicOrder = {
  id: string;
  reference: string;
  short_id: string;
  status: string;
  total: number;
  currency: string;
  payment_method: string | null;
  payment_methods: string[];
  card_payment: { publishable_key: string; stripe_account: string | null } | null;
  payment_failure: string | null;
  attendees: { payment: string; ticket_code: string | null }[];
};
type MemberOrder = {
  id: string;
  status: string;
  payment_method: string | null;
  refunded_total: number;
  remaining_total: number;
  pending_refund_total: number;
  payment_amount_mismatch: boolean;
  money_trail: {
    type: string;
    amount: number | null;
    payment_intent_id: string | null;
    charge_id: string | null;
    stripe_refund_id: string | null;
  }[];
};
type Intent = {
  payment_intent_id: string;
  client_secret: string;
  publishable_key: string;
  stripe_account: string | null;
  amount: number;
  currency: string;
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** Card payments and refunds of orders through the real SDK against the local Stripe double (connect mode). */
function cardPaymentsSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let double: StripeDouble;
  let smtp: SmtpSink;
  let token: string;
  let organizerId: string;
  let stripeAccount: string;
  const api = () => t.client(token);
  const buyer = () => t.client();
  /** The SDK as another party on the platform would use it (Connect: its own connected account). */
  let sdk: Stripe;

  beforeAll(async () => {
    double = await startStripeDouble({ now: () => Math.floor(clock.now().getTime() / 1000) });
    smtp = await startSmtpSink();
    t = await startTestPlatform(kind, {
      clock,
      config: {
        smtpUrl: smtp.url,
        payments: readPaymentsConfig({
          ...double.env(),
          STRIPE_APPLICATION_FEE_FIXED: '30',
          STRIPE_APPLICATION_FEE_PERCENT: '1',
        }),
      },
    });
    double.setWebhook(`${t.baseUrl}${stripeWebhookPath}`);
    const payments = t.platform.services.config.payments;
    if (payments.mode === 'off') throw new Error('card payments are configured above');
    sdk = stripeClient(payments);
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    organizerId = organizer.body.data.id;
    const connect = await api()<{ data: { stripe_account_id: string } }>(
      'POST',
      '/api/account/payment/connect',
      {
        json: {},
      },
    );
    expect(connect.status, JSON.stringify(connect.body)).toBe(200);
    stripeAccount = connect.body.data.stripe_account_id;
    await double.completeAccount(stripeAccount);
    await until(async () => {
      const connection = await api()<{ data: { status: string } }>('GET', '/api/account/payment');
      return connection.body.data.status === 'CONNECTED';
    }, 'the connection');
  });
  afterAll(async () => {
    await t?.close();
    await double?.stop();
    await smtp?.close();
  });

  /** Waits for the worker's reactors (they run on their own, behind the projections) for up to 30 s. */
  async function until(check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  const settled = async () => {
    expect(await settle(t.platform)).toBe(true);
  };
  const streamOf = async (stream: string): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    for await (const event of t.platform.services.store.readStream(stream)) events.push(event);
    return events;
  };

  async function paidEvent(quantity = 10, settings: Record<string, unknown> = {}) {
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const eventId = created.body.data.id;
    if (Object.keys(settings).length > 0)
      expect((await api()('PUT', `/api/events/${eventId}/settings`, { json: settings })).status).toBe(200);
    const ticket = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'PAID', title: 'Entry', price: 2500, quantity, tax_and_fee_ids: [] },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    expect((await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    return { eventId, ticketId: ticket.body.data.id };
  }

  async function reserved(eventId: string, ticketId: string, quantity = 1) {
    const placed = await buyer()<{ data: PublicOrder }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticketId, quantity }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const shortId = placed.body.data.short_id;
    const details = await buyer()<{ data: PublicOrder }>(
      'PUT',
      `/api/public/events/${eventId}/orders/${shortId}/details`,
      {
        json: {
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'ann@example.com',
          attendees: Array.from({ length: quantity }, (_, i) => ({
            first_name: `Guest${i}`,
            last_name: 'Lee',
            email: `guest${i}@example.com`,
          })),
          terms_agreed: true,
        },
      },
    );
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    return details.body.data;
  }
  const intentFor = (eventId: string, shortId: string) =>
    buyer()<{ data: Intent }>('POST', `/api/public/events/${eventId}/orders/${shortId}/payment-intent`, {
      json: {},
    });
  const publicOrder = async (eventId: string, shortId: string) =>
    (await buyer()<{ data: PublicOrder }>('GET', `/api/public/events/${eventId}/orders/${shortId}`)).body
      .data;
  const memberOrder = async (eventId: string, orderId: string, as = token) =>
    (await t.client(as)<{ data: MemberOrder }>('GET', `/api/events/${eventId}/orders/${orderId}`)).body.data;
  const refund = (eventId: string, orderId: string, json: Record<string, unknown>, as = token) =>
    t.client(as)<{ data: MemberOrder }>('POST', `/api/events/${eventId}/orders/${orderId}/refunds`, { json });

  async function paidOrder(quantity = 10) {
    const { eventId, ticketId } = await paidEvent(quantity);
    const order = await reserved(eventId, ticketId);
    const intent = (await intentFor(eventId, order.short_id)).body.data;
    await double.succeedPaymentIntent(intent.payment_intent_id);
    await until(
      async () => (await publicOrder(eventId, order.short_id)).status === 'COMPLETED',
      'completion',
    );
    return { eventId, ticketId, order, intent };
  }

  it('pays by card: the intent for the exact total on the connected account with the fee; only the webhook completes', async () => {
    const { eventId, ticketId } = await paidEvent();
    const order = await reserved(eventId, ticketId, 2);
    expect(order.payment_methods).toContain('CARD');
    expect(order.card_payment).toEqual({
      publishable_key: double.env().STRIPE_PUBLISHABLE_KEY,
      stripe_account: stripeAccount,
    });

    const first = await intentFor(eventId, order.short_id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ amount: 5000, currency: 'EUR', stripe_account: stripeAccount });
    expect(first.body.data.client_secret).toMatch(/_secret_/);
    const created = double.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
    );
    const request = created.at(-1)!;
    expect(request.headers['idempotency-key']).toBe(`order-payment-${order.id}-1`);
    expect(request.headers['stripe-account']).toBe(stripeAccount);
    expect(request.params).toMatchObject({
      amount: '5000',
      currency: 'eur',
      application_fee_amount: '80',
      metadata: { order_id: order.id, event_id: eventId },
    });
    // Asked again (a reload): the same intent, no second one.
    const again = await intentFor(eventId, order.short_id);
    expect(again.body.data.payment_intent_id).toBe(first.body.data.payment_intent_id);
    expect(
      double.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents'),
    ).toHaveLength(created.length);

    // The browser's word completes nothing.
    expectProblem(
      await buyer()('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
        json: { payment_method: 'CARD' },
      }),
      422,
      'payment_method_unavailable',
    );

    const delivery = await double.succeedPaymentIntent(first.body.data.payment_intent_id);
    expect(delivery.status).toBe(200);
    await until(
      async () => (await publicOrder(eventId, order.short_id)).status === 'COMPLETED',
      'completion',
    );
    const done = await publicOrder(eventId, order.short_id);
    expect(done.payment_method).toBe('CARD');
    expect(done.attendees.every((attendee) => attendee.payment === 'PAID' && attendee.ticket_code)).toBe(
      true,
    );

    // The money trail, with Stripe's ids; a replayed delivery records nothing more.
    const redelivered = await double.redeliver(delivery);
    expect(JSON.parse(redelivered.body)).toMatchObject({ duplicate: true });
    await settled();
    const detail = await memberOrder(eventId, order.id);
    const intentId = first.body.data.payment_intent_id;
    const chargeId = double.paymentIntents.get(intentId)!.latest_charge as string;
    expect(detail.money_trail.map((item) => item.type)).toEqual([
      'PaymentIntentCreated',
      'OrderPaymentReceived',
      'OrderCompleted',
      'PlatformFeeCharged',
    ]);
    expect(detail.money_trail[1]).toMatchObject({
      amount: 5000,
      payment_intent_id: intentId,
      charge_id: chargeId,
    });
    expect(detail.money_trail[3]).toMatchObject({ amount: 80, payment_intent_id: intentId });
    expect(detail).toMatchObject({ status: 'COMPLETED', refunded_total: 0, remaining_total: 5000 });
    const billing = await api()<{ data: { fees: { order_id: string; fee: number }[] } }>(
      'GET',
      '/api/account/billing',
    );
    expect(billing.body.data.fees.find((fee) => fee.order_id === order.id)).toMatchObject({ fee: 80 });
  });

  it('a declined card marks the payment failed; the retry pays the same intent', async () => {
    const { eventId, ticketId } = await paidEvent();
    const order = await reserved(eventId, ticketId);
    const intent = (await intentFor(eventId, order.short_id)).body.data;
    await double.failPaymentIntent(intent.payment_intent_id);
    await until(
      async () => (await publicOrder(eventId, order.short_id)).status === 'PAYMENT_FAILED',
      'the failure',
    );
    const failed = await publicOrder(eventId, order.short_id);
    expect(failed.payment_failure).toBe('Your card was declined.');
    expect(failed.payment_methods).toContain('CARD');
    const retry = await intentFor(eventId, order.short_id);
    expect(retry.body.data.payment_intent_id).toBe(intent.payment_intent_id);
    await double.succeedPaymentIntent(intent.payment_intent_id);
    await until(
      async () => (await publicOrder(eventId, order.short_id)).status === 'COMPLETED',
      'completion',
    );
  });

  it('a payment for another amount is flagged on the order and does not complete it', async () => {
    const { eventId, ticketId } = await paidEvent();
    const order = await reserved(eventId, ticketId);
    const intent = (await intentFor(eventId, order.short_id)).body.data;
    const object = {
      ...double.paymentIntents.get(intent.payment_intent_id)!,
      status: 'succeeded',
      amount: 100,
      amount_received: 100,
    };
    await double.deliver('payment_intent.succeeded', object, stripeAccount);
    await until(async () => (await memberOrder(eventId, order.id)).payment_amount_mismatch, 'the flag');
    await settled();
    const detail = await memberOrder(eventId, order.id);
    expect(detail).toMatchObject({ status: 'RESERVED', payment_amount_mismatch: true });
    expect(detail.money_trail.map((item) => item.type)).toContain('PaymentAmountMismatch');
  });

  it('a late payment is re-reserved while the stock allows', async () => {
    const { eventId, ticketId } = await paidEvent(5);
    const order = await reserved(eventId, ticketId);
    const intent = (await intentFor(eventId, order.short_id)).body.data;
    clock.advance(20 * 60_000);
    await settled();
    await t.platform.worker.checkout.sweep();
    await until(async () => (await publicOrder(eventId, order.short_id)).status === 'EXPIRED', 'the expiry');
    // The buyer cannot start paying an expired order (its intent is not handed out again).
    expect((await intentFor(eventId, order.short_id)).body).toMatchObject({ reason: 'order_expired' });
    await double.succeedPaymentIntent(intent.payment_intent_id);
    await until(
      async () => (await publicOrder(eventId, order.short_id)).status === 'COMPLETED',
      'completion',
    );
    const converted = (await streamOf(inventoryStream(eventId))).find(
      (event) => event.type === 'HoldConverted',
    );
    expect(converted?.data).toMatchObject({ afterExpiry: true });
  });

  it('a late payment without stock is refunded in full, never oversold', async () => {
    const { eventId, ticketId } = await paidEvent(1, { offline_payments_enabled: true });
    const late = await reserved(eventId, ticketId);
    const intent = (await intentFor(eventId, late.short_id)).body.data;
    clock.advance(20 * 60_000);
    // Someone else buys the last ticket meanwhile.
    const other = await reserved(eventId, ticketId);
    const completed = await buyer()(
      'POST',
      `/api/public/events/${eventId}/orders/${other.short_id}/complete`,
      {
        json: { payment_method: 'OFFLINE' },
      },
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);

    await double.succeedPaymentIntent(intent.payment_intent_id);
    await until(
      () =>
        Promise.resolve(
          [...double.refunds.values()].some((r) => r.payment_intent === intent.payment_intent_id),
        ),
      'the refund',
    );
    const stripeRefund = [...double.refunds.values()].find(
      (r) => r.payment_intent === intent.payment_intent_id,
    )!;
    expect(stripeRefund.amount).toBe(2500);
    await until(
      async () => (await publicOrder(eventId, late.short_id)).status === 'REFUND_PENDING',
      'refund pending',
    );
    await double.settleRefund(stripeRefund.id);
    await until(async () => (await publicOrder(eventId, late.short_id)).status === 'REFUNDED', 'refunded');
    const told = await smtp.waitFor((mail) => mail.subject === `Your refund for order ${late.reference}`);
    expect(told.text).toContain('arrived after your reservation had expired');
    expect(told.to).toEqual(['ann@example.com']);
    const { state } = await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId));
    expect(remainingAt(state, clock.now()).tickets[ticketId]).toBe(0);
    expect(state.tickets[ticketId]?.sold).toBe(1);
    const detail = await memberOrder(eventId, late.id);
    expect(detail).toMatchObject({ refunded_total: 2500 });
    expect(detail.money_trail.find((item) => item.type === 'OrderRefunded')).toMatchObject({
      stripe_refund_id: stripeRefund.id,
    });
  });

  it('refunds: partial, one pending at a time, at most what remains; failed; then the rest', async () => {
    const { eventId, order, intent } = await paidOrder();
    expectProblem(await refund(eventId, order.id, { amount: 0 }), 400, 'validation_failed');
    expectProblem(await refund(eventId, order.id, { amount: -100 }), 400, 'validation_failed');
    expectProblem(await refund(eventId, order.id, { amount: 2501 }), 400, 'refund_amount_exceeds_remaining');
    expectProblem(await refund(eventId, order.id, { amount: 100, extra: true }), 400, 'validation_failed');

    const partial = await refund(eventId, order.id, { amount: 1000, notify_buyer: true });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    expect(partial.body.data).toMatchObject({ status: 'REFUND_PENDING', pending_refund_total: 1000 });
    const refundRequest = double.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/refunds')
      .at(-1)!;
    expect(refundRequest.params).toMatchObject({ payment_intent: intent.payment_intent_id, amount: '1000' });
    expect(refundRequest.headers['stripe-account']).toBe(stripeAccount);
    expect(String(refundRequest.headers['idempotency-key'])).toMatch(/^order-refund-/);
    const problem = expectProblem(await refund(eventId, order.id, { amount: 100 }), 409, 'refund_pending');
    expect(problem).toBeTruthy();

    const first = [...double.refunds.values()].find((r) => r.payment_intent === intent.payment_intent_id)!;
    await double.settleRefund(first.id);
    await until(
      async () => (await memberOrder(eventId, order.id)).status === 'PARTIALLY_REFUNDED',
      'partial',
    );
    expect(await memberOrder(eventId, order.id)).toMatchObject({
      refunded_total: 1000,
      remaining_total: 1500,
    });
    expectProblem(await refund(eventId, order.id, { amount: 1501 }), 400, 'refund_amount_exceeds_remaining');

    const rest = await refund(eventId, order.id, { amount: 1500 });
    expect(rest.status).toBe(201);
    const second = [...double.refunds.values()].find(
      (r) => r.payment_intent === intent.payment_intent_id && r.id !== first.id,
    )!;
    await double.failRefund(second.id);
    await until(
      async () => (await memberOrder(eventId, order.id)).status === 'REFUND_FAILED',
      'failed refund',
    );

    const retry = await refund(eventId, order.id, { amount: 1500, cancel_order: true });
    expect(retry.status).toBe(201);
    const third = [...double.refunds.values()].find(
      (r) => r.payment_intent === intent.payment_intent_id && r.id !== first.id && r.id !== second.id,
    )!;
    await double.settleRefund(third.id);
    await settled();
    const final = await memberOrder(eventId, order.id);
    // Cancelled with the refund: the status says what went back (docs/orders.md), the history that it was cancelled.
    expect(final).toMatchObject({ status: 'REFUNDED', refunded_total: 2500, remaining_total: 0 });
    expect(final.money_trail.filter((item) => item.type === 'OrderRefunded')).toHaveLength(2);
    expect(final.money_trail.filter((item) => item.type === 'OrderRefundFailed')).toHaveLength(1);
  });

  it('five concurrent refunds: exactly one is made, the others are told a refund is pending', async () => {
    const { eventId, order, intent } = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refund(eventId, order.id, { amount: 100 })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.status === 409))
      expect((answer.body as unknown as Problem).reason).toBe('refund_pending');
    const made = [...double.refunds.values()].filter((r) => r.payment_intent === intent.payment_intent_id);
    expect(made).toHaveLength(1);
  });

  it('an offline-paid order gets a recorded manual refund, without Stripe', async () => {
    const { eventId, ticketId } = await paidEvent(10, { offline_payments_enabled: true });
    const order = await reserved(eventId, ticketId);
    await buyer()('POST', `/api/public/events/${eventId}/orders/${order.short_id}/complete`, {
      json: { payment_method: 'OFFLINE' },
    });
    expectProblem(await refund(eventId, order.id, { amount: 100 }), 409, 'order_not_refundable');
    expect(
      (await api()('POST', `/api/events/${eventId}/orders/${order.id}/mark-paid`, { json: {} })).status,
    ).toBe(200);
    const before = double.requests.length;
    const refunded = await refund(eventId, order.id, { amount: 2500 });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(refunded.body.data).toMatchObject({
      status: 'REFUNDED',
      refunded_total: 2500,
      remaining_total: 0,
    });
    expect(double.requests.length).toBe(before);
    expect((await streamOf(orderStream(order.id))).map((event) => event.type)).toContain(
      'OrderRefundRecorded',
    );
  });

  it("another account's order is 404, like an unknown one", async () => {
    const { eventId, order } = await paidOrder();
    const other = await t.otherAccount();
    expectProblem(await refund(eventId, order.id, { amount: 100 }, other.token), 404, 'event_not_found');
    expectProblem(await refund(eventId, randomUUID(), { amount: 100 }), 404, 'order_not_found');
  });

  it('an unsigned, wrongly signed or stale payment webhook is 400 and records nothing', async () => {
    const { eventId, ticketId } = await paidEvent();
    const order = await reserved(eventId, ticketId);
    const intent = (await intentFor(eventId, order.short_id)).body.data;
    const object = { ...double.paymentIntents.get(intent.payment_intent_id)!, status: 'succeeded' };
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(clock.now().getTime() / 1000),
      data: { object },
    });
    const post = (signature?: string) =>
      t.client()<{ reason?: string }>('POST', stripeWebhookPath, {
        raw: payload,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
      });
    const now = Math.floor(clock.now().getTime() / 1000);
    expectProblem(await post(), 400, 'stripe_signature_invalid');
    expectProblem(
      await post(double.signature(payload, { timestamp: now, secret: 'whsec_wrong' })),
      400,
      'stripe_signature_invalid',
    );
    expectProblem(
      await post(double.signature(payload, { timestamp: now - 3600 })),
      400,
      'stripe_signature_invalid',
    );
    // Dated beyond the tolerance in the future: the SDK itself only refuses old signatures.
    expectProblem(
      await post(double.signature(payload, { timestamp: now + 301 })),
      400,
      'stripe_signature_invalid',
    );
    expectProblem(
      await post(double.signature(payload, { timestamp: now + 3600 })),
      400,
      'stripe_signature_invalid',
    );
    await settled();
    expect((await publicOrder(eventId, order.short_id)).status).toBe('RESERVED');
    expect((await streamOf(orderStream(order.id))).map((event) => event.type)).not.toContain(
      'OrderPaymentReceived',
    );
  });

  it('a signature dated a little ahead (clock skew within the tolerance) is accepted', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(clock.now().getTime() / 1000),
      data: { object: { id: 'cus_skew', object: 'customer' } },
    });
    const ahead = Math.floor(clock.now().getTime() / 1000) + 60;
    const answer = await t.client()('POST', stripeWebhookPath, {
      raw: payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': double.signature(payload, { timestamp: ahead }),
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  describe('Connect with two connected accounts: events about money the order does not know', () => {
    let otherStripeAccount: string;
    beforeAll(async () => {
      const other = await t.otherAccount();
      const connect = await t.client(other.token)<{ data: { stripe_account_id: string } }>(
        'POST',
        '/api/account/payment/connect',
        { json: {} },
      );
      expect(connect.status, JSON.stringify(connect.body)).toBe(200);
      otherStripeAccount = connect.body.data.stripe_account_id;
      expect(otherStripeAccount).not.toBe(stripeAccount);
      await double.completeAccount(otherStripeAccount);
    });

    /** An intent made by someone else, naming our order in its metadata (anyone can write metadata). */
    const foreignIntent = (order: PublicOrder, eventId: string, account: string) =>
      sdk.paymentIntents.create(
        {
          amount: order.total,
          currency: order.currency.toLowerCase(),
          metadata: { order_id: order.id, event_id: eventId },
        },
        { stripeAccount: account },
      );
    const refundsOf = (...intents: string[]) =>
      [...double.refunds.values()].filter((refund) => intents.includes(String(refund.payment_intent)));
    const typesOf = async (orderId: string) =>
      (await streamOf(orderStream(orderId))).map((event) => event.type);

    it('a signed payment of an intent the order never created, on another connected account, after expiry without stock: the order is unchanged and nothing is refunded on any account', async () => {
      const { eventId, ticketId } = await paidEvent(1, { offline_payments_enabled: true });
      const order = await reserved(eventId, ticketId);
      const own = (await intentFor(eventId, order.short_id)).body.data;
      clock.advance(20 * 60_000);
      await settled();
      await t.platform.worker.checkout.sweep();
      await until(async () => (await publicOrder(eventId, order.short_id)).status === 'EXPIRED', 'expiry');
      // The last ticket goes to someone else: a late payment of this order could only be refunded.
      const other = await reserved(eventId, ticketId);
      expect(
        (
          await buyer()('POST', `/api/public/events/${eventId}/orders/${other.short_id}/complete`, {
            json: { payment_method: 'OFFLINE' },
          })
        ).status,
      ).toBe(200);
      const before = await typesOf(order.id);

      const foreign = await foreignIntent(order, eventId, otherStripeAccount);
      const delivery = await double.succeedPaymentIntent(foreign.id);
      expect(delivery.status).toBe(200);
      expect(delivery.event).toMatchObject({ account: otherStripeAccount });
      await settled();

      expect(await typesOf(order.id)).toEqual([...before, 'ForeignStripeEventIgnored']);
      expect(refundsOf(foreign.id, own.payment_intent_id)).toEqual([]);
      expect(
        double.requests.filter(
          (request) =>
            request.path === '/v1/refunds' &&
            [foreign.id, own.payment_intent_id].includes(String(request.params.payment_intent)),
        ),
      ).toEqual([]);
      const detail = await memberOrder(eventId, order.id);
      expect(detail).toMatchObject({ status: 'EXPIRED', refunded_total: 0, pending_refund_total: 0 });
      expect(detail.money_trail.at(-1)).toMatchObject({
        type: 'ForeignStripeEventIgnored',
        payment_intent_id: foreign.id,
        status: 'UNKNOWN_PAYMENT_INTENT',
      });
      const { state } = await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId));
      expect(state.tickets[ticketId]?.sold).toBe(1);
    });

    it('a payment of an intent the order never created, on its own connected account, or its own intent sent from another account: nothing sold; its own payment then completes it', async () => {
      const { eventId, ticketId } = await paidEvent();
      const order = await reserved(eventId, ticketId);
      const own = (await intentFor(eventId, order.short_id)).body.data;

      const sameAccount = await foreignIntent(order, eventId, stripeAccount);
      await double.succeedPaymentIntent(sameAccount.id);
      // The order's own intent id, in an event sent for another connected account.
      await double.deliver(
        'payment_intent.succeeded',
        {
          ...double.paymentIntents.get(own.payment_intent_id)!,
          status: 'succeeded',
          amount_received: own.amount,
        },
        otherStripeAccount,
      );
      // And a decline of an intent it does not know.
      const declined = await foreignIntent(order, eventId, otherStripeAccount);
      await double.failPaymentIntent(declined.id);
      await settled();
      expect((await publicOrder(eventId, order.short_id)).status).toBe('RESERVED');
      const recorded = (await streamOf(orderStream(order.id))).filter(
        (event) => event.type === 'ForeignStripeEventIgnored',
      );
      expect(recorded.map((event) => event.data)).toEqual([
        expect.objectContaining({
          paymentIntentId: sameAccount.id,
          stripeAccount,
          reason: 'UNKNOWN_PAYMENT_INTENT',
        }),
        expect.objectContaining({
          paymentIntentId: own.payment_intent_id,
          stripeAccount: otherStripeAccount,
          expectedStripeAccount: stripeAccount,
          reason: 'OTHER_CONNECTED_ACCOUNT',
        }),
        expect.objectContaining({
          paymentIntentId: declined.id,
          stripeType: 'payment_intent.payment_failed',
          reason: 'UNKNOWN_PAYMENT_INTENT',
        }),
      ]);
      expect(await typesOf(order.id)).not.toContain('OrderPaymentReceived');
      expect(refundsOf(sameAccount.id, own.payment_intent_id, declined.id)).toEqual([]);

      await double.succeedPaymentIntent(own.payment_intent_id);
      await until(
        async () => (await publicOrder(eventId, order.short_id)).status === 'COMPLETED',
        'completion',
      );
    });

    it('a refund or charge refund about the order’s payment from another connected account, or of an intent it does not know, changes nothing', async () => {
      const { eventId, order, intent } = await paidOrder();
      const before = await typesOf(order.id);
      const charge = double.paymentIntents.get(intent.payment_intent_id)!.latest_charge as string;
      const refundObject = (id: string, paymentIntent: string) => ({
        id,
        object: 'refund',
        amount: 2500,
        currency: 'eur',
        charge,
        payment_intent: paymentIntent,
        status: 'succeeded',
        metadata: { order_id: order.id },
        failure_reason: null,
      });
      await double.deliver(
        'refund.updated',
        refundObject('re_foreign_1', intent.payment_intent_id),
        otherStripeAccount,
      );
      await double.deliver('refund.created', refundObject('re_foreign_2', 'pi_unknown'), stripeAccount);
      await double.deliver(
        'charge.refunded',
        {
          id: charge,
          object: 'charge',
          amount: 2500,
          amount_refunded: 2500,
          refunded: true,
          currency: 'eur',
          payment_intent: intent.payment_intent_id,
          metadata: { order_id: order.id },
        },
        otherStripeAccount,
      );
      await settled();
      expect(await typesOf(order.id)).toEqual([
        ...before,
        'ForeignStripeEventIgnored',
        'ForeignStripeEventIgnored',
        'ForeignStripeEventIgnored',
      ]);
      expect(await memberOrder(eventId, order.id)).toMatchObject({
        status: 'COMPLETED',
        refunded_total: 0,
        remaining_total: 2500,
        pending_refund_total: 0,
      });
    });
  });
}

describe('card payments and refunds (SQLite)', () => cardPaymentsSuite('sqlite'));
describeWithPostgres('card payments and refunds (PostgreSQL)', () => cardPaymentsSuite('postgres'));
