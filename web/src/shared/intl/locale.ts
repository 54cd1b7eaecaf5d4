/** Locales the product offers (spec section 1). Codes are the ones stored in the `locale` cookie. */
export const SUPPORTED_LOCALES = ['en', 'de', 'fr', 'es', 'pt', 'pt-br', 'zh-cn'] as const;
export type LocaleCode = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';
export const LOCALE_COOKIE = 'locale';

/** BCP 47 tag handed to Intl / react-intl for each code. */
export const LOCALE_TAGS: Record<LocaleCode, string> = {
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
  pt: 'pt',
  'pt-br': 'pt-BR',
  'zh-cn': 'zh-CN',
};

/**
 * Maps any language tag (`de-AT`, `pt_BR`, `zh-Hans-CN`, `EN-gb`) to a supported code, or null.
 * Brazilian Portuguese is told apart from Portuguese; every Chinese variant falls to Simplified Chinese,
 * the only Chinese locale offered.
 */
export function matchLocale(tag: string | null | undefined): LocaleCode | null {
  if (!tag) return null;
  const normalised = tag.trim().toLowerCase().replace(/_/g, '-');
  if (!normalised) return null;
  if ((SUPPORTED_LOCALES as readonly string[]).includes(normalised)) return normalised as LocaleCode;
  const [language, ...rest] = normalised.split('-');
  if (language === 'pt') return rest.includes('br') ? 'pt-br' : 'pt';
  if (language === 'zh') return 'zh-cn';
  if (language && (SUPPORTED_LOCALES as readonly string[]).includes(language)) return language as LocaleCode;
  return null;
}

/** Locale from the `locale` cookie, else the browser's languages in order, else English. */
export function detectLocale(input: { cookie: string | null; languages: readonly string[] }): LocaleCode {
  const fromCookie = matchLocale(input.cookie);
  if (fromCookie) return fromCookie;
  for (const language of input.languages) {
    const match = matchLocale(language);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/**
 * The tag to format dates and numbers with: the browser's own regional variant when it speaks the chosen
 * locale (`en-GB` writes "12 December", `de-AT` writes "Jänner"), else the locale's default tag.
 */
export function formattingTag(locale: LocaleCode, languages: readonly string[]): string {
  for (const language of languages) {
    if (matchLocale(language) !== locale) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(language.replace(/_/g, '-'));
      if (canonical) return canonical;
    } catch {
      // not a valid BCP 47 tag
    }
  }
  return LOCALE_TAGS[locale];
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** Persists the user's explicit choice in the `locale` cookie for a year. */
export function writeLocaleCookie(locale: LocaleCode): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`;
}
