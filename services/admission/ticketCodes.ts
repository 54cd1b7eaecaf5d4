import { sign } from 'node:crypto';
import { encodeTicketCode, packTicketFields, signedMessage, type TicketCodeFields } from './ticketCodeFormat';
import type { TicketSigningKey } from './signingKeys';

export {
  importTicketKeys,
  ticketCodeRefusals,
  verifyTicketCode,
  type PublishedTicketKey,
  type TicketCodeCheck,
  type TicketCodeFields,
  type TicketCodeRefusal,
  type TicketVerificationKeys,
} from './ticketCodeFormat';

/** The QR payload of a ticket, signed with the platform's current key (docs/admission.md). */
export function signTicketCode(
  ticket: Omit<TicketCodeFields, 'keyId'>,
  key: Pick<TicketSigningKey, 'kid' | 'privateKey'>,
): string {
  const fieldBytes = packTicketFields({ ...ticket, keyId: key.kid });
  const signature = sign(null, signedMessage(fieldBytes), key.privateKey);
  return encodeTicketCode(fieldBytes, signature);
}
