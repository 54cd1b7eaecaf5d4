/**
 * The format of an EU VAT identification number (issue 31): the country prefix, then the national part as the
 * VIES documentation describes it. A pure check of the shape only: whether the number exists is VIES's answer,
 * which the checkout does not ask. Spaces, dots and dashes the buyer typed are ignored.
 */
const vatFormats: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** ISO country codes whose VAT prefix differs (Greece uses EL). */
const vatPrefixOf: Readonly<Record<string, string>> = { GR: 'EL' };

export type VatIdCheck =
  | { valid: true; normalized: string }
  | { valid: false; problem: 'unknown_country' | 'wrong_country' | 'wrong_format' };

/** The VAT id without the separators buyers type, upper case. */
export function normalizeVatId(input: string): string {
  return input.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** Countries whose VAT ids the checkout checks (ISO 3166-1 alpha-2, Greece as GR). */
export const vatCountries: readonly string[] = Object.keys(vatFormats)
  .map((prefix) => (prefix === 'EL' ? 'GR' : prefix))
  .sort();

/**
 * Checks `input` against the format of `country` (ISO alpha-2, the buyer's billing country). A country outside
 * the table has no format to check: `unknown_country`, which the checkout accepts as typed.
 */
export function checkVatId(country: string, input: string): VatIdCheck {
  const iso = country.toUpperCase();
  const prefix = vatPrefixOf[iso] ?? iso;
  const format = vatFormats[prefix];
  if (!format) return { valid: false, problem: 'unknown_country' };
  const normalized = normalizeVatId(input);
  if (!/^[A-Z]{2}/.test(normalized)) return { valid: false, problem: 'wrong_format' };
  if (normalized.slice(0, 2) !== prefix) return { valid: false, problem: 'wrong_country' };
  return format.test(normalized.slice(2))
    ? { valid: true, normalized }
    : { valid: false, problem: 'wrong_format' };
}

/**
 * Why a VAT id given with a billing country is refused, or null when it is accepted: a country outside the
 * table is taken as typed (nothing to check), but an id needs a country to be checked against.
 */
export function vatIdProblem(country: string | null, vatId: string): string | null {
  if (country === null) return 'Give the country the VAT id belongs to';
  const check = checkVatId(country, vatId);
  if (check.valid || check.problem === 'unknown_country') return null;
  return check.problem === 'wrong_country'
    ? `This VAT id belongs to another country than ${country}`
    : `Not a VAT id of ${country}`;
}
