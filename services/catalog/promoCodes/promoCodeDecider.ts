import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import { forbiddenCharacter, forbiddenCharacterMessage } from '../../kit/text';
import { promoCodeDiscountTypes, type PromoCodeDefinition, type PromoCodeEvent } from './promoCodeEvents';

export type CreatePromoCode = {
  type: 'CreatePromoCode';
  promoCodeId: string;
  eventId: string;
  definition: PromoCodeDefinition;
  now: Date;
};
export type UpdatePromoCode = {
  type: 'UpdatePromoCode';
  promoCodeId: string;
  eventId: string;
  changes: Partial<PromoCodeDefinition>;
  now: Date;
};
export type DeletePromoCode = { type: 'DeletePromoCode'; promoCodeId: string; eventId: string; now: Date };

export type PromoCodeCommand = CreatePromoCode | UpdatePromoCode | DeletePromoCode;

export type ExistingPromoCode = PromoCodeDefinition & {
  exists: true;
  deleted: false;
  promoCodeId: string;
  eventId: string;
};
/** A deleted code keeps its event and spelling, so a repeated delete can still release its claim. */
export type DeletedPromoCode = { exists: false; deleted: true; eventId: string; code: string };
export type PromoCodeState = { exists: false; deleted: false } | DeletedPromoCode | ExistingPromoCode;

export const promoCodeDecider: Decider<PromoCodeCommand, PromoCodeEvent, PromoCodeState> = {
  initialState: () => ({ exists: false, deleted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'PromoCodeCreated': {
        const { createdAt: _createdAt, ...definition } = event.data;
        return { exists: true, deleted: false, ...definition };
      }
      case 'PromoCodeUpdated':
        return state.exists ? { ...state, ...event.data.changes } : state;
      case 'PromoCodeDeleted':
        return { exists: false, deleted: true, eventId: event.data.eventId, code: event.data.code };
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'CreatePromoCode': {
        const definition = checkPromoCode(command.definition);
        if (state.exists) {
          const repeat =
            state.eventId === command.eventId &&
            Object.keys(changedFields(definitionOf(state), definition)).length === 0;
          if (repeat) return [];
          refuse('promo_code_already_exists');
        }
        if (state.deleted) refuse('promo_code_already_exists');
        return [
          {
            type: 'PromoCodeCreated',
            data: {
              promoCodeId: command.promoCodeId,
              eventId: command.eventId,
              ...definition,
              createdAt: at,
            },
          },
        ];
      }
      case 'UpdatePromoCode': {
        if (!state.exists || state.eventId !== command.eventId) refuse('promo_code_not_found');
        const current = definitionOf(state);
        const merged = checkPromoCode({ ...current, ...definedOnly(command.changes) });
        const changes = changedFields(current, merged);
        if (Object.keys(changes).length === 0) return [];
        const renamed = changes.code !== undefined;
        return [
          {
            type: 'PromoCodeUpdated',
            data: {
              promoCodeId: command.promoCodeId,
              eventId: command.eventId,
              changes,
              ...(renamed ? { previousCode: state.code } : {}),
              updatedAt: at,
            },
          },
        ];
      }
      case 'DeletePromoCode':
        if (state.deleted && state.eventId === command.eventId) return [];
        if (!state.exists || state.eventId !== command.eventId) refuse('promo_code_not_found');
        return [
          {
            type: 'PromoCodeDeleted',
            data: {
              promoCodeId: command.promoCodeId,
              eventId: command.eventId,
              code: state.code,
              deletedAt: at,
            },
          },
        ];
    }
  },
};

export const minCodeLength = 3;
export const maxCodeLength = 50;
/** Letters, digits, hyphen and underscore: a code survives a URL (`?promo_code=`), a print-out and a phone call. */
const codeCharacters = /^[A-Za-z0-9_-]+$/;

/** The definition trimmed and normalised, or a `validation_failed` refusal with every field error at once. */
export function checkPromoCode(definition: PromoCodeDefinition): PromoCodeDefinition {
  const errors: FieldErrors = {};
  const code = definition.code.trim();
  const forbidden = forbiddenCharacter(code, 'single');
  if (forbidden) errors.code = [forbiddenCharacterMessage(forbidden)];
  else if (code.length < minCodeLength || code.length > maxCodeLength)
    errors.code = [`The code must be ${minCodeLength} to ${maxCodeLength} characters`];
  else if (!codeCharacters.test(code)) errors.code = ['Use only letters, digits, hyphens and underscores'];

  const discountType = definition.discountType;
  let discount = definition.discount;
  if (!promoCodeDiscountTypes.includes(discountType)) {
    errors.discount_type = ['Choose percent, fixed or none'];
  } else if (discountType === 'NONE') {
    if (discount !== null && discount !== 0) errors.discount = ['A code without a discount has no amount'];
    discount = null;
  } else if (discount === null || !Number.isFinite(discount)) {
    errors.discount = ['Enter the discount'];
  } else if (discountType === 'PERCENT') {
    if (discount <= 0 || discount > 100) errors.discount = ['A percentage must be above 0 and at most 100'];
    // 0.29 * 100 is 28.999999999999996 in binary floating point: compare with a tolerance, not exactly.
    else if (Math.abs(discount * 100 - Math.round(discount * 100)) > 1e-6)
      errors.discount = ['A percentage has at most two decimals'];
  } else if (!Number.isSafeInteger(discount) || discount < 0) {
    errors.discount = ['A fixed discount is a whole, non-negative amount in minor units'];
  }

  if (definition.expiresAt !== null && Number.isNaN(Date.parse(definition.expiresAt)))
    errors.expiry_date = ['Enter a valid date and time'];

  if (
    definition.maxUsages !== null &&
    (!Number.isSafeInteger(definition.maxUsages) || definition.maxUsages < 1)
  )
    errors.max_allowed_usages = ['Enter a whole number of at least 1, or leave it unlimited'];

  const applicableTicketIds = [...new Set(definition.applicableTicketIds)];
  if (applicableTicketIds.some((ticketId) => ticketId.trim().length === 0))
    errors.applicable_ticket_ids = ['Ticket ids must not be empty'];

  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  return {
    code,
    discountType,
    discount,
    expiresAt: definition.expiresAt === null ? null : new Date(definition.expiresAt).toISOString(),
    maxUsages: definition.maxUsages,
    applicableTicketIds,
  };
}

/** What a buyer's code is judged on: its expiry, whether it was deleted, and the tickets it names. */
export interface PromoCodeTerms {
  expiresAt: string | null;
  applicableTicketIds: readonly string[];
  deleted?: boolean;
}

/**
 * Whether a code may be used at `now`: not deleted and not expired. Its remaining uses are not judged here:
 * the event's inventory stream counts them when the order is placed.
 */
export function isPromoCodeValid(code: PromoCodeTerms, now: Date): boolean {
  if (code.deleted) return false;
  return code.expiresAt === null || now.getTime() < Date.parse(code.expiresAt);
}

/** Whether a valid code applies to a ticket: every ticket when it names none, otherwise the ones it names. */
export function promoCodeApplies(code: PromoCodeTerms, at: { ticketId: string; now: Date }): boolean {
  if (!isPromoCodeValid(code, at.now)) return false;
  return code.applicableTicketIds.length === 0 || code.applicableTicketIds.includes(at.ticketId);
}

function definitionOf(state: ExistingPromoCode): PromoCodeDefinition {
  const {
    exists: _exists,
    deleted: _deleted,
    promoCodeId: _promoCodeId,
    eventId: _eventId,
    ...definition
  } = state;
  return definition;
}

function definedOnly<T extends object>(changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The fields of `next` that differ from `current`, compared by value (key order of stored JSON aside). */
function changedFields(
  current: PromoCodeDefinition,
  next: PromoCodeDefinition,
): Partial<PromoCodeDefinition> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(current[key as keyof PromoCodeDefinition]) !== JSON.stringify(value))
      changes[key] = value;
  }
  return changes;
}
