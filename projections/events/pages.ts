import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import type { EventEvent } from '../../services/catalog/events/eventEvents';
import { defaultEventSettings, type EventSettings } from '../../services/catalog/events/eventSettings';
import { uploadsPath } from '../../services/catalog/images/storage';

/**
 * The event page read model: what the settings screens, the homepage designer and the public page read beyond
 * the list row (settings, online connection details, map link) and the event's images. A projection of its
 * own, so that it fills itself from the whole log wherever it is added.
 */

export const eventPagesTable: ReadModelTable = {
  name: 'event_pages',
  define(table) {
    table.string('event_id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.text('online_connection_details').nullable();
    table.text('map_url').nullable();
    table.text('settings').notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
  },
};

export const eventImagesTable: ReadModelTable = {
  name: 'event_images',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('event_id', 40).notNullable();
    table.string('account_id', 40).notNullable();
    table.string('type', 20).notNullable();
    table.string('storage_key', 100).notNullable();
    table.string('content_type', 40).notNullable();
    table.integer('size').notNullable();
    table.integer('width').notNullable();
    table.integer('height').notNullable();
    table.string('uploaded_at', 30).notNullable();
    table.index(['event_id'], `${tableName}_event_idx`);
  },
};

export interface EventPageRow {
  event_id: string;
  account_id: string;
  online_connection_details: string | null;
  map_url: string | null;
  settings: string;
  updated_at: string;
  revision: number;
}

export interface EventImageRow {
  id: string;
  event_id: string;
  account_id: string;
  type: string;
  storage_key: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  uploaded_at: string;
}

export const eventPagesProjection = defineProjection<EventEvent>({
  name: 'eventPages',
  tables: [eventPagesTable, eventImagesTable],
  handles: [
    'EventCreated',
    'EventDetailsUpdated',
    'EventSettingsUpdated',
    'EventImageUploaded',
    'EventImageRemoved',
    'EventDeleted',
  ],
  async apply(trx, event, ctx) {
    const pages = ctx.table('event_pages');
    const images = ctx.table('event_images');
    const revision = Number(event.revision);
    const keys = (accountId: string) => [`event:${event.data.eventId}`, `account:${accountId}`];
    if (event.type === 'EventCreated') {
      const d = event.data;
      await trx(pages)
        .insert({
          event_id: d.eventId,
          account_id: d.accountId,
          online_connection_details: d.onlineConnectionDetails ?? null,
          map_url: d.mapUrl ?? null,
          settings: JSON.stringify({ ...defaultEventSettings, ...d.settings }),
          updated_at: d.createdAt,
          revision,
        })
        .onConflict('event_id')
        .ignore();
      return keys(d.accountId);
    }
    const page: Pick<EventPageRow, 'account_id' | 'revision' | 'settings'> | undefined =
      await trx<EventPageRow>(pages)
        .where({ event_id: event.data.eventId })
        .first('account_id', 'revision', 'settings');
    if (!page || page.revision >= revision) return [];
    const update: Record<string, unknown> = { revision };
    switch (event.type) {
      case 'EventDetailsUpdated': {
        const c = event.data.changes;
        if (c.onlineConnectionDetails !== undefined)
          update.online_connection_details = c.onlineConnectionDetails;
        if (c.mapUrl !== undefined) update.map_url = c.mapUrl;
        update.updated_at = event.data.updatedAt;
        break;
      }
      case 'EventSettingsUpdated':
        update.settings = JSON.stringify({
          ...(JSON.parse(page.settings) as EventSettings),
          ...event.data.changes,
        });
        update.updated_at = event.data.updatedAt;
        break;
      case 'EventImageUploaded': {
        const { image, replacedImageId } = event.data;
        if (replacedImageId) await trx(images).where({ id: replacedImageId }).delete();
        await trx(images)
          .insert({
            id: image.imageId,
            event_id: event.data.eventId,
            account_id: page.account_id,
            type: image.type,
            storage_key: image.key,
            content_type: image.contentType,
            size: image.size,
            width: image.width,
            height: image.height,
            uploaded_at: image.uploadedAt,
          })
          .onConflict('id')
          .ignore();
        update.updated_at = image.uploadedAt;
        break;
      }
      case 'EventImageRemoved':
        await trx(images).where({ id: event.data.imageId }).delete();
        update.updated_at = event.data.removedAt;
        break;
      case 'EventDeleted':
        await trx(images).where({ event_id: event.data.eventId }).delete();
        await trx(pages).where({ event_id: event.data.eventId }).delete();
        return keys(page.account_id);
      default:
        return [];
    }
    await trx(pages).where({ event_id: event.data.eventId }).update(update);
    return keys(page.account_id);
  },
});

// ---------- queries

export async function findEventPage(db: Knex, eventId: string): Promise<EventPageRow | undefined> {
  return (await db('event_pages').where({ event_id: eventId }).first()) as EventPageRow | undefined;
}

/** The live events with their page settings, soonest first (the sitemap). */
export async function listLiveEventPages(
  db: Knex,
  limit: number,
): Promise<{ id: string; slug: string; updated_at: string; settings: string | null }[]> {
  return db('events as e')
    .leftJoin('event_pages as p', 'p.event_id', 'e.id')
    .where('e.status', 'LIVE')
    .orderBy('e.start_date', 'asc')
    .limit(limit)
    .select('e.id', 'e.slug', 'e.updated_at', 'p.settings');
}

export async function listEventImages(db: Knex, eventId: string): Promise<EventImageRow[]> {
  return (await db('event_images')
    .where({ event_id: eventId })
    .orderBy('uploaded_at')
    .orderBy('id')) as EventImageRow[];
}

export function imageUrl(storageKey: string): string {
  return `${uploadsPath}${storageKey}`;
}

export function presentEventImage(row: EventImageRow) {
  return {
    id: row.id,
    type: row.type,
    url: imageUrl(row.storage_key),
    content_type: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    uploaded_at: row.uploaded_at,
  };
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Settings in the API's snake_case; an event recorded before settings existed reads the defaults. */
export function presentSettings(page: EventPageRow | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settingsOf(page)).map(([key, value]) => [snake(key), value]));
}

export function settingsOf(page: Pick<EventPageRow, 'settings'> | undefined): EventSettings {
  return { ...defaultEventSettings, ...(page ? (JSON.parse(page.settings) as Partial<EventSettings>) : {}) };
}
