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

function expand(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}

/** WCAG relative luminance of a hex colour. */
function relativeLuminance(hex: string): number {
  const full = expand(hex);
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [dark, light] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => x - y);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const DARK_TEXT = '#1c2127';
const LIGHT_TEXT = '#ffffff';

/**
 * `foreground` when it reaches 4.5:1 on `background` (WCAG 1.4.3 for body text), else whichever of dark or white
 * text reads better there: an organizer's colour choice cannot make the public page unreadable.
 */
export function readableOn(foreground: string, background: string): string {
  if (contrastRatio(foreground, background) >= 4.5) return foreground;
  return contrastRatio(DARK_TEXT, background) >= contrastRatio(LIGHT_TEXT, background)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/** The event's homepage design as CSS custom properties on the page's root element. */
export function homeStyle(settings: Partial<EventSettings>, coverUrl: string | null): CSSProperties {
  const c = (key: keyof HomepageColours) => colour(settings[key], DEFAULT_HOME_COLOURS[key]);
  const useCover = settings.homepage_background_type === 'COVER_IMAGE' && coverUrl !== null;
  const content = c('homepage_content_background_color');
  const widget = c('widget_background_color');
  return {
    '--home-bg': c('homepage_background_color'),
    '--home-bg-image': useCover ? `url("${encodeURI(coverUrl)}")` : 'none',
    '--home-content-bg': content,
    '--home-primary': c('homepage_primary_color'),
    '--home-secondary': readableOn(c('homepage_secondary_color'), content),
    '--home-text': readableOn(c('homepage_text_color'), content),
    '--home-button': c('homepage_button_color'),
    '--home-button-text': contrastText(c('homepage_button_color')),
    '--home-link': readableOn(c('homepage_link_color'), content),
    '--home-widget-bg': widget,
    '--home-widget-text': readableOn(c('widget_text_color'), widget),
  } as CSSProperties;
}
