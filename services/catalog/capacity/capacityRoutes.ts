import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  capacityAssignmentsProjection,
  capacityTicketIds,
  findEventCapacityAssignment,
  listEventCapacityAssignments,
  presentCapacityAssignment,
  type CapacityAssignmentRow,
} from '../../../projections/capacityAssignments';
import { ownedEvent } from '../events/ownedEvent';
import type { CapacityAssignmentCommand } from './capacityDecider';
import { capacityAssignmentChain, eventTicketIds, loadInventory, usedCapacity } from './capacityCommands';
import {
  capacityAssignmentIdSchema,
  createCapacityAssignmentSchema,
  toCapacityChanges,
  toCapacityDetails,
  updateCapacityAssignmentSchema,
} from './capacitySchemas';

const base = '/events/:eventId/capacity-assignments';

/** `/api/events/{eventId}/capacity-assignments`: thin routes; rules in capacityDecider, mirroring in capacityCommands. */
export function capacityAssignmentRoutes(services: Services) {
  const router = new Router();
  router.use('/events/:eventId/capacity-assignments', allow('events.manage'));

  function assignmentIdOrNotFound(ctx: Context): string {
    const parsed = capacityAssignmentIdSchema.safeParse(pathParam(ctx, 'id'));
    if (!parsed.success) throw new Refusal('capacity_assignment_not_found');
    return parsed.data;
  }

  async function present(eventId: string, rows: readonly CapacityAssignmentRow[]) {
    const inventory = await loadInventory(services, eventId);
    const now = services.clock.now();
    return rows.map((row) =>
      presentCapacityAssignment(row, usedCapacity(inventory, capacityTicketIds(row), now)),
    );
  }

  async function run(ctx: Context, command: CapacityAssignmentCommand) {
    await execute(ctx, services, {
      chain: capacityAssignmentChain(services, command),
      readModels: [capacityAssignmentsProjection.name],
    });
  }

  async function presentOne(eventId: string, capacityAssignmentId: string) {
    const row = await findEventCapacityAssignment(services.db, eventId, capacityAssignmentId);
    if (!row) throw new Refusal('capacity_assignment_not_found');
    const [data] = await present(eventId, [row]);
    return data;
  }

  router.get(base, async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    ctx.body = { data: await present(eventId, await listEventCapacityAssignments(services.db, eventId)) };
  });

  router.post(base, async (ctx) => {
    const input = body(ctx, createCapacityAssignmentSchema);
    const { eventId } = await ownedEvent(ctx, services);
    const capacityAssignmentId = services.ids.entity('ca');
    await run(ctx, {
      type: 'CreateCapacityAssignment',
      eventId,
      capacityAssignmentId,
      details: toCapacityDetails(input),
      existingTicketIds: await eventTicketIds(services, eventId),
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/events/${eventId}/capacity-assignments/${capacityAssignmentId}`);
    ctx.body = { data: await presentOne(eventId, capacityAssignmentId) };
  });

  router.get(`${base}/:id`, async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    ctx.body = { data: await presentOne(eventId, assignmentIdOrNotFound(ctx)) };
  });

  router.put(`${base}/:id`, async (ctx) => {
    const input = body(ctx, updateCapacityAssignmentSchema);
    const { eventId } = await ownedEvent(ctx, services);
    const capacityAssignmentId = assignmentIdOrNotFound(ctx);
    await run(ctx, {
      type: 'UpdateCapacityAssignment',
      eventId,
      capacityAssignmentId,
      changes: toCapacityChanges(input),
      existingTicketIds: await eventTicketIds(services, eventId),
      now: services.clock.now(),
    });
    ctx.body = { data: await presentOne(eventId, capacityAssignmentId) };
  });

  router.delete(`${base}/:id`, async (ctx) => {
    const { eventId } = await ownedEvent(ctx, services);
    const capacityAssignmentId = assignmentIdOrNotFound(ctx);
    await run(ctx, {
      type: 'DeleteCapacityAssignment',
      eventId,
      capacityAssignmentId,
      now: services.clock.now(),
    });
    ctx.status = 204;
  });

  return router;
}
