import { describe, expect, it } from 'vitest';
import { fold } from '../../kit/decider';
import { deciderSpec } from '../../kit/deciderSpec';
import type { ConnectedAccountCreated, ConnectedAccountUpdated } from '../paymentEvents';
import { paymentConnectionDecider, type SyncConnectedAccount } from './connectionDecider';
import { stripeEventClaimDecider } from '../webhooks/stripeEventClaims';

const now = new Date('2026-11-22T10:00:00.000Z');
const spec = deciderSpec(paymentConnectionDecider);

const created: ConnectedAccountCreated = {
  type: 'ConnectedAccountCreated',
  data: { accountId: 'ac_1', stripeAccountId: 'acct_1', createdAt: now.toISOString() },
};
const sync = (overrides: Partial<SyncConnectedAccount> = {}): SyncConnectedAccount => ({
  type: 'SyncConnectedAccount',
  accountId: 'ac_1',
  stripeAccountId: 'acct_1',
  chargesEnabled: true,
  detailsSubmitted: true,
  stripeEventId: 'evt_2',
  stripeEventCreated: new Date('2026-11-22T10:05:00.000Z'),
  now,
  ...overrides,
});
const updated = (command: SyncConnectedAccount): ConnectedAccountUpdated => ({
  type: 'ConnectedAccountUpdated',
  data: {
    accountId: command.accountId,
    stripeAccountId: command.stripeAccountId,
    chargesEnabled: command.chargesEnabled,
    detailsSubmitted: command.detailsSubmitted,
    stripeEventId: command.stripeEventId,
    stripeEventCreated: command.stripeEventCreated.toISOString(),
    updatedAt: now.toISOString(),
  },
});

describe('payment connection', () => {
  it('records the connected account once; the same account again changes nothing', () => {
    const record = {
      type: 'RecordConnectedAccount' as const,
      accountId: 'ac_1',
      stripeAccountId: 'acct_1',
      now,
    };
    spec.given([]).when(record).then([created]);
    spec.given([created]).when(record).thenNothingHappened();
  });

  it('refuses a second, different connected account', () => {
    spec
      .given([created])
      .when({ type: 'RecordConnectedAccount', accountId: 'ac_1', stripeAccountId: 'acct_2', now })
      .thenRefused('payment_account_mismatch');
  });

  it('becomes connected when Stripe says charges are enabled and details submitted', () => {
    spec
      .given([created])
      .when(sync())
      .then([updated(sync())]);
    const state = fold(paymentConnectionDecider, paymentConnectionDecider.initialState(), [
      created,
      updated(sync()),
    ]);
    expect(state).toMatchObject({ status: 'CONNECTED' });
    const incomplete = sync({ chargesEnabled: true, detailsSubmitted: false });
    const after = fold(paymentConnectionDecider, paymentConnectionDecider.initialState(), [
      created,
      updated(incomplete),
    ]);
    expect(after).toMatchObject({ status: 'SETUP_INCOMPLETE' });
  });

  it('ignores an update older than the one applied (Stripe does not promise order)', () => {
    const newer = sync();
    const older = sync({
      stripeEventId: 'evt_1',
      chargesEnabled: false,
      detailsSubmitted: false,
      stripeEventCreated: new Date('2026-11-22T10:01:00.000Z'),
    });
    spec
      .given([created, updated(newer)])
      .when(older)
      .thenNothingHappened();
  });

  it('ignores updates of another connected account than the recorded one', () => {
    spec
      .given([created])
      .when(sync({ stripeAccountId: 'acct_other' }))
      .thenNothingHappened();
  });

  it('records the account from an update that overtook the record of its creation', () => {
    spec
      .given([])
      .when(sync())
      .then([created, updated(sync())]);
  });
});

describe('stripe event claim', () => {
  it('records a Stripe event the first time only', () => {
    const receive = {
      type: 'ReceiveStripeEvent' as const,
      event: {
        stripeEventId: 'evt_1',
        stripeType: 'account.updated',
        stripeAccount: 'acct_1',
        created: now.toISOString(),
        object: { id: 'acct_1' },
      },
      now,
    };
    const received = {
      type: 'StripeEventReceived' as const,
      data: { ...receive.event, receivedAt: now.toISOString() },
    };
    deciderSpec(stripeEventClaimDecider).given([]).when(receive).then([received]);
    deciderSpec(stripeEventClaimDecider).given([received]).when(receive).thenNothingHappened();
  });
});
