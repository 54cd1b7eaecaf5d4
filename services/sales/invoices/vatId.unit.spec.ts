import { describe, expect, it } from 'vitest';
import { checkVatId, normalizeVatId, vatCountries } from './vatId';

describe('checkVatId', () => {
  it.each([
    ['DE', 'DE123456789'],
    ['DE', 'de 123 456 789'],
    ['FR', 'FRXX123456789'],
    ['FR', 'FR12345678901'],
    ['AT', 'ATU12345678'],
    ['NL', 'NL123456789B01'],
    ['ES', 'ESX1234567X'],
    ['IT', 'IT12345678901'],
    ['GR', 'EL123456789'],
    ['PT', 'PT123456789'],
    ['BE', 'BE0123456789'],
    ['IE', 'IE1234567WA'],
  ])('accepts %s %s', (country, id) => {
    expect(checkVatId(country, id)).toEqual({ valid: true, normalized: normalizeVatId(id) });
  });

  it.each([
    ['DE', 'DE12345678'],
    ['DE', 'DE1234567890'],
    ['DE', 'DEABCDEFGHI'],
    ['FR', 'FR123456789'],
    ['FR', 'FRIO123456789'],
    ['AT', 'AT12345678'],
    ['NL', 'NL123456789001'],
    ['BE', 'BE2123456789'],
    ['DE', '123456789'],
  ])('refuses %s %s as wrong_format', (country, id) => {
    expect(checkVatId(country, id)).toEqual({ valid: false, problem: 'wrong_format' });
  });

  it('refuses an id of another country than the billing country', () => {
    expect(checkVatId('DE', 'FR12345678901')).toEqual({ valid: false, problem: 'wrong_country' });
    expect(checkVatId('GR', 'GR123456789')).toEqual({ valid: false, problem: 'wrong_country' });
  });

  it('has no format for a country outside the EU table', () => {
    expect(checkVatId('US', 'US123')).toEqual({ valid: false, problem: 'unknown_country' });
    expect(vatCountries).toContain('GR');
    expect(vatCountries).not.toContain('EL');
    expect(vatCountries).toHaveLength(28);
  });
});
