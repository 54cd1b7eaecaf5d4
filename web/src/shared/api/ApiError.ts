import type { ReasonCode } from '../../../../services/kit/contracts/reasons';

/** RFC 9457 problem details as the API sends them (`application/problem+json`). */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  reason?: string;
  errors?: Record<string, string[]>;
  instance?: string;
}

/** Reason used when the request never got an HTTP answer (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR_REASON = 'network_error';

/** What `ApiError.reason` can be: a server reason code, no answer at all, or an answer without a reason. */
export type ApiReason = ReasonCode | typeof NETWORK_ERROR_REASON | 'unknown';

/**
 * Every failed API call rejects with an ApiError: a non-2xx answer parsed from its problem+json body,
 * or a network failure (status 0, reason `network_error`).
 */
export class ApiError extends Error {
  readonly status: number;
  /** Stable reason code from the problem body (`invalid_credentials`, `event_not_found`, ...); `unknown` if absent. */
  readonly reason: ApiReason;
  readonly title: string;
  readonly detail: string | undefined;
  /** Field name → messages. Always an object, possibly empty. */
  readonly errors: Record<string, string[]>;
  readonly problem: ProblemDetails | undefined;

  constructor(init: {
    status: number;
    reason?: string | undefined;
    title?: string | undefined;
    detail?: string | undefined;
    errors?: Record<string, string[]> | undefined;
    problem?: ProblemDetails | undefined;
    cause?: unknown;
  }) {
    const title = init.title ?? (init.status === 0 ? 'Network error' : `HTTP ${init.status}`);
    super(
      init.detail ? `${title}: ${init.detail}` : title,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'ApiError';
    this.status = init.status;
    this.reason = (init.reason ?? 'unknown') as ApiReason;
    this.title = title;
    this.detail = init.detail;
    this.errors = init.errors ?? {};
    this.problem = init.problem;
  }

  /** The messages for one field (empty when none). */
  fieldErrors(field: string): string[] {
    return this.errors[field] ?? [];
  }

  get hasFieldErrors(): boolean {
    return Object.values(this.errors).some((messages) => messages.length > 0);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Builds an ApiError from a non-2xx response, reading a problem+json (or any JSON) body when there is one. */
  static async fromResponse(response: Response): Promise<ApiError> {
    let body: unknown;
    try {
      const text = await response.text();
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    const problem = isRecord(body) ? normaliseProblem(body) : undefined;
    return new ApiError({
      status: response.status,
      reason: problem?.reason,
      title: problem?.title ?? (response.statusText || undefined),
      detail: problem?.detail,
      errors: problem?.errors,
      problem,
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normaliseProblem(body: Record<string, unknown>): ProblemDetails {
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const problem: ProblemDetails = {};
  const type = str(body.type);
  if (type !== undefined) problem.type = type;
  const title = str(body.title);
  if (title !== undefined) problem.title = title;
  if (typeof body.status === 'number') problem.status = body.status;
  const detail = str(body.detail);
  if (detail !== undefined) problem.detail = detail;
  const reason = str(body.reason);
  if (reason !== undefined) problem.reason = reason;
  const instance = str(body.instance);
  if (instance !== undefined) problem.instance = instance;
  if (isRecord(body.errors)) {
    const errors: Record<string, string[]> = {};
    for (const [field, value] of Object.entries(body.errors)) {
      if (Array.isArray(value)) errors[field] = value.filter((m): m is string => typeof m === 'string');
      else if (typeof value === 'string') errors[field] = [value];
    }
    problem.errors = errors;
  }
  return problem;
}
