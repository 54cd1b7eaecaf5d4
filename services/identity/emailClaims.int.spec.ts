import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { CommandHandler } from '../kit/commandHandler';
import { isRefusal } from '../kit/refusal';
import { describeWithPostgres } from '../kit/testing/postgres';
import { emailClaimDecider, emailClaimStream } from './emailClaims';

/** Email uniqueness across processes: each command handler stands for one API process with its own queue. */
function claimSuite(kind: StorageKind) {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets exactly one of several processes claim an address at the same moment', async () => {
    const processes = Array.from({ length: 4 }, () => new CommandHandler(t.platform.services.store));
    const email = `Race-${Date.now()}@Example.test`;
    const outcomes = await Promise.allSettled(
      processes.map((commands, index) =>
        commands.handle(
          emailClaimDecider,
          emailClaimStream(email),
          { type: 'ClaimEmail', email, userId: `us_racer${index}`, now: new Date() },
          { correlationId: `race-${index}`, actor: 'system' },
        ),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter(
      (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
    );
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(3);
    for (const outcome of lost) {
      const reason: unknown = outcome.reason;
      expect(isRefusal(reason) && reason.reason).toBe('email_taken');
    }
    const recorded = [];
    for await (const event of t.platform.services.store.readStream(emailClaimStream(email)))
      recorded.push(event);
    expect(recorded.map((event) => event.type)).toEqual(['EmailClaimed']);
  });
}

describe('email claims on SQLite', () => claimSuite('sqlite'));
describeWithPostgres('email claims on PostgreSQL', () => claimSuite('postgres'));
