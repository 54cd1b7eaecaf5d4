import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import type { CheckInListDetails, CheckInListEvent } from './checkInListEvents';

export const maxCheckInListNameLength = 149;
export const maxCheckInListDescriptionLength = 2_000;

/** `existingTicketIds`: the event's tickets, read by the route (advisory: "a ticket must exist first"). */
export type CreateCheckInList = {
  type: 'CreateCheckInList';
  eventId: string;
  checkInListId: string;
  shortId: string;
  details: CheckInListDetails;
  existingTicketIds: readonly string[];
  now: Date;
};
export type UpdateCheckInList = {
  type: 'UpdateCheckInList';
  eventId: string;
  checkInListId: string;
  changes: Partial<CheckInListDetails>;
  existingTicketIds: readonly string[];
  now: Date;
};
/** A new link; the old one is revoked. */
export type RotateCheckInListLink = {
  type: 'RotateCheckInListLink';
  eventId: string;
  checkInListId: string;
  shortId: string;
  now: Date;
};
export type DeleteCheckInList = {
  type: 'DeleteCheckInList';
  eventId: string;
  checkInListId: string;
  now: Date;
};

export type CheckInListCommand =
  CreateCheckInList | UpdateCheckInList | RotateCheckInListLink | DeleteCheckInList;

export type CheckInListState =
  | { exists: false; deleted?: boolean }
  | { exists: true; eventId: string; shortId: string; details: CheckInListDetails };

function checkDetails(details: CheckInListDetails, existingTicketIds: readonly string[]): void {
  const errors: FieldErrors = {};
  const name = details.name.trim();
  if (name.length === 0) errors.name = ['The name is required'];
  else if (name.length > maxCheckInListNameLength)
    errors.name = [`The name must be under ${maxCheckInListNameLength + 1} characters`];
  if (details.description !== null && details.description.length > maxCheckInListDescriptionLength)
    errors.description = [`The description must be under ${maxCheckInListDescriptionLength + 1} characters`];
  const activates = details.activatesAt === null ? null : Date.parse(details.activatesAt);
  const expires = details.expiresAt === null ? null : Date.parse(details.expiresAt);
  if (activates !== null && Number.isNaN(activates)) errors.activates_at = ['Enter a valid date and time'];
  if (expires !== null && Number.isNaN(expires)) errors.expires_at = ['Enter a valid date and time'];
  else if (activates !== null && expires !== null && expires <= activates)
    errors.expires_at = ['The list must expire after it activates'];
  if (details.ticketIds.length === 0) errors.ticket_ids = ['Link at least one ticket'];
  else if (new Set(details.ticketIds).size !== details.ticketIds.length)
    errors.ticket_ids = ['Each ticket can be linked once'];
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  if (details.ticketIds.some((ticketId) => !existingTicketIds.includes(ticketId)))
    refuse('ticket_not_found', undefined, { ticket_ids: ['Create the ticket before linking it'] });
}

export const checkInListDecider: Decider<CheckInListCommand, CheckInListEvent, CheckInListState> = {
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'CheckInListCreated': {
        const { eventId, checkInListId: _id, shortId, createdAt: _at, ...details } = event.data;
        return { exists: true, eventId, shortId, details };
      }
      case 'CheckInListUpdated':
        return state.exists ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'CheckInListLinkRotated':
        return state.exists ? { ...state, shortId: event.data.shortId } : state;
      case 'CheckInListDeleted':
        return { exists: false, deleted: true };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    const { eventId, checkInListId } = command;
    if (command.type === 'CreateCheckInList') {
      if (state.exists || state.deleted) refuse('check_in_list_already_exists');
      checkDetails(command.details, command.existingTicketIds);
      return [
        {
          type: 'CheckInListCreated',
          data: { eventId, checkInListId, shortId: command.shortId, ...command.details, createdAt: at },
        },
      ];
    }
    if (!state.exists || state.eventId !== eventId) refuse('check_in_list_not_found');
    switch (command.type) {
      case 'DeleteCheckInList':
        return [
          {
            type: 'CheckInListDeleted',
            data: { eventId, checkInListId, shortId: state.shortId, deletedAt: at },
          },
        ];
      case 'RotateCheckInListLink':
        if (command.shortId === state.shortId) return [];
        return [
          {
            type: 'CheckInListLinkRotated',
            data: {
              eventId,
              checkInListId,
              shortId: command.shortId,
              revokedShortId: state.shortId,
              rotatedAt: at,
            },
          },
        ];
      case 'UpdateCheckInList': {
        const changes: Partial<CheckInListDetails> = {};
        for (const key of ['name', 'description', 'activatesAt', 'expiresAt', 'ticketIds'] as const) {
          const value = command.changes[key];
          if (value !== undefined && JSON.stringify(value) !== JSON.stringify(state.details[key]))
            Object.assign(changes, { [key]: value });
        }
        if (Object.keys(changes).length === 0) return [];
        // Tickets deleted since linking stay linked harmlessly; only newly linked ones must exist.
        const before = new Set(state.details.ticketIds);
        const after = { ...state.details, ...changes };
        checkDetails(after, [
          ...command.existingTicketIds,
          ...after.ticketIds.filter((ticketId) => before.has(ticketId)),
        ]);
        return [{ type: 'CheckInListUpdated', data: { eventId, checkInListId, changes, updatedAt: at } }];
      }
    }
  },
};
