import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import {
  waitingClaimDecider,
  waitingEntryDecider,
  waitingTokenHash,
  type JoinWaitingList,
} from './waitingEntryDecider';
import type { WaitingEntryEvent } from './waitingListEvents';

const spec = deciderSpec(waitingEntryDecider);
const claims = deciderSpec(waitingClaimDecider);
const eventId = 'evt-1';
const entryId = 'wle-1';
const now = new Date('2026-05-01T10:00:00.000Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

const join: JoinWaitingList = {
  type: 'JoinWaitingList',
  eventId,
  entryId,
  ticketId: 'tkt-1',
  tierId: null,
  quantity: 2,
  name: ' Ada Lovelace ',
  email: ' ada@example.org ',
  locale: 'de',
  waitingListEnabled: true,
  soldOut: true,
  maxPerOrder: 4,
  now,
};
const joined: WaitingEntryEvent = {
  type: 'WaitingEntryJoined',
  data: {
    eventId,
    entryId,
    ticketId: 'tkt-1',
    tierId: null,
    quantity: 2,
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    locale: 'de',
    joinedAt: now.toISOString(),
  },
};
const token = 'secret-token';
const offered: WaitingEntryEvent = {
  type: 'WaitingEntryOffered',
  data: {
    eventId,
    entryId,
    holdId: 'offer-wle-1-1',
    tokenHash: waitingTokenHash(token),
    expiresAt: later(24).toISOString(),
    offeredAt: now.toISOString(),
  },
};
const bound: WaitingEntryEvent = {
  type: 'WaitingOfferBound',
  data: { eventId, entryId, holdId: 'offer-wle-1-1', sessionId: 'sess-a', boundAt: now.toISOString() },
};
const bind = { type: 'BindWaitingOffer' as const, eventId, entryId, token, sessionId: 'sess-a', now };

describe('waiting list entry: joining', () => {
  it('records the entry, trimmed, in the buyer’s language', () => {
    spec.given([]).when(join).then([joined]);
  });
  it('is closed when the organizer has not enabled the waiting list', () => {
    spec
      .given([])
      .when({ ...join, waitingListEnabled: false })
      .thenRefused('waiting_list_closed');
  });
  it('is closed while the ticket is not sold out', () => {
    spec
      .given([])
      .when({ ...join, soldOut: false })
      .thenRefused('waiting_list_closed');
  });
  it('refuses more than the per-order maximum, no quantity, no name and a malformed address at once', () => {
    spec
      .given([])
      .when({ ...join, quantity: 5, name: '  ', email: 'not-an-address' })
      .thenRefused('validation_failed', ['email', 'name', 'quantity']);
    spec
      .given([])
      .when({ ...join, quantity: 0 })
      .thenRefused('validation_failed', ['quantity']);
  });
  it('answers a replayed join with nothing new', () => {
    spec.given([joined]).when(join).thenNothingHappened();
  });
});

describe('waiting list entry: offers', () => {
  const offer = {
    type: 'OfferWaitingEntry' as const,
    eventId,
    entryId,
    holdId: 'offer-wle-1-1',
    tokenHash: waitingTokenHash(token),
    expiresAt: later(24),
    now,
  };
  it('offers a waiting entry its units until the expiry', () => {
    spec.given([joined]).when(offer).then([offered]);
  });
  it('does not offer the same hold twice (a second worker’s attempt)', () => {
    spec.given([joined, offered]).when(offer).thenNothingHappened();
  });
  it('does not offer an entry whose offer expired: it does not go back into the queue', () => {
    const expired: WaitingEntryEvent = {
      type: 'WaitingOfferExpired',
      data: { eventId, entryId, holdId: 'offer-wle-1-1', expiredAt: later(24).toISOString() },
    };
    spec
      .given([joined, offered, expired])
      .when({ ...offer, holdId: 'offer-wle-1-2' })
      .thenRefused('waiting_list_closed');
  });
  it('knows no entry of another event', () => {
    spec
      .given([joined])
      .when({ ...offer, eventId: 'evt-2' })
      .thenRefused('waiting_entry_not_found');
    spec.given([]).when(offer).thenRefused('waiting_entry_not_found');
  });
});

describe('waiting list entry: the offer link', () => {
  it('binds the offer to the first session that opens the link with the token', () => {
    spec.given([joined, offered]).when(bind).then([bound]);
  });
  it('lets the same session come back', () => {
    spec.given([joined, offered, bound]).when(bind).thenNothingHappened();
  });
  it('refuses another session once bound', () => {
    spec
      .given([joined, offered, bound])
      .when({ ...bind, sessionId: 'sess-b' })
      .thenRefused('waiting_offer_not_yours');
  });
  it('refuses a wrong token, and an entry without an offer', () => {
    spec
      .given([joined, offered])
      .when({ ...bind, token: 'guessed' })
      .thenRefused('waiting_offer_not_yours');
    spec.given([joined]).when(bind).thenRefused('waiting_offer_not_yours');
  });
  it('refuses the link after the offer’s expiry, even before the worker marked it expired', () => {
    spec
      .given([joined, offered])
      .when({ ...bind, now: later(24) })
      .thenRefused('waiting_offer_expired');
  });
});

describe('waiting list entry: expiry, conversion, removal', () => {
  it('expires an offer only once its time has passed', () => {
    spec
      .given([joined, offered])
      .when({ type: 'ExpireWaitingOffer', eventId, entryId, now: later(23) })
      .thenNothingHappened();
    spec
      .given([joined, offered])
      .when({ type: 'ExpireWaitingOffer', eventId, entryId, now: later(24) })
      .then([
        {
          type: 'WaitingOfferExpired',
          data: { eventId, entryId, holdId: 'offer-wle-1-1', expiredAt: later(24).toISOString() },
        },
      ]);
  });
  const convert = {
    type: 'ConvertWaitingEntry' as const,
    eventId,
    entryId,
    holdId: 'offer-wle-1-1',
    orderId: 'ord-1',
    now,
  };
  it('marks the entry converted when its offer hold becomes an order, once', () => {
    const converted: WaitingEntryEvent = {
      type: 'WaitingEntryConverted',
      data: { eventId, entryId, holdId: 'offer-wle-1-1', orderId: 'ord-1', convertedAt: now.toISOString() },
    };
    spec.given([joined, offered, bound]).when(convert).then([converted]);
    spec.given([joined, offered, bound, converted]).when(convert).thenNothingHappened();
  });
  it('does not convert with a hold that is not the entry’s offer', () => {
    spec
      .given([joined, offered])
      .when({ ...convert, holdId: 'hold-public' })
      .thenRefused('waiting_offer_not_yours');
  });
  it('removes a waiting entry, and an offered one together with its hold', () => {
    const remove = {
      type: 'RemoveWaitingEntry' as const,
      eventId,
      entryId,
      removedBy: 'ORGANIZER' as const,
      now,
    };
    spec
      .given([joined])
      .when(remove)
      .then([
        {
          type: 'WaitingEntryRemoved',
          data: { eventId, entryId, holdId: null, removedBy: 'ORGANIZER', removedAt: now.toISOString() },
        },
      ]);
    spec
      .given([joined, offered])
      .when(remove)
      .then([
        {
          type: 'WaitingEntryRemoved',
          data: {
            eventId,
            entryId,
            holdId: 'offer-wle-1-1',
            removedBy: 'ORGANIZER',
            removedAt: now.toISOString(),
          },
        },
      ]);
  });
  it('erases the personal data of an entry that left the list, once; never of one still waiting or offered', () => {
    const erase = { type: 'EraseWaitingEntryPersonalData' as const, eventId, entryId, by: 'us-admin', now };
    const removed: WaitingEntryEvent = {
      type: 'WaitingEntryRemoved',
      data: { eventId, entryId, holdId: null, removedBy: 'ORGANIZER', removedAt: now.toISOString() },
    };
    const erased: WaitingEntryEvent = {
      type: 'WaitingEntryPersonalDataErased',
      data: { eventId, entryId, erasedBy: 'us-admin', erasedAt: now.toISOString() },
    };
    spec.given([joined, removed]).when(erase).then([erased]);
    spec.given([joined, removed, erased]).when(erase).then([]);
    spec.given([joined]).when(erase).thenRefused('waiting_entry_still_open');
    spec.given([joined, offered]).when(erase).thenRefused('waiting_entry_still_open');
    spec.given([]).when(erase).thenRefused('waiting_entry_not_found');
  });
});

describe('waiting list place claim', () => {
  const claim = { type: 'ClaimWaitingPlace' as const, eventId, ticketId: 'tkt-1', entryId, now };
  const claimed = {
    type: 'WaitingPlaceClaimed' as const,
    data: { eventId, ticketId: 'tkt-1', entryId, claimedAt: now.toISOString() },
  };
  it('lets the first entry claim the address and refuses a second one', () => {
    claims.given([]).when(claim).then([claimed]);
    claims
      .given([claimed])
      .when({ ...claim, entryId: 'wle-2' })
      .thenRefused('waiting_list_duplicate');
  });
  it('frees the address once released, so it can join again', () => {
    const released = {
      type: 'WaitingPlaceReleased' as const,
      data: { eventId, ticketId: 'tkt-1', entryId, releasedAt: now.toISOString() },
    };
    claims
      .given([claimed])
      .when({ ...claim, type: 'ReleaseWaitingPlace' })
      .then([released]);
    claims
      .given([claimed, released])
      .when({ ...claim, entryId: 'wle-2' })
      .then([{ ...claimed, data: { ...claimed.data, entryId: 'wle-2' } }]);
  });
});
