import type { ApiBody, ApiQuery, ApiRoute } from './contract.gen';

/**
 * What a typed call (`api.call('GET /events/{id}', { params: { id } })`) takes, derived from the route's key in
 * the generated `ApiRoutes` (./contract.gen.ts): the path parameters named in its `{braces}`, its JSON body and
 * its query parameters.
 */

/** `'GET /events/{id}'` → `'GET'`. */
export type RouteMethod<R extends string> = R extends `${infer Method} ${string}` ? Method : never;

/** `'GET /events/{id}'` → `'/events/{id}'`. */
export type RoutePath<R extends string> = R extends `${string} ${infer Path}` ? Path : never;

/** `'/events/{eventId}/orders/{orderId}'` → `'eventId' | 'orderId'`. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

export type RouteParams<R extends ApiRoute> = Record<PathParamNames<RoutePath<R>>, string | number>;

/** The routes the public client serves (`/api/public/...`, no login). */
export type PublicRoute = Extract<ApiRoute, `${string} /public/${string}`>;
/** The routes the authenticated client serves. */
export type PrivateRoute = Exclude<ApiRoute, PublicRoute>;

/**
 * A query value as the page holds it: every parameter travels as text, so a `string` parameter also takes a
 * number or a boolean (`page: 2`); a parameter of listed values keeps them. `null` and `undefined` are left out.
 */
type QueryInput<Value> = (string extends Value ? string | number | boolean : Value) | null | undefined;

type BracketHead<Key> = Key extends `${infer Head}[${string}` ? Head : never;
type BracketTail<Key, Head extends string> = Key extends `${Head}[${infer Inner}]${infer Rest}`
  ? `${Inner}${Rest}`
  : never;

/**
 * The generated query type, whose list filters are flat keys (`'filter_fields[status][eq]'`), as the nested
 * object the pages build and `toQueryString` writes back as those keys: `{ filter_fields: { status: { eq } } }`.
 */
export type NestedQuery<Query> = {
  [Key in keyof Query as Key extends `${string}[${string}` ? never : Key]: QueryInput<Query[Key]>;
} & {
  [Head in BracketHead<keyof Query & string>]?: NestedQuery<{
    [Key in keyof Query as Key extends string ? BracketTail<Key, Head> : never]: Query[Key];
  }>;
};

export type RouteQuery<R extends ApiRoute> = NestedQuery<ApiQuery<R>>;

type ParamsOption<R extends ApiRoute> = [PathParamNames<RoutePath<R>>] extends [never]
  ? { params?: never }
  : { params: RouteParams<R> };

type BodyOption<R extends ApiRoute> = [ApiBody<R>] extends [never] ? { body?: never } : { body: ApiBody<R> };

type QueryOption<R extends ApiRoute> = [ApiQuery<R>] extends [never]
  ? { query?: never }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "has no required member"
    {} extends RouteQuery<R>
    ? { query?: RouteQuery<R> }
    : { query: RouteQuery<R> };

/**
 * A typed call's options: `params` exactly when the route's path has parameters, `body` exactly when it takes
 * one, `query` only when it declares query parameters (required when one of them is).
 */
export type CallOptions<R extends ApiRoute> = ParamsOption<R> &
  BodyOption<R> &
  QueryOption<R> & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /** Do not run the client's 401/403 handling for this call (login, logout, a section an organizer may not read). */
    skipAuthRedirect?: boolean;
  };

/** The options argument may be left out when nothing in it is required. */
export type CallArguments<R extends ApiRoute> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "has no required member"
  {} extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** `'/events/{id}/images/{imageId}'` with `{ id: 'a b', imageId: 7 }` → `'/events/a%20b/images/7'`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    // An empty segment would address another route (`/events/` is the list): a caller's bug, never sent.
    if (value === undefined || value === null || value === '') {
      throw new Error(`The path parameter "${name}" of ${path} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}
