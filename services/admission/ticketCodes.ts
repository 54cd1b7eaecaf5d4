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
  let recent = recentCodes.get(key.privateKey);
  if (!recent) recentCodes.set(key.privateKey, (recent = new Map<string, string>()));
  const fields = Buffer.from(fieldBytes).toString('latin1');
  const known = recent.get(fields);
  if (known !== undefined) return known;
  const code = encodeTicketCode(fieldBytes, sign(null, signedMessage(fieldBytes), key.privateKey));
  if (recent.size >= recentCodesLimit) recent.delete(recent.keys().next().value!);
  recent.set(fields, code);
  return code;
}

// Ed25519 signatures are deterministic (RFC 8032): the same fields under the same key give the same code. A
// ticket is signed for the buyer's answer, then again for its mail, moments apart (2 % of an on-sale rush's CPU,
// issue 29), so the latest codes of each key are kept.
const recentCodes = new WeakMap<KeyObject, Map<string, string>>();
const recentCodesLimit = 10_000;

/**
 * The server's check of scanned codes: the same format and answers as `verifyTicketCode` (Web Crypto, which the
 * scanning page runs offline), with node:crypto. A tenth of a millisecond per scan: while no other check is under
 * way it runs at once on the event loop (a hop to libuv's thread pool and back cost a lone scan 0.6–2 ms of
 * waiting, issue 29); while one is, the next go to the thread pool, so a rush of scans at many doors does not
 * spend the event loop on signatures.
 */
export function serverTicketVerifier(
  keys: readonly PublishedTicketKey[],
): (code: string) => Promise<TicketCodeCheck> {
  const imported = new Map<string, KeyObject>(
    keys.map(({ kid, kty, crv, x }) => [kid, createPublicKey({ key: { kty, crv, x }, format: 'jwk' })]),
  );
  let onThreadPool = 0;
  let lastInline = -Infinity;
  return (code) => {
    const read = readTicketCode(code);
    if ('refusal' in read) return Promise.resolve({ ok: false, reason: read.refusal });
    const key = imported.get(read.fields.keyId);
    if (!key) return Promise.resolve({ ok: false, reason: 'unknown_key' });
    const answer = (genuine: boolean): TicketCodeCheck =>
      genuine ? { ok: true, fields: read.fields } : { ok: false, reason: 'bad_signature' };
    const now = performance.now();
    // Alone: nothing on the pool and no other check in the last millisecond (scans arriving together).
    if (onThreadPool === 0 && now - lastInline > 1) {
      lastInline = now;
      // A throw in the executor (a malformed key or signature) rejects, as the thread pool's callback would.
      return new Promise((resolve) => resolve(answer(verify(null, read.message, key, read.signature))));
    }
    onThreadPool++;
    return new Promise((resolve, reject) =>
      verify(null, read.message, key, read.signature, (error, genuine) => {
        onThreadPool--;
        if (error) reject(error);
        else resolve(answer(genuine));
      }),
    );
  };
}
