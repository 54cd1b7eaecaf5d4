import { randomBytes } from 'node:crypto';
import type { Services } from '../kit/http/context';
import type { CommandContext } from '../kit/commandHandler';
import { Refusal } from '../kit/refusal';
import { countUsers } from '../../projections/identity';
import { createVerifiedOwner, type AccountOwner } from '../identity/owners';
import { eventDecider } from '../catalog/events/eventDecider';
import { eventStream } from '../catalog/events/eventEvents';
import { defaultEventSettings } from '../catalog/events/eventSettings';
import { organizerDecider, organizerStream } from '../catalog/organizers/organizerDecider';
import { ticketDecider } from '../catalog/tickets/ticketDecider';
import { ticketStream, type TicketDetails } from '../catalog/tickets/ticketEvents';
import { inventoryMirrorDecider, stockDefinitions } from '../catalog/tickets/inventoryMirror';
import { inventoryStream } from '../inventory/inventoryEvents';

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
      {
        email,
        password: config.adminPassword ?? generatedPassword!,
        firstName: 'Admin',
        lastName: 'User',
        accountName: 'My organisation',
      },
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

export type { AccountOwner } from '../identity/owners';

/** An account and its owner (an active, verified admin): the email is claimed first, so it stays unique. */
export function createAccountWithOwner(
  services: Services,
  owner: { email: string; password: string; firstName: string; lastName: string; accountName: string },
  context: CommandContext,
): Promise<AccountOwner> {
  return createVerifiedOwner(services, owner, context);
}

async function seedSampleEvent(services: Services, accountId: string, context: CommandContext) {
  const { commands, clock, ids } = services;
  const eventId = ids.entity('ev');
  const organizerId = ids.entity('or');
  const now = clock.now();
  await commands.handle(
    organizerDecider,
    organizerStream(organizerId),
    {
      type: 'CreateOrganizer',
      organizerId,
      accountId,
      profile: { name: 'Riverside Music Collective', email: null, website: null, description: null },
      now,
    },
    context,
  );
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
      organizerId,
      details: {
        title: 'Open-Air Jazz Evening',
        description:
          '<p>A sample event, created on the first run so there is something to look at. Three bands on the riverside stage, food trucks from six, music from seven until late.</p>',
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
      settings: defaultEventSettings,
      now,
    },
    context,
  );
  const tickets = [
    sampleTicket('PAID', 'Standing', 2500, 400),
    sampleTicket('FREE', 'Children under 12', null, 100),
  ];
  for (const details of tickets) {
    const ticketId = ids.entity('tk');
    await commands.handle(
      ticketDecider,
      ticketStream(ticketId),
      { type: 'CreateTicket', eventId, ticketId, details, now },
      context,
    );
    await commands.handle(
      inventoryMirrorDecider,
      inventoryStream(eventId),
      { type: 'MirrorStock', definitions: stockDefinitions(eventId, ticketId, null, details, now) },
      context,
    );
  }
  // The first admin is created with a verified email.
  return commands.handle(
    eventDecider,
    eventStream(eventId),
    { type: 'ChangeEventStatus', eventId, to: 'LIVE', emailVerified: true, ticketCount: tickets.length, now },
    context,
  );
}

/** A ticket of the sample event: a paid one and a free one, so `/` shows something sellable. */
function sampleTicket(
  type: 'PAID' | 'FREE',
  title: string,
  price: number | null,
  quantity: number,
): TicketDetails {
  return {
    type,
    title,
    description: null,
    price: type === 'FREE' ? 0 : price,
    minimumPrice: null,
    tiers: [],
    quantity,
    minPerOrder: 1,
    maxPerOrder: 10,
    saleStart: null,
    saleEnd: null,
    hidden: false,
    hideBeforeSaleStart: false,
    hideAfterSaleEnd: false,
    hideWhenSoldOut: false,
    hiddenUnlessPromoCode: false,
    showQuantityRemaining: true,
    collapseOnLoad: false,
    taxAndFeeIds: [],
  };
}
