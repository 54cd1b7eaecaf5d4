import type { Decider } from '../../kit/decider';
import type { StripeEventReceived } from '../paymentEvents';

/**
 * Each Stripe event is processed once: its first verified delivery appends `StripeEventReceived` to a stream
 * of its own (`stripe-event-<id>`, a claim like services/identity/emailClaims.ts); a redelivery finds the
 * stream taken and records nothing.
 */
export type ReceiveStripeEvent = {
  type: 'ReceiveStripeEvent';
  event: Omit<StripeEventReceived['data'], 'receivedAt'>;
  now: Date;
};

export type StripeEventClaimState = { received: boolean };

export const stripeEventClaimDecider: Decider<
  ReceiveStripeEvent,
  StripeEventReceived,
  StripeEventClaimState
> = {
  initialState: () => ({ received: false }),
  evolve: () => ({ received: true }),
  decide(command, state) {
    if (state.received) return [];
    return [
      { type: 'StripeEventReceived', data: { ...command.event, receivedAt: command.now.toISOString() } },
    ];
  },
};
