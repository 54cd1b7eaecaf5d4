import type { Context } from 'koa';
import { z } from 'zod';
import { Refusal, type FieldErrors } from '../refusal';
import { forbiddenCharacter, forbiddenCharacterMessage } from '../text';
import { fieldErrorsFromZod } from './problem';

/**
 * Parses a request part against its schema. Every string in it, keys included, is checked first for
 * characters no text may hold (`invalid_characters`, see ../text.ts), so no schema can forget it; then schema
 * failures become `validation_failed` with field errors.
 */
export function parse<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  lines: 'single' | 'multi' = 'multi',
): z.infer<Schema> {
  const forbidden = forbiddenCharacterErrors(value, lines);
  if (forbidden) throw new Refusal('invalid_characters', undefined, forbidden);
  const result = schema.safeParse(value);
  if (!result.success) throw new Refusal('validation_failed', undefined, fieldErrorsFromZod(result.error));
  return result.data;
}

export function body<Schema extends z.ZodType>(ctx: Context, schema: Schema): z.infer<Schema> {
  return parse(schema, (ctx.request as { body?: unknown }).body ?? {});
}

/**
 * The query string's parameters against the route's query schema, the one declared in its contract
 * (`route({ query })`). Names and values are single-line text: a control, bidi or lone surrogate character, a
 * tab or a line break is refused (`invalid_characters`) under the parameter's name before the schema runs.
 * `declaredQueries` (./declaredQueries.ts) applies the same check to every route before its handler.
 */
export function query<Schema extends z.ZodType>(ctx: Context, schema: Schema): z.infer<Schema> {
  // No route declares it, and a schema that lets unknown names through (list filters) would never see it: zod
  // builds its output by assignment, where `__proto__` sets the prototype instead of adding a field.
  if (Object.hasOwn(ctx.query, '__proto__'))
    throw new Refusal('validation_failed', undefined, Object.fromEntries([['__proto__', ['Unknown field']]]));
  return parse(schema, ctx.query, 'single');
}

/** A query parameter's value: text, given once (a repeated parameter arrives as a list and is refused). */
export function queryText() {
  return z.string('Give this parameter once, as text');
}

/** A path parameter captured by the router (`/events/:id`), or undefined. */
export function pathParam(ctx: Context, name: string): string | undefined {
  const params = (ctx as Context & { params?: Record<string, string | undefined> }).params;
  return params?.[name];
}

/** Text on one line: names, titles, labels. Multi-line fields (descriptions, messages) use `z.string()`. */
export function singleLineText() {
  return z.string().regex(/^[^\t\n\r]*$/, 'Must be on a single line (no tabs or line breaks)');
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

/**
 * Field errors (zod-style dotted paths) for strings holding forbidden characters. Iterative, and each value
 * only links to its parent (the path is spelled out for an error alone), so any depth costs linear time.
 */
function forbiddenCharacterErrors(value: unknown, lines: 'single' | 'multi'): FieldErrors | null {
  const errors: FieldErrors = {};
  const refuse = (at: Visit, character: string): void => {
    const path: string[] = [];
    for (let node: Visit | null = at; node?.key != null; node = node.parent) path.push(node.key);
    errors[path.length > 0 ? path.reverse().join('.') : '_'] ??= [forbiddenCharacterMessage(character)];
  };
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const parent = item;
    if (typeof item.value === 'string') {
      const character = forbiddenCharacter(item.value, lines);
      if (character) refuse(item, character);
    } else if (Array.isArray(item.value)) {
      item.value.forEach((element, index) => pending.push({ value: element, key: String(index), parent }));
    } else if (typeof item.value === 'object' && item.value !== null) {
      for (const [key, element] of Object.entries(item.value)) {
        const character = forbiddenCharacter(key, lines);
        if (character) refuse(item, character);
        else pending.push({ value: element, key, parent });
      }
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
