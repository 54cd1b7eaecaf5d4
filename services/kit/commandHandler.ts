import { deterministicUuid, randomIds, type IdSource } from './clock';
import type { Decider, DomainEvent } from './decider';
import { Refusal } from './refusal';
import { sleep } from './sleep';
import { platformEventVersions } from '../eventstore/eventVersions';
import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../eventstore/port';

/** Who and what caused a command: becomes the metadata of every event it appends (the audit trail). */
export interface CommandContext {
  correlationId: string;
  causationId?: string;
  /** A user id, or `public`, `system`, `stripe`. */
  actor: string;
  ip?: string;
  /** Makes the appended event ids deterministic, so a retried request is not written twice. */
  idempotencyKey?: string;
}

export interface CommandResult<Event extends DomainEvent, State> {
  events: readonly Event[];
  /** Revision of the stream's last event after the command (-1n for a stream that still has none). */
  revision: bigint;
  /** Global position at or after the command's last event: a read may wait for projections to reach it. */
  position: bigint;
  state: State;
}

export interface CommandHandlerOptions {
  ids?: IdSource;
  /** How many folded stream states to keep in memory. */
  cacheSize?: number;
  /** Appends retried after a concurrency conflict with another process, before refusing with `try_again`. */
  maxRetries?: number;
  /** Commands on one stream decided together and appended in one append. */
  maxBatch?: number;
  onConflict?: (stream: string) => void;
  /** Each command taken, before it is decided (for the `commands_total` metric). */
  onCommand?: (stream: string) => void;
}

interface CachedStream {
  /** The decider that folded `state`: a stream may be decided by more than one (the order and its payments). */
  decider: Decider<unknown, DomainEvent, unknown>;
  state: unknown;
  revision: bigint;
  position: bigint;
}

interface Pending {
  decider: Decider<unknown, DomainEvent, unknown>;
  command: unknown;
  context: CommandContext;
  resolve(result: CommandResult<DomainEvent, unknown>): void;
  reject(error: unknown): void;
}

interface Outcome {
  pending: Pending;
  events: readonly DomainEvent[];
  refusal?: unknown;
  stateAfter: unknown;
}

/**
 * Load, decide, append. Commands on one stream are queued in-process and decided in batches against the
 * folded state, so a hot stream (an event's inventory) does not conflict with itself inside one process and
 * its appends are grouped. Conflicts with other processes are retried with jitter, then refused.
 */
export class CommandHandler {
  private readonly ids: IdSource;
  private readonly cacheSize: number;
  private readonly maxRetries: number;
  private readonly maxBatch: number;
  private readonly cache = new Map<string, CachedStream>();
  /** Streams whose remembered state was found outdated by an append, and when (see `guessFor`). */
  private readonly contended = new Map<string, number>();
  private readonly queues = new Map<string, Pending[]>();
  private readonly draining = new Set<Promise<void>>();

  constructor(
    private readonly store: EventStore,
    private readonly options: CommandHandlerOptions = {},
  ) {
    this.ids = options.ids ?? randomIds;
    this.cacheSize = options.cacheSize ?? 10_000;
    this.maxRetries = options.maxRetries ?? 5;
    this.maxBatch = options.maxBatch ?? 200;
  }

  handle<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    stream: string,
    command: Command,
    context: CommandContext,
  ): Promise<CommandResult<Event, State>> {
    this.options.onCommand?.(stream);
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        decider: decider,
        command,
        context,
        resolve: resolve as (result: CommandResult<DomainEvent, unknown>) => void,
        reject,
      };
      const queue = this.queues.get(stream);
      if (queue) {
        queue.push(pending);
        return;
      }
      this.queues.set(stream, [pending]);
      const draining = this.drain(stream);
      this.draining.add(draining);
      void draining.finally(() => this.draining.delete(draining));
    });
  }

  /** Resolves once every command queued so far is decided and appended (or refused): for a shutdown. */
  async idle(): Promise<void> {
    while (this.draining.size > 0) await Promise.allSettled([...this.draining]);
  }

  /** Folds a stream's current state without deciding anything (for reads that need the aggregate). */
  async load<Event extends DomainEvent, State>(
    decider: Decider<unknown, Event, State>,
    stream: string,
  ): Promise<{ state: State; revision: bigint }> {
    const loaded = await this.loadStream(decider, stream);
    return { state: loaded.state as State, revision: loaded.revision };
  }

  /**
   * The stream's state as this process last saw it (appended or read), folded by `decider`, without reading the
   * stream: another process may have appended since. Undefined when there is none.
   */
  remembered<Event extends DomainEvent, State>(
    decider: Decider<unknown, Event, State>,
    stream: string,
  ): { state: State; revision: bigint } | undefined {
    const remembered = this.rememberedState(stream, decider);
    return remembered && { state: remembered.state as State, revision: remembered.revision };
  }

  private async drain(stream: string): Promise<void> {
    const queue = this.queues.get(stream);
    while (queue && queue.length > 0) {
      const batch = this.nextBatch(queue);
      try {
        await this.runBatch(stream, batch);
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    this.queues.delete(stream);
  }

  /**
   * A keyed command may be the replay of one written before, which the store answers with the old events; in a
   * shared append that replay would fail every other command decided with it, so a keyed command goes alone.
   */
  private nextBatch(queue: Pending[]): Pending[] {
    const first = queue[0];
    // A keyed command goes alone, and a batch is decided on one decider's state.
    const alone = (pending: Pending) =>
      pending.context.idempotencyKey !== undefined || pending.decider !== first?.decider;
    if (first && first.context.idempotencyKey !== undefined) return queue.splice(0, 1);
    const firstOther = queue.findIndex(alone);
    return queue.splice(0, firstOther === -1 ? this.maxBatch : Math.min(firstOther, this.maxBatch));
  }

  /**
   * Decides a batch and appends it. The first attempt decides on the state this process remembers of the stream,
   * if any, without reading it: the append's expected revision says whether that state was still the stream's
   * (a conflict then reads the stream and decides again, not counted as a retry). A batch that would append
   * nothing (refused, or nothing to do) is decided again on the stream as read now, since nothing checks a
   * remembered state that no append tests.
   */
  private async runBatch(stream: string, batch: Pending[]): Promise<void> {
    const decider = batch[0]!.decider;
    let guess = this.guessFor(stream, decider);
    for (let attempt = 0; ;) {
      const current = guess ?? (await this.loadStream(decider, stream));
      const outcomes = this.decideAll(current.state, batch);
      const newEvents = outcomes.flatMap((outcome) =>
        outcome.events.map((event, eventIndex) =>
          this.toNewEvent(stream, outcome.pending.context, event, eventIndex),
        ),
      );
      if (newEvents.length === 0) {
        if (guess) {
          guess = undefined;
          continue;
        }
        this.settle(outcomes, current.revision, current.position);
        return;
      }
      try {
        const appended = await this.store.append(stream, newEvents, {
          expected: current.revision < 0n ? 'no_stream' : current.revision,
        });
        const finalState = outcomes.at(-1)!.stateAfter;
        if (appended.nextRevision === current.revision + BigInt(newEvents.length)) {
          this.remember(stream, {
            decider,
            state: finalState,
            revision: appended.nextRevision,
            position: appended.position,
          });
        } else {
          // The store answered an idempotent replay of events written before: the folded state is not the stream's.
          this.cache.delete(stream);
        }
        this.settle(outcomes, appended.nextRevision, appended.position, current.revision);
        return;
      } catch (error) {
        if (guess && error instanceof WrongExpectedRevisionError) {
          // Another process appended since this one last saw the stream: catch up and decide again, at once.
          this.contended.delete(stream);
          this.contended.set(stream, performance.now());
          if (this.contended.size > this.cacheSize)
            this.contended.delete(this.contended.keys().next().value!);
          guess = undefined;
          continue;
        }
        this.cache.delete(stream);
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        this.options.onConflict?.(stream);
        if (attempt >= this.maxRetries) {
          throw new Refusal('try_again');
        }
        await sleep(jitteredBackoff(attempt));
        attempt++;
      }
    }
  }

  /** The stream's state as this process last saw it (appended or read), folded by `decider`. */
  private rememberedState(
    stream: string,
    decider: Decider<unknown, DomainEvent, unknown>,
  ): CachedStream | undefined {
    const remembered = this.cache.get(stream);
    return remembered?.decider === decider ? remembered : undefined;
  }

  /**
   * What a batch may be decided on before reading: the remembered state, unless a guess on this stream was
   * wrong within the last second. A stream other processes append to as well (an event's inventory behind a
   * load balancer) would mostly cost a refused append on top of the read, so it is read first while that lasts.
   */
  private guessFor(
    stream: string,
    decider: Decider<unknown, DomainEvent, unknown>,
  ): CachedStream | undefined {
    const wrongAt = this.contended.get(stream);
    if (wrongAt !== undefined) {
      if (performance.now() - wrongAt < contendedForMs) return undefined;
      this.contended.delete(stream);
    }
    return this.rememberedState(stream, decider);
  }

  private decideAll(initial: unknown, batch: Pending[]): Outcome[] {
    let state = initial;
    return batch.map((pending) => {
      try {
        const events = pending.decider.decide(pending.command, state);
        state = events.reduce((folded, event) => pending.decider.evolve(folded, event), state);
        return { pending, events, stateAfter: state };
      } catch (refusal) {
        return { pending, events: [], refusal, stateAfter: state };
      }
    });
  }

  private settle(outcomes: Outcome[], finalRevision: bigint, position: bigint, baseRevision?: bigint): void {
    let revision = baseRevision ?? finalRevision;
    for (const outcome of outcomes) {
      revision += BigInt(outcome.events.length);
      if (outcome.refusal !== undefined) {
        outcome.pending.reject(outcome.refusal);
        continue;
      }
      outcome.pending.resolve({ events: outcome.events, revision, position, state: outcome.stateAfter });
    }
  }

  private toNewEvent(
    stream: string,
    context: CommandContext,
    event: DomainEvent,
    eventIndex: number,
  ): NewEvent {
    const metadata: EventMetadata = {
      correlationId: context.correlationId,
      causationId: context.causationId ?? context.correlationId,
      actor: context.actor,
      ...(context.ip ? { ip: context.ip } : {}),
      ...platformEventVersions.stamp(event.type),
    };
    const id = context.idempotencyKey
      ? deterministicUuid(`${stream}|${context.idempotencyKey}|${eventIndex}`)
      : this.ids.uuid();
    return { id, type: event.type, data: event.data, metadata };
  }

  private async loadStream(
    decider: Decider<unknown, DomainEvent, unknown>,
    stream: string,
  ): Promise<CachedStream> {
    const cached = this.rememberedState(stream, decider);
    let state = cached ? cached.state : decider.initialState();
    let revision = cached ? cached.revision : -1n;
    let position = cached ? cached.position : 0n;
    // Catch up from the cached revision: another process may have appended since.
    for await (const recorded of this.store.readStream(stream, { from: revision + 1n })) {
      state = decider.evolve(state, toDomainEvent(recorded));
      revision = recorded.revision;
      position = recorded.position;
    }
    const loaded = { decider, state, revision, position };
    // Not over a later state an append of this process remembered while this read was under way. A stream found
    // empty is remembered too: a checkout looks its new order up, then records it there.
    const latest = this.rememberedState(stream, decider);
    if (!(latest && latest.revision > revision)) this.remember(stream, loaded);
    return loaded;
  }

  private remember(stream: string, entry: CachedStream): void {
    this.cache.delete(stream);
    this.cache.set(stream, entry);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
  }
}

function toDomainEvent(recorded: RecordedEvent): DomainEvent {
  return { type: recorded.type, data: recorded.data };
}

const contendedForMs = 1_000;

function jitteredBackoff(attempt: number): number {
  const base = Math.min(200, 5 * 2 ** attempt);
  return base / 2 + Math.random() * base;
}
