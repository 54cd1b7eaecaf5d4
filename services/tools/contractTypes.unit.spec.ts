import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../api/contract';
import {
  contractTypes,
  contractTypesPath,
  contractTypesSource,
  emitType,
  operationName,
} from './contractTypes';

describe('the web API types generated from /api/openapi.json', () => {
  it('are up to date: run `npm run contract:types` after changing a request or response schema', async () => {
    const committed = await readFile(contractTypesPath, 'utf8');
    expect(committed === (await contractTypes(apiDocument())), 'contract.gen.ts is stale').toBe(true);
  });

  it('emit objects, optional and nullable fields, enums, arrays, records and refs', () => {
    expect(
      emitType({
        type: 'object',
        required: ['id', 'tags'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', format: 'date-time' },
          tags: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
          status: { enum: ['DRAFT', 'LIVE'] },
          count: { type: ['integer', 'null'] },
          'x-id': { const: 1 },
          extra: { type: 'object', additionalProperties: { type: 'boolean' } },
          owner: { $ref: '#/components/schemas/Owner' },
        },
      }).replace(/\s+/g, ' '),
    ).toBe(
      '{ id: string; tags: (string | null)[]; status?: "DRAFT" | "LIVE"; count?: number | null; "x-id"?: 1; ' +
        'extra?: { [key: string]: boolean; }; owner?: Owner; }',
    );
    expect(emitType({ type: 'string', allOf: [{ pattern: '^a' }, { pattern: 'b$' }] })).toBe('string');
    expect(emitType({})).toBe('unknown');
  });

  it('names each route after its method and path', () => {
    expect(operationName('get', '/api/events/{id}')).toBe('GetEventsById');
    expect(operationName('post', '/api/auth/forgot-password')).toBe('PostAuthForgotPassword');
  });

  it('type a JSON body by its schema, an upload as FormData and no body as never', () => {
    const source = contractTypesSource({
      paths: {
        '/api/things/{id}': {
          put: {
            requestBody: { content: { 'application/json': { schema: { type: 'string' } } } },
            responses: { '204': { description: 'OK' } },
          },
          delete: { responses: { '204': { description: 'OK' } } },
        },
        '/api/things/{id}/images': {
          post: {
            requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } },
            responses: { '204': { description: 'OK' } },
          },
        },
      },
    });
    expect(source).toContain('"PUT /things/{id}": { body: PutThingsByIdBody; response: void; }');
    expect(source).toContain('"DELETE /things/{id}": { body: never; response: void; }');
    expect(source).toContain('"POST /things/{id}/images": { body: FormData; response: void; }');
  });
});
