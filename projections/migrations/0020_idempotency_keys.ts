import { idempotencyKeysTable } from '../../services/kit/http/idempotency';
import { readModelTablesMigration } from './migration';

/** The first answers to `Idempotency-Key` requests, kept for a day (docs/decisions/idempotency.md). */
export const idempotencyKeys = readModelTablesMigration('0020_idempotency_keys', [idempotencyKeysTable]);
