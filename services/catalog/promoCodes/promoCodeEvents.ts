/** What a promo code is, as the organizer defines it; the checkout applies it, the inventory counts its uses. */

export type PromoCodeDiscountType = 'PERCENT' | 'FIXED' | 'NONE';

export const promoCodeDiscountTypes: readonly PromoCodeDiscountType[] = ['PERCENT', 'FIXED', 'NONE'];

export interface PromoCodeDefinition {
  /** As the organizer typed it (trimmed); compared case-insensitively. */
  code: string;
  discountType: PromoCodeDiscountType;
  /** PERCENT: 0 < x ≤ 100 (two decimals at most); FIXED: minor units of the event's currency, ≥ 0; NONE: null. */
  discount: number | null;
  /** A UTC instant as an ISO string; the code stops applying at that instant. Null: never expires. */
  expiresAt: string | null;
  /** Null: unlimited. Enforced by the event's inventory stream at order time, not here. */
  maxUsages: number | null;
  /** Empty: every ticket of the event. */
  applicableTicketIds: readonly string[];
}

/** Codes compare trimmed and case-insensitively: `SUMMER`, `summer` and ` Summer ` are one code. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export const promoCodeStream = (promoCodeId: string): string => `promo-code-${promoCodeId}`;

export type PromoCodeCreated = {
  type: 'PromoCodeCreated';
  data: PromoCodeDefinition & { promoCodeId: string; eventId: string; createdAt: string };
};
export type PromoCodeUpdated = {
  type: 'PromoCodeUpdated';
  data: {
    promoCodeId: string;
    eventId: string;
    changes: Partial<PromoCodeDefinition>;
    /** Set when the code itself changed: its claim is released after the update. */
    previousCode?: string;
    updatedAt: string;
  };
};
export type PromoCodeDeleted = {
  type: 'PromoCodeDeleted';
  data: { promoCodeId: string; eventId: string; code: string; deletedAt: string };
};

export type PromoCodeEvent = PromoCodeCreated | PromoCodeUpdated | PromoCodeDeleted;

export const promoCodeEventTypes: readonly PromoCodeEvent['type'][] = [
  'PromoCodeCreated',
  'PromoCodeUpdated',
  'PromoCodeDeleted',
];
