import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { Refusal, type FieldErrors } from '../refusal';
import { reasonCatalog, type ReasonCode } from '../reasons';
import type { Logger } from '../logger';

/** RFC 9457 problem details, with our stable `reason` and per-field `errors`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  reason: ReasonCode;
  detail?: string;
  errors?: FieldErrors;
  instance?: string;
  request_id?: string;
}

export function problemFor(reason: ReasonCode, detail?: string, errors?: FieldErrors): Problem {
  const entry = reasonCatalog[reason];
  return {
    type: `https://ticketing.invalid/problems/${reason}`,
    title: entry.title,
    status: entry.status,
    reason,
    ...(detail && detail !== entry.title ? { detail } : {}),
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
  };
}

/** Refusals a client should simply repeat, and after how many seconds (unless the refusing code said). */
const retryAfterSeconds: Partial<Record<ReasonCode, number>> = {
  try_again: 1,
  idempotency_key_in_use: 1,
};

export function sendProblem(ctx: Context, problem: Problem): void {
  ctx.status = problem.status;
  const retryAfter = retryAfterSeconds[problem.reason];
  if (retryAfter !== undefined && !ctx.response.get('Retry-After'))
    ctx.set('Retry-After', String(retryAfter));
  ctx.type = 'application/problem+json';
  ctx.body = { ...problem, instance: ctx.path, request_id: ctx.state.requestId as string | undefined };
}

export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  // A Map, so that a field named `__proto__` or `constructor` is a field like any other.
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => errors.set(field, [...(errors.get(field) ?? []), message]);
  for (const issue of error.issues) {
    const at = issue.path.map(String);
    // A strict object names its unknown keys in one issue at the object's path: each is its own field.
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...at, key].join('.'), 'Unknown field');
      continue;
    }
    add(at.length > 0 ? at.join('.') : '_', issue.message);
  }
  return Object.fromEntries(errors);
}

/**
 * The one error middleware: refusals and validation errors become 4xx problems; errors thrown by Koa's
 * parsers keep their 4xx status; anything else is logged and answered with a generic 500 that leaks nothing.
 */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        sendProblem(ctx, problemFor('route_not_found', `No route for ${ctx.method} ${ctx.path}`));
      }
    } catch (error) {
      sendProblem(ctx, problemFromError(error, ctx, logger));
    }
  };
}

/** The problem an error answers with; an unexpected error is logged here and leaks nothing. */
export function problemFromError(error: unknown, ctx: Context, logger: Logger): Problem {
  if (error instanceof Refusal) return problemFor(error.reason, error.message, error.fieldErrors);
  if (error instanceof ZodError) return problemFor('validation_failed', undefined, fieldErrorsFromZod(error));
  const status = httpStatusOf(error);
  if (status === 413) return problemFor('payload_too_large');
  if (status === 415) return problemFor('unsupported_media_type');
  if (status === 400 && isParseError(error)) return problemFor('malformed_json', (error as Error).message);
  if (status === 405) return problemFor('method_not_allowed');
  if (status === 404) return problemFor('route_not_found');
  if (status !== undefined && status >= 400 && status < 500)
    return problemFor('validation_failed', (error as Error).message);
  logger.error('unhandled error', {
    error,
    method: ctx.method,
    path: ctx.path,
    requestId: ctx.state.requestId as unknown,
  });
  return problemFor('internal_error');
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate =
    (error as { status?: unknown; statusCode?: unknown }).status ??
    (error as { statusCode?: unknown }).statusCode;
  return typeof candidate === 'number' ? candidate : undefined;
}

function isParseError(error: unknown): boolean {
  const type = (error as { type?: unknown }).type;
  return type === 'entity.parse.failed' || error instanceof SyntaxError;
}
