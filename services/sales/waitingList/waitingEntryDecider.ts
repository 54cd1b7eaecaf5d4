import { createHash } from 'node:crypto';
import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import type { WaitingClaimEvent, WaitingEntryEvent, WaitingEntryStatus } from './waitingListEvents';

export const maxWaitingNameLength = 200;
export const maxWaitingEmailLength = 254;

export const waitingTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

// ---------- commands

export type JoinWaitingList = {
  type: 'JoinWaitingList';
  eventId: string;
  entryId: string;
  ticketId: string;
  tierId: string | null;
  quantity: number;
  name: string;
  email: string;
  locale: string;
  /** Facts the route reads from the ticket and the inventory (docs/decisions/cross-module-facts.md). */
  waitingListEnabled: boolean;
  soldOut: boolean;
  maxPerOrder: number;
  now: Date;
};
export type OfferWaitingEntry = {
  type: 'OfferWaitingEntry';
  eventId: string;
  entryId: string;
  holdId: string;
  tokenHash: string;
  expiresAt: Date;
  now: Date;
};
/** The offer link's visit: the token must match, and the first session to come keeps the offer. */
export type BindWaitingOffer = {
  type: 'BindWaitingOffer';
  eventId: string;
  entryId: string;
  token: string;
  sessionId: string;
  now: Date;
};
export type ExpireWaitingOffer = { type: 'ExpireWaitingOffer'; eventId: string; entryId: string; now: Date };
export type ConvertWaitingEntry = {
  type: 'ConvertWaitingEntry';
  eventId: string;
  entryId: string;
  holdId: string;
  orderId: string;
  now: Date;
};
export type RemoveWaitingEntry = {
  type: 'RemoveWaitingEntry';
  eventId: string;
  entryId: string;
  removedBy: 'ORGANIZER' | 'BUYER';
  now: Date;
};

/** Erases the joiner's name and address; only once the entry left the list (converted, expired, removed). */
export type EraseWaitingEntryPersonalData = {
  type: 'EraseWaitingEntryPersonalData';
  eventId: string;
  entryId: string;
  by: string;
  now: Date;
};

export type WaitingEntryCommand =
  | JoinWaitingList
  | OfferWaitingEntry
  | BindWaitingOffer
  | ExpireWaitingOffer
  | ConvertWaitingEntry
  | RemoveWaitingEntry
  | EraseWaitingEntryPersonalData;

// ---------- state

export interface WaitingOffer {
  holdId: string;
  tokenHash: string;
  expiresAt: string;
  sessionId: string | null;
}
export type WaitingEntryState =
  | { exists: false }
  | {
      exists: true;
      eventId: string;
      ticketId: string;
      status: WaitingEntryStatus;
      offer: WaitingOffer | null;
      erased: boolean;
    };

// ---------- rules

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkJoin(command: JoinWaitingList): void {
  const errors: FieldErrors = {};
  const name = command.name.trim();
  if (name.length === 0) errors.name = ['The name is required'];
  else if (name.length > maxWaitingNameLength)
    errors.name = [`The name must be under ${maxWaitingNameLength + 1} characters`];
  const email = command.email.trim();
  if (email.length > maxWaitingEmailLength || !emailShape.test(email))
    errors.email = ['Enter a valid email address'];
  if (!Number.isSafeInteger(command.quantity) || command.quantity < 1)
    errors.quantity = ['The quantity must be a whole number of at least 1'];
  else if (command.quantity > command.maxPerOrder)
    errors.quantity = [`At most ${command.maxPerOrder} per order`];
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
}

const isPast = (expiresAt: string, now: Date): boolean => now.getTime() >= Date.parse(expiresAt);

export const waitingEntryDecider: Decider<WaitingEntryCommand, WaitingEntryEvent, WaitingEntryState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    if (event.type === 'WaitingEntryJoined')
      return {
        exists: true,
        eventId: event.data.eventId,
        ticketId: event.data.ticketId,
        status: 'WAITING',
        offer: null,
        erased: false,
      };
    if (!state.exists) return state;
    switch (event.type) {
      case 'WaitingEntryOffered':
        return {
          ...state,
          status: 'OFFERED',
          offer: {
            holdId: event.data.holdId,
            tokenHash: event.data.tokenHash,
            expiresAt: event.data.expiresAt,
            sessionId: null,
          },
        };
      case 'WaitingOfferBound':
        return state.offer ? { ...state, offer: { ...state.offer, sessionId: event.data.sessionId } } : state;
      case 'WaitingOfferExpired':
        return { ...state, status: 'EXPIRED' };
      case 'WaitingEntryConverted':
        return { ...state, status: 'CONVERTED' };
      case 'WaitingEntryRemoved':
        return { ...state, status: 'REMOVED' };
      case 'WaitingEntryPersonalDataErased':
        return { ...state, erased: true };
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    const { eventId, entryId } = command;
    if (command.type === 'JoinWaitingList') {
      // The entry id is new per join; a replay of the same join is answered by the chain's idempotency.
      if (state.exists) return [];
      if (!command.waitingListEnabled || !command.soldOut) refuse('waiting_list_closed');
      checkJoin(command);
      return [
        {
          type: 'WaitingEntryJoined',
          data: {
            eventId,
            entryId,
            ticketId: command.ticketId,
            tierId: command.tierId,
            quantity: command.quantity,
            name: command.name.trim(),
            email: command.email.trim(),
            locale: command.locale,
            joinedAt: at,
          },
        },
      ];
    }
    if (!state.exists || state.eventId !== eventId) refuse('waiting_entry_not_found');
    switch (command.type) {
      case 'OfferWaitingEntry':
        if (state.status === 'OFFERED' && state.offer?.holdId === command.holdId) return [];
        if (state.status !== 'WAITING') refuse('waiting_list_closed');
        return [
          {
            type: 'WaitingEntryOffered',
            data: {
              eventId,
              entryId,
              holdId: command.holdId,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt.toISOString(),
              offeredAt: at,
            },
          },
        ];
      case 'BindWaitingOffer': {
        const offer = state.offer;
        if (!offer || waitingTokenHash(command.token) !== offer.tokenHash) refuse('waiting_offer_not_yours');
        if (
          state.status === 'EXPIRED' ||
          (state.status === 'OFFERED' && isPast(offer.expiresAt, command.now))
        )
          refuse('waiting_offer_expired');
        if (state.status !== 'OFFERED') refuse('waiting_list_closed');
        if (offer.sessionId === command.sessionId) return [];
        if (offer.sessionId !== null) refuse('waiting_offer_not_yours');
        return [
          {
            type: 'WaitingOfferBound',
            data: { eventId, entryId, holdId: offer.holdId, sessionId: command.sessionId, boundAt: at },
          },
        ];
      }
      case 'ExpireWaitingOffer':
        if (state.status !== 'OFFERED' || !state.offer) return [];
        if (!isPast(state.offer.expiresAt, command.now)) return [];
        return [
          {
            type: 'WaitingOfferExpired',
            data: { eventId, entryId, holdId: state.offer.holdId, expiredAt: at },
          },
        ];
      case 'ConvertWaitingEntry':
        if (state.status === 'CONVERTED') return [];
        if (state.status !== 'OFFERED' || state.offer?.holdId !== command.holdId)
          refuse('waiting_offer_not_yours');
        return [
          {
            type: 'WaitingEntryConverted',
            data: { eventId, entryId, holdId: command.holdId, orderId: command.orderId, convertedAt: at },
          },
        ];
      case 'RemoveWaitingEntry':
        if (state.status === 'REMOVED') return [];
        if (state.status !== 'WAITING' && state.status !== 'OFFERED') refuse('waiting_list_closed');
        return [
          {
            type: 'WaitingEntryRemoved',
            data: {
              eventId,
              entryId,
              holdId: state.status === 'OFFERED' ? (state.offer?.holdId ?? null) : null,
              removedBy: command.removedBy,
              removedAt: at,
            },
          },
        ];
      case 'EraseWaitingEntryPersonalData':
        if (state.erased) return [];
        // A waiting or offered entry is still to be mailed: it leaves the list first.
        if (state.status === 'WAITING' || state.status === 'OFFERED') refuse('waiting_entry_still_open');
        return [
          {
            type: 'WaitingEntryPersonalDataErased',
            data: { eventId, entryId, erasedBy: command.by, erasedAt: at },
          },
        ];
    }
  },
};

// ---------- the claim on (event, ticket, address)

export type ClaimWaitingPlace = {
  type: 'ClaimWaitingPlace';
  eventId: string;
  ticketId: string;
  entryId: string;
  now: Date;
};
export type ReleaseWaitingPlace = {
  type: 'ReleaseWaitingPlace';
  eventId: string;
  ticketId: string;
  entryId: string;
  now: Date;
};
export type WaitingClaimCommand = ClaimWaitingPlace | ReleaseWaitingPlace;
export type WaitingClaimState = { claimedBy: string | null };

export const waitingClaimDecider: Decider<WaitingClaimCommand, WaitingClaimEvent, WaitingClaimState> = {
  initialState: () => ({ claimedBy: null }),
  evolve: (_state, event) => ({
    claimedBy: event.type === 'WaitingPlaceClaimed' ? event.data.entryId : null,
  }),
  decide(command, state) {
    const { eventId, ticketId, entryId } = command;
    const at = command.now.toISOString();
    if (command.type === 'ClaimWaitingPlace') {
      if (state.claimedBy === entryId) return [];
      if (state.claimedBy !== null) refuse('waiting_list_duplicate');
      return [{ type: 'WaitingPlaceClaimed', data: { eventId, ticketId, entryId, claimedAt: at } }];
    }
    if (state.claimedBy !== entryId) return [];
    return [{ type: 'WaitingPlaceReleased', data: { eventId, ticketId, entryId, releasedAt: at } }];
  },
};
