import type { Knex } from 'knex';
import type { Services } from '../../kit/http/context';
import type { CommandContext } from '../../kit/commandHandler';
import { fold } from '../../kit/decider';
import { isRefusal } from '../../kit/refusal';
import { inventoryDecider, takenAt, type InventoryState } from '../../sales/inventory/inventoryDecider';
import { inventoryStream } from '../../sales/inventory/inventoryEvents';
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
 * Runs a capacity assignment command and mirrors the result into the event's inventory stream, where the
 * capacity is enforced (cross-module-facts section 2):
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
export async function runCapacityAssignmentCommand(
  services: CapacityServices,
  command: CapacityAssignmentCommand,
  context: CommandContext,
): Promise<{ position: bigint }> {
  const { commands, clock } = services;
  const { eventId, capacityAssignmentId } = command;
  const stream = capacityAssignmentStream(capacityAssignmentId);
  const before = (await commands.load(capacityAssignmentDecider, stream)).state;
  const events = capacityAssignmentDecider.decide(command, before);
  const after = fold(capacityAssignmentDecider, before, events);
  const mirror = mirrorOf(before, after);
  const define = (details: CapacityAssignmentDetails) => ({
    type: 'DefineCapacity' as const,
    eventId,
    capacityAssignmentId,
    capacity: details.capacity,
    ticketIds: details.ticketIds,
    enabled: details.enabled,
    now: clock.now(),
  });
  if (mirror) inventoryDecider.decide(define(mirror), await loadInventory(services, eventId));

  const written = await commands.handle(capacityAssignmentDecider, stream, command, context);
  if (!mirror) return { position: written.position };
  try {
    const mirrored = await commands.handle(
      inventoryDecider,
      inventoryStream(eventId),
      define(mirror),
      context,
    );
    return { position: mirrored.position > written.position ? mirrored.position : written.position };
  } catch (error) {
    if (isRefusal(error) && command.type !== 'DeleteCapacityAssignment')
      await putBack(services, { eventId, capacityAssignmentId, before }, context);
    throw error;
  }
}

async function putBack(
  { commands, clock }: CapacityServices,
  input: { eventId: string; capacityAssignmentId: string; before: CapacityAssignmentState },
  context: CommandContext,
): Promise<void> {
  const { eventId, capacityAssignmentId, before } = input;
  const now = clock.now();
  const undo: CapacityAssignmentCommand = before.exists
    ? {
        type: 'UpdateCapacityAssignment',
        eventId,
        capacityAssignmentId,
        changes: before.details,
        existingTicketIds: before.details.ticketIds,
        now,
      }
    : { type: 'DeleteCapacityAssignment', eventId, capacityAssignmentId, now };
  await commands.handle(
    capacityAssignmentDecider,
    capacityAssignmentStream(capacityAssignmentId),
    undo,
    context,
  );
}
