import type { Services } from '../kit/http/context';
import type { CommandContext } from '../kit/commandHandler';
import { isRefusal } from '../kit/refusal';
import { accountDecider, accountStream } from './accountDecider';
import { emailClaimDecider, emailClaimStream } from './emailClaims';
import { hashPassword } from './passwords';
import { userDecider, userStream, type CreateVerifiedUser, type RegisterUser } from './userDecider';

/** Email confirmation links work for a week. */
export const emailConfirmationTtlMs = 7 * 24 * 3_600_000;

export interface NewOwner {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  accountName: string;
  timezone?: string;
  locale?: string;
  currency?: string;
}

export interface AccountOwner {
  accountId: string;
  userId: string;
  position: bigint;
}

/** What creating an owner needs: the commands, the clock and ids (a whole Services also fits). */
export type OwnerServices = Pick<Services, 'commands' | 'clock' | 'ids'>;

export type SignUpOutcome =
  | ({ kind: 'registered' } & AccountOwner)
  /** The address has a login: its user was told (unless told within the hour, or the claim is a leftover). */
  | { kind: 'address_taken' };

type OwnerCommand = (user: { userId: string; passwordHash: string }) => RegisterUser | CreateVerifiedUser;

/**
 * An account and its owner (an active admin). The email is claimed first, so of two sign-ups with one
 * address exactly one gets through; the loser is refused with `email_taken` before anything else is written.
 */
async function createOwner(
  services: OwnerServices,
  owner: NewOwner,
  context: CommandContext,
  userCommand: OwnerCommand,
): Promise<AccountOwner> {
  const { commands, clock, ids } = services;
  const accountId = ids.entity('ac');
  const userId = ids.entity('us');
  const passwordHash = await hashPassword(owner.password);
  await commands.handle(
    emailClaimDecider,
    emailClaimStream(owner.email),
    { type: 'ClaimEmail', email: owner.email, userId, now: clock.now() },
    context,
  );
  await commands.handle(
    accountDecider,
    accountStream(accountId),
    {
      type: 'CreateAccount',
      accountId,
      name: owner.accountName,
      ownerUserId: userId,
      currency: owner.currency ?? 'EUR',
      timezone: owner.timezone ?? 'UTC',
      now: clock.now(),
    },
    context,
  );
  const registered = await commands.handle(
    userDecider,
    userStream(userId),
    userCommand({ userId, passwordHash }),
    context,
  );
  return { accountId, userId, position: registered.position };
}

/** The operator's owner (first run, ADMIN_EMAIL): the operator vouches for the address. */
export function createVerifiedOwner(
  services: OwnerServices,
  owner: NewOwner,
  context: CommandContext,
): Promise<AccountOwner> {
  return createOwner(services, owner, context, ({ userId, passwordHash }) => ({
    type: 'CreateVerifiedUser',
    userId,
    email: owner.email,
    passwordHash,
    ...profile(owner),
    now: services.clock.now(),
  }));
}

/** Self-service sign-up: the address is confirmed by the link the confirmation mail carries. */
export function registerOwner(
  services: OwnerServices,
  owner: NewOwner,
  context: CommandContext,
): Promise<AccountOwner> {
  const now = services.clock.now();
  return createOwner(services, owner, context, ({ userId, passwordHash }) => ({
    type: 'RegisterUser',
    userId,
    email: owner.email,
    passwordHash,
    ...profile(owner),
    confirmation: {
      requestId: services.ids.entity('rq'),
      expiresAt: new Date(now.getTime() + emailConfirmationTtlMs),
    },
    now,
  }));
}

function profile(owner: NewOwner) {
  return {
    firstName: owner.firstName,
    lastName: owner.lastName,
    timezone: owner.timezone ?? 'UTC',
    locale: owner.locale ?? 'en',
  };
}

/**
 * Self-service sign-up as the route runs it, after it has answered: a new address gets its account and owner
 * (and the confirmation mail); an address that has a login is not told apart to whoever signed up (docs/identity.md),
 * its user is mailed instead (`SignUpAttempted`, at most once an hour). A claim left by a sign-up cut short has
 * no user to tell; the claim keeper frees it.
 */
export async function signUp(
  services: OwnerServices,
  owner: NewOwner,
  context: CommandContext,
): Promise<SignUpOutcome> {
  try {
    return { kind: 'registered', ...(await registerOwner(services, owner, context)) };
  } catch (error) {
    if (!isRefusal(error) || error.reason !== 'email_taken') throw error;
  }
  const { state: claim } = await services.commands.load(emailClaimDecider, emailClaimStream(owner.email));
  if (claim.claimedBy === null) return { kind: 'address_taken' };
  try {
    await services.commands.handle(
      userDecider,
      userStream(claim.claimedBy),
      { type: 'NoteSignUpAttempt', now: services.clock.now() },
      context,
    );
  } catch (error) {
    if (!isRefusal(error) || error.reason !== 'user_not_found') throw error;
  }
  return { kind: 'address_taken' };
}
