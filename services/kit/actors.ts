/**
 * Who a recorded actor (`metadata.actor`, or an event's `…By`) is: a member (`us_…`), a check-in list at the door
 * (`check-in-list:<id>`), the buyer (`public`), Stripe, or the platform itself. An order's history and the
 * account's audit log both say it so.
 */
export type ActorKind = 'member' | 'buyer' | 'door' | 'stripe' | 'system';

const memberId = /^us_[0-9a-z]+$/;
export const doorActorPrefix = 'check-in-list:';

export function actorKindOf(actor: string): ActorKind {
  if (memberId.test(actor)) return 'member';
  if (actor.startsWith(doorActorPrefix)) return 'door';
  if (actor === 'public') return 'buyer';
  if (actor === 'stripe') return 'stripe';
  return 'system';
}
