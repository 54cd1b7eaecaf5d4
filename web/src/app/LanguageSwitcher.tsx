import { useId } from 'react';
import { useIntl } from 'react-intl';
import { LanguageOptions } from '../features/auth/LanguageOptions';
import { useLocale } from '../shared/intl/LocaleProvider';
import { matchLocale } from '../shared/intl/locale';
import { uiMessages } from '../shared/ui/messages';

/** A plain select (no Blueprint, for the light public pages); the choice is kept in the `locale` cookie. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{intl.formatMessage(uiMessages.language)}</label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const chosen = matchLocale(event.target.value);
          if (chosen) setLocale(chosen);
        }}
      >
        <LanguageOptions />
      </select>
    </div>
  );
}
