import { describe, expect, it } from 'vitest';
import { contrastText, homeStyle } from './homeStyle';

describe('the public page takes its colours from the event', () => {
  it('sets the saved colours as custom properties', () => {
    const style = homeStyle(
      { homepage_background_color: '#101820', homepage_primary_color: '#fee715' },
      null,
    ) as Record<string, string>;
    expect(style['--home-bg']).toBe('#101820');
    expect(style['--home-primary']).toBe('#fee715');
    expect(style['--home-bg-image']).toBe('none');
  });

  it('never puts anything but hex into CSS', () => {
    const style = homeStyle({ homepage_text_color: 'red; background: url(x)' }, null) as Record<
      string,
      string
    >;
    expect(style['--home-text']).toBe('#1c2127');
  });

  it('uses the cover as background only when asked and when there is one', () => {
    expect(
      (homeStyle({ homepage_background_type: 'COVER_IMAGE' }, '/uploads/a.png') as Record<string, string>)[
        '--home-bg-image'
      ],
    ).toBe('url("/uploads/a.png")');
    expect(
      (homeStyle({ homepage_background_type: 'COVER_IMAGE' }, null) as Record<string, string>)[
        '--home-bg-image'
      ],
    ).toBe('none');
  });

  it('picks readable button text', () => {
    expect(contrastText('#ffffff')).toBe('#1c2127');
    expect(contrastText('#000')).toBe('#ffffff');
  });
});
