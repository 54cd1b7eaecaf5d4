import { z } from 'zod';
import { entityIdOf } from '../../kit/http/ids';
import { route } from '../../kit/http/routeContract';
import { singleLineText } from '../../kit/http/validate';
import { maxCapacityNameLength } from './capacityDecider';
import type { CapacityAssignmentDetails } from './capacityEvents';
import { capacityAssignmentsProjection } from '../../../projections/capacityAssignments';

/**
 * The capacity assignments API (`/api/events/{eventId}/capacity-assignments`): one capacity shared by the
 * linked tickets of an event, enabled or disabled. `used_capacity` in answers is live from the inventory.
 */

export const capacityAssignmentIdSchema = entityIdOf('ca');

const fields = {
  name: singleLineText()
    .trim()
    .min(1, 'The name is required')
    .max(maxCapacityNameLength, `The name must be under ${maxCapacityNameLength + 1} characters`),
  capacity: z
    .number()
    .int('Enter a whole number of 0 or more')
    .min(0, 'Enter a whole number of 0 or more')
    .max(1_000_000_000),
  ticket_ids: z.array(z.string().min(1).max(60)).min(1, 'Link at least one ticket').max(500),
  enabled: z.boolean(),
};

export const createCapacityAssignmentSchema = z
  .object({ ...fields, enabled: fields.enabled.default(true) })
  .strict();
/** Only the fields sent change. */
export const updateCapacityAssignmentSchema = z.object(fields).partial().strict();

export function toCapacityDetails(
  input: z.infer<typeof createCapacityAssignmentSchema>,
): CapacityAssignmentDetails {
  return { name: input.name, capacity: input.capacity, ticketIds: input.ticket_ids, enabled: input.enabled };
}

export function toCapacityChanges(
  input: z.infer<typeof updateCapacityAssignmentSchema>,
): Partial<CapacityAssignmentDetails> {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
    ...(input.ticket_ids !== undefined ? { ticketIds: input.ticket_ids } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  };
}

export const capacityAssignmentResponseSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  ticket_ids: z.array(z.string()),
  enabled: z.boolean(),
  /** Units sold plus units in unexpired holds, over the linked tickets. */
  used_capacity: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const capacityAssignmentEnvelopeSchema = z.object({ data: capacityAssignmentResponseSchema });
export const capacityAssignmentListResponseSchema = z.object({
  data: z.array(capacityAssignmentResponseSchema),
});

export const capacityAssignmentRouteContracts = [
  route({
    method: 'get',
    path: '/events/:eventId/capacity-assignments',
    reads: [capacityAssignmentsProjection],
    summary: "The event's capacity assignments with their used capacity",
    response: capacityAssignmentListResponseSchema,
  }),
  route({
    method: 'post',
    path: '/events/:eventId/capacity-assignments',
    summary: 'Create a capacity assignment over existing tickets',
    body: createCapacityAssignmentSchema,
    response: capacityAssignmentEnvelopeSchema,
    status: 201,
  }),
  route({
    method: 'get',
    path: '/events/:eventId/capacity-assignments/:id',
    reads: [capacityAssignmentsProjection],
    summary: 'A capacity assignment',
    response: capacityAssignmentEnvelopeSchema,
  }),
  route({
    method: 'put',
    path: '/events/:eventId/capacity-assignments/:id',
    summary: 'Change a capacity assignment',
    body: updateCapacityAssignmentSchema,
    response: capacityAssignmentEnvelopeSchema,
  }),
  route({
    method: 'delete',
    path: '/events/:eventId/capacity-assignments/:id',
    summary: 'Delete a capacity assignment',
    status: 204,
  }),
];
