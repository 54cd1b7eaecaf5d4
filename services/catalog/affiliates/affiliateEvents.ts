import { createHash } from 'node:crypto';

/**
 * Affiliates (spec section 2 `/manage/event/{eventId}/affiliates`): codes an organizer hands to partners; a buyer
 * arriving with `?aff=CODE` carries the code into the order, and the affiliate's orders and revenue are counted.
 *
 * A code identifies its affiliate within the event: the stream and the id derive from the event and the
 * normalised code, so two creations of one code meet on one stream and the store's expected revision lets
 * exactly one through (no claim stream needed). The code therefore never changes: links carrying it may be out
 * in the world; a different code is a different affiliate. These are the recorded shapes.
 */

export type AffiliateStatus = 'ACTIVE' | 'INACTIVE';
export const affiliateStatuses: readonly AffiliateStatus[] = ['ACTIVE', 'INACTIVE'];

/** Trimmed and upper-cased: `partner-1`, ` Partner-1 ` and `PARTNER-1` are one code. */
export const normaliseAffiliateCode = (code: string): string => code.trim().toUpperCase();

export const affiliateIdOf = (eventId: string, code: string): string =>
  `af_${createHash('sha256')
    .update(`${eventId}\n${normaliseAffiliateCode(code)}`)
    .digest('hex')
    .slice(0, 32)}`;

export const affiliateStream = (affiliateId: string): string => `affiliate-${affiliateId}`;

export interface AffiliateDetails {
  name: string;
  /** Where the organizer reaches the partner; null when not given. */
  email: string | null;
  status: AffiliateStatus;
}

export type AffiliateCreated = {
  type: 'AffiliateCreated';
  data: AffiliateDetails & { affiliateId: string; eventId: string; code: string; createdAt: string };
};
export type AffiliateUpdated = {
  type: 'AffiliateUpdated';
  data: { affiliateId: string; eventId: string; changes: Partial<AffiliateDetails>; updatedAt: string };
};
export type AffiliateDeleted = {
  type: 'AffiliateDeleted';
  data: { affiliateId: string; eventId: string; code: string; deletedAt: string };
};

export type AffiliateEvent = AffiliateCreated | AffiliateUpdated | AffiliateDeleted;

export const affiliateEventTypes: readonly AffiliateEvent['type'][] = [
  'AffiliateCreated',
  'AffiliateUpdated',
  'AffiliateDeleted',
];
