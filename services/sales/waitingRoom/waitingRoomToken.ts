import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TicketSigningKeys } from '../../admission/signingKeys';

/**
 * A waiting-room token (docs/waiting-room.md, "Token"): `{eventId, number}` and an HMAC under a key derived from
 * the current ticket signing key, as the waiting-list offer links are signed (waitingOfferToken.ts). Nothing is
 * stored: the reservation route checks the signature and reads the number's admission from the queue's stream.
 */
export interface WaitingRoomTokens {
  tokenFor(eventId: string, number: number): string;
  /** The token's place, or null for anything not signed by us (a forged, truncated or foreign token). */
  read(token: string): { eventId: string; number: number } | null;
}

export function waitingRoomTokens(keys: Pick<TicketSigningKeys, 'current'>): WaitingRoomTokens {
  const key = createHash('sha256')
    .update('waiting-room-token\u0000')
    .update(keys.current.privateKey.export({ format: 'der', type: 'pkcs8' }))
    .digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    tokenFor(eventId, number) {
      const payload = Buffer.from(`${eventId}.${number}`).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    read(token) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const match = /^(.+)\.([1-9][0-9]{0,9})$/.exec(Buffer.from(payload, 'base64url').toString());
      if (!match) return null;
      return { eventId: match[1]!, number: Number(match[2]) };
    },
  };
}
