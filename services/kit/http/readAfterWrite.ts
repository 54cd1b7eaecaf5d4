import { AsyncLocalStorage } from 'node:async_hooks';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import type { AppState, ReadSide } from './context';
import type { ReadModel, RouteContract } from './routeContract';

/**
 * Read-your-writes for reads (docs/decisions/workflows.md, "Answer"): a member's GET that names a position
 * (`X-Min-Position`, the `X-Position` of their last write) waits, for at most five seconds, until the read models
 * its route declares (`route({ reads })`) have reached it, and only those, so a projection lagging or failed
 * elsewhere never holds this screen. Only members write, so only their requests wait: an anonymous one cannot
 * hold a connection. A member's GET without a declaration stops the app from starting.
 *
 * With `verifyReads` (test runs: `VERIFY_DECLARED_READS=1`), every member's GET also records the read-model
 * tables its handler queries and answers 500 when one belongs to a projection the route did not declare, so a
 * declaration cannot fall behind its handler unnoticed.
 */
export function readsAfterWrites(
  router: Router,
  contracts: readonly RouteContract[],
  options: {
    readSide: ReadSide;
    db: Knex;
    /** Every projection, to tell which one owns a table a handler queries. */
    projections: readonly ReadModel[];
    verifyReads: boolean;
  },
  prefix = '/api',
): void {
  const byRoute = new Map(
    contracts
      .filter((contract) => contract.method === 'get')
      .map((contract) => [`${prefix}${contract.path}`, contract]),
  );
  const verifier = options.verifyReads ? readVerifier(options.db, options.projections) : null;
  for (const layer of router.stack) {
    if (!layer.methods.includes('GET')) continue;
    const contract = byRoute.get(String(layer.path));
    if (!contract || contract.public) continue;
    const { reads } = contract;
    if (!reads)
      throw new Error(`GET ${String(layer.path)} declares no reads: name the read models it answers from`);
    const names = reads.map((readModel) => readModel.name);
    const route = `GET ${String(layer.path)}`;
    const waitForOwnWrite = async (ctx: Context, next: Next): Promise<void> => {
      const member = Boolean((ctx.state as AppState).auth);
      const header = ctx.get('X-Min-Position');
      if (member && names.length > 0 && /^\d{1,30}$/.test(header)) {
        await options.readSide.waitFor(BigInt(header), 5_000, names);
      }
      if (verifier && member) await verifier.during(route, names, next);
      else await next();
    };
    // Just before the handler: after the route's own guards and the declared query check.
    layer.stack.splice(Math.max(layer.stack.length - 1, 0), 0, waitForOwnWrite);
  }
}

/** The SQL's table names after FROM and JOIN, quoted as either database quotes them. */
function tablesIn(sql: string): string[] {
  return [...sql.matchAll(/\b(?:from|join)\s+[`"]?([a-z_][a-z0-9_]*)[`"]?/gi)].map((match) => match[1] ?? '');
}

function readVerifier(db: Knex, projections: readonly ReadModel[]) {
  const ownerOf = new Map<string, string>();
  for (const projection of projections)
    for (const table of projection.tables) ownerOf.set(table.name, projection.name);
  const current = new AsyncLocalStorage<{ declared: readonly string[]; undeclared: Set<string> }>();
  db.on('query', (query: { sql?: unknown }) => {
    const reading = current.getStore();
    if (!reading || typeof query.sql !== 'string') return;
    for (const table of tablesIn(query.sql)) {
      const owner = ownerOf.get(table);
      if (owner && !reading.declared.includes(owner)) reading.undeclared.add(`${table} (${owner})`);
    }
  });
  return {
    async during(route: string, declared: readonly string[], next: Next): Promise<void> {
      const reading = { declared, undeclared: new Set<string>() };
      await current.run(reading, next);
      if (reading.undeclared.size > 0)
        throw new Error(
          `${route} read ${[...reading.undeclared].join(', ')} without declaring the projection in its route's reads`,
        );
    },
  };
}
