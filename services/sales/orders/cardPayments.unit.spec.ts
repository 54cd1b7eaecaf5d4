import { describe, expect, it } from 'vitest';
import type { CommandHandler } from '../../kit/commandHandler';
import { ManualClock } from '../../kit/clock';
import type { StripeConfig } from '../../kit/config';
import { fold, type Decider, type DomainEvent } from '../../kit/decider';
import { createLogger } from '../../kit/logger';
import type { Stripe } from '../../payments/stripeClient';
import type { StripeWebhookEvent } from '../../payments/webhooks/stripeEventHandlers';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { orderPaymentHandlersWith } from './cardPayments';
import { orderStream } from './orderEvents';

/**
 * The payment process manager: given the order's and the inventory's events, when Stripe's webhook, then the
 * events it appends (and the Stripe calls it makes). An in-memory command handler stands in for the store:
 * one list of events per stream, commands decided on the folded state, keyed repeats answered once.
 */
function memoryCommands(given: Record<string, DomainEvent[]>) {
  const streams = new Map(Object.entries(given).map(([stream, events]) => [stream, [...events]]));
  const keys = new Set<string>();
  const of = (stream: string) => streams.get(stream) ?? [];
  const commands = {
    // Remembers nothing: a workflow's plan reads every stream through `load`.
    remembered: () => undefined,
    load<Event extends DomainEvent, State>(decider: Decider<unknown, Event, State>, stream: string) {
      const state = fold(decider, decider.initialState(), of(stream) as Event[]);
      return Promise.resolve({ state, revision: BigInt(of(stream).length - 1) });
    },
    handle<Command, Event extends DomainEvent, State>(
      decider: Decider<Command, Event, State>,
      stream: string,
      command: Command,
      context: { idempotencyKey?: string },
    ) {
      const state = fold(decider, decider.initialState(), of(stream) as Event[]);
      const key = context.idempotencyKey ? `${stream}|${context.idempotencyKey}` : null;
      const events = key && keys.has(key) ? [] : decider.decide(command, state);
      if (key) keys.add(key);
      streams.set(stream, [...of(stream), ...events]);
      return Promise.resolve({
        events,
        revision: BigInt(of(stream).length - 1),
        position: 1n,
        state: fold(decider, state, events),
      });
    },
  };
  return {
    commands: commands as unknown as CommandHandler,
    types: (stream: string) => of(stream).map((e) => e.type),
    of,
  };
}

const clock = new ManualClock(new Date('2026-03-01T10:10:00.000Z'));
const ids = { eventId: 'ev_1', orderId: 'or_1' };
const at = '2026-03-01T10:00:00.000Z';
const placed: DomainEvent = {
  type: 'OrderPlaced',
  data: {
    ...ids,
    accountId: 'ac_1',
    shortId: 'abcdefghjkmnpqrstvwx',
    reference: 'ABCD1234',
    holdId: 'ho_1',
    locale: 'en',
    promoCodeId: null,
    promoCode: null,
    affiliateCode: null,
    currency: 'EUR',
    displayMode: 'INCLUSIVE',
    lines: [],
    totals: { subtotal: 2000, discountTotal: 0, feeTotal: 0, taxTotal: 0, total: 2000, taxes: [], fees: [] },
    attendees: [{ attendeeId: 'at_1', shortId: 'a0000000000000000001', ticketId: 'tk_1', tierId: null }],
    expiresAt: '2026-03-01T10:15:00.000Z',
    placedAt: at,
  },
};
const buyer = { firstName: 'Ann', lastName: 'Doe', email: 'ann@example.com' };
const details: DomainEvent = {
  type: 'OrderDetailsSubmitted',
  data: {
    ...ids,
    buyer,
    locale: 'en',
    answers: {},
    attendees: [{ attendeeId: 'at_1', ...buyer, answers: {} }],
    submittedAt: at,
  },
};
const intentCreated: DomainEvent = {
  type: 'PaymentIntentCreated',
  data: {
    ...ids,
    paymentIntentId: 'pi_1',
    attempt: 1,
    amount: 2000,
    currency: 'EUR',
    applicationFee: 50,
    stripeAccount: 'acct_1',
    createdAt: at,
  },
};
const stock = (quantity: number): DomainEvent => ({
  type: 'TicketStockDefined',
  data: { eventId: 'ev_1', ticketId: 'tk_1', quantity, definedAt: at },
});
const hold = (holdId: string, orderId: string, expiresAt: string): DomainEvent => ({
  type: 'HoldPlaced',
  data: {
    eventId: 'ev_1',
    holdId,
    orderId,
    lines: [{ ticketId: 'tk_1', tierId: null, quantity: 1 }],
    promoCodeId: null,
    placedAt: at,
    expiresAt,
  },
});
const released: DomainEvent = {
  type: 'HoldReleased',
  data: { eventId: 'ev_1', holdId: 'ho_1', releasedAt: '2026-03-01T10:16:00.000Z' },
};
const expired: DomainEvent = {
  type: 'OrderExpired',
  data: { ...ids, expiredAt: '2026-03-01T10:16:00.000Z' },
};

function fakeStripe() {
  const created: Record<string, unknown>[] = [];
  const retrieved: string[] = [];
  const refunds = new Map<string, Record<string, unknown>>();
  const stripe = {
    refunds: {
      create: (params: Record<string, unknown>, options: Record<string, unknown>) => {
        created.push({ ...params, ...options });
        return Promise.resolve({ id: `re_${created.length}`, status: 'pending', ...params });
      },
      retrieve: (id: string) => {
        retrieved.push(id);
        return Promise.resolve(refunds.get(id));
      },
    },
    paymentIntents: { retrieve: () => Promise.resolve({ metadata: { order_id: 'or_1' } }) },
  };
  return { stripe: stripe as unknown as Stripe, created, retrieved, refunds };
}

const config = {
  mode: 'connect',
  secretKey: 'sk',
  publishableKey: 'pk',
  webhookSecrets: [],
  api: null,
  applicationFee: null,
  timeoutMs: 1000,
  maxNetworkRetries: 0,
} satisfies StripeConfig;

function webhook(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${type}`,
  account: string | null = 'acct_1',
): StripeWebhookEvent {
  return { id, type, account, created: clock.now(), object };
}
const succeeded = (amount = 2000) =>
  webhook('payment_intent.succeeded', {
    id: 'pi_1',
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency: 'eur',
    latest_charge: 'ch_1',
    application_fee_amount: 50,
    metadata: { order_id: 'or_1' },
  });
const failed = webhook('payment_intent.payment_failed', {
  id: 'pi_1',
  metadata: { order_id: 'or_1' },
  last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Declined' },
});

async function run(memory: ReturnType<typeof memoryCommands>, stripe: Stripe, event: StripeWebhookEvent) {
  const handler = orderPaymentHandlersWith(stripe, config)[event.type];
  if (!handler) throw new Error(`no handler for ${event.type}`);
  await handler(event, {
    commands: memory.commands,
    db: undefined as never,
    clock,
    logger: createLogger('error'),
    command: { correlationId: 'c', actor: 'stripe', idempotencyKey: `stripe-event:${event.id}` },
  });
}

const order = orderStream('or_1');
const inventory = inventoryStream('ev_1');

describe('the payment process manager', () => {
  it('payment_intent.succeeded: the hold is sold, the order paid, completed and the fee charged; once', async () => {
    const memory = memoryCommands({
      [order]: [placed, details, intentCreated],
      [inventory]: [stock(5), hold('ho_1', 'or_1', '2026-03-01T10:15:00.000Z')],
    });
    const { stripe } = fakeStripe();
    await run(memory, stripe, succeeded());
    await run(memory, stripe, succeeded());
    expect(memory.types(order).slice(3)).toEqual([
      'OrderPaymentReceived',
      'OrderCompleted',
      'PlatformFeeCharged',
    ]);
    expect(memory.of(inventory).at(-1)).toMatchObject({
      type: 'HoldConverted',
      data: { afterExpiry: false },
    });
    expect(memory.of(order)[3]).toMatchObject({
      data: { paymentIntentId: 'pi_1', chargeId: 'ch_1', stripeEventId: 'evt_payment_intent.succeeded' },
    });
  });

  it('a payment of another amount is flagged, nothing is sold', async () => {
    const memory = memoryCommands({
      [order]: [placed, details, intentCreated],
      [inventory]: [stock(5), hold('ho_1', 'or_1', '2026-03-01T10:15:00.000Z')],
    });
    await run(memory, fakeStripe().stripe, succeeded(1500));
    expect(memory.types(order).slice(3)).toEqual(['PaymentAmountMismatch']);
    expect(memory.types(inventory)).not.toContain('HoldConverted');
  });

  it('a late payment is sold again while stock allows', async () => {
    const memory = memoryCommands({
      [order]: [placed, details, intentCreated, expired],
      [inventory]: [stock(1), hold('ho_1', 'or_1', '2026-03-01T10:05:00.000Z'), released],
    });
    await run(memory, fakeStripe().stripe, succeeded());
    expect(memory.types(order).slice(4)).toEqual([
      'OrderPaymentReceived',
      'OrderCompleted',
      'PlatformFeeCharged',
    ]);
    expect(memory.of(inventory).at(-1)).toMatchObject({ type: 'HoldConverted', data: { afterExpiry: true } });
  });

  it('a late payment without stock is refunded in full through Stripe, never sold', async () => {
    const memory = memoryCommands({
      [order]: [placed, details, intentCreated, expired],
      [inventory]: [
        stock(1),
        hold('ho_1', 'or_1', '2026-03-01T10:05:00.000Z'),
        released,
        hold('ho_2', 'or_2', '2026-03-01T10:40:00.000Z'),
      ],
    });
    const { stripe, created } = fakeStripe();
    await run(memory, stripe, succeeded());
    await run(memory, stripe, succeeded());
    expect(memory.types(order).slice(4)).toEqual([
      'OrderPaymentReceived',
      'OrderRefundRequested',
      'OrderRefundSubmitted',
    ]);
    expect(memory.of(order)[5]).toMatchObject({
      data: { reason: 'LATE_PAYMENT', amount: 2000, notifyBuyer: true },
    });
    expect(memory.types(inventory)).not.toContain('HoldConverted');
    expect(created).toEqual([
      expect.objectContaining({
        payment_intent: 'pi_1',
        amount: 2000,
        idempotencyKey: 'order-refund-late-pi_1',
        stripeAccount: 'acct_1',
      }),
    ]);
  });

  it('payment_intent.payment_failed after the success (out of order) changes nothing; before it, marks the failure', async () => {
    const memory = memoryCommands({
      [order]: [placed, details, intentCreated],
      [inventory]: [stock(5), hold('ho_1', 'or_1', '2026-03-01T10:15:00.000Z')],
    });
    const { stripe } = fakeStripe();
    await run(memory, stripe, failed);
    expect(memory.types(order).at(-1)).toBe('OrderPaymentFailed');
    expect(memory.of(order).at(-1)).toMatchObject({ data: { failureCode: 'insufficient_funds' } });
    await run(memory, stripe, succeeded());
    await run(memory, stripe, { ...failed, id: 'evt_failed_again' });
    expect(memory.types(order).slice(3)).toEqual([
      'OrderPaymentFailed',
      'OrderPaymentReceived',
      'OrderCompleted',
      'PlatformFeeCharged',
    ]);
  });

  it('refund.updated before the refund was recorded as submitted, then a failed refund', async () => {
    const paid: DomainEvent[] = [
      placed,
      details,
      intentCreated,
      {
        type: 'OrderPaymentReceived',
        data: {
          ...ids,
          paymentIntentId: 'pi_1',
          chargeId: 'ch_1',
          amount: 2000,
          currency: 'EUR',
          afterExpiry: false,
          stripeEventId: 'e',
          receivedAt: at,
        },
      },
      { type: 'OrderCompleted', data: { ...ids, paymentMethod: 'CARD', completedAt: at } },
      {
        type: 'OrderRefundRequested',
        data: {
          ...ids,
          refundId: 'rf_1',
          paymentIntentId: 'pi_1',
          amount: 500,
          currency: 'EUR',
          reason: 'ORGANIZER',
          cancelOrder: false,
          notifyBuyer: false,
          requestedBy: 'us_1',
          requestedAt: at,
        },
      },
    ];
    const memory = memoryCommands({ [order]: paid });
    const { stripe } = fakeStripe();
    const refund = (status: string, id: string) =>
      webhook(
        'refund.updated',
        {
          id: 're_9',
          object: 'refund',
          amount: 500,
          status,
          payment_intent: 'pi_1',
          failure_reason: status === 'failed' ? 'expired_or_canceled_card' : null,
          metadata: { order_id: 'or_1', refund_id: 'rf_1' },
        },
        id,
      );
    await run(memory, stripe, refund('failed', 'evt_r1'));
    await run(memory, stripe, refund('pending', 'evt_r0'));
    expect(memory.types(order).slice(6)).toEqual(['OrderRefundSubmitted', 'OrderRefundFailed']);
    expect(memory.of(order).at(-1)).toMatchObject({
      data: { stripeRefundId: 're_9', failureReason: 'expired_or_canceled_card' },
    });
  });

  it('events for orders that are not ours are acknowledged without a trace', async () => {
    const memory = memoryCommands({});
    await run(
      memory,
      fakeStripe().stripe,
      webhook('payment_intent.succeeded', { id: 'pi_x', amount: 1, currency: 'eur', metadata: {} }),
    );
    await run(
      memory,
      fakeStripe().stripe,
      webhook('payment_intent.succeeded', {
        id: 'pi_x',
        amount: 1,
        currency: 'eur',
        metadata: { order_id: 'or_unknown' },
      }),
    );
    expect(memory.types(orderStream('or_unknown'))).toEqual([]);
  });

  describe('a signed event about money the order does not know', () => {
    const foreignIntent = (account: string | null, id = 'pi_x', eventId = 'evt_foreign') =>
      webhook(
        'payment_intent.succeeded',
        {
          id,
          object: 'payment_intent',
          amount: 2000,
          amount_received: 2000,
          currency: 'eur',
          latest_charge: 'ch_x',
          metadata: { order_id: 'or_1' },
        },
        eventId,
        account,
      );

    it('a payment on an intent the order never created: nothing sold, nothing completed, recorded as foreign', async () => {
      const memory = memoryCommands({
        [order]: [placed, details, intentCreated],
        [inventory]: [stock(5), hold('ho_1', 'or_1', '2026-03-01T10:15:00.000Z')],
      });
      const { stripe, created } = fakeStripe();
      await run(memory, stripe, foreignIntent('acct_1'));
      await run(memory, stripe, foreignIntent('acct_1'));
      expect(memory.types(order).slice(3)).toEqual(['ForeignStripeEventIgnored']);
      expect(memory.of(order)[3]).toMatchObject({
        data: {
          stripeEventId: 'evt_foreign',
          paymentIntentId: 'pi_x',
          stripeAccount: 'acct_1',
          reason: 'UNKNOWN_PAYMENT_INTENT',
        },
      });
      expect(memory.types(inventory)).not.toContain('HoldConverted');
      expect(created).toEqual([]);
    });

    it('the order’s own intent id from another connected account, after expiry without stock: no refund on any account', async () => {
      const memory = memoryCommands({
        [order]: [placed, details, intentCreated, expired],
        [inventory]: [
          stock(1),
          hold('ho_1', 'or_1', '2026-03-01T10:05:00.000Z'),
          released,
          hold('ho_2', 'or_2', '2026-03-01T10:40:00.000Z'),
        ],
      });
      const { stripe, created } = fakeStripe();
      await run(memory, stripe, foreignIntent('acct_2', 'pi_1'));
      await run(memory, stripe, foreignIntent(null, 'pi_x', 'evt_platform'));
      expect(memory.types(order).slice(4)).toEqual([
        'ForeignStripeEventIgnored',
        'ForeignStripeEventIgnored',
      ]);
      expect(memory.of(order)[4]).toMatchObject({
        data: { reason: 'OTHER_CONNECTED_ACCOUNT', stripeAccount: 'acct_2', expectedStripeAccount: 'acct_1' },
      });
      expect(created).toEqual([]);
      expect(memory.types(inventory)).not.toContain('HoldConverted');
    });

    it('a failure, a refund and a charge refund from another account change nothing and ask Stripe nothing', async () => {
      const memory = memoryCommands({
        [order]: [placed, details, intentCreated],
        [inventory]: [stock(5), hold('ho_1', 'or_1', '2026-03-01T10:15:00.000Z')],
      });
      const { stripe, created, retrieved } = fakeStripe();
      await run(memory, stripe, { ...failed, id: 'evt_fail_x', account: 'acct_2' });
      await run(memory, stripe, succeeded());
      const paidCount = memory.of(order).length;
      await run(
        memory,
        stripe,
        webhook(
          'refund.updated',
          {
            id: 're_x',
            object: 'refund',
            amount: 2000,
            currency: 'eur',
            status: 'succeeded',
            payment_intent: 'pi_1',
            metadata: { order_id: 'or_1' },
          },
          'evt_refund_x',
          'acct_2',
        ),
      );
      await run(
        memory,
        stripe,
        webhook(
          'charge.refunded',
          {
            id: 'ch_x',
            object: 'charge',
            amount_refunded: 2000,
            currency: 'eur',
            payment_intent: 'pi_x',
            metadata: { order_id: 'or_1' },
          },
          'evt_charge_x',
          'acct_1',
        ),
      );
      expect(memory.types(order).slice(3)).toEqual([
        'ForeignStripeEventIgnored',
        'OrderPaymentReceived',
        'OrderCompleted',
        'PlatformFeeCharged',
        'ForeignStripeEventIgnored',
        'ForeignStripeEventIgnored',
      ]);
      expect(memory.of(order).length).toBe(paidCount + 2);
      expect(created).toEqual([]);
      expect(retrieved).toEqual([]);
    });
  });
});
