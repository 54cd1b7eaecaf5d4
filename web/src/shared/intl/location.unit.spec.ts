import { describe, expect, it } from 'vitest';
import { addressLines, hasAddress } from './location';

const empty = {
  venue_name: null,
  address_line_1: null,
  address_line_2: null,
  city: null,
  state_or_region: null,
  zip_or_postal_code: null,
  country: null,
};

describe('event locations print as address lines', () => {
  it('orders venue, street, city line and country, naming the country', () => {
    expect(
      addressLines(
        {
          ...empty,
          venue_name: 'Columbiahalle',
          address_line_1: 'Columbiadamm 13',
          city: 'Berlin',
          zip_or_postal_code: '10965',
          country: 'DE',
        },
        'en',
      ),
    ).toEqual(['Columbiahalle', 'Columbiadamm 13', 'Berlin, 10965', 'Germany']);
  });

  it('skips empty parts and keeps a free-text country', () => {
    expect(addressLines({ ...empty, city: 'Lisbon', country: 'Portugal' }, 'en')).toEqual([
      'Lisbon',
      'Portugal',
    ]);
  });

  it('treats a location with only blanks as no address', () => {
    expect(hasAddress(null)).toBe(false);
    expect(hasAddress({ ...empty, city: '  ' })).toBe(false);
    expect(hasAddress({ ...empty, city: 'Oslo' })).toBe(true);
  });
});
