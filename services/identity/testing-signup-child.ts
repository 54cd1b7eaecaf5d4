/**
 * The process signupCrash.int.spec.ts kills: opens the event store named in SIGNUP_CHILD, then runs self-service
 * sign-ups (email claim, account, user) several at a time until it is killed, printing `start <email>` before
 * each. It writes only to the event store, as an API process does. With `killAfterClaims: n` it kills itself the
 * moment its n-th email claim is committed: a crash exactly between a sign-up's first and last stream.
 */
import { CommandHandler, type CommandContext, type CommandResult } from '../kit/commandHandler';
import type { Decider, DomainEvent } from '../kit/decider';
import type { EventStore } from '../eventstore/port';
import { randomIds, systemClock } from '../kit/clock';
import { openTestEventStore } from '../../projections/runner/testing';
import type { TestStorage } from '../../projections/runner/testing';
import { registerOwner } from './owners';

const task = JSON.parse(process.env.SIGNUP_CHILD ?? '') as {
  eventStore: TestStorage['config']['eventStore'];
  prefix: string;
  password: string;
  concurrency: number;
  killAfterClaims?: number;
};
const store = await openTestEventStore(task.eventStore);
/** Kills this process the moment its n-th email claim is committed. */
class CrashAfterClaims extends CommandHandler {
  #claims = 0;
  constructor(
    eventStore: EventStore,
    private readonly claimsBeforeCrash: number,
  ) {
    super(eventStore);
  }
  override async handle<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    stream: string,
    command: Command,
    context: CommandContext,
  ): Promise<CommandResult<Event, State>> {
    const result = await super.handle(decider, stream, command, context);
    if ((command as { type?: string }).type === 'ClaimEmail' && ++this.#claims >= this.claimsBeforeCrash)
      process.kill(process.pid, 'SIGKILL');
    return result;
  }
}
const commands =
  task.killAfterClaims === undefined
    ? new CommandHandler(store)
    : new CrashAfterClaims(store, task.killAfterClaims);
const services = { commands, clock: systemClock, ids: randomIds };
process.stdout.write('ready\n');

let next = 0;
async function signUpForever(): Promise<never> {
  for (;;) {
    const email = `${task.prefix}-${next++}@example.test`;
    process.stdout.write(`start ${email}\n`);
    await registerOwner(
      services,
      { email, password: task.password, firstName: 'Crash', lastName: 'Test', accountName: email },
      { correlationId: randomIds.uuid(), actor: 'public' },
    );
  }
}
await Promise.all(Array.from({ length: task.concurrency }, () => signUpForever()));
