import { afterEach, beforeEach, expect, it } from 'vitest';
import type {
  ConnectedAccountCreated,
  ConnectedAccountUpdated,
  PlatformFeeCharged,
} from '../../services/payments/paymentEvents';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { paymentConnectionsProjection, platformFeesProjection } from '.';

describeEachStorage('payments read models', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps each account’s connected account and its onboarding status', async () => {
    const created = (accountId: string, stripeAccountId: string) => ({
      stream: `payment-connection-${accountId}`,
      type: 'ConnectedAccountCreated' as const,
      data: { accountId, stripeAccountId, createdAt: '2026-11-01T10:00:00.000Z' },
    });
    const updated = (accountId: string, stripeAccountId: string, complete: boolean) => ({
      stream: `payment-connection-${accountId}`,
      type: 'ConnectedAccountUpdated' as const,
      data: {
        accountId,
        stripeAccountId,
        chargesEnabled: complete,
        detailsSubmitted: complete,
        stripeEventId: 'evt_1',
        stripeEventCreated: '2026-11-02T10:00:00.000Z',
        updatedAt: '2026-11-02T10:00:01.000Z',
      },
    });
    const { rows, keys } = await projectionSpec<ConnectedAccountCreated | ConnectedAccountUpdated>(
      storage,
      paymentConnectionsProjection,
    )
      .given([
        created('ac_1', 'acct_1'),
        updated('ac_1', 'acct_1', false),
        updated('ac_1', 'acct_1', true),
        created('ac_2', 'acct_2'),
      ])
      .then({ payment_connections: ['account_id'] });
    expect(rows.payment_connections).toEqual([
      expect.objectContaining({ account_id: 'ac_1', stripe_account_id: 'acct_1', status: 'CONNECTED' }),
      expect.objectContaining({
        account_id: 'ac_2',
        stripe_account_id: 'acct_2',
        status: 'SETUP_INCOMPLETE',
      }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['account:ac_1', 'account:ac_2']));
  });

  it('lists each platform fee once, with its billing month', async () => {
    const fee = (orderId: string, chargedAt: string): PlatformFeeCharged & { stream: string } => ({
      stream: `order-${orderId}`,
      type: 'PlatformFeeCharged',
      data: {
        accountId: 'ac_1',
        eventId: 'ev_1',
        orderId,
        orderShortId: `o_${orderId}`,
        paymentIntentId: `pi_${orderId}`,
        chargeId: null,
        currency: 'eur',
        orderTotal: 5_000,
        fee: 105,
        chargedAt,
      },
    });
    const { rows } = await projectionSpec<PlatformFeeCharged>(storage, platformFeesProjection)
      .given([fee('o1', '2026-10-31T23:59:59.000Z'), fee('o2', '2026-11-01T00:00:00.000Z')])
      .then({ platform_fees: ['order_id'] });
    expect(rows.platform_fees).toEqual([
      expect.objectContaining({ order_id: 'o1', month: '2026-10', currency: 'EUR' }),
      expect.objectContaining({ order_id: 'o2', month: '2026-11', order_short_id: 'o_o2' }),
    ]);
  });
});
