import { createHash, createHmac } from 'node:crypto';
import type { TicketSigningKeys } from '../../admission/signingKeys';

/**
 * The secret of an offer link (docs/waiting-list.md, "Offer link and checkout"). The entry records only the
 * token's SHA-256; the token travels in the mail alone. It is an HMAC of the offer hold's id under a key derived
 * from the platform's current ticket signing key, so the worker that writes the mail after the offer was recorded
 * (a replay, another worker, an offer the organizer made from the API) finds the same token without it ever being
 * stored. Rotating the signing key between an offer and its mail leaves that one mail unwritten (the hashes differ)
 * rather than sending a link that does not open.
 */
export interface WaitingOfferTokens {
  tokenFor(holdId: string): string;
}

export function waitingOfferTokens(keys: Pick<TicketSigningKeys, 'current'>): WaitingOfferTokens {
  const key = createHash('sha256')
    .update('waiting-offer-link\u0000')
    .update(keys.current.privateKey.export({ format: 'der', type: 'pkcs8' }))
    .digest();
  return {
    tokenFor: (holdId) => createHmac('sha256', key).update(holdId).digest('base64url'),
  };
}
