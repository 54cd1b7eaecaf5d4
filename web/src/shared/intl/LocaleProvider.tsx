import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type ResolvedIntlConfig } from 'react-intl';
import { readCookie } from '../storage';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_TAGS,
  browserLanguages,
  detectLocale,
  formattingTag,
  matchLocale,
  writeLocaleCookie,
  type LocaleCode,
} from './locale';

type Messages = Record<string, string>;

/**
 * English needs no catalogue: it is the `defaultMessage` of every descriptor in the code (`en.json` is extracted
 * from them), so the bundle does not carry it twice. The six other catalogues are loaded on demand. The unit test
 * `catalogs.unit.spec.ts` keeps each of them complete; should a message still be missing at run time, its
 * English default stands in for it.
 */
const lazyCatalogs = import.meta.glob<Messages>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});

/** One object, always the same: a new one would make the IntlProvider build its formatters again. */
const noCatalogue: Messages = {};

async function loadMessages(locale: LocaleCode): Promise<Messages> {
  const loader = lazyCatalogs[`./locales/${locale}.json`];
  if (locale === DEFAULT_LOCALE || !loader) return noCatalogue;
  try {
    const translated = await loader();
    if (import.meta.env.DEV) {
      const english = (await import('./locales/en.json')).default as Messages;
      const missing = Object.keys(english).filter((id) => !(id in translated));
      if (missing.length > 0) console.error(`locales/${locale}.json lacks ${missing.join(', ')}`);
    }
    return translated;
  } catch {
    return noCatalogue;
  }
}

interface LocaleContextValue {
  locale: LocaleCode;
  /** An explicit choice: stored in the `locale` cookie. */
  setLocale: (locale: LocaleCode) => void;
  /**
   * Activates the signed-in user's saved language, but only when no cookie says otherwise (spec section 1).
   */
  applyUserLocale: (userLocale: string | null | undefined) => void;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

/**
 * Quiet in production (the unit guard is the check); in development every gap or bad message shows, except
 * English's "missing" messages: its text is the descriptors' defaults by design.
 */
function intlErrorHandler(english: boolean): ResolvedIntlConfig['onError'] {
  return (error) => {
    if (!import.meta.env.DEV) return;
    if (english && error.code === ReactIntlErrorCode.MISSING_TRANSLATION) return;
    console.error(error);
  };
}

export function LocaleProvider({
  children,
  initialLocale,
}: {
  children: ReactNode;
  initialLocale?: LocaleCode;
}) {
  const [locale, setLocaleState] = useState<LocaleCode>(
    () => initialLocale ?? detectLocale({ cookie: readCookie(LOCALE_COOKIE), languages: browserLanguages() }),
  );
  const [messages, setMessages] = useState<Messages>(noCatalogue);

  useEffect(() => {
    let cancelled = false;
    void loadMessages(locale).then((loaded) => {
      if (cancelled) return;
      setMessages(loaded);
      // Only now is the text in that language; say so to screen readers and spell checkers.
      const hasCatalog = locale === DEFAULT_LOCALE || `./locales/${locale}.json` in lazyCatalogs;
      document.documentElement.lang = hasCatalog ? LOCALE_TAGS[locale] : LOCALE_TAGS[DEFAULT_LOCALE];
    });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  const setLocale = useCallback((next: LocaleCode) => {
    writeLocaleCookie(next);
    setLocaleState(next);
  }, []);

  const applyUserLocale = useCallback((userLocale: string | null | undefined) => {
    if (readCookie(LOCALE_COOKIE)) return;
    const match = matchLocale(userLocale);
    if (match) setLocaleState(match);
  }, []);

  const value = useMemo(() => ({ locale, setLocale, applyUserLocale }), [locale, setLocale, applyUserLocale]);
  const onError = useMemo(() => intlErrorHandler(locale === DEFAULT_LOCALE), [locale]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider
        locale={formattingTag(locale, browserLanguages())}
        defaultLocale={LOCALE_TAGS[DEFAULT_LOCALE]}
        messages={messages}
        onError={onError}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside <LocaleProvider>');
  return value;
}
