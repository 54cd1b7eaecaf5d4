import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAuth, type Services } from '../kit/http/context';
import { parse, pathParam } from '../kit/http/validate';
import { Refusal } from '../kit/refusal';
import { allow } from '../kit/http/policy';
import { findAccountEvent } from '../../projections/events';
import { statsPosition } from '../../projections/stats';
import { eventIdOrNotFound } from '../catalog/events/eventSchemas';
import { accountTotals, defaultGranularity, eventStats, upcomingEventSales } from './statsQueries';
import { buildReport } from './reports';
import { reportCsv, reportXlsx } from './exports';
import { noQuerySchema, reportNameSchema, reportQuerySchema, statsQuerySchema } from './statsSchemas';

/** The dashboard (`/api/events/:eventId/stats`), the reports and the organizer's overview. */
export function statsRoutes(services: Services) {
  const router = new Router();
  router.use(['/events', '/stats/overview'], allow('events.manage'));
  router.use('/stats/account', allow('account.manage'));

  /** The caller's event (another account's answers like an unknown one). */
  async function ownedEvent(ctx: Context) {
    const auth = requireAuth(ctx);
    const eventId = eventIdOrNotFound(pathParam(ctx, 'eventId'));
    const event = await findAccountEvent(services.db, auth.accountId, eventId);
    if (!event) throw new Refusal('event_not_found');
    return event;
  }

  router.get('/events/:eventId/stats', async (ctx) => {
    const query = parse(statsQuerySchema, ctx.query);
    const event = await ownedEvent(ctx);
    const stats = await eventStats(
      services.db,
      event,
      { range: query.range, granularity: query.granularity ?? defaultGranularity(query.range) },
      services.clock.now(),
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: stats };
  });

  router.get('/events/:eventId/reports/:report', async (ctx) => {
    const query = parse(reportQuerySchema, ctx.query);
    const event = await ownedEvent(ctx);
    const parsedName = reportNameSchema.safeParse(pathParam(ctx, 'report'));
    if (!parsedName.success) throw new Refusal('not_found', 'No such report');
    const position = await statsPosition(services.db);
    const report = await buildReport(services.db, event, parsedName.data, {
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
    });
    ctx.set('Cache-Control', 'no-store');
    const fileName = `${report.report}-${event.id}${query.from ? `-${query.from}` : ''}${query.to ? `-${query.to}` : ''}`;
    if (query.format === 'csv') {
      ctx.set('Content-Disposition', `attachment; filename="${fileName}.csv"`);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = reportCsv(report);
      return;
    }
    if (query.format === 'xlsx') {
      ctx.set('Content-Disposition', `attachment; filename="${fileName}.xlsx"`);
      ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      ctx.body = reportXlsx(report, services.logger);
      return;
    }
    ctx.body = { data: { ...report, position } };
  });

  router.get('/stats/overview', async (ctx) => {
    const auth = requireAuth(ctx);
    parse(noQuerySchema, ctx.query);
    const position = await statsPosition(services.db);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: {
        position,
        upcoming: await upcomingEventSales(services.db, auth.accountId, services.clock.now()),
      },
    };
  });

  router.get('/stats/account', async (ctx) => {
    const auth = requireAuth(ctx);
    parse(noQuerySchema, ctx.query);
    const position = await statsPosition(services.db);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: { position, currencies: await accountTotals(services.db, auth.accountId) } };
  });

  return router;
}
