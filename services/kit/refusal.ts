import { reasonCatalog, type ReasonCode } from './reasons';

export type FieldErrors = Record<string, string[]>;

/**
 * A decider's (or a route's) "no": an expected negative outcome with a stable reason code. The same code
 * reaches the API's problem+json body, the web's messages and the tests.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';
  constructor(
    readonly reason: ReasonCode,
    message: string = reasonCatalog[reason].title,
    readonly fieldErrors?: FieldErrors,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): number {
    return reasonCatalog[this.reason].status;
  }
}

export function refuse(reason: ReasonCode, message?: string, fieldErrors?: FieldErrors): never {
  throw new Refusal(reason, message, fieldErrors);
}

export function isRefusal(error: unknown): error is Refusal {
  return error instanceof Refusal;
}
