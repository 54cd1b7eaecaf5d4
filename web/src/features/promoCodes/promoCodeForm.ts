import { amountText, parseAmount, parseCount } from '../../shared/forms/amount';
import type { ClientErrors } from '../../shared/forms/useForm';
import { dateTimeLocalToUtcIso, utcToDateTimeLocal } from '../../shared/time/zonedTime';
import type { DiscountType, PromoCode, PromoCodeRequest } from './api';
import { promoCodeDialogMessages as m } from './messages';

export const FIELDS = [
  'code',
  'discount_type',
  'discount',
  'expiry_date',
  'max_allowed_usages',
  'applicable_ticket_ids',
] as const;
export type Field = (typeof FIELDS)[number];
/** The fields as typed; the applicable tickets are kept beside them (none chosen: every ticket). */
export type Values = Record<Field, string>;

export const minCodeLength = 3;
export const maxCodeLength = 50;
const codeCharacters = /^[A-Za-z0-9_-]+$/;

/** What the form starts with: the code's fields as text in the event's currency and zone, or a new code. */
export function initialValues(code: PromoCode | null, exponent: number, timeZone: string): Values {
  return {
    code: code?.code ?? '',
    discount_type: code?.discount_type ?? 'PERCENT',
    discount:
      code === null || code.discount === null
        ? ''
        : code.discount_type === 'FIXED'
          ? amountText(code.discount, exponent)
          : String(code.discount),
    expiry_date: code?.expiry_date ? utcToDateTimeLocal(code.expiry_date, timeZone) : '',
    max_allowed_usages: code?.max_allowed_usages === null || !code ? '' : String(code.max_allowed_usages),
    applicable_ticket_ids: '',
  };
}

function parsePercent(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= 100 ? value : null;
}

/** The client's checks (spec section 5); the server checks the same and its field errors show too. */
export function validate(values: Values, exponent: number): ClientErrors<Field> {
  const errors: ClientErrors<Field> = {};
  const code = values.code.trim();
  if (code.length < minCodeLength || code.length > maxCodeLength) errors.code = m.codeLength;
  else if (!codeCharacters.test(code)) errors.code = m.codeCharacters;
  if (values.discount_type === 'PERCENT' && parsePercent(values.discount) === null)
    errors.discount = m.percentInvalid;
  if (values.discount_type === 'FIXED' && parseAmount(values.discount, exponent) === null)
    errors.discount = m.amountInvalid;
  const usages = parseCount(values.max_allowed_usages);
  if (usages === undefined || usages === 0) errors.max_allowed_usages = m.usagesInvalid;
  return errors;
}

/** The request: a fixed discount in minor units, the expiry as a UTC instant, empty usages unlimited. */
export function toRequest(
  values: Values,
  ticketIds: readonly string[],
  exponent: number,
  timeZone: string,
): PromoCodeRequest {
  const type = values.discount_type as DiscountType;
  return {
    code: values.code.trim(),
    discount_type: type,
    discount:
      type === 'PERCENT'
        ? parsePercent(values.discount)
        : type === 'FIXED'
          ? parseAmount(values.discount, exponent)
          : null,
    expiry_date: values.expiry_date ? dateTimeLocalToUtcIso(values.expiry_date, timeZone) : null,
    max_allowed_usages: parseCount(values.max_allowed_usages) ?? null,
    applicable_ticket_ids: [...ticketIds],
  };
}

/** The public page's address with the code applied (`?promo_code=`), as the organizer shares it. */
export function promoLink(origin: string, eventPath: string, code: string): string {
  const url = new URL(eventPath, origin);
  url.searchParams.set('promo_code', code);
  return url.toString();
}
