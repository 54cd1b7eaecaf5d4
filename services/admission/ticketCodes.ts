import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import {
  encodeTicketCode,
  packTicketFields,
  readTicketCode,
  signedMessage,
  type PublishedTicketKey,
  type TicketCodeCheck,
  type TicketCodeFields,
} from './ticketCodeFormat';
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

/**
 * The server's check of scanned codes: the same format and answers as `verifyTicketCode` (Web Crypto, which the
 * scanning page runs offline), with node:crypto. The signature is checked on libuv's thread pool: a tenth of a
 * millisecond per scan that the event loop, deciding everyone's scans at the door, does not spend.
 */
export function serverTicketVerifier(
  keys: readonly PublishedTicketKey[],
): (code: string) => Promise<TicketCodeCheck> {
  const imported = new Map<string, KeyObject>(
    keys.map(({ kid, kty, crv, x }) => [kid, createPublicKey({ key: { kty, crv, x }, format: 'jwk' })]),
  );
  return (code) => {
    const read = readTicketCode(code);
    if ('refusal' in read) return Promise.resolve({ ok: false, reason: read.refusal });
    const key = imported.get(read.fields.keyId);
    if (!key) return Promise.resolve({ ok: false, reason: 'unknown_key' });
    return new Promise((resolve, reject) =>
      verify(null, read.message, key, read.signature, (error, genuine) => {
        if (error) reject(error);
        else resolve(genuine ? { ok: true, fields: read.fields } : { ok: false, reason: 'bad_signature' });
      }),
    );
  };
}
