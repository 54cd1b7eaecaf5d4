import { Classes } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { DARK_CLASS, resolveColourScheme } from './colourScheme';

describe('colour scheme', () => {
  it("uses Blueprint 6's own dark class", () => {
    expect(DARK_CLASS).toBe(Classes.DARK);
  });

  it('auto follows the system preference; light and dark are fixed', () => {
    expect(resolveColourScheme('auto', true)).toBe('dark');
    expect(resolveColourScheme('auto', false)).toBe('light');
    expect(resolveColourScheme('light', true)).toBe('light');
    expect(resolveColourScheme('dark', false)).toBe('dark');
  });
});
