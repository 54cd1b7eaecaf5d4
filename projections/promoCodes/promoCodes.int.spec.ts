import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PromoCodeEvent } from '../../services/catalog/promoCodes/promoCodeEvents';
import { projectionSpec, type GivenEvent } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { promoCodesProjection } from '.';

const created = (promoCodeId: string, code: string): GivenEvent<PromoCodeEvent> => ({
  stream: `promo-code-${promoCodeId}`,
  type: 'PromoCodeCreated',
  data: {
    promoCodeId,
    eventId: 'ev_1',
    code,
    discountType: 'PERCENT',
    discount: 12.5,
    expiresAt: null,
    maxUsages: 100,
    applicableTicketIds: ['tk_1'],
    createdAt: '2026-11-01T10:00:00.000Z',
  },
});

describeEachStorage('promo codes read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it('keeps each code with its changes, drops deleted ones, the same when replayed or rebuilt', async () => {
    const { rows, keys } = await projectionSpec<PromoCodeEvent>(storage, promoCodesProjection)
      .given([
        created('pc_1', 'Summer'),
        created('pc_2', 'WINTER'),
        {
          stream: 'promo-code-pc_1',
          type: 'PromoCodeUpdated',
          data: {
            promoCodeId: 'pc_1',
            eventId: 'ev_1',
            changes: { code: 'Autumn', discountType: 'FIXED', discount: 500, applicableTicketIds: [] },
            previousCode: 'Summer',
            updatedAt: '2026-11-02T10:00:00.000Z',
          },
        },
        {
          stream: 'promo-code-pc_2',
          type: 'PromoCodeDeleted',
          data: {
            promoCodeId: 'pc_2',
            eventId: 'ev_1',
            code: 'WINTER',
            deletedAt: '2026-11-03T10:00:00.000Z',
          },
        },
      ])
      .then({ promo_codes: ['id'] });

    expect(rows.promo_codes).toEqual([
      expect.objectContaining({
        id: 'pc_1',
        event_id: 'ev_1',
        code: 'Autumn',
        code_normalised: 'AUTUMN',
        discount_type: 'FIXED',
        discount: 500,
        max_usages: 100,
        times_used: 0,
        applicable_ticket_ids: '[]',
        updated_at: '2026-11-02T10:00:00.000Z',
        revision: 1,
      }),
    ]);
    expect(keys).toEqual(expect.arrayContaining(['promo_code:pc_1', 'promo_code:pc_2', 'event:ev_1']));
  });
});
