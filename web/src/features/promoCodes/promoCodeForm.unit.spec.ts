import { describe, expect, it } from 'vitest';
import type { PromoCode } from './api';
import { initialValues, promoLink, toRequest, validate, type Values } from './promoCodeForm';

const blank: Values = {
  code: 'SUMMER25',
  discount_type: 'PERCENT',
  discount: '25',
  expiry_date: '',
  max_allowed_usages: '',
  applicable_ticket_ids: '',
};
const ids = (errors: object) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, (message as { id: string }).id]),
  );

describe('the promo code form', () => {
  it('sends a percentage as a number, a fixed amount in minor units and the expiry in the event zone', () => {
    expect(toRequest(blank, [], 2, 'Europe/Berlin')).toEqual({
      code: 'SUMMER25',
      discount_type: 'PERCENT',
      discount: 25,
      expiry_date: null,
      max_allowed_usages: null,
      applicable_ticket_ids: [],
    });
    expect(
      toRequest(
        {
          ...blank,
          discount_type: 'FIXED',
          discount: '5,50',
          expiry_date: '2026-12-31T23:00',
          max_allowed_usages: '10',
        },
        ['ti_1'],
        2,
        'Europe/Berlin',
      ),
    ).toMatchObject({
      discount: 550,
      expiry_date: '2026-12-31T22:00:00.000Z',
      max_allowed_usages: 10,
      applicable_ticket_ids: ['ti_1'],
    });
    expect(toRequest({ ...blank, discount_type: 'NONE', discount: '9' }, [], 2, 'UTC').discount).toBeNull();
    expect(toRequest({ ...blank, discount_type: 'FIXED', discount: '500' }, [], 0, 'UTC').discount).toBe(500);
  });

  it('refuses short and odd codes, percentages over 100, bad amounts and zero uses', () => {
    expect(ids(validate({ ...blank, code: 'AB' }, 2))).toEqual({ code: 'promoCodes.dialog.codeLength' });
    expect(ids(validate({ ...blank, code: 'x'.repeat(51) }, 2))).toEqual({
      code: 'promoCodes.dialog.codeLength',
    });
    expect(ids(validate({ ...blank, code: 'TEN OFF' }, 2))).toEqual({
      code: 'promoCodes.dialog.codeCharacters',
    });
    expect(ids(validate({ ...blank, discount: '101' }, 2))).toEqual({
      discount: 'promoCodes.dialog.percentInvalid',
    });
    expect(ids(validate({ ...blank, discount: '0' }, 2))).toEqual({
      discount: 'promoCodes.dialog.percentInvalid',
    });
    expect(ids(validate({ ...blank, discount_type: 'FIXED', discount: '1.234' }, 2))).toEqual({
      discount: 'promoCodes.dialog.amountInvalid',
    });
    expect(ids(validate({ ...blank, max_allowed_usages: '0' }, 2))).toEqual({
      max_allowed_usages: 'promoCodes.dialog.usagesInvalid',
    });
    expect(validate({ ...blank, discount_type: 'NONE', discount: '' }, 2)).toEqual({});
  });

  it('shows a saved code in the event currency and zone', () => {
    const saved = {
      code: 'VIP',
      discount_type: 'FIXED',
      discount: 1250,
      expiry_date: '2026-12-31T22:00:00.000Z',
      max_allowed_usages: 3,
    } as PromoCode;
    expect(initialValues(saved, 2, 'Europe/Berlin')).toMatchObject({
      discount: '12.50',
      expiry_date: '2026-12-31T23:00',
      max_allowed_usages: '3',
    });
  });

  it('links to the public page with the code applied', () => {
    expect(promoLink('https://tickets.example', '/event/ev_1/jazz-night', 'VIP 1')).toBe(
      'https://tickets.example/event/ev_1/jazz-night?promo_code=VIP+1',
    );
  });
});
