/**
 * Who may pass the door, shared by the server's decider (checkIn/checkInDecider.ts) and the offline scanner in
 * the browser (web/src/features/checkIn/scanner/offline.ts), so a device alone decides as the server would.
 * Nothing here may import from Node or from the server's kit (the list's events are plain types and functions).
 */

import { checkInListStatus, type CheckInListDetails } from './checkIn/checkInListEvents';

/** The closed list of reasons a scan is refused for (docs/admission.md "Check-in results"). */
export const checkInRefusals = [
  'already_checked_in',
  'not_on_this_list',
  'attendee_cancelled',
  'attendee_unpaid',
  'list_not_active',
  'list_expired',
  'ticket_not_found',
] as const;
export type CheckInRefusal = (typeof checkInRefusals)[number];

export interface AdmissionFacts {
  list: Pick<CheckInListDetails, 'activatesAt' | 'expiresAt'> & { ticketIds: readonly string[] };
  /** The scanned ticket (type); null: nothing to go by (no such attendee, and no genuine code naming one). */
  ticket: { ticketId: string; ofAnotherEvent: boolean } | null;
  /** The attendee's standing; undefined when an offline device admits a genuine code of an attendee it does not know. */
  attendee: { status: 'ACTIVE' | 'CANCELLED'; payment: 'PAID' | 'UNPAID' | 'PENDING' } | undefined;
  at: Date;
}

/** The refusal of a scan at `at`, in the order the door reports them, or null; a previous admission aside. */
export function admissionRefusal({ list, ticket, attendee, at }: AdmissionFacts): CheckInRefusal | null {
  const status = checkInListStatus(list, at);
  if (status === 'NOT_YET_ACTIVE') return 'list_not_active';
  if (status === 'EXPIRED') return 'list_expired';
  if (!ticket) return 'ticket_not_found';
  if (ticket.ofAnotherEvent || !list.ticketIds.includes(ticket.ticketId)) return 'not_on_this_list';
  if (attendee?.status === 'CANCELLED') return 'attendee_cancelled';
  if (attendee && attendee.payment !== 'PAID') return 'attendee_unpaid';
  return null;
}
