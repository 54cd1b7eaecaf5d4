import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import type { EventEvent, EventLocation, EventStatus } from '../../services/catalog/events/eventEvents';
import { eventEventTypes } from '../../services/catalog/events/eventEvents';
import { runListQuery, type ListQuery, type ListSpec } from '../../services/kit/listQuery';
import { sanitizeOptionalRichText } from '../../services/catalog/richText';

/** The events read model: one row per event, for the manage list, the event page and the public page. */

export const eventsTable: ReadModelTable = {
  name: 'events',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('organizer_id', 40).nullable();
    table.string('title', 200).notNullable();
    table.string('slug', 100).notNullable();
    table.text('description').nullable();
    table.string('start_date', 30).notNullable();
    table.string('end_date', 30).nullable();
    table.string('timezone', 64).notNullable();
    table.string('currency', 3).notNullable();
    table.string('status', 10).notNullable();
    table.boolean('is_online').notNullable();
    table.text('location').nullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.string('published_at', 30).nullable();
    table.integer('revision').notNullable();
    table.index(['account_id', 'start_date'], `${tableName}_account_start_idx`);
    table.index(['status', 'start_date'], `${tableName}_status_start_idx`);
  },
};

export interface EventRow {
  id: string;
  account_id: string;
  organizer_id: string | null;
  title: string;
  slug: string;
  description: string | null;
  start_date: string;
  end_date: string | null;
  timezone: string;
  currency: string;
  status: EventStatus;
  is_online: boolean | number;
  location: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  revision: number;
}

export const eventsProjection = defineProjection<EventEvent>({
  name: 'events',
  tables: [eventsTable],
  handles: eventEventTypes,
  async apply(trx, event, ctx) {
    const table = ctx.table('events');
    const revision = Number(event.revision);
    const touched = (accountId: string) => [`event:${event.data.eventId}`, `account:${accountId}`];
    if (event.type === 'EventCreated') {
      const d = event.data;
      await trx(table)
        .insert({
          id: d.eventId,
          account_id: d.accountId,
          organizer_id: d.organizerId,
          title: d.title,
          slug: d.slug,
          description: sanitizeOptionalRichText(d.description) ?? null,
          start_date: d.startDate,
          end_date: d.endDate,
          timezone: d.timezone,
          currency: d.currency,
          status: 'DRAFT',
          is_online: d.isOnline,
          location: d.location ? JSON.stringify(d.location) : null,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          published_at: null,
          revision,
        })
        .onConflict('id')
        .ignore();
      return touched(d.accountId);
    }
    const row: Pick<EventRow, 'account_id' | 'revision'> | undefined = await trx<EventRow>(table)
      .where({ id: event.data.eventId })
      .first('account_id', 'revision');
    // Handlers are idempotent: an event at or below the stored revision was applied already.
    if (!row || row.revision >= revision) return [];
    if (event.type === 'EventDeleted') {
      await trx(table).where({ id: event.data.eventId }).delete();
      return touched(row.account_id);
    }
    const update = rowChanges(event);
    await trx(table)
      .where({ id: event.data.eventId })
      .update({ ...update, revision });
    return update.updated_at === undefined ? [] : touched(row.account_id);
  },
});

/** The row's new values; settings and images live in the event page read model (`pages.ts`). */
function rowChanges(
  event: Exclude<EventEvent, { type: 'EventCreated' | 'EventDeleted' }>,
): Record<string, unknown> {
  switch (event.type) {
    case 'EventSettingsUpdated':
    case 'EventImageUploaded':
    case 'EventImageRemoved':
      return {};
    case 'EventDetailsUpdated': {
      const c = event.data.changes;
      const update: Record<string, unknown> = { updated_at: event.data.updatedAt };
      if (c.organizerId !== undefined) update.organizer_id = c.organizerId;
      if (c.title !== undefined) update.title = c.title;
      if (c.slug !== undefined) update.slug = c.slug;
      if (c.description !== undefined) update.description = sanitizeOptionalRichText(c.description) ?? null;
      if (c.startDate !== undefined) update.start_date = c.startDate;
      if (c.endDate !== undefined) update.end_date = c.endDate;
      if (c.timezone !== undefined) update.timezone = c.timezone;
      if (c.currency !== undefined) update.currency = c.currency;
      if (c.isOnline !== undefined) update.is_online = c.isOnline;
      if (c.location !== undefined) update.location = c.location ? JSON.stringify(c.location) : null;
      return update;
    }
    case 'EventPublished':
      return { status: 'LIVE', published_at: event.data.publishedAt, updated_at: event.data.publishedAt };
    case 'EventMovedToDraft':
      return { status: 'DRAFT', updated_at: event.data.movedAt };
    case 'EventArchived':
      return { status: 'ARCHIVED', updated_at: event.data.archivedAt };
    case 'EventRestored':
      return { status: 'DRAFT', updated_at: event.data.restoredAt };
  }
}

// ---------- queries

export type EventLifecycle = 'upcoming' | 'ongoing' | 'ended';

export function lifecycleOf(row: Pick<EventRow, 'start_date' | 'end_date'>, now: Date): EventLifecycle {
  const at = now.toISOString();
  if (row.start_date > at) return 'upcoming';
  if ((row.end_date ?? row.start_date) >= at) return 'ongoing';
  return 'ended';
}

function lifecycleFilter(now: () => Date) {
  return (query: Knex.QueryBuilder, _operator: string, values: string[]) => {
    const at = now().toISOString();
    void query.where((where) => {
      for (const value of values) {
        if (value === 'upcoming') void where.orWhere('start_date', '>', at);
        if (value === 'ongoing')
          void where.orWhere(
            (w) =>
              void w.where('start_date', '<=', at).andWhereRaw('coalesce(end_date, start_date) >= ?', [at]),
          );
        if (value === 'ended') void where.orWhereRaw('coalesce(end_date, start_date) < ?', [at]);
      }
    });
  };
}

export function eventListSpec(now: () => Date): ListSpec {
  return {
    sorts: { title: 'title', start_date: 'start_date', created_at: 'created_at', updated_at: 'updated_at' },
    defaultSort: 'start_date',
    defaultDirection: 'asc',
    filters: {
      status: { column: 'status', operators: ['eq', 'ne', 'in'], values: ['DRAFT', 'LIVE', 'ARCHIVED'] },
      lifecycle: {
        operators: ['eq', 'in'],
        values: ['upcoming', 'ongoing', 'ended'],
        apply: lifecycleFilter(now),
      },
      organizer_id: { column: 'organizer_id', operators: ['eq'] },
      start_date: { column: 'start_date', operators: ['gte', 'lte', 'gt', 'lt'] },
      title: { column: 'title', operators: ['eq', 'like'] },
    },
    searchColumns: ['title'],
    tieBreaker: 'id',
  };
}

export async function listAccountEvents(db: Knex, accountId: string, list: ListQuery, now: () => Date) {
  const spec = eventListSpec(now);
  return runListQuery<EventRow>(db('events').where({ account_id: accountId }), list, spec);
}

/** The live events, as buyers and search engines list them. */
export async function listLiveEvents(db: Knex, list: ListQuery, now: () => Date) {
  return runListQuery<EventRow>(db('events').where({ status: 'LIVE' }), list, eventListSpec(now));
}

export async function findAccountEvent(
  db: Knex,
  accountId: string,
  eventId: string,
): Promise<EventRow | undefined> {
  return (await db('events').where({ id: eventId, account_id: accountId }).first()) as EventRow | undefined;
}

export async function findLiveEvent(db: Knex, eventId: string): Promise<EventRow | undefined> {
  return (await db('events').where({ id: eventId, status: 'LIVE' }).first()) as EventRow | undefined;
}

export async function firstLiveEvent(db: Knex): Promise<EventRow | undefined> {
  return (await db('events').where({ status: 'LIVE' }).orderBy('created_at', 'asc').orderBy('id').first()) as
    EventRow | undefined;
}

export type UpcomingEvent = Pick<
  EventRow,
  'id' | 'title' | 'start_date' | 'timezone' | 'currency' | 'status'
>;

/**
 * The account's events that have not ended at `now` (without an end, those that started less than a day ago),
 * archived ones aside, soonest first.
 */
export async function listUpcomingAccountEvents(
  db: Knex,
  accountId: string,
  now: Date,
  limit: number,
): Promise<UpcomingEvent[]> {
  const nowIso = now.toISOString();
  return db('events')
    .where({ account_id: accountId })
    .whereNot({ status: 'ARCHIVED' })
    .where((q) => {
      void q.where('end_date', '>=', nowIso).orWhere((r) => {
        void r
          .whereNull('end_date')
          .where('start_date', '>=', new Date(now.getTime() - 86_400_000).toISOString());
      });
    })
    .orderBy('start_date')
    .limit(limit)
    .select<UpcomingEvent[]>('id', 'title', 'start_date', 'timezone', 'currency', 'status');
}

/** The currency of each of the account's events, by event id. */
export async function accountEventCurrencies(db: Knex, accountId: string): Promise<Map<string, string>> {
  const rows = await db<EventRow>('events')
    .where({ account_id: accountId })
    .select<Pick<EventRow, 'id' | 'currency'>[]>('id', 'currency');
  return new Map(rows.map((row) => [row.id, row.currency]));
}

function parseLocation(json: string | null): EventLocation | null {
  return json ? (JSON.parse(json) as EventLocation) : null;
}

/** The API shape of an event (snake_case, as the web and the spec's clients expect). */
export function presentEvent(row: EventRow, now: Date) {
  const location = parseLocation(row.location);
  return {
    id: row.id,
    account_id: row.account_id,
    organizer_id: row.organizer_id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    description_html: null,
    start_date: row.start_date,
    end_date: row.end_date,
    timezone: row.timezone,
    currency: row.currency,
    status: row.status,
    lifecycle: lifecycleOf(row, now),
    is_online: Boolean(row.is_online),
    location: location && {
      venue_name: location.venueName,
      address_line_1: location.addressLine1,
      address_line_2: location.addressLine2,
      city: location.city,
      state_or_region: location.stateOrRegion,
      zip_or_postal_code: location.zipOrPostalCode,
      country: location.country,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
  };
}

export type PresentedEvent = ReturnType<typeof presentEvent>;

/** An event in the public list: whose account it is stays inside the platform. */
export function presentPublicListEvent(row: EventRow, now: Date): Omit<PresentedEvent, 'account_id'> {
  const { account_id: _accountId, ...event } = presentEvent(row, now);
  return event;
}
