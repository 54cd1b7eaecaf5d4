import { createHash } from 'node:crypto';
import { ERASED_EMAIL, ERASED_TEXT, type PersonalFieldsOf } from '../../eventstore/personalData';

/**
 * The waiting list of a sold-out ticket (docs/waiting-list.md). One stream per entry, `waitingEntry-<entryId>`,
 * and one claim stream per (event, ticket, normalised email) so that a second join with the same address is
 * refused even when two joins race. The claim holds no address: its stream name carries only a hash.
 */
export const waitingEntryStream = (entryId: string): string => `waitingEntry-${entryId}`;

export function normaliseWaitingEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const waitingClaimStream = (eventId: string, ticketId: string, email: string): string =>
  `waitingClaim-${eventId}-${ticketId}-${createHash('sha256').update(normaliseWaitingEmail(email)).digest('hex')}`;

export type WaitingEntryStatus = 'WAITING' | 'OFFERED' | 'CONVERTED' | 'EXPIRED' | 'REMOVED';

export type WaitingEntryJoined = {
  type: 'WaitingEntryJoined';
  data: {
    eventId: string;
    entryId: string;
    ticketId: string;
    /** The price tier of a tiered ticket; null otherwise. */
    tierId: string | null;
    quantity: number;
    name: string;
    email: string;
    /** The buyer's language: the offer mail is written in it. */
    locale: string;
    joinedAt: string;
  };
};
/** The units are held for the entry (an offer hold in the inventory) until `expiresAt`. */
export type WaitingEntryOffered = {
  type: 'WaitingEntryOffered';
  data: {
    eventId: string;
    entryId: string;
    holdId: string;
    /** sha256 of the link's token; the token itself travels only in the mail. */
    tokenHash: string;
    expiresAt: string;
    offeredAt: string;
  };
};
/** The first visit of the offer link bound the offered hold to this checkout session. */
export type WaitingOfferBound = {
  type: 'WaitingOfferBound';
  data: { eventId: string; entryId: string; holdId: string; sessionId: string; boundAt: string };
};
export type WaitingOfferExpired = {
  type: 'WaitingOfferExpired';
  data: { eventId: string; entryId: string; holdId: string; expiredAt: string };
};
export type WaitingEntryConverted = {
  type: 'WaitingEntryConverted';
  data: { eventId: string; entryId: string; holdId: string; orderId: string; convertedAt: string };
};
export type WaitingEntryRemoved = {
  type: 'WaitingEntryRemoved';
  data: {
    eventId: string;
    entryId: string;
    /** The offer hold to release, when the entry was removed while holding an offer. */
    holdId: string | null;
    removedBy: 'ORGANIZER' | 'BUYER';
    removedAt: string;
  };
};

/**
 * The joiner's name and address are erased (docs/audit.md "Erasure"): the store deletes the entry's key as it
 * appends this, so every event of the entry reads them as erased from then on.
 */
export type WaitingEntryPersonalDataErased = {
  type: 'WaitingEntryPersonalDataErased';
  data: { eventId: string; entryId: string; erasedBy: string; erasedAt: string };
};

export type WaitingEntryEvent =
  | WaitingEntryJoined
  | WaitingEntryOffered
  | WaitingOfferBound
  | WaitingOfferExpired
  | WaitingEntryConverted
  | WaitingEntryRemoved
  | WaitingEntryPersonalDataErased;

export const waitingEntryEventTypes: readonly WaitingEntryEvent['type'][] = [
  'WaitingEntryJoined',
  'WaitingEntryOffered',
  'WaitingOfferBound',
  'WaitingOfferExpired',
  'WaitingEntryConverted',
  'WaitingEntryRemoved',
  'WaitingEntryPersonalDataErased',
];

/** Whoever appends the claim first owns the (event, ticket, address) place on the list. */
export type WaitingPlaceClaimed = {
  type: 'WaitingPlaceClaimed';
  data: { eventId: string; ticketId: string; entryId: string; claimedAt: string };
};
/** The entry left the list (converted, expired or removed): the address may join again. */
export type WaitingPlaceReleased = {
  type: 'WaitingPlaceReleased';
  data: { eventId: string; ticketId: string; entryId: string; releasedAt: string };
};
export type WaitingClaimEvent = WaitingPlaceClaimed | WaitingPlaceReleased;
export const waitingClaimEventTypes: readonly WaitingClaimEvent['type'][] = [
  'WaitingPlaceClaimed',
  'WaitingPlaceReleased',
];

/** Erasure subject of an entry: the person who joined (docs/audit.md "Erasure"). */
export const waitingEntrySubject = (entryId: string): string => `waitingEntry:${entryId}`;
const subjectOfEntry = (data: Readonly<Record<string, unknown>>) => waitingEntrySubject(String(data.entryId));

/** The joiner's name and address, and the IP of the join (claim and entry) and of the offer link's visit. */
export const waitingEntryPersonalData: Readonly<
  Partial<Record<WaitingEntryEvent['type'] | WaitingClaimEvent['type'], PersonalFieldsOf>>
> = {
  WaitingPlaceClaimed: { subject: subjectOfEntry, fields: [], ip: true },
  WaitingEntryJoined: {
    subject: subjectOfEntry,
    fields: [
      { path: 'name', erased: ERASED_TEXT },
      { path: 'email', erased: ERASED_EMAIL },
    ],
    ip: true,
  },
  WaitingOfferBound: { subject: subjectOfEntry, fields: [], ip: true },
};
