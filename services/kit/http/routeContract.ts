import { z } from 'zod';

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * One route as the API contract describes it: registered once, beside the route's schemas, and turned into
 * `/api/openapi.json` (and from there into the web's types). `path` is the router's (`/events/:id`), under
 * `/api`.
 */
export interface RouteContract {
  method: Method;
  path: string;
  summary: string;
  /** The JSON body (a zod request schema); multipart uploads say so in `upload`. */
  body?: z.ZodType;
  /**
   * The query string's parameters: a zod object, strict unless a feature says otherwise. Every route is
   * checked against it before its handler (./declaredQueries.ts); a route without one takes no parameters.
   */
  query?: z.ZodObject;
  upload?: true;
  /** The 2xx answer's JSON body; absent for 204 and for answers not yet described. */
  response?: z.ZodType;
  status?: number;
  /** Needs no login. */
  public?: true;
  /**
   * A member's GET: the read models (projections) its answer comes from. A read after the member's own write
   * (`X-Min-Position`) waits for these to reach it, and only these (./readAfterWrite.ts); test runs check that the
   * handler queries no other projection's table.
   */
  reads?: readonly ReadModel[];
}

/** A projection as a route names it: `reads: [ticketsProjection, ordersProjection]`. */
export interface ReadModel {
  readonly name: string;
  readonly tables: readonly { readonly name: string }[];
}

export const route = (contract: RouteContract): RouteContract => contract;

/** `{ data: T }`, the envelope of every single-resource answer. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** `{ data: T[], meta }`, the envelope of every list answer (services/kit/listQuery.ts). */
export const pageOf = <T extends z.ZodType>(schema: T) =>
  z.object({
    data: z.array(schema),
    meta: z.object({
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
      from: z.number().int().nullable(),
      to: z.number().int().nullable(),
      allowed_sorts: z.array(z.string()),
      allowed_filter_fields: z.array(z.string()),
      default_sort: z.string(),
      default_sort_direction: z.enum(['asc', 'desc']),
    }),
  });

const problem = {
  description: 'A refusal (RFC 9457): `reason` is one of the reason codes, `errors` names fields.',
  content: {
    'application/problem+json': {
      schema: {
        type: 'object',
        required: ['type', 'title', 'status', 'reason'],
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          reason: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          instance: { type: 'string' },
          request_id: { type: 'string' },
        },
      },
    },
  },
};

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};

export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** The declared query parameters as OpenAPI parameters, each with its JSON schema (zod input). */
function queryParameters(schema: z.ZodObject) {
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

/** The OpenAPI 3.1 document of the given routes: request bodies as zod input, answers as zod output. */
export function openApiDocument(routes: readonly RouteContract[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of routes) {
    const path = `/api${openApiPath(contract.path)}`;
    const parameters = [
      ...[...contract.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...(contract.query ? queryParameters(contract.query) : []),
    ];
    const status = String(contract.status ?? (contract.response ? 200 : 204));
    (paths[path] ??= {})[contract.method] = {
      summary: contract.summary,
      ...(contract.public ? { security: [] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(contract.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } },
            },
          }
        : contract.upload
          ? { requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } } }
          : {}),
      responses: {
        [status]: contract.response
          ? {
              description: 'OK',
              content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } },
            }
          : { description: 'OK' },
        default: problem,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
