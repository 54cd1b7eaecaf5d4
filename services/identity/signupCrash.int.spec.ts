import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { describeEachStorage, type TestStorage } from '../../projections/runner/testing';
import { startPlatform, type Platform } from '../api/compose';
import { findUserByEmail } from '../../projections/identity';
import { CommandHandler } from '../kit/commandHandler';
import { ManualClock } from '../kit/clock';
import { readAppConfig } from '../kit/config';
import { createLogger } from '../kit/logger';
import { emailClaimDecider, emailClaimStream } from './emailClaims';
import { registerOwner } from './owners';
import { userDecider, userStream } from './userDecider';
import { childScriptArgs } from '../kit/testing/childScript';

const password = 'crash test password 42';
const childScript = fileURLToPath(new URL('./testing-signup-child.ts', import.meta.url));

/**
 * Runs sign-ups in a child process and SIGKILLs it after a random moment, or lets it kill itself right after its
 * `killAfterClaims`-th email claim; returns the addresses it started.
 */
async function signUpAndKill(
  storage: TestStorage,
  prefix: string,
  killAfterClaims?: number,
): Promise<string[]> {
  const child = spawn(process.execPath, childScriptArgs(childScript), {
    env: {
      ...process.env,
      SIGNUP_CHILD: JSON.stringify({
        eventStore: storage.config.eventStore,
        prefix,
        password,
        concurrency: 6,
        ...(killAfterClaims === undefined ? {} : { killAfterClaims }),
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = once(child, 'exit');
  if (killAfterClaims === undefined) {
    while (!output.includes('ready\n') && child.exitCode === null) await delay(20);
    // A fraction of a second is hundreds of sign-ups at six at a time: kill points fall in every step of one, and
    // every address started is checked end to end below, so a longer run only costs time.
    await delay(100 + Math.random() * 400);
    child.kill('SIGKILL');
  }
  await exited;
  return [...output.matchAll(/^start (\S+)$/gm)].map((match) => match[1] ?? '');
}

/** Addresses claimed by a user whose stream was never written. */
async function halfDone(commands: CommandHandler, emails: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const email of emails) {
    const { state } = await commands.load(emailClaimDecider, emailClaimStream(email));
    if (state.claimedBy === null) continue;
    const user = await commands.load(userDecider, userStream(state.claimedBy));
    if (!user.state.exists) found.push(email);
  }
  return found;
}

describeEachStorage('a sign-up killed halfway', (open) => {
  let storage: TestStorage | undefined;
  let platform: Platform | undefined;
  afterEach(async () => {
    await platform?.close();
    await storage?.close();
  });

  it('leaves every address fully registered or free once the grace period has passed', async () => {
    storage = await open();
    const reader = new CommandHandler(storage.store);
    const started: string[] = [];
    // Random kill points first; then, whatever they hit, a crash right after a claim is committed, so at least
    // one sign-up died between its claim and its user.
    for (let round = 0; round < 3; round++) started.push(...(await signUpAndKill(storage, `crash${round}`)));
    started.push(...(await signUpAndKill(storage, 'crash-after-claim', 9)));
    const cutShort = await halfDone(reader, started);
    expect(cutShort.length).toBeGreaterThan(0);

    const graceSeconds = 600;
    const clock = new ManualClock(new Date(Date.now() + (graceSeconds + 60) * 1000));
    const dataDir = mkdtempSync(join(tmpdir(), 'signup-crash-'));
    platform = await startPlatform(
      {
        ...readAppConfig({}),
        port: 0,
        host: '127.0.0.1',
        logLevel: 'error',
        emailClaimGraceSeconds: graceSeconds,
      },
      { dataDir, eventStore: storage.config.eventStore, readModels: storage.config.readModels },
      { clock, logger: createLogger('error') },
    );
    const { port } = await platform.listen();
    const { worker, services } = platform;
    expect(await worker.runner.waitFor(await services.store.head(), 30_000)).toBe(true);
    // The worker sweeps on its own timer too; whichever sweep got there, every cut-short claim is released.
    await worker.claims.sweep();
    expect(await halfDone(services.commands, cutShort)).toEqual([]);
    for (const email of cutShort) {
      const { state } = await services.commands.load(emailClaimDecider, emailClaimStream(email));
      expect(state.claimedBy).toBeNull();
    }

    // Every address started is checked, several at a time (each check waits on the store, not the CPU).
    const checkAddress = async (email: string) => {
      if (await findUserByEmail(services.db, email)) {
        // Registered: the owner logs in.
        const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        await login.body?.cancel();
        expect(login.status, email).toBe(200);
        return;
      }
      // Not registered: then the address must be free.
      await expect(
        registerOwner(
          services,
          { email, password, firstName: 'Second', lastName: 'Try', accountName: email },
          { correlationId: services.ids.uuid(), actor: 'public' },
        ),
      ).resolves.toMatchObject({ userId: expect.any(String) as unknown });
    };
    const queue = [...started];
    const checker = async () => {
      for (let email = queue.shift(); email !== undefined; email = queue.shift()) await checkAddress(email);
    };
    await Promise.all(Array.from({ length: 8 }, checker));
  }, 120_000);
});
