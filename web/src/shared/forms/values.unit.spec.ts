import { describe, expect, it } from 'vitest';
import { changedEntries, htmlOrNull, textOrNull } from './values';

describe('settings forms send only what changed, and nothing as null', () => {
  it('keeps the changed entries', () => {
    expect(changedEntries({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: null })).toEqual({ b: 'y' });
  });

  it('reads blank text and empty editor HTML as null', () => {
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull(' hi ')).toBe('hi');
    expect(htmlOrNull('<p><br></p>')).toBeNull();
    expect(htmlOrNull('<p>&nbsp;</p>')).toBeNull();
    expect(htmlOrNull('<p>Hi</p>')).toBe('<p>Hi</p>');
    expect(htmlOrNull('<p><img src="https://x.test/a.png"></p>')).not.toBeNull();
  });
});
