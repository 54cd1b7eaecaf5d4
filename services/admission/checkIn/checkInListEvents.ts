/**
 * Check-in lists (spec sections 3 and 4 "Check-in list"): which tickets door staff may admit through one
 * shareable link, and when. One stream per list, `check-in-list-<id>`. The link carries the list's public short
 * id (services/kit/shortIds.ts), the only credential of the scanning page; rotating it revokes the old one.
 */

export const checkInListStream = (checkInListId: string): string => `check-in-list-${checkInListId}`;

export interface CheckInListDetails {
  name: string;
  /** Shown to the door staff on the scanning page. */
  description: string | null;
  /** UTC instants as ISO strings; null: no limit. */
  activatesAt: string | null;
  expiresAt: string | null;
  /** The tickets (types) this list admits; each existed when it was linked. */
  ticketIds: string[];
}

export type CheckInListCreated = {
  type: 'CheckInListCreated';
  data: CheckInListDetails & { eventId: string; checkInListId: string; shortId: string; createdAt: string };
};
export type CheckInListUpdated = {
  type: 'CheckInListUpdated';
  data: {
    eventId: string;
    checkInListId: string;
    changes: Partial<CheckInListDetails>;
    updatedAt: string;
  };
};
/** The old link stops working at once; devices holding it are told the link was revoked. */
export type CheckInListLinkRotated = {
  type: 'CheckInListLinkRotated';
  data: {
    eventId: string;
    checkInListId: string;
    shortId: string;
    revokedShortId: string;
    rotatedAt: string;
  };
};
export type CheckInListDeleted = {
  type: 'CheckInListDeleted';
  data: { eventId: string; checkInListId: string; shortId: string; deletedAt: string };
};

export type CheckInListEvent =
  CheckInListCreated | CheckInListUpdated | CheckInListLinkRotated | CheckInListDeleted;

export const checkInListEventTypes: readonly CheckInListEvent['type'][] = [
  'CheckInListCreated',
  'CheckInListUpdated',
  'CheckInListLinkRotated',
  'CheckInListDeleted',
];

/** Derived from the dates and the clock, never stored. */
export type CheckInListStatus = 'NOT_YET_ACTIVE' | 'ACTIVE' | 'EXPIRED';

export function checkInListStatus(
  window: Pick<CheckInListDetails, 'activatesAt' | 'expiresAt'>,
  now: Date,
): CheckInListStatus {
  const at = now.getTime();
  if (window.activatesAt !== null && at < Date.parse(window.activatesAt)) return 'NOT_YET_ACTIVE';
  if (window.expiresAt !== null && at >= Date.parse(window.expiresAt)) return 'EXPIRED';
  return 'ACTIVE';
}
