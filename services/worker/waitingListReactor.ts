import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ReadModelTable } from '../../projections/runner/types';
import { updateRows } from '../../projections/runner/rowStatements';
import type { EventStore } from '../eventstore/port';
import { ERASED_EMAIL } from '../eventstore/personalData';
import type { Clock } from '../kit/clock';
import type { CommandContext, CommandHandler } from '../kit/commandHandler';
import type { Logger } from '../kit/logger';
import { PassWorker } from '../kit/passLoop';
import { isRefusal } from '../kit/refusal';
import { runChain } from '../kit/workflow';
import { eventDecider } from '../catalog/events/eventDecider';
import { eventStream } from '../catalog/events/eventEvents';
import { ticketDecider } from '../catalog/tickets/ticketDecider';
import { ticketStream } from '../catalog/tickets/ticketEvents';
import { findHold, inventoryDecider, type InventoryState } from '../inventory/inventoryDecider';
import {
  inventoryStream,
  type CapacityDefined,
  type HoldConverted,
  type HoldPlaced,
  type HoldReleased,
  type StockReturned,
  type TicketStockDefined,
  type TierStockDefined,
  type WaitingDemandAdded,
} from '../inventory/inventoryEvents';
import { isSupportedLocale } from '../messaging/locales';
import { dedupeKey, enqueueMail, mailOutboxTable } from '../messaging/outbox';
import { mailEventTime, renderMail } from '../messaging/templates';
import { waitingEntryDecider, waitingTokenHash } from '../sales/waitingList/waitingEntryDecider';
import {
  waitingEntryStream,
  type WaitingEntryJoined,
  type WaitingEntryOffered,
} from '../sales/waitingList/waitingListEvents';
import {
  entryOfOfferHold,
  joinedEntry,
  waitingListConvert,
  waitingListExpire,
  waitingListOffer,
  waitingOfferHoldId,
  type EntryPlace,
} from '../sales/waitingList/waitingListWorkflow';
import type { WaitingOfferTokens } from '../sales/waitingList/waitingOfferToken';

/**
 * The waiting list's process manager (docs/waiting-list.md, "Reactor"). The projection only notes what is to
 * be done, in its own tables; the keeper does it outside the projection's transaction (the entry streams hold
 * sealed personal data, which is read through the key ring in the read-model database):
 *
 * - Stock comes back (a hold released, stock returned, a stock or capacity defined anew, an entry added): the
 *   event is due, and the keeper offers its free units to the waiting entries in join order, each through the
 *   offer chain. The inventory decides what fits; an entry it refuses stays waiting.
 * - An offer hold that ran out unconverted (on the injected clock, like checkoutKeeper.ts): the entry is
 *   EXPIRED, its claim and hold released, and the units offered to the next entries.
 * - An offer recorded (`WaitingEntryOffered`): the offer mail, in the entry's language, once per hold (the
 *   outbox's dedupe key, written in the same transaction that clears the note).
 * - An offer hold converted (the buyer's order completed): the entry is CONVERTED and its claim released.
 *
 * Every step is a command with an expected version and a deterministic hold id, so a second worker, or a
 * replay, is refused or changes nothing.
 */

export const waitingOfferHoldsTable: ReadModelTable = {
  name: 'waiting_offer_holds',
  define(table, tableName) {
    table.string('hold_id', 120).primary();
    table.string('event_id', 40).notNullable();
    table.string('entry_id', 80).notNullable();
    /** ISO instant the offer hold runs out. */
    table.string('expires_at', 40).notNullable();
    /** The order that converted the hold, once it did: the entry is to be marked CONVERTED. */
    table.string('converted_order_id', 80).nullable();
    table.index(['expires_at'], `${tableName}_expires_idx`);
  },
};

/** Events whose stock came back since the keeper last offered it. */
export const waitingListDueTable: ReadModelTable = {
  name: 'waiting_list_due',
  define(table) {
    table.string('event_id', 40).primary();
    /** The global position that made it due: cleared only if nothing newer came since. */
    table.string('position', 30).notNullable();
  },
};

/** Offers recorded whose mail is still to be written. */
export const waitingOfferMailsTable: ReadModelTable = {
  name: 'waiting_offer_mails',
  define(table) {
    table.string('hold_id', 120).primary();
    table.string('entry_id', 80).notNullable();
    table.string('event_id', 40).notNullable();
    table.string('token_hash', 64).notNullable();
    table.string('expires_at', 40).notNullable();
    table.string('position', 30).notNullable();
    table.string('recorded_at', 40).notNullable();
  },
};

export const waitingListReactorName = 'waiting-list-reactor';

type Handled =
  | HoldPlaced
  | HoldReleased
  | HoldConverted
  | StockReturned
  | TicketStockDefined
  | TierStockDefined
  | CapacityDefined
  | WaitingDemandAdded
  | WaitingEntryOffered;

export interface WaitingListDeps {
  commands: CommandHandler;
  store: Pick<EventStore, 'readStream'>;
  clock: Clock;
  logger: Logger;
  tokens: WaitingOfferTokens;
  publicUrl: string;
}

const systemContext = (key: string): CommandContext => ({
  correlationId: `waiting-list-${key}`,
  actor: 'system',
  idempotencyKey: `waiting-list:${key}`,
});

const placeOf = (joined: WaitingEntryJoined['data']): EntryPlace => ({
  eventId: joined.eventId,
  entryId: joined.entryId,
  ticketId: joined.ticketId,
  email: joined.email,
});

/**
 * Offers the event's free units to its waiting entries, oldest first. Answers the entries offered. An entry the
 * inventory refuses (its units are not free for it) waits on; so do the entries after it that want the same
 * units, since the inventory counts the entries ahead of each as taken.
 */
export async function offerFreeUnits(
  deps: Pick<WaitingListDeps, 'commands' | 'clock' | 'tokens'>,
  eventId: string,
): Promise<string[]> {
  const { commands, clock, tokens } = deps;
  const { state: event } = await commands.load(eventDecider, eventStream(eventId));
  if (!event.exists || event.status !== 'LIVE') return [];
  let { state: inventory } = await commands.load(inventoryDecider, inventoryStream(eventId));
  const offered: string[] = [];
  for (const [entryId, line] of Object.entries(inventory.waiting)) {
    const now = clock.now();
    const holdId = waitingOfferHoldId(entryId, 1);
    const { state: ticket } = await commands.load(ticketDecider, ticketStream(line.ticketId));
    if (!ticket.exists) continue;
    const expiresAt = new Date(now.getTime() + ticket.waitingList.offerHours * 3_600_000);
    if (!fitsFor(inventory, entryId, holdId, line, now, expiresAt)) continue;
    try {
      const outcome = await runChain(
        commands,
        waitingListOffer({
          eventId,
          entryId,
          line,
          holdId,
          tokenHash: waitingTokenHash(tokens.tokenFor(holdId)),
          expiresAt,
          now,
        }),
        systemContext(`offer:${holdId}`),
      );
      inventory = (outcome.states.get('offer-hold') as InventoryState | undefined) ?? inventory;
      offered.push(entryId);
    } catch (error) {
      // Another worker offered first, or the entry left the list meanwhile: nothing to do for it.
      if (!isRefusal(error)) throw error;
      inventory = (await commands.load(inventoryDecider, inventoryStream(eventId))).state;
    }
  }
  return offered;
}

function fitsFor(
  inventory: InventoryState,
  entryId: string,
  holdId: string,
  line: InventoryState['waiting'][string],
  now: Date,
  expiresAt: Date,
): boolean {
  if (findHold(inventory, holdId)) return false;
  try {
    inventoryDecider.decide(
      {
        type: 'PlaceHold',
        eventId: '',
        holdId,
        orderId: holdId,
        lines: [line],
        now,
        expiresAt,
        perOrderLimits: {},
        waitingEntryId: entryId,
      },
      inventory,
    );
    return true;
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
}

export function waitingListReactor(): Projection {
  return defineProjection<Handled>({
    name: waitingListReactorName,
    tables: [waitingOfferHoldsTable, waitingListDueTable, waitingOfferMailsTable],
    handles: [
      'HoldPlaced',
      'HoldReleased',
      'HoldConverted',
      'StockReturned',
      'TicketStockDefined',
      'TierStockDefined',
      'CapacityDefined',
      'WaitingDemandAdded',
      'WaitingEntryOffered',
    ],
    async apply(trx, event, ctx) {
      const offers = ctx.table(waitingOfferHoldsTable.name);
      const due = async () => {
        await trx(ctx.table(waitingListDueTable.name))
          .insert({ event_id: event.data.eventId, position: event.position.toString() })
          .onConflict('event_id')
          .merge();
      };
      switch (event.type) {
        case 'HoldPlaced': {
          const entryId = entryOfOfferHold(event.data.holdId);
          if (entryId === null) return [];
          await trx(offers)
            .insert({
              hold_id: event.data.holdId,
              event_id: event.data.eventId,
              entry_id: entryId,
              expires_at: event.data.expiresAt,
              converted_order_id: null,
            })
            .onConflict('hold_id')
            .ignore();
          return [];
        }
        case 'WaitingEntryOffered':
          await trx(ctx.table(waitingOfferMailsTable.name))
            .insert({
              hold_id: event.data.holdId,
              entry_id: event.data.entryId,
              event_id: event.data.eventId,
              token_hash: event.data.tokenHash,
              expires_at: event.data.expiresAt,
              position: event.position.toString(),
              recorded_at: event.recordedAt.toISOString(),
            })
            .onConflict('hold_id')
            .ignore();
          return [];
        case 'HoldConverted':
          await updateRows(
            trx,
            offers,
            { converted_order_id: event.data.orderId },
            { hold_id: event.data.holdId },
          );
          return [];
        default:
          // A released offer hold (its order expired, its entry was removed) keeps its row: the entry is
          // settled at the offer's expiry like any other offer that ran out.
          await due();
          return [];
      }
    },
  });
}

export interface WaitingListSweep {
  expired: string[];
  offered: string[];
  mailed: string[];
  converted: string[];
}

interface OfferHoldRow {
  hold_id: string;
  event_id: string;
  entry_id: string;
  expires_at: string;
  converted_order_id: string | null;
}

/**
 * Does what the reactor noted: converts, expires (the inventory stopped counting an offer at its expiry
 * already, lazily; this records the entry EXPIRED and gives its hold back for good), offers due events' free
 * units, finishes an offer whose entry step a crash cut short, and writes the offer mails.
 */
export class WaitingListKeeper extends PassWorker<WaitingListSweep> {
  constructor(
    private readonly deps: WaitingListDeps & {
      db: Knex;
      /** Mails were written: the delivery loop may look now. */
      onMail?: () => void;
    },
  ) {
    super({
      pollIntervalMs: 15_000,
      minGapMs: 200,
      logger: deps.logger,
      failure: 'waiting list sweep failed',
    });
  }

  /** One pass, after any pass under way. */
  sweep(): Promise<WaitingListSweep> {
    return this.runPass();
  }

  protected async pass(): Promise<WaitingListSweep> {
    const { db, commands, clock, store } = this.deps;
    const outcome: WaitingListSweep = { expired: [], offered: [], mailed: [], converted: [] };
    const now = clock.now();

    const converted = (await db(waitingOfferHoldsTable.name)
      .whereNotNull('converted_order_id')
      .limit(500)) as OfferHoldRow[];
    for (const row of converted) {
      const joined = await joinedEntry(store, row.entry_id);
      if (joined && row.converted_order_id) {
        const result = await runChain(
          commands,
          waitingListConvert(placeOf(joined), row.hold_id, row.converted_order_id, clock.now()),
          systemContext(`convert:${row.hold_id}`),
        );
        if (result.results.has('convert-entry')) outcome.converted.push(row.entry_id);
      }
      await db(waitingOfferHoldsTable.name).where({ hold_id: row.hold_id }).delete();
    }

    const ranOut = (await db(waitingOfferHoldsTable.name)
      .whereNull('converted_order_id')
      .where('expires_at', '<=', now.toISOString())
      .orderBy('expires_at')
      .limit(500)) as OfferHoldRow[];
    const events = new Set<string>();
    for (const row of ranOut) {
      const joined = await joinedEntry(store, row.entry_id);
      if (joined) {
        const result = await runChain(
          commands,
          waitingListExpire(placeOf(joined), clock.now()),
          systemContext(`expire:${row.hold_id}`),
        );
        if (result.results.has('expire-entry')) outcome.expired.push(row.entry_id);
      }
      await db(waitingOfferHoldsTable.name).where({ hold_id: row.hold_id }).delete();
      events.add(row.event_id);
    }

    await this.repairHalfOffers(now);

    const dueRows = (await db(waitingListDueTable.name).limit(500)) as {
      event_id: string;
      position: string;
    }[];
    for (const eventId of new Set([...events, ...dueRows.map((row) => row.event_id)]))
      outcome.offered.push(...(await offerFreeUnits(this.deps, eventId)));
    for (const row of dueRows) await db(waitingListDueTable.name).where(row).delete();

    outcome.mailed.push(...(await this.writeMails()));
    if (outcome.mailed.length > 0) this.deps.onMail?.();
    if (
      outcome.expired.length + outcome.offered.length + outcome.mailed.length + outcome.converted.length >
      0
    )
      this.deps.logger.info('waiting list sweep', {
        expired: outcome.expired.length,
        offered: outcome.offered.length,
        mailed: outcome.mailed.length,
        converted: outcome.converted.length,
      });
    return outcome;
  }

  /** An offer hold placed while its entry still waits: the entry step of its chain did not run. */
  private async repairHalfOffers(now: Date): Promise<void> {
    const { db, commands, clock, tokens } = this.deps;
    const rows = (await db(waitingOfferHoldsTable.name)
      .whereNull('converted_order_id')
      .where('expires_at', '>', now.toISOString())
      .limit(500)) as OfferHoldRow[];
    for (const row of rows) {
      const { state: entry } = await commands.load(waitingEntryDecider, waitingEntryStream(row.entry_id));
      if (!entry.exists || entry.status !== 'WAITING') continue;
      const { state: inventory } = await commands.load(inventoryDecider, inventoryStream(row.event_id));
      const hold = findHold(inventory, row.hold_id);
      const line = hold?.lines[0];
      if (!hold || !line || hold.status !== 'HELD') continue;
      try {
        await runChain(
          commands,
          waitingListOffer({
            eventId: row.event_id,
            entryId: row.entry_id,
            line,
            holdId: row.hold_id,
            tokenHash: waitingTokenHash(tokens.tokenFor(row.hold_id)),
            expiresAt: new Date(hold.expiresAt),
            now: clock.now(),
          }),
          systemContext(`offer:${row.hold_id}`),
        );
      } catch (error) {
        if (!isRefusal(error)) throw error;
      }
    }
  }

  /** The offer mails noted: each written to the outbox at most once (its dedupe key) with its note cleared. */
  private async writeMails(): Promise<string[]> {
    const { db, commands, store, tokens, publicUrl, logger } = this.deps;
    const rows = (await db(waitingOfferMailsTable.name).orderBy('position').limit(200)) as {
      hold_id: string;
      entry_id: string;
      event_id: string;
      token_hash: string;
      expires_at: string;
      position: string;
      recorded_at: string;
    }[];
    const mailed: string[] = [];
    for (const row of rows) {
      const token = tokens.tokenFor(row.hold_id);
      const joined = await joinedEntry(store, row.entry_id);
      const { state: event } = await commands.load(eventDecider, eventStream(row.event_id));
      // Only a token whose hash the entry recorded opens the offer: a mail with another would mislead.
      const fits = waitingTokenHash(token) === row.token_hash;
      if (!fits) logger.warn('waiting offer token does not match the entry', { entryId: row.entry_id });
      if (!fits || !joined || !event.exists || joined.email === ERASED_EMAIL) {
        await db(waitingOfferMailsTable.name).where({ hold_id: row.hold_id }).delete();
        continue;
      }
      const { state: ticket } = await commands.load(ticketDecider, ticketStream(joined.ticketId));
      const locale = isSupportedLocale(joined.locale) ? joined.locale : 'en';
      const link = `${publicUrl}/e/${encodeURIComponent(event.slug)}/waiting/${encodeURIComponent(row.entry_id)}?t=${token}`;
      const key = dedupeKey(row.entry_id, 'waiting_list_offer', row.hold_id);
      await db.transaction(async (trx) => {
        await enqueueMail(trx, mailOutboxTable.name, {
          id: `ml_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`,
          template: 'waiting_list_offer',
          aggregateId: row.entry_id,
          occurrence: row.hold_id,
          accountId: event.accountId,
          recipientUserId: null,
          to: joined.email,
          locale,
          rendered: renderMail('waiting_list_offer', locale, {
            name: joined.name,
            event: event.details.title,
            ticket: ticket.exists ? ticket.details.title : '',
            quantity: joined.quantity,
            expires: mailEventTime(locale, event.details.timezone, new Date(row.expires_at)),
            link,
          }),
          position: BigInt(row.position),
          createdAt: row.recorded_at,
        });
        await trx(waitingOfferMailsTable.name).where({ hold_id: row.hold_id }).delete();
      });
      mailed.push(row.entry_id);
    }
    return mailed;
  }
}
