import { describe, expect, it } from 'vitest';
import { BUNDLED_ICON_PATHS } from './icons';

describe('the admin icons are bundled in both sizes', () => {
  it('has paths for the icons the pages use', () => {
    for (const name of [
      'build',
      'search',
      'calendar',
      'plus',
      'log-out',
      'globe-network',
      'map-marker',
      'undo',
    ]) {
      expect(BUNDLED_ICON_PATHS[16][name]?.length, `${name} 16px`).toBeGreaterThan(0);
      expect(BUNDLED_ICON_PATHS[20][name]?.length, `${name} 20px`).toBeGreaterThan(0);
    }
  });

  it('bundles the same icons in both sizes', () => {
    expect(Object.keys(BUNDLED_ICON_PATHS[16]).sort()).toEqual(Object.keys(BUNDLED_ICON_PATHS[20]).sort());
    expect(Object.keys(BUNDLED_ICON_PATHS[16]).length).toBe(46);
  });
});
