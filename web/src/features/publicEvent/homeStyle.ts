import type { CSSProperties } from 'react';
import type { EventSettings, HomepageColours } from '../events/types';

/** The colours a page falls back to when an event has none saved (the same as the server's defaults). */
export const DEFAULT_HOME_COLOURS: HomepageColours = {
  homepage_background_color: '#f6f7f9',
  homepage_content_background_color: '#ffffff',
  homepage_primary_color: '#2d72d2',
  homepage_secondary_color: '#5f6b7c',
  homepage_text_color: '#1c2127',
  homepage_button_color: '#2d72d2',
  homepage_link_color: '#215db0',
  widget_background_color: '#ffffff',
  widget_text_color: '#1c2127',
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Only valid hex reaches the page's CSS, whatever the data says. */
function colour(value: string | undefined, fallback: string): string {
  return value && HEX.test(value) ? value : fallback;
}

/** Readable text on a colour: dark on light backgrounds, white on dark ones. */
export function contrastText(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return luminance > 0.6 ? '#1c2127' : '#ffffff';
}

/** The event's homepage design as CSS custom properties on the page's root element. */
export function homeStyle(settings: Partial<EventSettings>, coverUrl: string | null): CSSProperties {
  const c = (key: keyof HomepageColours) => colour(settings[key], DEFAULT_HOME_COLOURS[key]);
  const useCover = settings.homepage_background_type === 'COVER_IMAGE' && coverUrl !== null;
  return {
    '--home-bg': c('homepage_background_color'),
    '--home-bg-image': useCover ? `url("${encodeURI(coverUrl)}")` : 'none',
    '--home-content-bg': c('homepage_content_background_color'),
    '--home-primary': c('homepage_primary_color'),
    '--home-secondary': c('homepage_secondary_color'),
    '--home-text': c('homepage_text_color'),
    '--home-button': c('homepage_button_color'),
    '--home-button-text': contrastText(c('homepage_button_color')),
    '--home-link': c('homepage_link_color'),
    '--home-widget-bg': c('widget_background_color'),
    '--home-widget-text': c('widget_text_color'),
  } as CSSProperties;
}
