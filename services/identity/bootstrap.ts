import { randomBytes } from 'node:crypto';
import type { Services } from '../api/context';
import type { CommandContext } from '../kit/commandHandler';
import { Refusal } from '../kit/refusal';
import { countUsers } from '../../projections/identity';
import {
  accountDecider,
  accountStream,
  emailClaimDecider,
  emailClaimStream,
  userDecider,
  userStream,
} from './identityDeciders';
import { hashPassword } from './passwords';
import { eventDecider, eventStream } from '../catalog/events/eventDecider';

export interface FirstRun {
  email: string;
  /** Only when it was generated here: shown once, never stored in plain text. */
  generatedPassword: string | undefined;
  accountId: string;
  userId: string;
}

/**
 * On a fresh store: an account, its admin (from ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password) and,
 * unless SEED_SAMPLE_EVENT=false, a live sample event for `/` to open. Returns undefined when users exist.
 */
export async function bootstrapFirstRun(services: Services): Promise<FirstRun | undefined> {
  if ((await countUsers(services.db)) > 0) return undefined;
  const { ids, config } = services;
  const context: CommandContext = { correlationId: ids.uuid(), actor: 'system' };
  const email = config.adminEmail;
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  let owner: AccountOwner;
  try {
    owner = await createAccountWithOwner(
      services,
      { email, password: config.adminPassword ?? generatedPassword!, firstName: 'Admin', lastName: 'User', accountName: 'My organisation' },
      context,
    );
  } catch (error) {
    // Another process bootstrapped at the same moment; its admin stands.
    if (error instanceof Refusal && error.reason === 'email_taken') return undefined;
    throw error;
  }
  let last = owner.position;
  if (config.seedSampleEvent) last = (await seedSampleEvent(services, owner.accountId, context)).position;
  await services.readSide.waitFor(last, 10_000);
  return { email, generatedPassword, accountId: owner.accountId, userId: owner.userId };
}

export interface AccountOwner {
  accountId: string;
  userId: string;
  position: bigint;
}

/** An account and its owner (an active, verified admin): the email is claimed first, so it stays unique. */
export async function createAccountWithOwner(
  services: Services,
  owner: { email: string; password: string; firstName: string; lastName: string; accountName: string },
  context: CommandContext,
): Promise<AccountOwner> {
  const { commands, clock, ids } = services;
  const accountId = ids.entity('ac');
  const userId = ids.entity('us');
  await commands.handle(
    emailClaimDecider,
    emailClaimStream(owner.email),
    { type: 'ClaimEmail', email: owner.email, userId, now: clock.now() },
    context,
  );
  await commands.handle(
    accountDecider,
    accountStream(accountId),
    { type: 'CreateAccount', accountId, name: owner.accountName, ownerUserId: userId, currency: 'EUR', timezone: 'UTC', now: clock.now() },
    context,
  );
  const registered = await commands.handle(
    userDecider,
    userStream(userId),
    {
      type: 'RegisterUser',
      userId,
      accountId,
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      role: 'ADMIN',
      passwordHash: await hashPassword(owner.password),
      timezone: 'UTC',
      locale: 'en',
      emailVerified: true,
      now: clock.now(),
    },
    context,
  );
  return { accountId, userId, position: registered.position };
}

async function seedSampleEvent(services: Services, accountId: string, context: CommandContext) {
  const { commands, clock, ids } = services;
  const eventId = ids.entity('ev');
  const now = clock.now();
  const start = new Date(now.getTime() + 30 * 86_400_000);
  start.setUTCHours(18, 0, 0, 0);
  const end = new Date(start.getTime() + 4 * 3_600_000);
  await commands.handle(
    eventDecider,
    eventStream(eventId),
    {
      type: 'CreateEvent',
      eventId,
      accountId,
      organizerId: null,
      details: {
        title: 'Open-Air Jazz Evening',
        description:
          'A sample event, created on the first run so there is something to look at. Three bands on the riverside stage, food trucks from six, music from seven until late.',
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        isOnline: false,
        location: {
          venueName: 'Riverside Stage',
          addressLine1: 'Uferweg 12',
          addressLine2: null,
          city: 'Berlin',
          stateOrRegion: 'Berlin',
          zipOrPostalCode: '10557',
          country: 'DE',
        },
      },
      now,
    },
    context,
  );
  return commands.handle(eventDecider, eventStream(eventId), { type: 'PublishEvent', eventId, now }, context);
}
