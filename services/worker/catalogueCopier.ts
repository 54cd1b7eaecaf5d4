import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { listEventCapacityAssignments } from '../../projections/capacityAssignments';
import { listEventPromoCodes } from '../../projections/promoCodes';
import { listEventQuestions } from '../../projections/questions';
import { listEventTickets } from '../../projections/tickets';
import type { Projection } from '../../projections/runner/types';
import { runCapacityAssignmentCommand } from '../catalog/capacity/capacityCommands';
import { capacityAssignmentDecider } from '../catalog/capacity/capacityDecider';
import { capacityAssignmentStream } from '../catalog/capacity/capacityEvents';
import type { EventCreated } from '../catalog/events/eventEvents';
import { createPromoCode } from '../catalog/promoCodes/promoCodeCommands';
import { promoCodeDecider } from '../catalog/promoCodes/promoCodeDecider';
import { promoCodeStream } from '../catalog/promoCodes/promoCodeEvents';
import { questionDecider } from '../catalog/questions/questionDecider';
import { questionStream } from '../catalog/questions/questionEvents';
import { inventoryMirrorDecider, stockDefinitions } from '../catalog/tickets/inventoryMirror';
import { ticketDecider } from '../catalog/tickets/ticketDecider';
import { ticketStream, type TicketDetails } from '../catalog/tickets/ticketEvents';
import type { Clock, IdSource } from '../kit/clock';
import type { CommandContext, CommandHandler } from '../kit/commandHandler';
import type { Logger } from '../kit/logger';
import { isRefusal } from '../kit/refusal';
import { inventoryStream } from '../inventory/inventoryEvents';

export const catalogueCopierName = 'catalogue-copier';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * The id of the copy of `sourceId` in the event `copyEventId`: the same on every run, so a replay, a retry after
 * a crash or a second worker finds the copy already made and writes nothing twice.
 */
export function copiedId(prefix: string, copyEventId: string, sourceId: string): string {
  const digest = createHash('sha256').update(`catalogue-copy:${copyEventId}:${sourceId}`).digest();
  let out = '';
  for (let i = 0; i < 20; i++) out += alphabet[(digest[i] ?? 0) % 32];
  return `${prefix}_${out}`;
}

interface Copy {
  sourceEventId: string;
  eventId: string;
  context: CommandContext;
}

/**
 * Duplicating an event copies its catalogue (issue 11 item 8): for an `EventCreated` with `duplicatedFrom`, the
 * tickets (with their tiers, stock mirrored into the copy's inventory), questions, promo codes and capacity
 * assignments the organizer chose are created in the copy through the catalogue's own commands, as `system`.
 * The source's items are listed from its read models (in the organizer's order) and read from their streams.
 * Every copy has an id derived from the source item and the copy (`copiedId`), and an item whose copy exists
 * is skipped, so the reactor is idempotent. References follow the copy: a promo code, question or capacity
 * assignment names the copied tickets; without copied tickets a capacity assignment (which needs a ticket)
 * is left out and the others drop their ticket references only when they named nothing else.
 */
export function catalogueCopier(deps: {
  commands: CommandHandler;
  clock: Clock;
  logger: Logger;
}): Projection {
  return {
    name: catalogueCopierName,
    tables: [],
    handles: ['EventCreated'],
    async apply(trx, recorded) {
      const data = (recorded as unknown as EventCreated).data;
      const from = data.duplicatedFrom;
      if (!from) return [];
      const copy: Copy = {
        sourceEventId: from.eventId,
        eventId: data.eventId,
        context: {
          correlationId: recorded.metadata.correlationId,
          causationId: recorded.id,
          actor: 'system',
        },
      };
      const requested = from.requested;
      const tickets = requested.tickets ? await copyTickets(deps, trx, copy) : new Map<string, string>();
      const step = async (what: string, run: () => Promise<void>) => {
        try {
          await run();
        } catch (error) {
          if (!isRefusal(error)) throw error;
          // The copy is refused only when the source item would be refused today: log it, copy the rest.
          deps.logger.warn('catalogue item not copied', {
            eventId: copy.eventId,
            what,
            reason: error.reason,
          });
        }
      };
      if (requested.questions) await step('questions', () => copyQuestions(deps, trx, copy, tickets));
      if (requested.promoCodes) await step('promo codes', () => copyPromoCodes(deps, trx, copy, tickets));
      if (requested.capacityAssignments)
        await step('capacity assignments', () => copyCapacityAssignments(deps, trx, copy, tickets));
      return [];
    },
  };
}

type Deps = { commands: CommandHandler; clock: Clock; logger: Logger };

/** Copies the tickets in order; answers source ticket id → copied ticket id. */
async function copyTickets(deps: Deps, db: Knex, copy: Copy): Promise<Map<string, string>> {
  const copied = new Map<string, string>();
  for (const row of await listEventTickets(db, copy.sourceEventId)) {
    const { state: source } = await deps.commands.load(ticketDecider, ticketStream(row.ticketId));
    if (!source.exists) continue;
    const ticketId = copiedId('tk', copy.eventId, row.ticketId);
    copied.set(row.ticketId, ticketId);
    const { state: existing } = await deps.commands.load(ticketDecider, ticketStream(ticketId));
    if (existing.exists || existing.deleted) continue;
    const details: TicketDetails = {
      ...source.details,
      tiers: source.details.tiers.map((tier) => ({
        ...tier,
        tierId: copiedId('tr', copy.eventId, tier.tierId),
      })),
    };
    await deps.commands.handle(
      ticketDecider,
      ticketStream(ticketId),
      { type: 'CreateTicket', eventId: copy.eventId, ticketId, details, now: deps.clock.now() },
      copy.context,
    );
    await deps.commands.handle(
      inventoryMirrorDecider,
      inventoryStream(copy.eventId),
      {
        type: 'MirrorStock',
        definitions: stockDefinitions(copy.eventId, ticketId, null, details, deps.clock.now()),
      },
      { ...copy.context, idempotencyKey: `catalogue-copy:${ticketId}` },
    );
  }
  return copied;
}

/** Ticket references of the copy: the copied tickets; null when it named tickets none of which were copied. */
function mapTickets(ids: readonly string[], tickets: Map<string, string>): string[] | null {
  if (ids.length === 0) return [];
  const mapped = ids.flatMap((id) => {
    const copied = tickets.get(id);
    return copied ? [copied] : [];
  });
  return mapped.length > 0 ? mapped : null;
}

async function copyQuestions(deps: Deps, db: Knex, copy: Copy, tickets: Map<string, string>) {
  for (const row of await listEventQuestions(db, copy.sourceEventId)) {
    const { state: source } = await deps.commands.load(questionDecider, questionStream(row.id));
    if (!source.exists) continue;
    const questionId = copiedId('qu', copy.eventId, row.id);
    const { state: existing } = await deps.commands.load(questionDecider, questionStream(questionId));
    if (existing.exists || existing.deleted) continue;
    const { exists: _e, deleted: _d, questionId: _q, eventId: _ev, ...definition } = source;
    // A question for tickets that were not copied would be asked for every ticket: left out instead.
    const applicableTicketIds = mapTickets(definition.applicableTicketIds, tickets);
    if (applicableTicketIds === null) continue;
    await deps.commands.handle(
      questionDecider,
      questionStream(questionId),
      {
        type: 'CreateQuestion',
        questionId,
        eventId: copy.eventId,
        definition: { ...definition, applicableTicketIds },
        now: deps.clock.now(),
      },
      copy.context,
    );
  }
}

async function copyPromoCodes(deps: Deps, db: Knex, copy: Copy, tickets: Map<string, string>) {
  for (const row of await listEventPromoCodes(db, copy.sourceEventId)) {
    const { state: source } = await deps.commands.load(promoCodeDecider, promoCodeStream(row.id));
    if (!source.exists) continue;
    const promoCodeId = copiedId('pc', copy.eventId, row.id);
    const { state: existing } = await deps.commands.load(promoCodeDecider, promoCodeStream(promoCodeId));
    if (existing.exists || existing.deleted) continue;
    const { exists: _e, deleted: _d, promoCodeId: _p, eventId: _ev, ...definition } = source;
    // A code for tickets that were not copied would discount every ticket: left out instead.
    const applicableTicketIds = mapTickets(definition.applicableTicketIds, tickets);
    if (applicableTicketIds === null) continue;
    // The claim and the code take the derived id; a retry finds the claim its own and goes on.
    const ids: IdSource = {
      entity: () => promoCodeId,
      uuid: () => promoCodeId,
      shortId: () => promoCodeId,
    };
    await createPromoCode(
      { commands: deps.commands, clock: deps.clock, ids },
      { eventId: copy.eventId, definition: { ...definition, applicableTicketIds: [...applicableTicketIds] } },
      copy.context,
    );
  }
}

async function copyCapacityAssignments(deps: Deps, db: Knex, copy: Copy, tickets: Map<string, string>) {
  for (const row of await listEventCapacityAssignments(db, copy.sourceEventId)) {
    const stream = capacityAssignmentStream(row.id);
    const { state: source } = await deps.commands.load(capacityAssignmentDecider, stream);
    if (!source.exists) continue;
    const capacityAssignmentId = copiedId('ca', copy.eventId, row.id);
    const { state: existing } = await deps.commands.load(
      capacityAssignmentDecider,
      capacityAssignmentStream(capacityAssignmentId),
    );
    if (existing.exists || existing.deleted) continue;
    const ticketIds = mapTickets(source.details.ticketIds, tickets);
    if (ticketIds === null || ticketIds.length === 0) continue;
    await runCapacityAssignmentCommand(
      deps,
      {
        type: 'CreateCapacityAssignment',
        eventId: copy.eventId,
        capacityAssignmentId,
        details: { ...source.details, ticketIds },
        existingTicketIds: [...tickets.values()],
        now: deps.clock.now(),
      },
      copy.context,
    );
  }
}
