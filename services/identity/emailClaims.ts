import { createHash } from 'node:crypto';
import type { Decider } from '../kit/decider';
import { refuse } from '../kit/refusal';

/**
 * Email uniqueness: one stream per normalised address. Whoever appends the claim first owns the address;
 * optimistic concurrency on the stream decides a race between requests or processes.
 */
export const emailClaimStream = (email: string) =>
  `email-claim-${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type EmailClaimed = {
  type: 'EmailClaimed';
  data: { email: string; userId: string; claimedAt: string };
};
/** The owner moved to another address: the old one is free again. */
export type EmailReleased = {
  type: 'EmailReleased';
  data: { email: string; userId: string; releasedAt: string };
};
export type EmailClaimEvent = EmailClaimed | EmailReleased;

export type ClaimEmail = { type: 'ClaimEmail'; email: string; userId: string; now: Date };
export type ReleaseEmail = { type: 'ReleaseEmail'; email: string; userId: string; now: Date };
export type EmailClaimCommand = ClaimEmail | ReleaseEmail;

export type EmailClaimState = { claimedBy: string | null };

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  initialState: () => ({ claimedBy: null }),
  evolve: (_state, event) => ({ claimedBy: event.type === 'EmailClaimed' ? event.data.userId : null }),
  decide(command, state) {
    const email = normaliseEmail(command.email);
    const at = command.now.toISOString();
    switch (command.type) {
      case 'ClaimEmail':
        if (state.claimedBy === command.userId) return [];
        if (state.claimedBy !== null)
          refuse('email_taken', undefined, { email: ['This email address is already in use'] });
        return [{ type: 'EmailClaimed', data: { email, userId: command.userId, claimedAt: at } }];
      case 'ReleaseEmail':
        // Only the owner's release counts; anything else leaves the claim as it is.
        if (state.claimedBy !== command.userId) return [];
        return [{ type: 'EmailReleased', data: { email, userId: command.userId, releasedAt: at } }];
    }
  },
};

/**
 * What holds a claim up, seen from the claimant's user stream: the user uses the address, or is switching to
 * it. A claim with neither was left behind by a command that did not finish (a crash between the claim and
 * the user's creation, or between an email change and the release of the old address).
 */
export type ClaimBacking = 'in_use' | 'pending_change' | 'none';

export function claimBacking(
  email: string,
  claimant: { exists: false } | { exists: true; email: string; emailChange: { newEmail: string } | null },
): ClaimBacking {
  if (!claimant.exists) return 'none';
  const address = normaliseEmail(email);
  if (normaliseEmail(claimant.email) === address) return 'in_use';
  if (claimant.emailChange && normaliseEmail(claimant.emailChange.newEmail) === address)
    return 'pending_change';
  return 'none';
}
