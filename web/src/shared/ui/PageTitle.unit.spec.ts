import { describe, expect, it } from 'vitest';
import { pageTitle } from './PageTitle';

describe('page titles keep the shop name', () => {
  it('puts the page first and the shop last', () => {
    expect(pageTitle(['Orders'], 'Ticket Shop')).toBe('Orders – Ticket Shop');
    expect(pageTitle(['Settings', 'Lantern Festival'], 'Ticket Shop')).toBe(
      'Settings – Lantern Festival – Ticket Shop',
    );
  });

  it('is the shop name alone when the page has no name of its own', () => {
    expect(pageTitle([], 'Ticket Shop')).toBe('Ticket Shop');
    expect(pageTitle([null, '  ', undefined], 'Ticket Shop')).toBe('Ticket Shop');
  });
});
