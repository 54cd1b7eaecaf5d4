import type { Decider } from '../../kit/decider';
import { refuse, type FieldErrors } from '../../kit/refusal';
import type { CapacityAssignmentDetails, CapacityAssignmentEvent } from './capacityEvents';

export const maxCapacityNameLength = 149;

/** `existingTicketIds`: the event's tickets, read by the route (advisory: "a ticket must exist first"). */
export type CreateCapacityAssignment = {
  type: 'CreateCapacityAssignment';
  eventId: string;
  capacityAssignmentId: string;
  details: CapacityAssignmentDetails;
  existingTicketIds: readonly string[];
  now: Date;
};
export type UpdateCapacityAssignment = {
  type: 'UpdateCapacityAssignment';
  eventId: string;
  capacityAssignmentId: string;
  changes: Partial<CapacityAssignmentDetails>;
  existingTicketIds: readonly string[];
  now: Date;
};
export type DeleteCapacityAssignment = {
  type: 'DeleteCapacityAssignment';
  eventId: string;
  capacityAssignmentId: string;
  now: Date;
};
export type CapacityAssignmentCommand =
  CreateCapacityAssignment | UpdateCapacityAssignment | DeleteCapacityAssignment;

export type CapacityAssignmentState =
  | { exists: false; deleted?: boolean }
  | { exists: true; eventId: string; details: CapacityAssignmentDetails };

function checkDetails(details: CapacityAssignmentDetails, existingTicketIds: readonly string[]): void {
  const errors: FieldErrors = {};
  const name = details.name.trim();
  if (name.length === 0) errors.name = ['The name is required'];
  else if (name.length > maxCapacityNameLength)
    errors.name = [`The name must be under ${maxCapacityNameLength + 1} characters`];
  if (!Number.isSafeInteger(details.capacity) || details.capacity < 0)
    errors.capacity = ['Enter a whole number of 0 or more'];
  if (details.ticketIds.length === 0) errors.ticket_ids = ['Link at least one ticket'];
  else if (new Set(details.ticketIds).size !== details.ticketIds.length)
    errors.ticket_ids = ['Each ticket can be linked once'];
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
  const missing = details.ticketIds.filter((ticketId) => !existingTicketIds.includes(ticketId));
  if (missing.length > 0)
    refuse('ticket_not_found', undefined, { ticket_ids: ['Create the ticket before linking it'] });
}

export const capacityAssignmentDecider: Decider<
  CapacityAssignmentCommand,
  CapacityAssignmentEvent,
  CapacityAssignmentState
> = {
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'CapacityAssignmentCreated': {
        const { eventId, capacityAssignmentId: _id, createdAt: _createdAt, ...details } = event.data;
        return { exists: true, eventId, details };
      }
      case 'CapacityAssignmentUpdated':
        return state.exists ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'CapacityAssignmentDeleted':
        return { exists: false, deleted: true };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    const { eventId, capacityAssignmentId } = command;
    if (command.type === 'CreateCapacityAssignment') {
      if (state.exists || state.deleted) refuse('capacity_assignment_already_exists');
      checkDetails(command.details, command.existingTicketIds);
      return [
        {
          type: 'CapacityAssignmentCreated',
          data: { eventId, capacityAssignmentId, ...command.details, createdAt: at },
        },
      ];
    }
    if (!state.exists || state.eventId !== eventId) refuse('capacity_assignment_not_found');
    if (command.type === 'DeleteCapacityAssignment')
      return [{ type: 'CapacityAssignmentDeleted', data: { eventId, capacityAssignmentId, deletedAt: at } }];
    const changes: Partial<CapacityAssignmentDetails> = {};
    for (const key of ['name', 'capacity', 'ticketIds', 'enabled'] as const) {
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
    return [
      { type: 'CapacityAssignmentUpdated', data: { eventId, capacityAssignmentId, changes, updatedAt: at } },
    ];
  },
};
