import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CapacityAssignmentEvent } from '../../services/catalog/capacity/capacityEvents';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { capacityAssignmentsProjection } from '.';

const at = (day: number) => `2026-11-0${day}T10:00:00.000Z`;

describeEachStorage('capacity assignments read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps each assignment with its edits, drops deleted ones, the same when replayed or rebuilt', async () => {
    const created = (id: string, name: string): CapacityAssignmentEvent & { stream: string } => ({
      stream: `capacity-assignment-${id}`,
      type: 'CapacityAssignmentCreated',
      data: {
        eventId: 'ev_1',
        capacityAssignmentId: id,
        name,
        capacity: 50,
        ticketIds: ['tk_a', 'tk_b'],
        enabled: true,
        createdAt: at(1),
      },
    });
    const { rows, keys } = await projectionSpec<CapacityAssignmentEvent>(
      storage,
      capacityAssignmentsProjection,
    )
      .given([
        created('ca_hall', 'Main hall'),
        {
          stream: 'capacity-assignment-ca_hall',
          type: 'CapacityAssignmentUpdated',
          data: {
            eventId: 'ev_1',
            capacityAssignmentId: 'ca_hall',
            changes: { capacity: 40, ticketIds: ['tk_a'], enabled: false },
            updatedAt: at(2),
          },
        },
        created('ca_gone', 'Balcony'),
        {
          stream: 'capacity-assignment-ca_gone',
          type: 'CapacityAssignmentDeleted',
          data: { eventId: 'ev_1', capacityAssignmentId: 'ca_gone', deletedAt: at(3) },
        },
      ])
      .then({ capacity_assignments: ['id'] });

    expect(rows.capacity_assignments).toEqual([
      expect.objectContaining({
        id: 'ca_hall',
        event_id: 'ev_1',
        name: 'Main hall',
        capacity: 40,
        ticket_ids: '["tk_a"]',
        updated_at: at(2),
        revision: 1,
      }),
    ]);
    expect(Boolean((rows.capacity_assignments?.[0] as { enabled: unknown }).enabled)).toBe(false);
    expect(keys).toEqual(expect.arrayContaining(['capacity-assignment:ca_hall', 'event:ev_1']));
  });
});
