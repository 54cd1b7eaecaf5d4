import type { ClientErrors } from '../../shared/forms/useForm';
import { dateTimeLocalToUtcIso, utcToDateTimeLocal } from '../../shared/time/zonedTime';
import { amountText, parseAmount, parseCount } from '../../shared/forms/amount';
import type { Ticket, TicketFlags, TicketRequest, TicketType } from './api';
import { ticketDialogMessages as m } from './messages';

export const FLAGS = [
  'hidden',
  'hide_before_sale_start',
  'hide_after_sale_end',
  'hide_when_sold_out',
  'hidden_unless_promo_code',
  'show_quantity_remaining',
  'collapse_on_load',
] as const satisfies readonly (keyof TicketFlags)[];

export const FIELDS = [
  'type',
  'title',
  'description',
  'price',
  'minimum_price',
  'tiers',
  'quantity',
  'min_per_order',
  'max_per_order',
  'sale_start',
  'sale_end',
  'tax_and_fee_ids',
  ...FLAGS,
] as const;
export type Field = (typeof FIELDS)[number];
/** The text fields as typed; flags are 'true' or 'false'. Tiers and taxes are kept beside them. */
export type Values = Record<Field, string>;

export interface TierValues {
  tier_id?: string;
  label: string;
  price: string;
  hidden: boolean;
  quantity: string;
}

export interface TicketFormState {
  values: Values;
  tiers: TierValues[];
  /** Null when the organizer may not see the account's taxes: the request leaves them to the server. */
  taxAndFeeIds: string[] | null;
}

/** What a form starts with: the ticket's fields as text, or a new paid ticket with the default taxes. */
export function initialState(
  ticket: Ticket | null,
  exponent: number,
  timeZone: string,
  defaultTaxIds: string[] | null,
): TicketFormState {
  const money = (value: number | null) => (value === null ? '' : amountText(value, exponent));
  const count = (value: number | null) => (value === null ? '' : String(value));
  const local = (value: string | null) => (value === null ? '' : utcToDateTimeLocal(value, timeZone));
  const flags = Object.fromEntries(FLAGS.map((flag) => [flag, ticket?.[flag] ? 'true' : 'false'])) as Record<
    (typeof FLAGS)[number],
    string
  >;
  return {
    values: {
      type: ticket?.type ?? 'PAID',
      title: ticket?.title ?? '',
      description: ticket?.description ?? '',
      price: ticket?.type === 'PAID' ? money(ticket.price) : '',
      minimum_price: money(ticket?.minimum_price ?? null),
      tiers: '',
      quantity: count(ticket?.quantity ?? null),
      min_per_order: String(ticket?.min_per_order ?? 1),
      max_per_order: count(ticket?.max_per_order ?? null),
      sale_start: local(ticket?.sale_start ?? null),
      sale_end: local(ticket?.sale_end ?? null),
      tax_and_fee_ids: '',
      ...flags,
    },
    tiers: (ticket?.tiers ?? []).map((tier) => ({
      tier_id: tier.tier_id,
      label: tier.label,
      price: money(tier.price),
      hidden: tier.hidden,
      quantity: count(tier.quantity),
    })),
    taxAndFeeIds: defaultTaxIds === null ? null : ticket ? ticket.tax_and_fee_ids : defaultTaxIds,
  };
}

function tierIsValid(tier: TierValues, exponent: number): boolean {
  return (
    tier.label.trim().length > 0 &&
    parseAmount(tier.price, exponent) !== null &&
    parseCount(tier.quantity) !== undefined
  );
}

/** The client's checks (spec section 5); the server checks the same and its field errors show too. */
export function validate(state: TicketFormState, exponent: number, timeZone: string): ClientErrors<Field> {
  const { values, tiers } = state;
  const errors: ClientErrors<Field> = {};
  if (!values.title.trim()) errors.title = m.titleRequired;
  if (values.type === 'PAID' && parseAmount(values.price, exponent) === null) errors.price = m.amountInvalid;
  if (values.type === 'DONATION' && parseAmount(values.minimum_price, exponent) === null)
    errors.minimum_price = m.amountInvalid;
  if (values.type === 'TIERED') {
    if (tiers.length === 0) errors.tiers = m.tiersRequired;
    else if (!tiers.every((tier) => tierIsValid(tier, exponent))) errors.tiers = m.tierInvalid;
  }
  if (parseCount(values.quantity) === undefined) errors.quantity = m.wholeNumber;
  const min = parseCount(values.min_per_order);
  const max = parseCount(values.max_per_order);
  if (min === undefined || min === null) errors.min_per_order = m.wholeNumber;
  if (max === undefined) errors.max_per_order = m.wholeNumber;
  else if (typeof min === 'number' && max !== null && max < min) errors.max_per_order = m.maxBelowMin;
  const start = values.sale_start ? dateTimeLocalToUtcIso(values.sale_start, timeZone) : null;
  const end = values.sale_end ? dateTimeLocalToUtcIso(values.sale_end, timeZone) : null;
  if (start && end && end <= start) errors.sale_end = m.saleEndBeforeStart;
  return errors;
}

/** The request the API takes: money in minor units, times as UTC instants, only the type's own price fields. */
export function toRequest(state: TicketFormState, exponent: number, timeZone: string): TicketRequest {
  const { values } = state;
  const type = values.type as TicketType;
  const flags = Object.fromEntries(
    FLAGS.map((flag) => [flag, values[flag] === 'true']),
  ) as unknown as TicketFlags;
  return {
    type,
    title: values.title.trim(),
    description: values.description.trim() || null,
    price: type === 'PAID' ? parseAmount(values.price, exponent) : type === 'FREE' ? 0 : null,
    minimum_price: type === 'DONATION' ? parseAmount(values.minimum_price, exponent) : null,
    tiers:
      type === 'TIERED'
        ? state.tiers.map((tier) => ({
            ...(tier.tier_id ? { tier_id: tier.tier_id } : {}),
            label: tier.label.trim(),
            price: parseAmount(tier.price, exponent) ?? 0,
            hidden: tier.hidden,
            quantity: parseCount(tier.quantity) ?? null,
          }))
        : [],
    quantity: parseCount(values.quantity) ?? null,
    min_per_order: parseCount(values.min_per_order) ?? 1,
    max_per_order: parseCount(values.max_per_order) ?? null,
    sale_start: values.sale_start ? dateTimeLocalToUtcIso(values.sale_start, timeZone) : null,
    sale_end: values.sale_end ? dateTimeLocalToUtcIso(values.sale_end, timeZone) : null,
    ...(state.taxAndFeeIds === null ? {} : { tax_and_fee_ids: state.taxAndFeeIds }),
    ...flags,
  };
}
