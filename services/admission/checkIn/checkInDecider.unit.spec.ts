import { describe, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { checkInDecider, type AttendeeFacts, type ListFacts } from './checkInDecider';
import type { AttendeeCheckedIn, CheckInEvent } from './checkInEvents';

const spec = deciderSpec(checkInDecider);
const now = new Date('2026-06-01T19:02:00.000Z');
const list: ListFacts = {
  checkInListId: 'cl_0001',
  eventId: 'ev_0001',
  ticketIds: ['tk_0001'],
  activatesAt: '2026-06-01T17:00:00.000Z',
  expiresAt: '2026-06-02T03:00:00.000Z',
};
const attendee: AttendeeFacts = {
  attendeeId: 'at_0001',
  eventId: 'ev_0001',
  ticketId: 'tk_0001',
  status: 'ACTIVE',
  payment: 'PAID',
};
const scan = { nonce: 'n-1', deviceId: 'door-a', gate: 'Gate A' };
const checkIn = { type: 'CheckIn' as const, ...scan, checkInId: 'ci_0001', attendee, list, now };

const admitted: AttendeeCheckedIn = {
  type: 'AttendeeCheckedIn',
  data: {
    ...scan,
    checkInId: 'ci_0001',
    checkInListId: 'cl_0001',
    eventId: 'ev_0001',
    attendeeId: 'at_0001',
    ticketId: 'tk_0001',
    source: 'online',
    scannedAt: now.toISOString(),
    checkedInAt: now.toISOString(),
  },
};
const later = new Date(now.getTime() + 60_000);

describe('checking in', () => {
  it('admits a paid, active attendee whose ticket is on the active list', () => {
    spec.given([]).when(checkIn).then([admitted]);
  });

  it('refuses a second admission as already checked in', () => {
    spec
      .given([admitted])
      .when({ ...checkIn, nonce: 'n-2', deviceId: 'door-b', checkInId: 'ci_0002', now: later })
      .thenRefused('already_checked_in');
  });

  it('answers a resent scan (same nonce) with nothing new', () => {
    spec
      .given([admitted])
      .when({ ...checkIn, now: later })
      .thenNothingHappened();
  });

  it('refuses a ticket the list does not admit', () => {
    spec
      .given([])
      .when({ ...checkIn, attendee: { ...attendee, ticketId: 'tk_0002' } })
      .thenRefused('not_on_this_list');
  });

  it('refuses an attendee of another event as not on this list', () => {
    spec
      .given([])
      .when({ ...checkIn, attendee: { ...attendee, eventId: 'ev_0002' } })
      .thenRefused('not_on_this_list');
  });

  it('refuses before the list activates', () => {
    spec
      .given([])
      .when({ ...checkIn, now: new Date('2026-06-01T16:59:59.999Z') })
      .thenRefused('list_not_active');
  });

  it('refuses from the moment the list expires', () => {
    spec
      .given([])
      .when({ ...checkIn, now: new Date('2026-06-02T03:00:00.000Z') })
      .thenRefused('list_expired');
  });

  it('refuses a cancelled attendee', () => {
    spec
      .given([])
      .when({ ...checkIn, attendee: { ...attendee, status: 'CANCELLED' } })
      .thenRefused('attendee_cancelled');
  });

  it('refuses an unpaid or pending order', () => {
    spec
      .given([])
      .when({ ...checkIn, attendee: { ...attendee, payment: 'UNPAID' } })
      .thenRefused('attendee_unpaid');
    spec
      .given([])
      .when({ ...checkIn, attendee: { ...attendee, payment: 'PENDING' } })
      .thenRefused('attendee_unpaid');
  });

  it('refuses an unknown attendee as not found', () => {
    spec
      .given([])
      .when({ ...checkIn, attendee: null })
      .thenRefused('ticket_not_found');
  });
});

describe('checking out', () => {
  const checkOut = {
    type: 'CheckOut' as const,
    nonce: 'n-9',
    deviceId: 'door-a',
    gate: null,
    checkInId: 'ci_0001',
    now: later,
  };
  const checkedOut: CheckInEvent = {
    type: 'AttendeeCheckedOut',
    data: {
      nonce: 'n-9',
      deviceId: 'door-a',
      gate: null,
      checkInId: 'ci_0001',
      checkInListId: 'cl_0001',
      eventId: 'ev_0001',
      attendeeId: 'at_0001',
      ticketId: 'tk_0001',
      checkedOutAt: later.toISOString(),
    },
  };

  it('undoes an admission', () => {
    spec.given([admitted]).when(checkOut).then([checkedOut]);
  });

  it('refuses to undo an admission that is not the current one', () => {
    spec.given([]).when(checkOut).thenRefused('not_checked_in');
    spec
      .given([admitted, checkedOut])
      .when({ ...checkOut, nonce: 'n-10' })
      .thenRefused('not_checked_in');
  });

  it('admits again after a check-out', () => {
    spec
      .given([admitted, checkedOut])
      .when({ ...checkIn, nonce: 'n-3', checkInId: 'ci_0003', now: later })
      .then([
        {
          ...admitted,
          data: {
            ...admitted.data,
            nonce: 'n-3',
            checkInId: 'ci_0003',
            scannedAt: later.toISOString(),
            checkedInAt: later.toISOString(),
          },
        },
      ]);
  });
});

describe('offline scans uploaded later', () => {
  const scannedAt = new Date('2026-06-01T19:00:00.000Z');
  const upload = {
    type: 'RecordOfflineScan' as const,
    nonce: 'off-1',
    deviceId: 'door-b',
    gate: 'Gate B',
    checkInId: 'ci_0005',
    attendee,
    list,
    scannedAt,
    now: later,
  };
  const offlineFacts = {
    nonce: 'off-1',
    deviceId: 'door-b',
    gate: 'Gate B',
    checkInListId: 'cl_0001',
    eventId: 'ev_0001',
    attendeeId: 'at_0001',
    ticketId: 'tk_0001',
    scannedAt: scannedAt.toISOString(),
  };

  it('records the first admission with the device time', () => {
    spec
      .given([])
      .when(upload)
      .then([
        {
          type: 'AttendeeCheckedIn',
          data: {
            ...offlineFacts,
            checkInId: 'ci_0005',
            source: 'offline',
            checkedInAt: later.toISOString(),
          },
        },
      ]);
  });

  it('records a second admission as a flagged duplicate entry, never dropping it', () => {
    spec
      .given([admitted])
      .when(upload)
      .then([
        {
          type: 'DuplicateEntryRecorded',
          data: {
            ...offlineFacts,
            recordedAt: later.toISOString(),
            firstCheckInId: 'ci_0001',
            firstCheckedInAt: now.toISOString(),
            firstDeviceId: 'door-a',
            firstGate: 'Gate A',
          },
        },
      ]);
  });

  it('records a scan the server would have refused, with the reason', () => {
    spec
      .given([])
      .when({ ...upload, attendee: { ...attendee, status: 'CANCELLED' } })
      .then([
        {
          type: 'OfflineScanRefused',
          data: { ...offlineFacts, recordedAt: later.toISOString(), reason: 'attendee_cancelled' },
        },
      ]);
  });

  it('judges the list window at the time of the scan, not of the upload', () => {
    spec
      .given([])
      .when({
        ...upload,
        scannedAt: new Date('2026-06-02T02:59:00.000Z'),
        now: new Date('2026-06-02T09:00:00.000Z'),
      })
      .then([
        {
          type: 'AttendeeCheckedIn',
          data: {
            ...offlineFacts,
            scannedAt: '2026-06-02T02:59:00.000Z',
            checkInId: 'ci_0005',
            source: 'offline',
            checkedInAt: '2026-06-02T09:00:00.000Z',
          },
        },
      ]);
  });

  it('ignores a replayed upload (same nonce)', () => {
    spec
      .given([
        {
          type: 'AttendeeCheckedIn',
          data: {
            ...offlineFacts,
            checkInId: 'ci_0005',
            source: 'offline',
            checkedInAt: later.toISOString(),
          },
        },
      ])
      .when({ ...upload, checkInId: 'ci_0006' })
      .thenNothingHappened();
  });
});
