import Router from '@koa/router';

/** Helpers of the tests that compare IndexedRouter's matching with the library's over all routes. */

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Paths a route's own path can be reached by: its parameters filled in, in other cases, with a trailing slash. */
export function pathsReaching(path: string): string[] {
  const filled = path
    .replace(/\{([^{}]*)\}/g, '$1')
    .replace(/\*\w+/g, 'a/b')
    .replace(/:\w+/g, 'x1');
  const without = path.replace(/\{[^{}]*\}/g, '').replace(/:\w+/g, 'x1');
  return [...new Set([filled, without, `${filled}/`, filled.toUpperCase(), `${filled}/more`])];
}

/** The layers `match` answers, by their place in the router's stack, for every method. */
export function matchesOf(
  router: Router,
  path: string,
  match: (path: string, method: string) => ReturnType<Router['match']>,
) {
  return METHODS.map((method) => {
    const result = match(path, method);
    const places = (layers: readonly unknown[]) =>
      layers.map((layer) => router.stack.indexOf(layer as never));
    return {
      method,
      path: places(result.path),
      pathAndMethod: places(result.pathAndMethod),
      route: result.route,
    };
  });
}

/** The library's own matching over the whole stack. */
export const unindexedMatch = (router: Router) => (path: string, method: string) =>
  Router.prototype.match.call(router, path, method);
