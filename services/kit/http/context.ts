import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { EventStore } from '../../eventstore/port';
import type { CommandContext, CommandHandler, CommandResult } from '../commandHandler';
import type { Clock, IdSource } from '../clock';
import type { AppConfig } from '../config';
import type { Decider, DomainEvent } from '../decider';
import type { IdempotencyClaim } from './idempotency';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { ReasonCode } from '../reasons';
import { Refusal } from '../refusal';
import { runChain, type AnyStep, type ChainOutcome } from '../workflow';
import type { ActiveSession } from '../../../projections/identity';
import type { ProjectionLag, ProjectionNotice } from '../../../projections/runner/types';

/** What the read side offers the API: wait for a position (of some read models), lag, notices. */
export interface ReadSide {
  /** Without names: every projection that has not failed. */
  waitFor(position: bigint, timeoutMs: number, projections?: readonly string[]): Promise<boolean>;
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

/**
 * Waits until the named read models (projection names) have reached `position`, so the route's next read
 * shows its own write. Only those: a failed or lagging projection elsewhere degrades its own screens, never
 * this command. An empty list waits for nothing (the route reads no read model after writing).
 */
export async function readYourWrite(
  services: Pick<Services, 'readSide'>,
  position: bigint,
  readModels: readonly string[],
): Promise<void> {
  if (readModels.length === 0) return;
  const reached = await services.readSide.waitFor(position, 5_000, readModels);
  if (!reached) throw new Refusal('not_ready', 'The change is saved but not yet visible; reload in a moment');
}

export interface Execution<Command, Event extends DomainEvent, State> {
  decider: Decider<Command, Event, State>;
  stream: string;
  command: Command;
  /** The projections the route reads after this write; it waits for these only. */
  readModels: readonly string[];
  /** Recorded as the events' actor; the signed-in member by default. */
  actor?: string;
}

/** A command over several streams (services/kit/workflow.ts), run by a route. */
export interface ChainExecution {
  chain: readonly AnyStep[];
  /** The projections the route reads after this write; it waits for these only. */
  readModels: readonly string[];
  /** Recorded as the events' actor; the signed-in member by default. */
  actor?: string;
}

/**
 * The one way a route runs a command, or a chain of commands over several streams: handle it, answer
 * `X-Position` with the last event's position, wait for the read models the route reads next.
 */
export async function execute<Command, Event extends DomainEvent, State>(
  ctx: Context,
  services: Pick<Services, 'commands' | 'readSide'>,
  execution: Execution<Command, Event, State>,
): Promise<CommandResult<Event, State>>;
export async function execute(
  ctx: Context,
  services: Pick<Services, 'commands' | 'readSide'>,
  execution: ChainExecution,
): Promise<ChainOutcome>;
export async function execute<Command, Event extends DomainEvent, State>(
  ctx: Context,
  services: Pick<Services, 'commands' | 'readSide'>,
  execution: Execution<Command, Event, State> | ChainExecution,
): Promise<CommandResult<Event, State> | ChainOutcome> {
  if ('chain' in execution) {
    const outcome = await runChain(services.commands, execution.chain, commandContext(ctx, execution.actor));
    if (outcome.position !== null) {
      setPosition(ctx, outcome.position);
      await readYourWrite(services, outcome.position, execution.readModels);
    }
    return outcome;
  }
  const result = await services.commands.handle(
    execution.decider,
    execution.stream,
    execution.command,
    commandContext(ctx, execution.actor),
  );
  setPosition(ctx, result.position);
  await readYourWrite(services, result.position, execution.readModels);
  return result;
}

/** An aggregate that belongs to one account once it exists. */
type AccountScoped = { exists: false } | { exists: true; accountId: string };

/**
 * Loads an aggregate that belongs to one account. Another account's id answers exactly like an unknown one
 * (the feature's not-found reason, 404), so ids of other accounts cannot be probed.
 */
export async function loadOwned<Event extends DomainEvent, State extends AccountScoped>(
  services: Pick<Services, 'commands'>,
  owned: {
    decider: Decider<never, Event, State>;
    stream: string;
    accountId: string;
    notFound: ReasonCode;
  },
): Promise<Extract<State, { exists: true }>> {
  const { state } = await services.commands.load(owned.decider, owned.stream);
  if (!state.exists || state.accountId !== owned.accountId) throw new Refusal(owned.notFound);
  return state as Extract<State, { exists: true }>;
}
