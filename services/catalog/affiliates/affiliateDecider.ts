import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import { forbiddenCharacter, forbiddenCharacterMessage } from '../../kit/text';
import {
  affiliateStatuses,
  normaliseAffiliateCode,
  type AffiliateDetails,
  type AffiliateEvent,
} from './affiliateEvents';

export type CreateAffiliate = {
  type: 'CreateAffiliate';
  affiliateId: string;
  eventId: string;
  code: string;
  details: AffiliateDetails;
  now: Date;
};
export type UpdateAffiliate = {
  type: 'UpdateAffiliate';
  affiliateId: string;
  eventId: string;
  changes: Partial<AffiliateDetails>;
  now: Date;
};
export type DeleteAffiliate = { type: 'DeleteAffiliate'; affiliateId: string; eventId: string; now: Date };

export type AffiliateCommand = CreateAffiliate | UpdateAffiliate | DeleteAffiliate;

export type AffiliateState =
  | { exists: false; eventId: string | null }
  | (AffiliateDetails & { exists: true; eventId: string; code: string });

export const minAffiliateCodeLength = 3;
export const maxAffiliateCodeLength = 50;
const codeCharacters = /^[A-Z0-9_-]+$/;
const maxNameLength = 149;

export const affiliateDecider: Decider<AffiliateCommand, AffiliateEvent, AffiliateState> = {
  initialState: () => ({ exists: false, eventId: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'AffiliateCreated': {
        const { name, email, status, eventId, code } = event.data;
        return { exists: true, eventId, code, name, email, status };
      }
      case 'AffiliateUpdated':
        return state.exists ? { ...state, ...event.data.changes } : state;
      case 'AffiliateDeleted':
        return { exists: false, eventId: event.data.eventId };
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'CreateAffiliate': {
        const code = normaliseAffiliateCode(command.code);
        const details = checkAffiliate(command.details, code);
        if (state.exists) {
          const same = state.eventId === command.eventId && sameDetails(state, details);
          if (same) return [];
          refuse('affiliate_code_taken', undefined, { code: ['This code is already used in this event'] });
        }
        return [
          {
            type: 'AffiliateCreated',
            data: {
              affiliateId: command.affiliateId,
              eventId: command.eventId,
              code,
              ...details,
              createdAt: at,
            },
          },
        ];
      }
      case 'UpdateAffiliate': {
        if (!state.exists || state.eventId !== command.eventId) refuse('affiliate_not_found');
        const merged = checkAffiliate({ ...state, ...definedOnly(command.changes) }, state.code);
        const changes: Partial<AffiliateDetails> = {};
        if (merged.name !== state.name) changes.name = merged.name;
        if (merged.email !== state.email) changes.email = merged.email;
        if (merged.status !== state.status) changes.status = merged.status;
        if (Object.keys(changes).length === 0) return [];
        return [
          {
            type: 'AffiliateUpdated',
            data: { affiliateId: command.affiliateId, eventId: command.eventId, changes, updatedAt: at },
          },
        ];
      }
      case 'DeleteAffiliate':
        if (!state.exists && state.eventId === command.eventId) return [];
        if (!state.exists || state.eventId !== command.eventId) refuse('affiliate_not_found');
        return [
          {
            type: 'AffiliateDeleted',
            data: {
              affiliateId: command.affiliateId,
              eventId: command.eventId,
              code: state.code,
              deletedAt: at,
            },
          },
        ];
    }
  },
};

function sameDetails(a: AffiliateDetails, b: AffiliateDetails): boolean {
  return a.name === b.name && a.email === b.email && a.status === b.status;
}

function definedOnly<T extends object>(changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The details trimmed, or a `validation_failed` refusal naming every bad field at once. */
export function checkAffiliate(details: AffiliateDetails, code: string): AffiliateDetails {
  const errors: FieldErrors = {};
  if (code.length < minAffiliateCodeLength || code.length > maxAffiliateCodeLength)
    errors.code = [`Use ${minAffiliateCodeLength} to ${maxAffiliateCodeLength} characters`];
  else if (!codeCharacters.test(code)) errors.code = ['Use letters, digits, hyphens and underscores only'];
  const name = details.name.trim();
  if (name.length === 0) errors.name = ['Enter a name'];
  else if (name.length > maxNameLength) errors.name = [`Use fewer than ${maxNameLength + 1} characters`];
  else {
    const forbidden = forbiddenCharacter(name, 'single');
    if (forbidden) errors.name = [forbiddenCharacterMessage(forbidden)];
  }
  const email = details.email?.trim() || null;
  if (email !== null && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)))
    errors.email = ['Enter a valid email address'];
  if (!affiliateStatuses.includes(details.status)) errors.status = ['Choose ACTIVE or INACTIVE'];
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  return { name, email, status: details.status };
}
