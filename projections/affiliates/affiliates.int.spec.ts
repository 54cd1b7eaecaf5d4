import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AffiliateEvent } from '../../services/catalog/affiliates/affiliateEvents';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { affiliatesProjection } from '.';

const created = (affiliateId: string, code: string, createdAt: string): GivenEvent<AffiliateEvent> => ({
  stream: `affiliate-${affiliateId}`,
  type: 'AffiliateCreated',
  data: {
    affiliateId,
    eventId: 'ev_1',
    code,
    name: `Partner ${code}`,
    email: null,
    status: 'ACTIVE',
    createdAt,
  },
});

describeEachStorage('affiliates read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps each affiliate with its changes; a code deleted and created again starts afresh', async () => {
    const { rows, keys } = await projectionSpec<AffiliateEvent>(storage, affiliatesProjection)
      .given([
        created('af_1', 'RADIO', '2026-11-01T10:00:00.000Z'),
        created('af_2', 'PRESS', '2026-11-01T11:00:00.000Z'),
        {
          stream: 'affiliate-af_1',
          type: 'AffiliateUpdated',
          data: {
            affiliateId: 'af_1',
            eventId: 'ev_1',
            changes: { status: 'INACTIVE', email: 'radio@example.org' },
            updatedAt: '2026-11-02T10:00:00.000Z',
          },
        },
        {
          stream: 'affiliate-af_2',
          type: 'AffiliateDeleted',
          data: {
            affiliateId: 'af_2',
            eventId: 'ev_1',
            code: 'PRESS',
            deletedAt: '2026-11-03T10:00:00.000Z',
          },
        },
        created('af_2', 'PRESS', '2026-11-04T10:00:00.000Z'),
      ])
      .then({ affiliates: ['id'] });

    expect(rows.affiliates).toEqual([
      expect.objectContaining({
        id: 'af_1',
        code: 'RADIO',
        status: 'INACTIVE',
        email: 'radio@example.org',
        updated_at: '2026-11-02T10:00:00.000Z',
      }),
      expect.objectContaining({
        id: 'af_2',
        code: 'PRESS',
        created_at: '2026-11-04T10:00:00.000Z',
        revision: 2,
      }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['affiliate:af_1', 'affiliate:af_2', 'event:ev_1']));
  });
});
