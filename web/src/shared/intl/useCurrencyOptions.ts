import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { CURRENCIES } from './currencies';
import { fieldMessages as m } from '../ui/fieldMessages';

/** The currency picker's options, named in the viewer's language. */
export function useCurrencyOptions(extra?: string | null) {
  const intl = useIntl();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([intl.locale], { type: 'currency' });
    } catch {
      names = null;
    }
    const codes: string[] = [...CURRENCIES];
    if (extra && !codes.includes(extra)) codes.push(extra);
    return codes.map((code) => ({
      value: code,
      label: intl.formatMessage(m.currencyOption, { code, name: names?.of(code) ?? code }),
    }));
  }, [intl, extra]);
}
