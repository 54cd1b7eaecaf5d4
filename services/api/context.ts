import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port';
import type { CommandContext, CommandHandler } from '../kit/commandHandler';
import type { Clock, IdSource } from '../kit/clock';
import type { AppConfig } from '../kit/config';
import type { IdempotencyClaim } from '../kit/http/idempotency';
import type { Logger } from '../kit/logger';
import { Refusal } from '../kit/refusal';
import type { ActiveSession } from '../../projections/identity';
import type { ProjectionLag, ProjectionNotice } from '../../projections/runner/types';
import type { Metrics } from './metrics';

/** What the read side offers the API: wait for a position, lag, notices. */
export interface ReadSide {
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
  lag(): Promise<ProjectionLag[]>;
  onNotice(listener: (notice: ProjectionNotice) => void): () => void;
}

/** Everything a route may use; built once by main.ts (or a test) and handed to createApp. */
export interface Services {
  config: AppConfig;
  store: EventStore;
  db: Knex;
  commands: CommandHandler;
  readSide: ReadSide;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  metrics: Metrics;
}

export interface AppState {
  requestId: string;
  auth?: ActiveSession;
  /** A bearer token came with the request but is unknown, ended or expired (or its member is inactive). */
  tokenRejected?: boolean;
  /** Set when the request carries an `Idempotency-Key` it claimed (services/kit/http/idempotency.ts). */
  idempotency?: IdempotencyClaim;
}

export function requireAuth(ctx: Context): ActiveSession {
  const auth = (ctx.state as AppState).auth;
  if (!auth) throw new Refusal('unauthenticated');
  return auth;
}

/** The metadata every event appended by this request carries: the audit trail. */
export function commandContext(ctx: Context, actor?: string): CommandContext {
  const state = ctx.state as AppState;
  // Only a key the idempotency middleware claimed; a retry it lets through (a dead process's claim) then writes
  // the same event ids, which the store recognises.
  const idempotencyKey = state.idempotency?.eventIdSeed;
  return {
    correlationId: state.requestId,
    actor: actor ?? state.auth?.userId ?? 'public',
    ip: ctx.ip,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** Answers a command with the global position of its last event, so the client can read its own write. */
export function setPosition(ctx: Context, position: bigint): void {
  ctx.set('X-Position', position.toString());
}

/** Waits until the projections have reached `position`; a read after a write never shows stale data. */
export async function readYourWrite(services: Services, position: bigint): Promise<void> {
  const reached = await services.readSide.waitFor(position, 5_000);
  if (!reached) throw new Refusal('not_ready', 'The change is saved but not yet visible; reload in a moment');
}
