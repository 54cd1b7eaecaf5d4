/**
 * The process signupCrash.int.spec.ts kills: opens the event store named in SIGNUP_CHILD, then runs self-service
 * sign-ups (email claim, account, user) several at a time until it is killed, printing `start <email>` before
 * each. It writes only to the event store, as an API process does.
 */
import { CommandHandler } from '../kit/commandHandler';
import { randomIds, systemClock } from '../kit/clock';
import { openTestEventStore } from '../../projections/runner/testing';
import type { TestStorage } from '../../projections/runner/testing';
import { registerOwner } from './owners';

const task = JSON.parse(process.env.SIGNUP_CHILD ?? '') as {
  eventStore: TestStorage['config']['eventStore'];
  prefix: string;
  password: string;
  concurrency: number;
};
const store = await openTestEventStore(task.eventStore);
const services = { commands: new CommandHandler(store), clock: systemClock, ids: randomIds };
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
