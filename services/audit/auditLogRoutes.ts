import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../kit/http/context';
import { requireAuth } from '../kit/http/context';
import { allow } from '../kit/http/policy';
import { parse } from '../kit/http/validate';
import { parseListQuery } from '../kit/listQuery';
import { exportContentType, streamExport, type Cell } from '../kit/exports';
import { actorKindOf } from '../kit/actors';
import {
  accountAuditActors,
  exportAccountAudit,
  listAccountAudit,
  type AccountAuditRow,
} from '../../projections/accountAudit';
import { historyActorOf, historyNamesFrom, type HistoryActor } from '../sales/orders/orderHistory';
import { auditFilterNames, auditFilterSchema, auditListSpec, exportFormatSchema } from './auditLogSchemas';

/**
 * The account's audit log for its admins (`/api/account/audit`): the list, who appears in it, and its export.
 * Every query is scoped to the session's account, so another account's ids simply match nothing.
 */
export function auditLogRoutes(services: Services) {
  const router = new Router();
  router.use('/account/audit', allow('audit.read'));

  const filtersOf = (ctx: Context) =>
    parse(
      auditFilterSchema,
      Object.fromEntries(
        auditFilterNames.flatMap((name) => (name in ctx.query ? [[name, ctx.query[name]]] : [])),
      ),
      'single',
    );

  /** The rows with their actors' and members' names as they are now, each looked up once per page. */
  async function present(accountId: string, rows: readonly AccountAuditRow[]) {
    const known = new Map<string, Promise<HistoryActor>>();
    const actorOf = (id: string, eventId: string | null) => {
      // Only the door's name depends on the event (its check-in list); a member is named once per page.
      const key = actorKindOf(id) === 'door' ? `${eventId ?? ''}|${id}` : id;
      let actor = known.get(key);
      if (!actor) {
        actor = historyActorOf(id, historyNamesFrom(services.db, { accountId, eventId: eventId ?? '' }));
        known.set(key, actor);
      }
      return actor;
    };
    return Promise.all(
      rows.map(async (row) => {
        const actor = await actorOf(row.actor_id, row.event_id);
        const entityName =
          row.entity_kind === 'member' ? (await actorOf(row.entity_id, null)).name : row.entity_name;
        return {
          position: String(row.position),
          at: row.recorded_at,
          type: row.event_type,
          actor: { id: row.actor_id, kind: actor.kind, name: actor.name },
          ip: row.ip,
          correlation_id: row.correlation_id,
          entity: { kind: row.entity_kind, id: row.entity_id, name: entityName },
          event: row.event_id === null ? null : { id: row.event_id, title: row.event_title },
          fields: row.fields ? row.fields.split(',') : [],
          detail: row.detail,
        };
      }),
    );
  }

  router.get('/account/audit/export', (ctx) => {
    const { accountId } = requireAuth(ctx);
    const format = parse(exportFormatSchema, ctx.query.format === undefined ? 'csv' : ctx.query.format);
    const { format: _format, ...rest } = ctx.query;
    parseListQuery(rest, auditListSpec);
    const filters = filtersOf(ctx);
    const db = services.db;
    async function* pages(): AsyncIterable<Cell[][]> {
      for await (const page of exportAccountAudit(db, accountId, filters)) {
        const entries = await present(accountId, page);
        yield entries.map((entry) => [
          entry.at,
          entry.type,
          entry.actor.kind,
          entry.actor.id,
          entry.actor.name,
          entry.ip,
          entry.entity.kind,
          entry.entity.id,
          entry.entity.name,
          entry.event?.id ?? null,
          entry.event?.title ?? null,
          entry.fields.join(', ') || null,
          entry.detail,
          entry.correlation_id,
          entry.position,
        ]);
      }
    }
    ctx.set('Content-Disposition', `attachment; filename="audit-${accountId}.${format}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = exportContentType[format];
    ctx.body = streamExport(format, { name: 'Audit log', header: auditExportHeader, pages: pages() });
  });

  router.get('/account/audit/actors', async (ctx) => {
    const { accountId } = requireAuth(ctx);
    const names = historyNamesFrom(services.db, { accountId, eventId: '' });
    const actors = await accountAuditActors(services.db, accountId);
    ctx.body = {
      data: await Promise.all(
        actors.map(async ({ actor_id }) => ({ id: actor_id, ...(await historyActorOf(actor_id, names)) })),
      ),
    };
  });

  router.get('/account/audit', async (ctx) => {
    const { accountId } = requireAuth(ctx);
    const list = parseListQuery(ctx.query, auditListSpec);
    const filters = filtersOf(ctx);
    const { rows, total } = await listAccountAudit(services.db, accountId, filters, list);
    const from = rows.length > 0 ? (list.page - 1) * list.perPage + 1 : null;
    ctx.body = {
      data: await present(accountId, rows),
      meta: {
        current_page: list.page,
        per_page: list.perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / list.perPage)),
        from,
        to: from === null ? null : from + rows.length - 1,
        allowed_sorts: Object.keys(auditListSpec.sorts),
        allowed_filter_fields: auditFilterNames,
        default_sort: auditListSpec.defaultSort,
        default_sort_direction: auditListSpec.defaultDirection,
      },
    };
  });

  return router;
}

export const auditExportHeader = [
  'Recorded at',
  'Event type',
  'Actor kind',
  'Actor ID',
  'Actor name',
  'IP',
  'Entity kind',
  'Entity ID',
  'Entity name',
  'Event ID',
  'Event title',
  'Changed fields',
  'Detail',
  'Correlation ID',
  'Position',
];
