import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AttendeeCheckedIn } from '../admission/checkIn/checkInEvents';
import type { WebhookEvent } from '../integrations/webhooks/webhookEvents';
import { projectionSpec, type GivenEvent } from '../../projections/runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../../projections/runner/testing';
import { webhookReactor } from './webhookReactor';

type Given = GivenEvent<WebhookEvent | AttendeeCheckedIn>;

const created = (webhookId: string): Given => ({
  stream: `webhook-${webhookId}`,
  type: 'WebhookCreated',
  data: {
    webhookId,
    eventId: 'ev_1',
    accountId: 'ac_1',
    url: `https://hooks.example/${webhookId}`,
    eventTypes: ['attendee.checked_in'],
    secret: 'whsec_x',
    createdBy: 'us_1',
    createdAt: '2027-01-01T10:00:00.000Z',
  },
});

const admitted = (attendeeId: string): Given => ({
  stream: `check-in-cl_1-${attendeeId}`,
  type: 'AttendeeCheckedIn',
  data: {
    nonce: `n-${attendeeId}`,
    deviceId: 'door-a',
    gate: null,
    checkInId: `ci_${attendeeId}`,
    checkInListId: 'cl_1',
    eventId: 'ev_1',
    attendeeId,
    ticketId: 'tk_1',
    source: 'online',
    scannedAt: '2027-01-05T19:00:00.000Z',
    checkedInAt: '2027-01-05T19:00:00.000Z',
  },
});

describeEachStorage('webhook reactor', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('delivers each admission to the endpoints as they stand at that event, though a batch reads them once', async () => {
    // One catch-up batch: endpoint changes between admissions must be seen by the admissions after them.
    const { rows } = await projectionSpec<WebhookEvent | AttendeeCheckedIn>(storage, webhookReactor())
      .given([
        created('wh_1'),
        admitted('at_1'),
        created('wh_2'),
        admitted('at_2'),
        {
          stream: 'webhook-wh_1',
          type: 'WebhookStatusChanged',
          data: {
            webhookId: 'wh_1',
            eventId: 'ev_1',
            to: 'DISABLED',
            reason: 'gone',
            changedBy: 'system',
            changedAt: '2027-01-05T19:00:00.000Z',
          },
        },
        admitted('at_3'),
        {
          stream: 'webhook-wh_2',
          type: 'WebhookDeleted',
          data: { webhookId: 'wh_2', eventId: 'ev_1', deletedAt: '2027-01-05T19:01:00.000Z' },
        },
        admitted('at_4'),
      ])
      .then({ webhook_deliveries: ['id'] });
    const delivered = (rows.webhook_deliveries as { webhook_id: string; payload: string }[])
      .map((row) => {
        const payload = JSON.parse(row.payload) as { data: { attendee_id: string } };
        return `${payload.data.attendee_id}→${row.webhook_id}`;
      })
      .sort();
    expect(delivered).toEqual(['at_1→wh_1', 'at_2→wh_1', 'at_2→wh_2', 'at_3→wh_2']);
  });
});
