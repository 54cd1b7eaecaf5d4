import type { Services } from '../kit/http/context';
import type { CommandContext } from '../kit/commandHandler';
import { isRefusal } from '../kit/refusal';
import { step, type AnyStep } from '../kit/workflow';
import {
  accountDecider,
  accountStream,
  invitationTtlMs,
  type AccountCommand,
  type Role,
} from './accountDecider';
import { emailClaimDecider, emailClaimStream, normaliseEmail, type EmailClaimState } from './emailClaims';
import {
  userDecider,
  userStream,
  type JoinAsInvitedUser,
  type Profile,
  type UserCommand,
  type UserState,
} from './userDecider';

/**
 * Identity's commands over several streams (docs/decisions/workflows.md): which steps, in which order, with
 * which ids. Rules stay in the deciders; the routes run these chains with `execute`.
 */

type IdentityServices = Pick<Services, 'commands' | 'clock' | 'ids'>;

/** Runs a chain the way the caller does (a route: `execute` with its read models). */
export type RunChain = (chain: readonly AnyStep[]) => Promise<unknown>;

export interface MemberInvitation {
  accountId: string;
  invitedBy: string;
  email: string;
  role: Role;
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** The inviter's, until the invitee chooses their own. */
  locale: string;
}

/**
 * An invitation: the address's claim (the reservation), the invited user, then the account's invitation, all
 * decided ahead. The user is whoever holds the address (someone with a login elsewhere, or an earlier invitee),
 * else a new invited user who claims it; a claim whose user was never written (a crash in between) is
 * completed here. Two admins inviting one new address at once end up with the same user: the loser of the
 * claim plans again and takes the winner's. Answers the invited user's id.
 */
export async function inviteMember(
  services: IdentityServices,
  invitation: MemberInvitation,
  run: RunChain,
): Promise<string> {
  const first = await invitationChain(services, invitation);
  try {
    await run(first.chain);
    return first.userId;
  } catch (error) {
    if (!isRefusal(error) || (error.reason !== 'email_taken' && error.reason !== 'user_already_exists'))
      throw error;
    const again = await invitationChain(services, invitation);
    await run(again.chain);
    return again.userId;
  }
}

async function invitationChain(
  { commands, clock, ids }: IdentityServices,
  invitation: MemberInvitation,
): Promise<{ userId: string; chain: AnyStep[] }> {
  const email = normaliseEmail(invitation.email);
  const now = clock.now();
  const holder = (await commands.load(emailClaimDecider, emailClaimStream(email))).state.claimedBy;
  const userId = holder ?? ids.entity('us');
  return {
    userId,
    chain: [
      step({
        name: 'claim',
        decider: emailClaimDecider,
        stream: emailClaimStream(email),
        command: (claim: EmailClaimState) =>
          claim.claimedBy === userId ? null : { type: 'ClaimEmail', email, userId, now },
      }),
      step({
        name: 'user',
        decider: userDecider,
        stream: userStream(userId),
        command: (user: UserState): UserCommand | null =>
          user.exists
            ? null
            : {
                type: 'InviteUser',
                userId,
                email,
                firstName: invitation.firstName ?? '',
                lastName: invitation.lastName ?? '',
                locale: invitation.locale,
                now,
              },
      }),
      step({
        name: 'account',
        decider: accountDecider,
        stream: accountStream(invitation.accountId),
        command: {
          type: 'InviteMember',
          userId,
          email,
          role: invitation.role,
          invitationId: ids.entity('iv'),
          invitedBy: invitation.invitedBy,
          expiresAt: new Date(now.getTime() + invitationTtlMs),
          now,
        },
      }),
    ],
  };
}

/**
 * An admin's change to a member: a name correction on the member's user stream, then role and status on the
 * account's, all decided ahead so a refused status change leaves the name and role as they were.
 */
export function memberUpdate(input: {
  accountId: string;
  userId: string;
  changedBy: string;
  /** Whether the member has accepted the account's invitation (advisory, read by the route). */
  joined: boolean;
  firstName?: string | undefined;
  lastName?: string | undefined;
  role?: Role | undefined;
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  now: Date;
}): AnyStep[] {
  const { accountId, userId, changedBy, joined, firstName, lastName, role, status, now } = input;
  const chain: AnyStep[] = [];
  if (firstName !== undefined || lastName !== undefined)
    chain.push(
      step({
        name: 'name',
        decider: userDecider,
        stream: userStream(userId),
        command: {
          type: 'CorrectName',
          ...(firstName !== undefined ? { firstName } : {}),
          ...(lastName !== undefined ? { lastName } : {}),
          joined,
          now,
        },
      }),
    );
  const account = (name: string, command: AccountCommand) =>
    step({ name, decider: accountDecider, stream: accountStream(accountId), command });
  if (role !== undefined)
    chain.push(account('role', { type: 'ChangeMemberRole', userId, role, changedBy, now }));
  if (status !== undefined)
    chain.push(account('status', { type: 'ChangeMemberStatus', userId, status, changedBy, now }));
  return chain;
}

/**
 * A member's change to their own profile: the profile, the password and a requested email change, each a
 * command on the member's user stream, decided together so that a refused one writes none.
 */
export function profileUpdate(input: {
  userId: string;
  changes: Partial<Profile>;
  /** Hashed by the route once it has checked the current password. */
  password?: { hash: string; keepSessionId: string } | undefined;
  emailChange?: { newEmail: string; requestId: string; expiresAt: Date } | undefined;
  now: Date;
}): AnyStep[] {
  const { userId, changes, password, emailChange, now } = input;
  const user = (name: string, command: UserCommand) =>
    step({ name, decider: userDecider, stream: userStream(userId), command });
  const chain: AnyStep[] = [];
  if (Object.keys(changes).length > 0) chain.push(user('profile', { type: 'UpdateProfile', changes, now }));
  if (password)
    chain.push(
      user('password', {
        type: 'ChangePassword',
        passwordHash: password.hash,
        keepSessionId: password.keepSessionId,
        now,
      }),
    );
  if (emailChange)
    chain.push(
      user('emailChange', {
        type: 'RequestEmailChange',
        newEmail: emailChange.newEmail,
        request: { requestId: emailChange.requestId, expiresAt: emailChange.expiresAt },
        now,
      }),
    );
  return chain;
}

/**
 * A confirmed email change: the new address is claimed first, so it cannot be taken meanwhile; the user
 * switches to it; the old one is freed afterwards. A switch refused at append time releases the new claim.
 */
export function emailChangeConfirmation(input: {
  userId: string;
  requestId: string;
  newEmail: string;
  previousEmail: string;
  now: Date;
}): AnyStep[] {
  const { userId, requestId, newEmail, previousEmail, now } = input;
  const claim = (type: 'ClaimEmail' | 'ReleaseEmail', email: string, name: string) =>
    step({
      name,
      decider: emailClaimDecider,
      stream: emailClaimStream(email),
      command: { type, email, userId, now },
    });
  return [
    step({
      name: 'claimNew',
      decider: emailClaimDecider,
      stream: emailClaimStream(newEmail),
      command: { type: 'ClaimEmail', email: newEmail, userId, now },
      compensate: () => claim('ReleaseEmail', newEmail, 'releaseNew'),
    }),
    step({
      name: 'switch',
      decider: userDecider,
      stream: userStream(userId),
      command: { type: 'ConfirmEmailChange', requestId, now },
    }),
    claim('ReleaseEmail', previousEmail, 'releaseOld'),
  ];
}

/**
 * An invitation accepted: the account decides first (each invitation link is accepted once), then a new
 * person joins with their name and password (someone with a login already has them).
 */
export function invitationAcceptance(input: {
  accountId: string;
  userId: string;
  invitationId: string;
  join?: Omit<JoinAsInvitedUser, 'type' | 'now'> | undefined;
  now: Date;
}): AnyStep[] {
  const { accountId, userId, invitationId, join, now } = input;
  const chain = [
    step({
      name: 'accept',
      decider: accountDecider,
      stream: accountStream(accountId),
      command: { type: 'AcceptInvitation', userId, invitationId, now },
    }),
  ];
  if (join)
    chain.push(
      step({
        name: 'join',
        decider: userDecider,
        stream: userStream(userId),
        command: { type: 'JoinAsInvitedUser', ...join, now },
      }),
    );
  return chain;
}

/** A reset link for the address's user, mailed by the reactor; runs after the request was answered. */
export async function requestPasswordReset(
  { commands, clock, ids }: IdentityServices,
  input: { userId: string; ttlMs: number },
  context: CommandContext,
): Promise<void> {
  const now = clock.now();
  await commands.handle(
    userDecider,
    userStream(input.userId),
    {
      type: 'RequestPasswordReset',
      request: { requestId: ids.entity('rq'), expiresAt: new Date(now.getTime() + input.ttlMs) },
      now,
    },
    context,
  );
}

/**
 * Erasing a former member (docs/audit.md "Erasure"): their address is released first, so the person may sign up
 * again one day, then the user is erased, which deletes their key. Planned from the user as it is now, while
 * their address can still be read.
 */
export async function memberErasure(
  { commands, clock }: IdentityServices,
  input: { userId: string; erasedBy: string },
): Promise<AnyStep[]> {
  const now = clock.now();
  const user = (await commands.load(userDecider, userStream(input.userId))).state;
  const address = user.exists && !user.erased ? normaliseEmail(user.email) : null;
  return [
    ...(address
      ? [
          step({
            name: 'release',
            decider: emailClaimDecider,
            stream: emailClaimStream(address),
            command: (claim: EmailClaimState) =>
              claim.claimedBy === input.userId
                ? { type: 'ReleaseEmail' as const, email: address, userId: input.userId, now }
                : null,
          }),
        ]
      : []),
    step({
      name: 'erase',
      decider: userDecider,
      stream: userStream(input.userId),
      command: { type: 'EraseUser', erasedBy: input.erasedBy, now },
    }),
  ];
}
