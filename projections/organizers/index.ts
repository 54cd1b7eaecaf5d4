import type { Knex } from 'knex';
import { defineProjection } from '../runner/define';
import type { ReadModelTable } from '../runner/types';
import {
  organizerEventTypes,
  type OrganizerEvent,
  type OrganizerImage,
} from '../../services/catalog/organizers/organizerDecider';
import { runListQuery, type ListQuery, type ListSpec } from '../../services/kit/listQuery';
import { imageUrl } from '../events/pages';

/** Organizers: the list and pickers of the back office, and the organizer shown on the public page. */

export const organizersTable: ReadModelTable = {
  name: 'organizers',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('name', 200).notNullable();
    table.string('email', 320).nullable();
    table.text('website').nullable();
    table.text('description').nullable();
    table.text('logo').nullable();
    table.text('cover').nullable();
    table.string('created_at', 30).notNullable();
    table.string('updated_at', 30).notNullable();
    table.integer('revision').notNullable();
    table.index(['account_id', 'name'], `${tableName}_account_name_idx`);
  },
};

export interface OrganizerRow {
  id: string;
  account_id: string;
  name: string;
  email: string | null;
  website: string | null;
  description: string | null;
  logo: string | null;
  cover: string | null;
  created_at: string;
  updated_at: string;
  revision: number;
}

const imageColumn = (type: OrganizerImage['type']) => (type === 'ORGANIZER_LOGO' ? 'logo' : 'cover');

export const organizersProjection = defineProjection<OrganizerEvent>({
  name: 'organizers',
  tables: [organizersTable],
  handles: organizerEventTypes,
  async apply(trx, event, ctx) {
    const table = ctx.table('organizers');
    const revision = Number(event.revision);
    if (event.type === 'OrganizerCreated') {
      const d = event.data;
      await trx(table)
        .insert({
          id: d.organizerId,
          account_id: d.accountId,
          name: d.name,
          email: d.email,
          website: d.website,
          description: d.description,
          logo: null,
          cover: null,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          revision,
        })
        .onConflict('id')
        .ignore();
      return [`organizer:${d.organizerId}`, `account:${d.accountId}`];
    }
    const row: Pick<OrganizerRow, 'account_id' | 'revision' | 'logo' | 'cover'> | undefined =
      await trx<OrganizerRow>(table)
        .where({ id: event.data.organizerId })
        .first('account_id', 'revision', 'logo', 'cover');
    if (!row || row.revision >= revision) return [];
    const update: Record<string, unknown> = { revision };
    switch (event.type) {
      case 'OrganizerUpdated':
        Object.assign(update, event.data.changes, { updated_at: event.data.updatedAt });
        break;
      case 'OrganizerImageUploaded':
        update[imageColumn(event.data.image.type)] = JSON.stringify(event.data.image);
        update.updated_at = event.data.image.uploadedAt;
        break;
      case 'OrganizerImageRemoved':
        for (const column of ['logo', 'cover'] as const) {
          const image = row[column] ? (JSON.parse(row[column]) as OrganizerImage) : null;
          if (image?.imageId === event.data.imageId) update[column] = null;
        }
        update.updated_at = event.data.removedAt;
        break;
    }
    await trx(table).where({ id: event.data.organizerId }).update(update);
    return [`organizer:${event.data.organizerId}`, `account:${row.account_id}`];
  },
});

export const organizerListSpec: ListSpec = {
  sorts: { name: 'name', created_at: 'created_at', updated_at: 'updated_at' },
  defaultSort: 'name',
  defaultDirection: 'asc',
  filters: { name: { column: 'name', operators: ['eq', 'like'] } },
  searchColumns: ['name', 'email'],
  tieBreaker: 'id',
};

export async function listAccountOrganizers(db: Knex, accountId: string, list: ListQuery) {
  return runListQuery<OrganizerRow>(
    db('organizers').where({ account_id: accountId }),
    list,
    organizerListSpec,
  );
}

export async function findAccountOrganizer(
  db: Knex,
  accountId: string,
  organizerId: string,
): Promise<OrganizerRow | undefined> {
  return (await db('organizers').where({ id: organizerId, account_id: accountId }).first()) as
    OrganizerRow | undefined;
}

export async function findOrganizer(db: Knex, organizerId: string): Promise<OrganizerRow | undefined> {
  return (await db('organizers').where({ id: organizerId }).first()) as OrganizerRow | undefined;
}

export function organizerImages(row: OrganizerRow): OrganizerImage[] {
  return [row.logo, row.cover]
    .filter((json): json is string => json !== null)
    .map((json) => JSON.parse(json) as OrganizerImage);
}

export function presentOrganizerImage(image: OrganizerImage) {
  return {
    id: image.imageId,
    type: image.type,
    url: imageUrl(image.key),
    content_type: image.contentType,
    size: image.size,
    width: image.width,
    height: image.height,
    uploaded_at: image.uploadedAt,
  };
}

export function presentOrganizer(row: OrganizerRow) {
  const images = organizerImages(row);
  const logo = images.find((image) => image.type === 'ORGANIZER_LOGO');
  const cover = images.find((image) => image.type === 'ORGANIZER_COVER');
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    email: row.email,
    website: row.website,
    description: row.description,
    description_html: row.description,
    logo_url: logo ? imageUrl(logo.key) : null,
    cover_url: cover ? imageUrl(cover.key) : null,
    images: images.map(presentOrganizerImage),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What buyers see of an organizer on the public page: no account ids. */
export function presentPublicOrganizer(row: OrganizerRow) {
  const {
    account_id: _accountId,
    images: _images,
    created_at: _createdAt,
    updated_at: _updatedAt,
    ...rest
  } = presentOrganizer(row);
  return rest;
}
