import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { promoCodeClaimDecider, promoCodeClaimStream, type PromoCodeClaimEvent } from './promoCodeClaims';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(promoCodeClaimDecider);
const claimed: PromoCodeClaimEvent = {
  type: 'PromoCodeClaimed',
  data: { eventId: 'ev_1', code: 'SUMMER', promoCodeId: 'pc_1', claimedAt: at },
};
const released: PromoCodeClaimEvent = {
  type: 'PromoCodeReleased',
  data: { eventId: 'ev_1', code: 'SUMMER', promoCodeId: 'pc_1', releasedAt: at },
};
const claim = (promoCodeId: string, code = 'SUMMER') => ({
  type: 'ClaimPromoCode' as const,
  eventId: 'ev_1',
  code,
  promoCodeId,
  now,
});
const release = (promoCodeId: string) => ({ ...claim(promoCodeId), type: 'ReleasePromoCode' as const });

describe('promo code claims', () => {
  it('are one stream per event and code, whatever its case and spaces', () => {
    expect(promoCodeClaimStream('ev_1', ' summer ')).toBe(promoCodeClaimStream('ev_1', 'SUMMER'));
    expect(promoCodeClaimStream('ev_1', 'SUMMER')).not.toBe(promoCodeClaimStream('ev_2', 'SUMMER'));
    expect(promoCodeClaimStream('ev_1', 'SUMMER')).not.toBe(promoCodeClaimStream('ev_1', 'WINTER'));
    expect(promoCodeClaimStream('ev_1', 'SUMMER')).toMatch(/^promo-code-claim-ev_1-[0-9a-f]{64}$/);
  });
  it('claim a free code in its normalised spelling', () => {
    spec.given([]).when(claim('pc_1', ' Summer')).then([claimed]);
  });
  it('refuse a code another promo code of the event holds', () => {
    spec.given([claimed]).when(claim('pc_2', 'summer')).thenRefused('promo_code_taken', ['code']);
  });
  it('stay quiet when the holder claims again', () => {
    spec.given([claimed]).when(claim('pc_1')).thenNothingHappened();
  });
  it('free the code when its holder releases it', () => {
    spec.given([claimed]).when(release('pc_1')).then([released]);
    spec
      .given([claimed, released])
      .when(claim('pc_2'))
      .then([{ ...claimed, data: { ...claimed.data, promoCodeId: 'pc_2' } }]);
  });
  it('ignore a release by anyone but the holder', () => {
    spec.given([claimed]).when(release('pc_2')).thenNothingHappened();
    spec.given([]).when(release('pc_1')).thenNothingHappened();
  });
});
