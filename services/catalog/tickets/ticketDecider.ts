import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import {
  DEFAULT_WAITING_OFFER_HOURS,
  type PriceTier,
  type TicketDetails,
  type TicketEvent,
  type TicketWaitingList,
} from './ticketEvents';

export const maxTicketTitleLength = 149;
export const maxTierLabelLength = 149;
export const maxTicketDescriptionLength = 49_999;
/** An offer holds units for at most a week: longer keeps them from everyone else for too long. */
export const maxWaitingOfferHours = 168;

// ---------- commands

export type CreateTicket = {
  type: 'CreateTicket';
  eventId: string;
  ticketId: string;
  details: TicketDetails;
  now: Date;
};
export type UpdateTicket = {
  type: 'UpdateTicket';
  eventId: string;
  ticketId: string;
  changes: Partial<TicketDetails>;
  /** Advisory facts read by the route (docs/decisions/cross-module-facts.md section 1). */
  hasSalesOrAttendees: boolean;
  tierIdsWithSales: readonly string[];
  now: Date;
};
export type PauseTicketSales = { type: 'PauseTicketSales'; eventId: string; ticketId: string; now: Date };
export type ResumeTicketSales = { type: 'ResumeTicketSales'; eventId: string; ticketId: string; now: Date };
export type DeleteTicket = {
  type: 'DeleteTicket';
  eventId: string;
  ticketId: string;
  /** Orders holding this ticket (advisory fact). */
  orderCount: number;
  now: Date;
};

/** Its own command: the waiting list is not a detail of what is sold, and has its own rules. */
export type SetTicketWaitingList = {
  type: 'SetTicketWaitingList';
  eventId: string;
  ticketId: string;
  enabled: boolean;
  offerHours: number;
  now: Date;
};

export type TicketCommand =
  CreateTicket | UpdateTicket | PauseTicketSales | ResumeTicketSales | DeleteTicket | SetTicketWaitingList;

// ---------- state

export interface ExistingTicket {
  exists: true;
  eventId: string;
  details: TicketDetails;
  salesPaused: boolean;
  waitingList: TicketWaitingList;
}
export type TicketState = { exists: false; deleted?: boolean } | ExistingTicket;

// ---------- rules

const isWholeAmount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

function checkTiers(tiers: readonly PriceTier[], errors: FieldErrors): void {
  const seen = new Set<string>();
  tiers.forEach((tier, index) => {
    const label = tier.label.trim();
    if (label.length === 0) errors[`tiers.${index}.label`] = ['The label is required'];
    else if (label.length > maxTierLabelLength)
      errors[`tiers.${index}.label`] = [`The label must be under ${maxTierLabelLength + 1} characters`];
    if (!isWholeAmount(tier.price)) errors[`tiers.${index}.price`] = ['The price cannot be negative'];
    if (tier.quantity !== null && !isWholeAmount(tier.quantity))
      errors[`tiers.${index}.quantity`] = ['Enter a whole number of 0 or more, or leave it unlimited'];
    if (seen.has(tier.tierId)) errors[`tiers.${index}.tier_id`] = ['Each tier needs its own id'];
    seen.add(tier.tierId);
  });
}

/** Every field-level rule of a ticket (spec section 5); all errors are reported at once. */
export function checkTicketDetails(details: TicketDetails): void {
  const errors: FieldErrors = {};
  const title = details.title.trim();
  if (title.length === 0) errors.title = ['The title is required'];
  else if (title.length > maxTicketTitleLength)
    errors.title = [`The title must be under ${maxTicketTitleLength + 1} characters`];
  if (details.description !== null && details.description.length > maxTicketDescriptionLength)
    errors.description = [`The description must be under ${maxTicketDescriptionLength + 1} characters`];

  switch (details.type) {
    case 'PAID':
      if (details.price === null) errors.price = ['The price is required'];
      else if (!isWholeAmount(details.price)) errors.price = ['The price cannot be negative'];
      break;
    case 'FREE':
      if (details.price !== null && details.price !== 0) errors.price = ['A free ticket has no price'];
      break;
    case 'DONATION':
      if (details.minimumPrice === null) errors.minimum_price = ['The minimum price is required'];
      else if (!isWholeAmount(details.minimumPrice))
        errors.minimum_price = ['The minimum price cannot be negative'];
      break;
    case 'TIERED':
      if (details.tiers.length === 0) errors.tiers = ['Add at least one price tier'];
      checkTiers(details.tiers, errors);
      break;
  }
  if (details.type !== 'TIERED' && details.tiers.length > 0)
    errors.tiers = ['Only a tiered ticket has price tiers'];
  if ((details.type === 'DONATION' || details.type === 'TIERED') && details.price !== null)
    errors.price = ['This ticket type takes no fixed price'];
  if (details.type !== 'DONATION' && details.minimumPrice !== null)
    errors.minimum_price = ['Only a donation ticket has a minimum price'];

  if (details.quantity !== null && !isWholeAmount(details.quantity))
    errors.quantity = ['Enter a whole number of 0 or more, or leave it unlimited'];
  if (!Number.isSafeInteger(details.minPerOrder) || details.minPerOrder < 1)
    errors.min_per_order = ['The minimum per order must be a whole number of at least 1'];
  else if (
    details.maxPerOrder !== null &&
    (!Number.isSafeInteger(details.maxPerOrder) || details.maxPerOrder < details.minPerOrder)
  )
    errors.max_per_order = ['The maximum per order cannot be below the minimum'];

  const start = details.saleStart === null ? null : Date.parse(details.saleStart);
  const end = details.saleEnd === null ? null : Date.parse(details.saleEnd);
  if (start !== null && Number.isNaN(start)) errors.sale_start = ['Enter a valid date and time'];
  if (end !== null && Number.isNaN(end)) errors.sale_end = ['Enter a valid date and time'];
  else if (start !== null && end !== null && end <= start)
    errors.sale_end = ['The sale must end after it starts'];

  if (new Set(details.taxAndFeeIds).size !== details.taxAndFeeIds.length)
    errors.tax_and_fee_ids = ['Each tax or fee can be applied once'];
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
}

function changedFields(current: TicketDetails, requested: Partial<TicketDetails>): Partial<TicketDetails> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(requested)) {
    if (value === undefined) continue;
    if (JSON.stringify(current[key as keyof TicketDetails]) !== JSON.stringify(value)) changes[key] = value;
  }
  return changes;
}

export const ticketDecider: Decider<TicketCommand, TicketEvent, TicketState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    if (event.type === 'TicketCreated') {
      const { eventId, ticketId: _ticketId, createdAt: _createdAt, ...details } = event.data;
      return {
        exists: true,
        eventId,
        details,
        salesPaused: false,
        waitingList: { enabled: false, offerHours: DEFAULT_WAITING_OFFER_HOURS },
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'TicketUpdated':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'TicketSalesPaused':
        return { ...state, salesPaused: true };
      case 'TicketSalesResumed':
        return { ...state, salesPaused: false };
      case 'TicketDeleted':
        return { exists: false, deleted: true };
      case 'TicketWaitingListSet':
        return { ...state, waitingList: { enabled: event.data.enabled, offerHours: event.data.offerHours } };
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    const { eventId, ticketId } = command;
    if (command.type === 'CreateTicket') {
      if (state.exists || state.deleted) refuse('ticket_already_exists');
      checkTicketDetails(command.details);
      return [{ type: 'TicketCreated', data: { eventId, ticketId, ...command.details, createdAt: at } }];
    }
    if (!state.exists || state.eventId !== eventId) refuse('ticket_not_found');
    switch (command.type) {
      case 'UpdateTicket': {
        const changes = changedFields(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        if (changes.type !== undefined && command.hasSalesOrAttendees)
          refuse('ticket_type_locked', undefined, {
            type: ['The ticket type cannot change once the ticket has sales or attendees'],
          });
        if (changes.tiers !== undefined) {
          const kept = new Set(changes.tiers.map((tier) => tier.tierId));
          const removedWithSales = state.details.tiers.filter(
            (tier) => !kept.has(tier.tierId) && command.tierIdsWithSales.includes(tier.tierId),
          );
          if (removedWithSales.length > 0)
            refuse('tier_has_sales', undefined, {
              tiers: removedWithSales.map(
                (tier) => `"${tier.label}" has sales: hide it instead of deleting it`,
              ),
            });
        }
        checkTicketDetails({ ...state.details, ...changes });
        return [{ type: 'TicketUpdated', data: { eventId, ticketId, changes, updatedAt: at } }];
      }
      case 'PauseTicketSales':
        return state.salesPaused
          ? []
          : [{ type: 'TicketSalesPaused', data: { eventId, ticketId, pausedAt: at } }];
      case 'ResumeTicketSales':
        return state.salesPaused
          ? [{ type: 'TicketSalesResumed', data: { eventId, ticketId, resumedAt: at } }]
          : [];
      case 'DeleteTicket':
        if (command.orderCount > 0) refuse('ticket_has_orders');
        return [{ type: 'TicketDeleted', data: { eventId, ticketId, deletedAt: at } }];
      case 'SetTicketWaitingList': {
        const { enabled, offerHours } = command;
        if (!Number.isSafeInteger(offerHours) || offerHours < 1 || offerHours > maxWaitingOfferHours)
          refuse('validation_failed', undefined, {
            offer_hours: [`Enter a whole number of hours from 1 to ${maxWaitingOfferHours}`],
          });
        if (state.waitingList.enabled === enabled && state.waitingList.offerHours === offerHours) return [];
        return [
          { type: 'TicketWaitingListSet', data: { eventId, ticketId, enabled, offerHours, setAt: at } },
        ];
      }
    }
  },
};
