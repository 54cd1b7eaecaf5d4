import { createHash } from 'node:crypto';
import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import { normalisePromoCode } from './promoCodeEvents';

/**
 * Promo code uniqueness within an event: one stream per event and normalised code. Whoever appends the claim
 * first owns the code; the stream's optimistic concurrency decides a race between requests or processes
 * (the model is services/identity/emailClaims.ts).
 */
export const promoCodeClaimStream = (eventId: string, code: string): string =>
  `promo-code-claim-${eventId}-${createHash('sha256').update(normalisePromoCode(code)).digest('hex')}`;

export { normalisePromoCode };

export type PromoCodeClaimed = {
  type: 'PromoCodeClaimed';
  data: { eventId: string; code: string; promoCodeId: string; claimedAt: string };
};
/** The code was deleted or renamed (or its creation refused): another promo code of the event may take it. */
export type PromoCodeReleased = {
  type: 'PromoCodeReleased';
  data: { eventId: string; code: string; promoCodeId: string; releasedAt: string };
};
export type PromoCodeClaimEvent = PromoCodeClaimed | PromoCodeReleased;

export const promoCodeClaimEventTypes: readonly PromoCodeClaimEvent['type'][] = [
  'PromoCodeClaimed',
  'PromoCodeReleased',
];

export type ClaimPromoCode = {
  type: 'ClaimPromoCode';
  eventId: string;
  code: string;
  promoCodeId: string;
  now: Date;
};
export type ReleasePromoCode = {
  type: 'ReleasePromoCode';
  eventId: string;
  code: string;
  promoCodeId: string;
  now: Date;
};
export type PromoCodeClaimCommand = ClaimPromoCode | ReleasePromoCode;

export type PromoCodeClaimState = { claimedBy: string | null };

export const promoCodeClaimDecider: Decider<PromoCodeClaimCommand, PromoCodeClaimEvent, PromoCodeClaimState> =
  {
    initialState: () => ({ claimedBy: null }),
    evolve: (_state, event) => ({
      claimedBy: event.type === 'PromoCodeClaimed' ? event.data.promoCodeId : null,
    }),
    decide(command, state) {
      const data = {
        eventId: command.eventId,
        code: normalisePromoCode(command.code),
        promoCodeId: command.promoCodeId,
      };
      const at = command.now.toISOString();
      switch (command.type) {
        case 'ClaimPromoCode':
          if (state.claimedBy === command.promoCodeId) return [];
          if (state.claimedBy !== null)
            refuse('promo_code_taken', undefined, { code: ['This code is already used in this event'] });
          return [{ type: 'PromoCodeClaimed', data: { ...data, claimedAt: at } }];
        case 'ReleasePromoCode':
          // Only the owner's release counts; anything else leaves the claim as it is.
          if (state.claimedBy !== command.promoCodeId) return [];
          return [{ type: 'PromoCodeReleased', data: { ...data, releasedAt: at } }];
      }
    },
  };
