import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { capacityAssignmentDecider } from './capacityDecider';
import type { CapacityAssignmentDetails, CapacityAssignmentEvent } from './capacityEvents';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(capacityAssignmentDecider);
const hall: CapacityAssignmentDetails = {
  name: 'Main hall',
  capacity: 300,
  ticketIds: ['tk_a', 'tk_b'],
  enabled: true,
};
const created: CapacityAssignmentEvent = {
  type: 'CapacityAssignmentCreated',
  data: { eventId: 'ev_1', capacityAssignmentId: 'ca_1', ...hall, createdAt: at },
};
const create = (
  details: Partial<CapacityAssignmentDetails>,
  existingTicketIds = ['tk_a', 'tk_b', 'tk_c'],
) => ({
  type: 'CreateCapacityAssignment' as const,
  eventId: 'ev_1',
  capacityAssignmentId: 'ca_1',
  details: { ...hall, ...details },
  existingTicketIds,
  now,
});
const update = (
  changes: Partial<CapacityAssignmentDetails>,
  existingTicketIds = ['tk_a', 'tk_b', 'tk_c'],
  eventId = 'ev_1',
) => ({
  type: 'UpdateCapacityAssignment' as const,
  eventId,
  capacityAssignmentId: 'ca_1',
  changes,
  existingTicketIds,
  now,
});

describe('capacity assignments', () => {
  it('creates an assignment over existing tickets', () => {
    spec.given([]).when(create({})).then([created]);
    spec.given([created]).when(create({})).thenRefused('capacity_assignment_already_exists');
  });

  it('refuses a ticket that does not exist yet, no tickets, and bad numbers or names', () => {
    spec
      .given([])
      .when(create({}, ['tk_a']))
      .thenRefused('ticket_not_found', ['ticket_ids']);
    spec
      .given([])
      .when(create({ ticketIds: [] }))
      .thenRefused('validation_failed', ['ticket_ids']);
    spec
      .given([])
      .when(create({ ticketIds: ['tk_a', 'tk_a'] }))
      .thenRefused('validation_failed', ['ticket_ids']);
    spec
      .given([])
      .when(create({ capacity: -1 }))
      .thenRefused('validation_failed', ['capacity']);
    spec
      .given([])
      .when(create({ capacity: 2.5 }))
      .thenRefused('validation_failed', ['capacity']);
    spec
      .given([])
      .when(create({ name: '' }))
      .thenRefused('validation_failed', ['name']);
    spec
      .given([])
      .when(create({ name: 'x'.repeat(150) }))
      .thenRefused('validation_failed', ['name']);
  });

  it('updates, disables and deletes; a linked ticket deleted since stays linked', () => {
    spec
      .given([created])
      .when(update({ enabled: false, name: 'Main hall' }))
      .then([
        {
          type: 'CapacityAssignmentUpdated',
          data: { eventId: 'ev_1', capacityAssignmentId: 'ca_1', changes: { enabled: false }, updatedAt: at },
        },
      ]);
    spec
      .given([created])
      .when(update({ ticketIds: ['tk_a', 'tk_b', 'tk_c'] }, ['tk_a', 'tk_c']))
      .then([
        {
          type: 'CapacityAssignmentUpdated',
          data: {
            eventId: 'ev_1',
            capacityAssignmentId: 'ca_1',
            changes: { ticketIds: ['tk_a', 'tk_b', 'tk_c'] },
            updatedAt: at,
          },
        },
      ]);
    spec
      .given([created])
      .when(update({ ticketIds: ['tk_a', 'tk_z'] }))
      .thenRefused('ticket_not_found', ['ticket_ids']);
    spec
      .given([created])
      .when(update({ capacity: 300 }))
      .thenNothingHappened();
    spec
      .given([created])
      .when(update({ capacity: 1 }, undefined, 'ev_2'))
      .thenRefused('capacity_assignment_not_found');
    spec
      .given([created])
      .when({ type: 'DeleteCapacityAssignment', eventId: 'ev_1', capacityAssignmentId: 'ca_1', now })
      .then([
        {
          type: 'CapacityAssignmentDeleted',
          data: { eventId: 'ev_1', capacityAssignmentId: 'ca_1', deletedAt: at },
        },
      ]);
  });
});
