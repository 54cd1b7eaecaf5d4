import { describe, expect, it } from 'vitest';
import { contrastRatio, contrastText, homeStyle, readableOn } from './homeStyle';

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

  it('keeps text and links readable on the content background, whatever colours were chosen (WCAG 1.4.3)', () => {
    const style = homeStyle(
      {
        homepage_content_background_color: '#1f2a36',
        homepage_link_color: '#215db0',
        homepage_text_color: '#f0f0f0',
        homepage_secondary_color: '#333333',
        widget_background_color: '#ffffff',
        widget_text_color: '#eeeeee',
      },
      null,
    ) as Record<string, string>;
    expect(style['--home-link']).toBe('#ffffff');
    expect(style['--home-text']).toBe('#f0f0f0');
    expect(style['--home-secondary']).toBe('#ffffff');
    expect(style['--home-widget-text']).toBe('#1c2127');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#215db0', '#1f2a36')).toBeCloseTo(2.26, 2);
    expect(readableOn('#215db0', '#ffffff')).toBe('#215db0');
  });
});
