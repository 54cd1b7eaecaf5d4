/**
 * How the Stripe double (`stripeDouble.ts`) reads the SDK's requests (headers, form-encoded params) and the errors
 * it answers a bad one with, worded as Stripe's v1 API words them.
 */
import type { IncomingMessage } from 'node:http';

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
    },
  ) {
    super(body.message);
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** `a[b][c]=1&a[d]=2` → `{ a: { b: { c: '1' }, d: '2' } }`: the SDK's form encoding of nested params. */
export function parseForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

export function required(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '')
    throw new StripeError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: name,
      message: `Missing required param: ${name}.`,
    });
  return value;
}

export function integerParam(params: Record<string, unknown>, name: string): number {
  const value = Number(required(params, name));
  if (!Number.isInteger(value) || value < 0) throw invalid(name, `Invalid integer: ${String(params[name])}`);
  return value;
}

export function positiveInteger(params: Record<string, unknown>, name: string): number {
  const value = integerParam(params, name);
  if (value < 1) throw invalid(name, 'This value must be greater than or equal to 1.');
  return value;
}

export function invalid(param: string, message: string): StripeError {
  return new StripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid_integer',
    param,
    message,
  });
}

export function missing(id: string): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such object: '${id}'`,
  });
}

export function notFound(path: string): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${path}). The test double does not implement it.`,
  });
}
