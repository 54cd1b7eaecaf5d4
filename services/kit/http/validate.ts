import type { Context } from 'koa';
import type { z } from 'zod';
import { Refusal } from '../refusal';
import { fieldErrorsFromZod } from './problem';

/** Parses a request part against its schema; failures become `validation_failed` with field errors. */
export function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Refusal('validation_failed', undefined, fieldErrorsFromZod(result.error));
  return result.data;
}

export function body<Schema extends z.ZodType>(ctx: Context, schema: Schema): z.infer<Schema> {
  return parse(schema, (ctx.request as { body?: unknown }).body ?? {});
}

/** A path parameter captured by the router (`/events/:id`), or undefined. */
export function pathParam(ctx: Context, name: string): string | undefined {
  const params = (ctx as Context & { params?: Record<string, string | undefined> }).params;
  return params?.[name];
}
