import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import {
  checkPromoCode,
  isPromoCodeValid,
  promoCodeApplies,
  promoCodeDecider,
  type CreatePromoCode,
} from './promoCodeDecider';
import type { PromoCodeCreated, PromoCodeDefinition, PromoCodeEvent } from './promoCodeEvents';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(promoCodeDecider);

function definition(overrides: Partial<PromoCodeDefinition> = {}): PromoCodeDefinition {
  return {
    code: 'SUMMER',
    discountType: 'PERCENT',
    discount: 10,
    expiresAt: null,
    maxUsages: null,
    applicableTicketIds: [],
    ...overrides,
  };
}

const create = (overrides: Partial<PromoCodeDefinition> = {}): CreatePromoCode => ({
  type: 'CreatePromoCode',
  promoCodeId: 'pc_1',
  eventId: 'ev_1',
  definition: definition(overrides),
  now,
});

function created(overrides: Partial<PromoCodeDefinition> = {}): PromoCodeCreated {
  return {
    type: 'PromoCodeCreated',
    data: { promoCodeId: 'pc_1', eventId: 'ev_1', ...definition(overrides), createdAt: at },
  };
}

const deleted: PromoCodeEvent = {
  type: 'PromoCodeDeleted',
  data: { promoCodeId: 'pc_1', eventId: 'ev_1', code: 'SUMMER', deletedAt: at },
};

const update = (changes: Partial<PromoCodeDefinition>, eventId = 'ev_1') => ({
  type: 'UpdatePromoCode' as const,
  promoCodeId: 'pc_1',
  eventId,
  changes,
  now,
});

describe('CreatePromoCode', () => {
  it('creates a code with its trimmed spelling, discount, expiry, cap and tickets', () => {
    spec
      .given([])
      .when(
        create({
          code: '  Summer-26 ',
          expiresAt: '2026-12-31T23:00:00+01:00',
          maxUsages: 100,
          applicableTicketIds: ['ti_1', 'ti_2', 'ti_1'],
        }),
      )
      .then([
        created({
          code: 'Summer-26',
          expiresAt: '2026-12-31T22:00:00.000Z',
          maxUsages: 100,
          applicableTicketIds: ['ti_1', 'ti_2'],
        }),
      ]);
  });
  it('records a code without a discount (it unlocks hidden tickets) with no amount', () => {
    spec
      .given([])
      .when(create({ discountType: 'NONE', discount: 0 }))
      .then([created({ discountType: 'NONE', discount: null })]);
  });
  it('accepts a fixed discount of whole minor units, zero included', () => {
    spec
      .given([])
      .when(create({ discountType: 'FIXED', discount: 0 }))
      .then([created({ discountType: 'FIXED', discount: 0 })]);
  });
  it('stays quiet when the same creation is repeated', () => {
    spec.given([created()]).when(create()).thenNothingHappened();
  });
  it('stays quiet on a repeat whatever the key order the store read back (PostgreSQL jsonb sorts keys)', () => {
    const { data } = created();
    const reordered = Object.fromEntries(Object.entries(data).sort(([a], [b]) => a.localeCompare(b)));
    spec
      .given([{ type: 'PromoCodeCreated', data: reordered as PromoCodeCreated['data'] }])
      .when(create())
      .thenNothingHappened();
  });
  it('refuses another definition under an id that exists or existed', () => {
    spec
      .given([created()])
      .when(create({ discount: 20 }))
      .thenRefused('promo_code_already_exists');
    spec.given([created(), deleted]).when(create()).thenRefused('promo_code_already_exists');
  });

  describe('refuses bad input with field errors', () => {
    const cases: [string, Partial<PromoCodeDefinition>, string][] = [
      ['a code of 2 characters', { code: 'AB' }, 'code'],
      ['a code of 2 characters once trimmed', { code: ' AB  ' }, 'code'],
      ['a code of 51 characters', { code: 'A'.repeat(51) }, 'code'],
      ['a code with a space', { code: 'SUM MER' }, 'code'],
      ['a code with a control character', { code: 'SUM\u0000MER' }, 'code'],
      ['a percentage of 0', { discount: 0 }, 'discount'],
      ['a percentage over 100', { discount: 100.01 }, 'discount'],
      ['a negative percentage', { discount: -5 }, 'discount'],
      ['a percentage with three decimals', { discount: 12.345 }, 'discount'],
      ['a percentage without an amount', { discount: null }, 'discount'],
      ['a negative fixed amount', { discountType: 'FIXED', discount: -1 }, 'discount'],
      ['a fractional fixed amount', { discountType: 'FIXED', discount: 1.5 }, 'discount'],
      ['an amount on a code without a discount', { discountType: 'NONE', discount: 5 }, 'discount'],
      ['an unknown discount type', { discountType: 'BOGOF' as never }, 'discount_type'],
      ['an expiry that is no date', { expiresAt: 'next tuesday' }, 'expiry_date'],
      ['a cap of 0 uses', { maxUsages: 0 }, 'max_allowed_usages'],
      ['a fractional cap', { maxUsages: 2.5 }, 'max_allowed_usages'],
      ['an empty ticket id', { applicableTicketIds: [' '] }, 'applicable_ticket_ids'],
    ];
    for (const [name, overrides, field] of cases) {
      it(name, () => {
        spec.given([]).when(create(overrides)).thenRefused('validation_failed', [field]);
      });
    }
    it('all at once', () => {
      spec
        .given([])
        .when(create({ code: 'X', discount: 150, maxUsages: -1 }))
        .thenRefused('validation_failed', ['code', 'discount', 'max_allowed_usages']);
    });
  });

  it('accepts the limits: 3 and 50 characters, 100 percent, 0.01 percent', () => {
    expect(() => checkPromoCode(definition({ code: 'ABC' }))).not.toThrow();
    expect(() => checkPromoCode(definition({ code: 'A'.repeat(50) }))).not.toThrow();
    expect(() => checkPromoCode(definition({ discount: 100 }))).not.toThrow();
    expect(() => checkPromoCode(definition({ discount: 0.01 }))).not.toThrow();
  });
  it('accepts every percentage with two decimals, whatever its binary rounding', () => {
    for (const discount of [0.07, 0.29, 1.15, 19.99, 33.33, 99.99])
      expect(checkPromoCode(definition({ discount })).discount, String(discount)).toBe(discount);
  });
});

describe('UpdatePromoCode', () => {
  it('records only what changed', () => {
    spec
      .given([created()])
      .when(update({ discount: 10, maxUsages: 5, expiresAt: undefined }))
      .then([
        {
          type: 'PromoCodeUpdated',
          data: { promoCodeId: 'pc_1', eventId: 'ev_1', changes: { maxUsages: 5 }, updatedAt: at },
        },
      ]);
  });
  it('names the previous code when the code changes, so its claim can be released', () => {
    spec
      .given([created()])
      .when(update({ code: ' WINTER ' }))
      .then([
        {
          type: 'PromoCodeUpdated',
          data: {
            promoCodeId: 'pc_1',
            eventId: 'ev_1',
            changes: { code: 'WINTER' },
            previousCode: 'SUMMER',
            updatedAt: at,
          },
        },
      ]);
  });
  it('clears the amount when the code stops giving a discount', () => {
    spec
      .given([created()])
      .when(update({ discountType: 'NONE', discount: null }))
      .then([
        {
          type: 'PromoCodeUpdated',
          data: {
            promoCodeId: 'pc_1',
            eventId: 'ev_1',
            changes: { discountType: 'NONE', discount: null },
            updatedAt: at,
          },
        },
      ]);
  });
  it('stays quiet when nothing changes', () => {
    spec
      .given([created()])
      .when(update({ code: 'SUMMER', discount: 10 }))
      .thenNothingHappened();
  });
  it('checks the definition as it would become', () => {
    spec
      .given([created({ discountType: 'FIXED', discount: 500 })])
      .when(update({ discountType: 'PERCENT' }))
      .thenRefused('validation_failed', ['discount']);
  });
  it('refuses a code that does not exist, was deleted or belongs to another event', () => {
    spec
      .given([])
      .when(update({ discount: 5 }))
      .thenRefused('promo_code_not_found');
    spec
      .given([created(), deleted])
      .when(update({ discount: 5 }))
      .thenRefused('promo_code_not_found');
    spec
      .given([created()])
      .when(update({ discount: 5 }, 'ev_2'))
      .thenRefused('promo_code_not_found');
  });
});

describe('DeletePromoCode', () => {
  const remove = (eventId = 'ev_1') => ({
    type: 'DeletePromoCode' as const,
    promoCodeId: 'pc_1',
    eventId,
    now,
  });
  it('deletes the code, naming it so its claim can be released', () => {
    spec.given([created()]).when(remove()).then([deleted]);
  });
  it('stays quiet when repeated', () => {
    spec.given([created(), deleted]).when(remove()).thenNothingHappened();
  });
  it('refuses a code that never existed or belongs to another event', () => {
    spec.given([]).when(remove()).thenRefused('promo_code_not_found');
    spec.given([created()]).when(remove('ev_2')).thenRefused('promo_code_not_found');
  });
});

describe('a buyer’s code', () => {
  const code = { expiresAt: '2026-11-30T00:00:00.000Z', applicableTicketIds: [] as string[] };
  it('is valid until the instant it expires, and forever without an expiry', () => {
    expect(isPromoCodeValid(code, new Date('2026-11-29T23:59:59.999Z'))).toBe(true);
    expect(isPromoCodeValid(code, new Date('2026-11-30T00:00:00.000Z'))).toBe(false);
    expect(isPromoCodeValid({ ...code, expiresAt: null }, new Date('2099-01-01T00:00:00Z'))).toBe(true);
  });
  it('is not valid once deleted', () => {
    expect(isPromoCodeValid({ ...code, deleted: true }, now)).toBe(false);
  });
  it('applies to every ticket when it names none', () => {
    expect(promoCodeApplies(code, { ticketId: 'ti_9', now })).toBe(true);
  });
  it('applies only to the tickets it names', () => {
    const named = { ...code, applicableTicketIds: ['ti_1'] };
    expect(promoCodeApplies(named, { ticketId: 'ti_1', now })).toBe(true);
    expect(promoCodeApplies(named, { ticketId: 'ti_2', now })).toBe(false);
  });
  it('applies to nothing once expired or deleted', () => {
    expect(promoCodeApplies(code, { ticketId: 'ti_1', now: new Date('2026-12-01T00:00:00Z') })).toBe(false);
    expect(promoCodeApplies({ ...code, deleted: true }, { ticketId: 'ti_1', now })).toBe(false);
  });
});
