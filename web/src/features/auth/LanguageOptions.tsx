import { SUPPORTED_LOCALES, LOCALE_TAGS } from '../../shared/intl/locale';

/** Each offered language in its own name ("Deutsch", "Português (Brasil)", "中文（中国）"). */
export function languageName(code: (typeof SUPPORTED_LOCALES)[number]): string {
  const tag = LOCALE_TAGS[code];
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? code;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return code;
  }
}

/** The `<option>`s of a language select, valued by the locale codes the API takes. */
export function LanguageOptions() {
  return (
    <>
      {SUPPORTED_LOCALES.map((code) => (
        <option key={code} value={code}>
          {languageName(code)}
        </option>
      ))}
    </>
  );
}
