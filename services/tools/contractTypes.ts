import { format, resolveConfig } from 'prettier';

/**
 * The web's API types, emitted from the OpenAPI document (`/api/openapi.json`) so that the web never restates
 * by hand what the server answers. A small emitter of the JSON Schema subset that zod's `toJSONSchema` writes.
 */

export const contractTypesPath = 'web/src/shared/api/contract.gen.ts';

type JsonSchema = boolean | { [key: string]: unknown };

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema>; [other: string]: unknown };
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const propertyName = (name: string) => (identifier.test(name) ? name : JSON.stringify(name));
const literal = (value: unknown) => JSON.stringify(value);
const union = (members: string[]) => {
  const unique = [...new Set(members)];
  return unique.length === 0 ? 'never' : unique.join(' | ');
};
/** Wraps a union or intersection so that `[]` applies to all of it. */
const operand = (type: string) => (/[|&]/.test(type) && !/^[{(]/.test(type) ? `(${type})` : type);
const comment = (text: unknown) =>
  typeof text === 'string' && text.length > 0 ? `/** ${text.replace(/\*\//g, '*\\/')} */\n` : '';

function refName(ref: string): string {
  const name = ref.split('/').pop() ?? '';
  return identifier.test(name) ? name : 'unknown';
}

/** The TypeScript type of one JSON Schema. */
export function emitType(schema: JsonSchema | undefined): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) return union(alternatives.map(emitType));
  if (Array.isArray(schema.allOf)) {
    // zod writes extra string checks as `allOf` parts that carry no type of their own: only typed parts count.
    const { allOf, ...base } = schema;
    const parts = [emitType(base), ...(allOf as JsonSchema[]).map(emitType)].filter(
      (part) => part !== 'unknown',
    );
    return parts.length === 0 ? 'unknown' : [...new Set(parts)].map(operand).join(' & ');
  }
  if (Array.isArray(schema.type)) {
    return union((schema.type as string[]).map((type) => emitType({ ...schema, type })));
  }
  if (schema.nullable === true) return union([emitType({ ...schema, nullable: false }), 'null']);
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      if (Array.isArray(schema.prefixItems)) {
        return `[${(schema.prefixItems as JsonSchema[]).map(emitType).join(', ')}]`;
      }
      return `${operand(emitType(schema.items as JsonSchema | undefined))}[]`;
    case 'object':
      return emitObject(schema);
    default:
      return schema.properties ? emitObject(schema) : 'unknown';
  }
}

function emitObject(schema: { [key: string]: unknown }): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const extra = schema.additionalProperties as JsonSchema | undefined;
  const members = Object.entries(properties).map(([name, property]) => {
    const description = typeof property === 'object' ? property.description : undefined;
    return `${comment(description)}${propertyName(name)}${required.has(name) ? '' : '?'}: ${emitType(property)};`;
  });
  if (extra !== undefined && extra !== false) members.push(`[key: string]: ${emitType(extra)};`);
  if (members.length === 0) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
  return `{\n${members.join('\n')}\n}`;
}

/** `GET /events/{id}` → `GetEventsById`. */
export function operationName(method: string, path: string): string {
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = path
    .replace(/^\/api/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      const text = (parameter ? `by-${parameter[1]}` : segment).replace(/\.json$/, '-json');
      return text
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(pascal)
        .join('');
    });
  return pascal(method.toLowerCase()) + words.join('');
}

const jsonOf = (content: Record<string, { schema?: JsonSchema }> | undefined) =>
  content?.['application/json']?.schema;

/** The generated module's text, before formatting. */
export function contractTypesSource(document: OpenApiDocument): string {
  const lines = [
    '// Generated from /api/openapi.json by `npm run contract:types` (services/tools/contractTypes.ts): do not edit.',
    '',
  ];
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    lines.push(`export type ${name} = ${emitType(schema)};`, '');
  }
  const routes: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, described] of Object.entries(methods)) {
      const operation = described as Operation;
      const name = operationName(method, path);
      const body = jsonOf(operation.requestBody?.content);
      const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      const response = success ? jsonOf(success[1].content) : undefined;
      const queryParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      // An upload (multipart/form-data, services/kit/http/routeContract.ts `upload`) is sent as FormData.
      const upload = operation.requestBody?.content?.['multipart/form-data'] !== undefined;
      const bodyType = body !== undefined ? `${name}Body` : upload ? 'FormData' : 'never';
      const responseType = response === undefined ? 'void' : `${name}Response`;
      if (body !== undefined) lines.push(`export type ${name}Body = ${emitType(body)};`, '');
      if (response !== undefined) lines.push(`export type ${name}Response = ${emitType(response)};`, '');
      if (queryParameters.length > 0) {
        const query = {
          type: 'object',
          required: queryParameters
            .filter((parameter) => parameter.required)
            .map((parameter) => parameter.name),
          properties: Object.fromEntries(
            queryParameters.map((parameter) => [
              parameter.name,
              typeof parameter.schema === 'object'
                ? { description: parameter.description, ...parameter.schema }
                : (parameter.schema ?? true),
            ]),
          ),
          additionalProperties: false,
        };
        lines.push(`export type ${name}Query = ${emitType(query)};`, '');
      }
      const key = `${method.toUpperCase()} ${path.replace(/^\/api/, '')}`;
      const queryMember = queryParameters.length > 0 ? ` query: ${name}Query;` : '';
      routes.push(`${JSON.stringify(key)}: { body: ${bodyType}; response: ${responseType};${queryMember} };`);
    }
  }
  lines.push(
    '/**',
    ' * Every route under /api: its JSON body (`FormData` for an upload, `never` if it takes none), its 2xx answer',
    ' * (`void` if none) and, when it takes any, its query parameters.',
    ' */',
    `export interface ApiRoutes {\n${routes.join('\n')}\n}`,
    '',
    'export type ApiRoute = keyof ApiRoutes;',
    "export type ApiBody<R extends ApiRoute> = ApiRoutes[R]['body'];",
    "export type ApiResponse<R extends ApiRoute> = ApiRoutes[R]['response'];",
    'export type ApiQuery<R extends ApiRoute> = ApiRoutes[R] extends { query: infer Query } ? Query : never;',
    '',
  );
  return lines.join('\n');
}

/** The generated module, formatted as the repository's Prettier settings ask. */
export async function contractTypes(document: OpenApiDocument): Promise<string> {
  const options = await resolveConfig(contractTypesPath);
  return format(contractTypesSource(document), { ...options, filepath: contractTypesPath });
}
