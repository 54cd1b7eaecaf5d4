import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CheckInEvent } from '../../services/admission/checkIn/checkInEvents';
import type { CheckInListEvent } from '../../services/admission/checkIn/checkInListEvents';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { checkInProjection } from '.';

type Given = GivenEvent<CheckInEvent | CheckInListEvent>;
const at = (minute: number) => `2026-11-01T19:${String(minute).padStart(2, '0')}:00.000Z`;
const origin = (nonce: string, deviceId = 'door-a') => ({ nonce, deviceId, gate: 'A' });
const ids = { checkInListId: 'cl_1', eventId: 'ev_1', ticketId: 'tk_1' };

describeEachStorage('check-in read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps lists with their current link, revoked links, attendee states and scan issues; replayed or rebuilt alike', async () => {
    const stream = (attendeeId: string) => `check-in-cl_1-${attendeeId}`;
    const given: Given[] = [
      {
        stream: 'check-in-list-cl_1',
        type: 'CheckInListCreated',
        data: {
          eventId: 'ev_1',
          checkInListId: 'cl_1',
          shortId: 'aaaaaaaaaaaaaaaaaaa1',
          name: 'Main door',
          description: null,
          activatesAt: null,
          expiresAt: null,
          ticketIds: ['tk_1'],
          createdAt: at(0),
        },
      },
      {
        stream: 'check-in-list-cl_1',
        type: 'CheckInListLinkRotated',
        data: {
          eventId: 'ev_1',
          checkInListId: 'cl_1',
          shortId: 'aaaaaaaaaaaaaaaaaaa2',
          revokedShortId: 'aaaaaaaaaaaaaaaaaaa1',
          rotatedAt: at(1),
        },
      },
      {
        stream: stream('at_1'),
        type: 'AttendeeCheckedIn',
        data: {
          ...origin('n1'),
          ...ids,
          attendeeId: 'at_1',
          checkInId: 'ci_1',
          source: 'online',
          scannedAt: at(2),
          checkedInAt: at(2),
        },
      },
      {
        stream: stream('at_2'),
        type: 'AttendeeCheckedIn',
        data: {
          ...origin('n2'),
          ...ids,
          attendeeId: 'at_2',
          checkInId: 'ci_2',
          source: 'online',
          scannedAt: at(2),
          checkedInAt: at(2),
        },
      },
      {
        stream: stream('at_2'),
        type: 'AttendeeCheckedOut',
        data: { ...origin('n3'), ...ids, attendeeId: 'at_2', checkInId: 'ci_2', checkedOutAt: at(3) },
      },
      {
        stream: stream('at_1'),
        type: 'DuplicateEntryRecorded',
        data: {
          ...origin('n4', 'door-b'),
          ...ids,
          attendeeId: 'at_1',
          scannedAt: at(4),
          recordedAt: at(9),
          firstCheckInId: 'ci_1',
          firstCheckedInAt: at(2),
          firstDeviceId: 'door-a',
          firstGate: 'A',
        },
      },
    ];
    const { rows, keys } = await projectionSpec<CheckInEvent | CheckInListEvent>(storage, checkInProjection)
      .given(given)
      .then({
        check_in_lists: ['id'],
        check_in_revoked_links: ['short_id'],
        check_in_attendees: ['attendee_id'],
        check_in_scan_issues: ['attendee_id'],
      });
    expect(rows.check_in_lists).toEqual([
      expect.objectContaining({ id: 'cl_1', short_id: 'aaaaaaaaaaaaaaaaaaa2', name: 'Main door' }),
    ]);
    expect(rows.check_in_revoked_links).toEqual([
      expect.objectContaining({ short_id: 'aaaaaaaaaaaaaaaaaaa1', check_in_list_id: 'cl_1' }),
    ]);
    expect(rows.check_in_attendees).toEqual([
      expect.objectContaining({ attendee_id: 'at_1', state: 'CHECKED_IN', check_in_id: 'ci_1' }),
      expect.objectContaining({ attendee_id: 'at_2', state: 'CHECKED_OUT', checked_out_at: at(3) }),
    ]);
    expect(rows.check_in_scan_issues).toEqual([
      expect.objectContaining({ kind: 'DUPLICATE_ENTRY', attendee_id: 'at_1', first_device_id: 'door-a' }),
    ]);
    expect(keys).toEqual(
      expect.arrayContaining([
        'event:ev_1',
        'check-in-list:cl_1',
        'check-in:cl_1:at_1',
        'check-in:cl_1:at_2',
      ]),
    );

    // An admission older than the stored state (a replay stopped half-way) changes nothing.
    const older = given.find(
      (event) => event.type === 'AttendeeCheckedIn' && event.stream === stream('at_2'),
    )!;
    await storage.db.transaction((trx) =>
      checkInProjection.apply(
        trx,
        {
          id: 'replayed',
          stream: older.stream,
          revision: 0n,
          position: 1n,
          type: older.type,
          data: older.data,
          metadata: { correlationId: 'c', causationId: 'c', actor: 'system' },
          recordedAt: new Date(at(2)),
        },
        { table: (name) => name },
      ),
    );
    expect(await storage.db('check_in_attendees').where({ attendee_id: 'at_2' }).first()).toMatchObject({
      state: 'CHECKED_OUT',
      checked_out_at: at(3),
    });
  });
});
