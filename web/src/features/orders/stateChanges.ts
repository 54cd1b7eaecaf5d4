import type { OrderStateThen } from './api';

/** Keys of what changed: a field (`status`), a refund (`refund:<id>`), an attendee's part (`attendee:<id>:name`). */
export type ChangedFields = ReadonlySet<string>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What differs between the order before an entry of its history and after it, for the order-as-of view to mark.
 * Before the order existed (null), nothing is marked: everything is new.
 */
export function changedFields(before: OrderStateThen | null, after: OrderStateThen): ChangedFields {
  const changed = new Set<string>();
  if (!before) return changed;
  for (const key of [
    'status',
    'payment_method',
    'paid',
    'refunded',
    'remaining',
    'payment_attempts',
    'buyer',
  ] as const)
    if (!same(before[key], after[key])) changed.add(key);
  for (const refund of after.refunds) {
    const was = before.refunds.find((candidate) => candidate.refund_id === refund.refund_id);
    if (!same(was, refund)) changed.add(`refund:${refund.refund_id}`);
  }
  for (const attendee of after.attendees) {
    const was = before.attendees.find((candidate) => candidate.id === attendee.id);
    const parts = {
      name: (a: typeof attendee) => [a.first_name, a.last_name],
      state: (a: typeof attendee) => [a.status, a.payment],
      check_ins: (a: typeof attendee) => a.check_ins,
    };
    for (const [part, of] of Object.entries(parts))
      if (!was || !same(of(was), of(attendee))) {
        changed.add(`attendee:${attendee.id}:${part}`);
        changed.add(`attendee:${attendee.id}`);
      }
  }
  return changed;
}
