import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import type { PaymentConnectionEvent } from '../paymentEvents';

/** Where an account stands with card payments (spec section 4, "Card payment connection"). */
export type ConnectionStatus = 'NOT_CONNECTED' | 'SETUP_INCOMPLETE' | 'CONNECTED';

export type PaymentConnectionState =
  | { exists: false }
  | {
      exists: true;
      accountId: string;
      stripeAccountId: string;
      status: Exclude<ConnectionStatus, 'NOT_CONNECTED'>;
      /** `created` of the newest Stripe event applied: older ones arriving late change nothing. */
      syncedUpTo: string | null;
    };

/** The connect route created (or got back, same idempotency key) the account's connected account. */
export type RecordConnectedAccount = {
  type: 'RecordConnectedAccount';
  accountId: string;
  stripeAccountId: string;
  now: Date;
};

/** What an `account.updated` webhook says about a connected account. */
export type SyncConnectedAccount = {
  type: 'SyncConnectedAccount';
  accountId: string;
  stripeAccountId: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  stripeEventId: string;
  stripeEventCreated: Date;
  now: Date;
};

export type PaymentConnectionCommand = RecordConnectedAccount | SyncConnectedAccount;

export function connectionStatus(flags: {
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}): 'CONNECTED' | 'SETUP_INCOMPLETE' {
  return flags.chargesEnabled && flags.detailsSubmitted ? 'CONNECTED' : 'SETUP_INCOMPLETE';
}

export const paymentConnectionDecider: Decider<
  PaymentConnectionCommand,
  PaymentConnectionEvent,
  PaymentConnectionState
> = {
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'ConnectedAccountCreated':
        return {
          exists: true,
          accountId: event.data.accountId,
          stripeAccountId: event.data.stripeAccountId,
          status: 'SETUP_INCOMPLETE',
          syncedUpTo: null,
        };
      case 'ConnectedAccountUpdated':
        if (!state.exists) return state;
        return { ...state, status: connectionStatus(event.data), syncedUpTo: event.data.stripeEventCreated };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'RecordConnectedAccount':
        if (state.exists) {
          if (state.stripeAccountId === command.stripeAccountId) return [];
          refuse('payment_account_mismatch');
        }
        return [
          {
            type: 'ConnectedAccountCreated',
            data: { accountId: command.accountId, stripeAccountId: command.stripeAccountId, createdAt: at },
          },
        ];
      case 'SyncConnectedAccount': {
        // Another connected account than the one recorded (an abandoned one): nothing to do with this account.
        if (state.exists && state.stripeAccountId !== command.stripeAccountId) return [];
        const created = command.stripeEventCreated.toISOString();
        // Stripe does not promise order: an update older than the one applied is stale.
        if (state.exists && state.syncedUpTo !== null && created < state.syncedUpTo) return [];
        const updated = {
          type: 'ConnectedAccountUpdated' as const,
          data: {
            accountId: command.accountId,
            stripeAccountId: command.stripeAccountId,
            chargesEnabled: command.chargesEnabled,
            detailsSubmitted: command.detailsSubmitted,
            stripeEventId: command.stripeEventId,
            stripeEventCreated: created,
            updatedAt: at,
          },
        };
        // The update can overtake the record of the creation (a connect request that died after Stripe
        // answered): Stripe's word that the account is ours (its metadata) is enough to record both.
        if (!state.exists)
          return [
            {
              type: 'ConnectedAccountCreated' as const,
              data: { accountId: command.accountId, stripeAccountId: command.stripeAccountId, createdAt: at },
            },
            updated,
          ];
        return [updated];
      }
    }
  },
};
