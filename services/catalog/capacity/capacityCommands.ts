import type { Knex } from 'knex';
import type { Services } from '../../kit/http/context';
import type { CommandContext } from '../../kit/commandHandler';
import { runChain, step, type AnyStep } from '../../kit/workflow';
import { inventoryDecider, takenAt, type InventoryState } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import {
  capacityAssignmentDecider,
  type CapacityAssignmentCommand,
  type CapacityAssignmentState,
} from './capacityDecider';
import { listEventTicketIds } from '../../../projections/tickets';
import { capacityAssignmentStream, type CapacityAssignmentDetails } from './capacityEvents';

export type CapacityServices = Pick<Services, 'commands' | 'clock'>;

/**
 * The event's ticket ids from the tickets read model. It must list the event's live tickets; a deleted
 * ticket's row is expected to be gone. An advisory fact ("a ticket must exist first", cross-module-facts
 * section 1).
 */
export async function eventTicketIdsFromReadModel(db: Knex, eventId: string): Promise<string[] | null> {
  return listEventTicketIds(db, eventId);
}

/**
 * The event's ticket ids: from the tickets read model when it exists, else the tickets whose stock the
 * catalogue mirrored into the event's inventory (every created ticket is; a deleted one may linger there,
 * which only lets it be linked harmlessly).
 */
export async function eventTicketIds(
  services: Pick<Services, 'db' | 'commands'>,
  eventId: string,
): Promise<string[]> {
  const fromReadModel = await eventTicketIdsFromReadModel(services.db, eventId);
  if (fromReadModel) return fromReadModel;
  const { state } = await services.commands.load(inventoryDecider, inventoryStream(eventId));
  return Object.keys(state.tickets);
}

/**
 * Used capacity, live from the inventory: units sold plus units in holds that have not expired at `now`, over
 * the assignment's tickets. Computed on read rather than stored, because holds expire lazily (no timer
 * records an expiry), so a stored count would go stale.
 */
export function usedCapacity(inventory: InventoryState, ticketIds: readonly string[], now: Date): number {
  const taken = takenAt(inventory, now.getTime());
  return ticketIds.reduce((sum, ticketId) => sum + (taken.tickets.get(ticketId) ?? 0), 0);
}

export async function loadInventory(services: Pick<Services, 'commands'>, eventId: string) {
  return (await services.commands.load(inventoryDecider, inventoryStream(eventId))).state;
}

/** What the inventory must hold for an assignment in this state; a deleted one is mirrored as disabled. */
function mirrorOf(
  before: CapacityAssignmentState,
  after: CapacityAssignmentState,
): CapacityAssignmentDetails | null {
  if (after.exists) return after.details;
  if (before.exists) return { ...before.details, enabled: false };
  return null;
}

/**
 * A capacity assignment command with its mirror into the event's inventory stream, where the capacity is
 * enforced (cross-module-facts section 2), as a chain (docs/decisions/workflows.md):
 *
 * 1. the command is decided and the mirror checked against the inventory as it is, so bad input and a
 *    capacity below what is already sold or held (`quantity_below_sold`) are refused with nothing written;
 * 2. the assignment is appended, then `DefineCapacity` to the inventory;
 * 3. if a hold taken between the check and the mirror makes the mirror refuse, the assignment is put back as
 *    it was (a new one is deleted) and the refusal answered.
 *
 * A process that dies between the two appends leaves the catalogue ahead of the inventory until the
 * assignment is written again: every write mirrors the whole definition (`DefineCapacity` is idempotent), so
 * saving it again repairs it. A reconciliation reactor is the follow-up (docs/sales.md).
 */
export function capacityAssignmentChain(
  { clock }: Pick<CapacityServices, 'clock'>,
  command: CapacityAssignmentCommand,
): AnyStep[] {
  const { eventId, capacityAssignmentId } = command;
  const stream = capacityAssignmentStream(capacityAssignmentId);
  let before: CapacityAssignmentState = capacityAssignmentDecider.initialState();
  const assignment = step({
    name: 'assignment',
    decider: capacityAssignmentDecider,
    stream,
    command: (state: CapacityAssignmentState) => {
      before = state;
      return command;
    },
    compensate: () =>
      command.type === 'DeleteCapacityAssignment'
        ? null
        : step({
            name: 'putBack',
            decider: capacityAssignmentDecider,
            stream,
            command: putBack({ eventId, capacityAssignmentId, before, now: clock.now() }),
          }),
  });
  const mirror = step({
    name: 'mirror',
    decider: inventoryDecider,
    stream: inventoryStream(eventId),
    command: (_inventory, earlier) => {
      const details = mirrorOf(before, earlier<CapacityAssignmentState>(assignment));
      if (!details) return null;
      return {
        type: 'DefineCapacity' as const,
        eventId,
        capacityAssignmentId,
        capacity: details.capacity,
        ticketIds: details.ticketIds,
        enabled: details.enabled,
        now: clock.now(),
      };
    },
  });
  return [assignment, mirror];
}

/** Runs the chain outside a request (the worker's catalogue copy, tests). */
export async function runCapacityAssignmentCommand(
  services: CapacityServices,
  command: CapacityAssignmentCommand,
  context: CommandContext,
): Promise<{ position: bigint | null }> {
  const { position } = await runChain(services.commands, capacityAssignmentChain(services, command), context);
  return { position };
}

/** The command that puts an assignment back as it was before the chain: a new one is deleted. */
function putBack(input: {
  eventId: string;
  capacityAssignmentId: string;
  before: CapacityAssignmentState;
  now: Date;
}): CapacityAssignmentCommand {
  const { eventId, capacityAssignmentId, before, now } = input;
  return before.exists
    ? {
        type: 'UpdateCapacityAssignment',
        eventId,
        capacityAssignmentId,
        changes: before.details,
        existingTicketIds: before.details.ticketIds,
        now,
      }
    : { type: 'DeleteCapacityAssignment', eventId, capacityAssignmentId, now };
}
