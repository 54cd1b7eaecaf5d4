import type { Knex } from 'knex';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ReadModelTable } from '../../projections/runner/types';
import type { CommandHandler } from '../kit/commandHandler';
import type { Clock } from '../kit/clock';
import type { Logger } from '../kit/logger';
import { OneAtATime } from '../kit/passLoop';
import {
  claimBacking,
  emailClaimDecider,
  emailClaimStream,
  type EmailClaimEvent,
} from '../identity/emailClaims';
import type { EmailChanged, UserErased } from '../identity/userDecider';
import { userDecider, userStream } from '../identity/userDecider';

/**
 * The process manager of commands that touch several streams, applied to email claims (see
 * docs/decisions/cross-module-facts.md). A sign-up appends the claim, then the account, then the user; an
 * invitation the claim, then the user; an email change the new claim, the change, then the release of the old
 * address. A process that dies in between leaves an address claimed by nobody who uses it.
 *
 * From the log, this keeps every claim (and every address a user moved away from) it has not yet seen settled.
 * Once `settleAfterMs` has passed on the injected clock, a sweep asks the claimant's user stream: a user who uses
 * or is switching to the address settles it; otherwise the claim is released, and the address is free again.
 * Only a release can finish such a command: the password hash of a sign-up is never in the log, so the user
 * cannot be completed.
 */

export const openEmailClaimsTable: ReadModelTable = {
  name: 'open_email_claims',
  define(table) {
    table.string('email', 320).primary();
    table.string('user_id', 40).notNullable();
    /** ISO instant from which the claim must be backed by its user. */
    table.string('since', 40).notNullable();
    table.index(['since', 'email'], 'open_email_claims_since_idx');
  },
};

export const emailClaimKeeperName = 'email-claim-keeper';

type Handled = EmailClaimEvent | EmailChanged | UserErased;

export function emailClaimKeeper(): Projection {
  return defineProjection<Handled>({
    name: emailClaimKeeperName,
    tables: [openEmailClaimsTable],
    handles: ['EmailClaimed', 'EmailReleased', 'EmailChanged', 'UserErased'],
    async apply(trx, event, ctx) {
      const claims = ctx.table(openEmailClaimsTable.name);
      switch (event.type) {
        case 'EmailClaimed':
          await trx(claims)
            .insert({ email: event.data.email, user_id: event.data.userId, since: event.data.claimedAt })
            .onConflict('email')
            .merge();
          return [];
        case 'EmailReleased':
          await trx(claims).where({ email: event.data.email, user_id: event.data.userId }).delete();
          return [];
        case 'UserErased':
          // An erased member backs no address. Their release, read after the erasure deleted their key, names
          // the erased address instead of theirs and matched no row: the address stayed here in clear.
          await trx(claims).where({ user_id: event.data.userId }).delete();
          return [];
        case 'EmailChanged':
          // The old address must be released next; watch it in case that never happens.
          await trx(claims)
            .insert({
              email: event.data.previousEmail,
              user_id: event.data.userId,
              since: event.data.changedAt,
            })
            .onConflict('email')
            .merge();
          return [];
      }
    },
  });
}

interface OpenClaim {
  email: string;
  user_id: string;
  since: string;
}

export interface EmailClaimSweep {
  released: string[];
  settled: string[];
}

const SWEEP_PAGE = 500;

export class EmailClaimKeeper {
  private timer: NodeJS.Timeout | null = null;
  private readonly sweeps = new OneAtATime(() => this.sweepAll());

  constructor(
    private readonly deps: {
      db: Knex;
      commands: CommandHandler;
      clock: Clock;
      logger: Logger;
      settleAfterMs: number;
    },
  ) {}

  /** Sweeps now and then every `everyMs` until stopped. */
  start(everyMs: number): void {
    if (this.timer) return;
    const tick = () => {
      this.sweep().catch((error: unknown) => this.deps.logger.error('email claim sweep failed', { error }));
    };
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeps.idle();
  }

  /**
   * Releases the claims older than the grace period that no user backs; forgets the settled ones. Sweeps never
   * overlap: one asked for while another runs starts after it, so both see the same rows only once.
   */
  sweep(): Promise<EmailClaimSweep> {
    return this.sweeps.run();
  }

  /** Walks every due claim in pages of `SWEEP_PAGE`, in order of (since, email), so a long backlog is drained. */
  private async sweepAll(): Promise<EmailClaimSweep> {
    const { db, clock, settleAfterMs } = this.deps;
    const dueBefore = new Date(clock.now().getTime() - settleAfterMs).toISOString();
    const outcome: EmailClaimSweep = { released: [], settled: [] };
    let after: OpenClaim | null = null;
    for (;;) {
      const query = db(openEmailClaimsTable.name).where('since', '<=', dueBefore);
      if (after) {
        const { since, email } = after;
        query.andWhere((page) =>
          page
            .where('since', '>', since)
            .orWhere((same) => same.where('since', since).andWhere('email', '>', email)),
        );
      }
      const due = (await query
        .orderBy([{ column: 'since' }, { column: 'email' }])
        .limit(SWEEP_PAGE)) as OpenClaim[];
      for (const claim of due) await this.settle(claim, outcome);
      if (due.length < SWEEP_PAGE) return outcome;
      after = due[due.length - 1] ?? null;
    }
  }

  private async settle(claim: OpenClaim, outcome: EmailClaimSweep): Promise<void> {
    const { db, commands, clock } = this.deps;
    const { state: claimant } = await commands.load(userDecider, userStream(claim.user_id));
    const backing = claimBacking(claim.email, claimant);
    if (backing === 'pending_change') return;
    if (backing === 'in_use') {
      await db(openEmailClaimsTable.name).where({ email: claim.email, user_id: claim.user_id }).delete();
      outcome.settled.push(claim.email);
      return;
    }
    const release = await commands.handle(
      emailClaimDecider,
      emailClaimStream(claim.email),
      { type: 'ReleaseEmail', email: claim.email, userId: claim.user_id, now: clock.now() },
      { correlationId: `release-${claim.user_id}`, actor: 'system' },
    );
    // Released now, or someone else holds the address already: either way nothing is left to watch.
    await db(openEmailClaimsTable.name).where({ email: claim.email, user_id: claim.user_id }).delete();
    if (release.events.length > 0) {
      outcome.released.push(claim.email);
      this.deps.logger.info('released an email claim nobody backs', { userId: claim.user_id });
    }
  }
}
