import { describe, expect, it } from 'vitest';
import { detectLocale, formattingTag, matchLocale } from './locale';

describe('locale is taken from the cookie, then the browser language, then English', () => {
  it('prefers a supported cookie over the browser', () => {
    expect(detectLocale({ cookie: 'de', languages: ['fr-FR'] })).toBe('de');
  });

  it('ignores an unsupported cookie and uses the first supported browser language', () => {
    expect(detectLocale({ cookie: 'xx', languages: ['it-IT', 'es-ES', 'fr'] })).toBe('es');
  });

  it('falls back to English', () => {
    expect(detectLocale({ cookie: null, languages: ['it', 'ja'] })).toBe('en');
    expect(detectLocale({ cookie: null, languages: [] })).toBe('en');
  });
});

describe('language tags map to the offered locales', () => {
  it.each([
    ['en-GB', 'en'],
    ['DE-at', 'de'],
    ['pt-BR', 'pt-br'],
    ['pt_br', 'pt-br'],
    ['pt-PT', 'pt'],
    ['zh-CN', 'zh-cn'],
    ['zh-Hans-CN', 'zh-cn'],
    ['zh', 'zh-cn'],
    ['fr-CA', 'fr'],
    ['es-419', 'es'],
    ['nl', null],
    ['', null],
  ])('%s → %s', (tag, expected) => {
    expect(matchLocale(tag)).toBe(expected);
  });
});

describe("dates and numbers follow the browser's regional variant of the chosen language", () => {
  it('keeps en-GB for English, de-AT for German', () => {
    expect(formattingTag('en', ['en-GB', 'en-US'])).toBe('en-GB');
    expect(formattingTag('de', ['fr', 'de-AT'])).toBe('de-AT');
  });

  it("uses the locale's own tag when the browser does not speak it", () => {
    expect(formattingTag('de', ['en-GB'])).toBe('de');
    expect(formattingTag('pt-br', [])).toBe('pt-BR');
    expect(formattingTag('zh-cn', ['zh-TW'])).toBe('zh-TW');
  });
});
