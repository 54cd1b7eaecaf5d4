import type { CommandContext, CommandHandler, CommandResult } from './commandHandler';
import type { Decider, DomainEvent } from './decider';
import { isRefusal } from './refusal';

/**
 * A command over several streams (docs/decisions/workflows.md): the steps of one request or one reaction,
 * each a command on one stream, decided all ahead from loaded state so that a refusal writes nothing, then
 * appended in order. No Koa here: routes run chains through `execute` (kit/http/context.ts), reactors and keepers
 * through `runChain`.
 */

/** A step of any command, event and state, as a chain holds it (built by `step`). */
export interface AnyStep {
  readonly name: string;
  readonly stream: string;
  readonly [erased]: true;
}
declare const erased: unique symbol;

/** The state an earlier step left its stream in (decided ahead, not yet appended); name the state's type. */
export type EarlierState = <State>(step: AnyStep) => State;

export interface Step<Command, Event extends DomainEvent, State> {
  /** Unique within the chain: names the step in its idempotency key, in logs and in errors. */
  readonly name: string;
  readonly decider: Decider<Command, Event, State>;
  readonly stream: string;
  /**
   * The command, or how to derive it from the stream's state and the states of earlier steps; null skips the
   * step (nothing to do on this stream).
   */
  readonly command: Command | ((state: State, earlier: EarlierState) => Command | null);
  /**
   * What undoes this step when a later step is refused by a race after this one was appended (its stock goes
   * back, its hold is released). Steps without one leave their events: the keeper of the workflow, or the next
   * command, settles them (docs/decisions/workflows.md, "Compensation").
   */
  readonly compensate?: (result: CommandResult<Event, State>) => AnyStep | null;
}

/** What a chain does with a step: its types were checked when `step` built it. */
type ErasedStep = Step<unknown, DomainEvent, unknown>;
const unerased = (anyStep: AnyStep): ErasedStep => anyStep as unknown as ErasedStep;

/** Builds a step; the types of its decider, command and state are checked here and erased in the chain. */
export function step<Command, Event extends DomainEvent, State>(
  definition: Step<Command, Event, State>,
): AnyStep {
  return definition as unknown as AnyStep;
}

export interface ChainOutcome {
  /** Every step that appended (or was a no-op at append time), in order, by step name. */
  readonly results: ReadonlyMap<string, CommandResult<DomainEvent, unknown>>;
  /** The state each step's stream was left in (the appended state, or the loaded one for skipped steps). */
  readonly states: ReadonlyMap<string, unknown>;
  /** The global position of the chain's last event, or null when no step wrote anything. */
  readonly position: bigint | null;
}

interface Planned {
  step: ErasedStep;
  command: unknown;
}

/** A step's stream as the plan sees it, and whether that is the state this process remembers (not read now). */
type StateOf = (step: ErasedStep) => Promise<{ state: unknown; remembered: boolean }>;

/**
 * Decides every step ahead: each stream's state taken once, each command decided against the state the earlier
 * steps of the chain leave it in. Throws the first refusal; nothing has been written then. `settled` is false when
 * a step was refused or left out (no command, or nothing to do) on a remembered state, which no append checks.
 */
async function planOn(
  steps: readonly AnyStep[],
  stateOf: StateOf,
): Promise<{ planned: Planned[]; ahead: Map<string, unknown>; settled: boolean }> {
  const names = new Set<string>();
  const streams = new Map<string, { state: unknown; remembered: boolean }>();
  const after = new Map<string, unknown>();
  const earlier: EarlierState = <State>(earlierStep: AnyStep): State => {
    if (!after.has(earlierStep.name)) throw new Error(`step ${earlierStep.name} is not earlier in the chain`);
    return after.get(earlierStep.name) as State;
  };
  const planned: Planned[] = [];
  // Once a remembered state is in the plan, a step left out or refused may be so because of it (directly or
  // through an earlier step's state).
  let anyRemembered = false;
  let settled = true;
  for (const anyStep of steps) {
    const current = unerased(anyStep);
    if (names.has(current.name)) throw new Error(`two steps named ${current.name} in one chain`);
    names.add(current.name);
    const { state, remembered } = streams.get(current.stream) ?? (await stateOf(current));
    anyRemembered ||= remembered;
    let stateAfter = state;
    try {
      const command =
        typeof current.command === 'function'
          ? (current.command as (state: unknown, earlier: EarlierState) => unknown)(state, earlier)
          : current.command;
      if (command !== null) {
        const events = current.decider.decide(command, state);
        stateAfter = events.reduce((folded, event) => current.decider.evolve(folded, event), state);
        if (events.length > 0) planned.push({ step: current, command });
        else if (anyRemembered) settled = false;
      } else if (anyRemembered) settled = false;
    } catch (refusal) {
      if (anyRemembered && isRefusal(refusal)) return { planned, ahead: after, settled: false };
      throw refusal;
    }
    streams.set(current.stream, { state: stateAfter, remembered });
    after.set(current.name, stateAfter);
  }
  return { planned, ahead: after, settled };
}

/**
 * The plan on the states this process remembers of the chain's streams, read only where it has none: what the
 * chain then appends is checked by each append's expected revision. Where that plan refused or left out a step
 * on a remembered state, nothing checks it, so the chain is planned again on its streams as read now.
 */
async function plan(
  commands: Pick<CommandHandler, 'load' | 'remembered'>,
  steps: readonly AnyStep[],
): Promise<{ planned: Planned[]; ahead: Map<string, unknown> }> {
  const guessed = await planOn(steps, async (current) => {
    const remembered = commands.remembered(current.decider, current.stream);
    if (remembered) return { state: remembered.state, remembered: true };
    return { state: (await commands.load(current.decider, current.stream)).state, remembered: false };
  });
  if (guessed.settled) return guessed;
  return planOn(steps, async (current) => ({
    state: (await commands.load(current.decider, current.stream)).state,
    remembered: false,
  }));
}

/** A step's own idempotency key, so two steps on one stream never derive the same event ids. */
const stepContext = (context: CommandContext, name: string): CommandContext =>
  context.idempotencyKey ? { ...context, idempotencyKey: `${context.idempotencyKey}:${name}` } : context;

const later = (a: bigint | null, b: bigint): bigint => (a === null || b > a ? b : a);

/**
 * Runs a chain: decide all ahead (a refusal writes nothing), then append step by step. When a step is refused
 * at append time (another request won a race since the plan), the steps already appended are compensated in
 * reverse order where they name a compensation, and the refusal is thrown.
 */
export async function runChain(
  commands: Pick<CommandHandler, 'load' | 'handle' | 'remembered'>,
  steps: readonly AnyStep[],
  context: CommandContext,
): Promise<ChainOutcome> {
  const { planned, ahead } = await plan(commands, steps);
  const results = new Map<string, CommandResult<DomainEvent, unknown>>();
  const appended: {
    step: ErasedStep;
    result: CommandResult<DomainEvent, unknown>;
  }[] = [];
  let position: bigint | null = null;
  for (const { step: current, command } of planned) {
    let result: CommandResult<DomainEvent, unknown>;
    try {
      result = await commands.handle(
        current.decider,
        current.stream,
        command,
        stepContext(context, current.name),
      );
    } catch (error) {
      if (isRefusal(error)) await compensate(commands, appended, context);
      throw error;
    }
    results.set(current.name, result);
    appended.push({ step: current, result });
    if (result.events.length > 0) position = later(position, result.position);
  }
  const states = new Map(ahead);
  for (const [name, result] of results) states.set(name, result.state);
  return { results, states, position };
}

async function compensate(
  commands: Pick<CommandHandler, 'load' | 'handle'>,
  appended: readonly {
    step: ErasedStep;
    result: CommandResult<DomainEvent, unknown>;
  }[],
  context: CommandContext,
): Promise<void> {
  for (const { step: done, result } of [...appended].reverse()) {
    const compensation = done.compensate?.(result);
    if (!compensation) continue;
    const undo = unerased(compensation);
    const command =
      typeof undo.command === 'function'
        ? (undo.command as (state: unknown, earlier: EarlierState) => unknown)(
            (await commands.load(undo.decider, undo.stream)).state,
            () => {
              throw new Error('a compensation reads only its own stream');
            },
          )
        : undo.command;
    if (command === null) continue;
    try {
      await commands.handle(
        undo.decider,
        undo.stream,
        command,
        stepContext(context, `${done.name}:undo:${undo.name}`),
      );
    } catch (error) {
      // Refused: there is nothing left to undo (another command settled it). Anything else (the store is down)
      // propagates, and the workflow's keeper settles the half-done chain later.
      if (!isRefusal(error)) throw error;
    }
  }
}
