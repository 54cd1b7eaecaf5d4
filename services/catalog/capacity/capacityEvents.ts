/**
 * Capacity assignments (spec section 3): one limit shared by several tickets of an event, e.g. a hall's
 * seats. One stream per assignment, `capacity-assignment-<id>`; the limit itself is enforced by the event's
 * inventory stream (services/inventory), into which each change is mirrored.
 */

export const capacityAssignmentStream = (capacityAssignmentId: string): string =>
  `capacity-assignment-${capacityAssignmentId}`;

export type CapacityAssignmentDetails = {
  name: string;
  capacity: number;
  ticketIds: string[];
  enabled: boolean;
};

export type CapacityAssignmentCreated = {
  type: 'CapacityAssignmentCreated';
  data: CapacityAssignmentDetails & { eventId: string; capacityAssignmentId: string; createdAt: string };
};
export type CapacityAssignmentUpdated = {
  type: 'CapacityAssignmentUpdated';
  data: {
    eventId: string;
    capacityAssignmentId: string;
    changes: Partial<CapacityAssignmentDetails>;
    updatedAt: string;
  };
};
export type CapacityAssignmentDeleted = {
  type: 'CapacityAssignmentDeleted';
  data: { eventId: string; capacityAssignmentId: string; deletedAt: string };
};

export type CapacityAssignmentEvent =
  CapacityAssignmentCreated | CapacityAssignmentUpdated | CapacityAssignmentDeleted;
export const capacityAssignmentEventTypes: readonly CapacityAssignmentEvent['type'][] = [
  'CapacityAssignmentCreated',
  'CapacityAssignmentUpdated',
  'CapacityAssignmentDeleted',
];
