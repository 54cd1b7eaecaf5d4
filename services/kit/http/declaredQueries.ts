import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import type { RouteContract } from './routeContract';
import { query } from './validate';

/** A route whose contract declares no query parameters takes none. */
const noParameters = z.object({}).strict();

/**
 * Puts the query check of each route's contract in front of its handler: every parameter of every request
 * is checked against the schema declared beside the route (`route({ query })`) as bodies are, so no handler
 * can read a parameter nobody declared or one holding a control character (docs/decisions/query-parameters.md).
 * Call it once every feature router is mounted on `router`; a route without a contract is a programming error
 * and stops the app from starting.
 */
export function declaredQueries(router: Router, contracts: readonly RouteContract[], prefix = '/api'): void {
  const schemas = new Map(
    contracts.map((contract) => [
      `${contract.method.toUpperCase()} ${prefix}${contract.path}`,
      contract.query,
    ]),
  );
  for (const layer of router.stack) {
    // Middleware mounted with `router.use` has no methods; it runs for routes that carry their own check.
    const methods = layer.methods.filter((method) => method !== 'HEAD');
    if (methods.length === 0) continue;
    const keys = methods.map((method) => `${method} ${String(layer.path)}`);
    const missing = keys.filter((key) => !schemas.has(key));
    if (missing.length > 0) throw new Error(`Routes without a contract: ${missing.join(', ')}`);
    const declared = new Set(keys.map((key) => schemas.get(key)));
    if (declared.size > 1) throw new Error(`${keys.join(', ')} declare different query schemas`);
    const schema = [...declared][0] ?? noParameters;
    layer.stack.unshift((ctx: Context, next: Next) => {
      query(ctx, schema);
      return next();
    });
  }
}
