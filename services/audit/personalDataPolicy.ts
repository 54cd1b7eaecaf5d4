import {
  ERASED_EMAIL,
  ERASED_TEXT,
  erasedEmailOf,
  type PersonalDataPolicy,
  type PersonalField,
  type PersonalFieldsOf,
} from '../eventstore/personalData';
import type { AccountEvent } from '../identity/accountDecider';
import type { EmailClaimEvent } from '../identity/emailClaims';
import type { UserEvent } from '../identity/userDecider';
import type { InventoryEvent } from '../inventory/inventoryEvents';
import { orderPersonalData, orderSubject } from '../sales/orders/orderEvents';
import { waitingEntryPersonalData, waitingEntrySubject } from '../sales/waitingList/waitingListEvents';

/**
 * Which fields of the platform's events are a person's (docs/audit.md "Erasure"): the order's buyer and
 * attendees (declared beside the order events) and the members' own data, password hashes included, which live
 * in the identity module's events. Everything else in the log is the organizer's business or money.
 */
export const userSubject = (userId: string): string => `user:${userId}`;

const subjectOfUser = (data: Readonly<Record<string, unknown>>) => userSubject(String(data.userId));
const text = (path: string): PersonalField => ({ path, erased: ERASED_TEXT });
/** A member's address stays unique once erased (the users read model keys on it): one per member, naming nobody. */
const email = (path: string): PersonalField => ({ path, erased: ERASED_EMAIL, erasedFor: erasedEmailOf });
const ofUser = (...fields: PersonalField[]): PersonalFieldsOf => ({
  subject: subjectOfUser,
  fields,
  ip: true,
});

type IdentityEvent = UserEvent | AccountEvent | EmailClaimEvent;

const identityPersonalData: Readonly<Partial<Record<IdentityEvent['type'], PersonalFieldsOf>>> = {
  UserRegistered: ofUser(email('email'), text('firstName'), text('lastName'), text('passwordHash')),
  UserInvited: ofUser(email('email'), text('firstName'), text('lastName')),
  InvitedUserJoined: ofUser(text('firstName'), text('lastName'), text('passwordHash')),
  EmailConfirmationRequested: ofUser(email('email')),
  EmailVerified: ofUser(email('email')),
  ProfileUpdated: ofUser(text('changes.firstName'), text('changes.lastName')),
  PasswordChanged: ofUser(text('passwordHash')),
  EmailChangeRequested: ofUser(email('newEmail')),
  EmailChanged: ofUser(email('previousEmail'), email('email')),
  PasswordResetRequested: ofUser(email('email')),
  PasswordReset: ofUser(text('passwordHash')),
  SignUpAttempted: ofUser(email('email')),
  SessionStarted: ofUser(),
  EmailClaimed: ofUser(email('email')),
  EmailReleased: ofUser(email('email')),
  // The invited person's address; the inviting member's IP is theirs, not the invitee's.
  MemberInvited: { subject: subjectOfUser, fields: [email('email')], ip: false },
  InvitationResent: { subject: subjectOfUser, fields: [email('email')], ip: false },
};

/** The buyer's IP address when the checkout takes stock for the order. */
const inventoryPersonalData = {
  HoldPlaced: {
    subject: (data: Readonly<Record<string, unknown>>) => orderSubject(String(data.orderId)),
    fields: [],
    ip: true,
  },
} satisfies Partial<Record<InventoryEvent['type'], PersonalFieldsOf>>;

export const platformPersonalData: PersonalDataPolicy = {
  types: {
    ...orderPersonalData,
    ...inventoryPersonalData,
    ...identityPersonalData,
    ...waitingEntryPersonalData,
  },
  erasedBy(type, data) {
    if (type === 'OrderPersonalDataErased') return orderSubject(String(data.orderId));
    if (type === 'UserErased') return userSubject(String(data.userId));
    if (type === 'WaitingEntryPersonalDataErased') return waitingEntrySubject(String(data.entryId));
    return null;
  },
};
