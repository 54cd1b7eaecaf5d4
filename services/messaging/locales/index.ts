import { de } from './de';
import { en, type MailCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { pt } from './pt';
import { ptBr } from './ptBr';
import { zhCn } from './zhCn';

/** The locales the product offers (spec section 1), as stored on users; mails are written in each of them. */
export const supportedLocales = ['en', 'de', 'fr', 'es', 'pt', 'pt-br', 'zh-cn'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (supportedLocales as readonly string[]).includes(value);
}

export const mailCatalogs: Record<SupportedLocale, { tag: string; messages: MailCatalog }> = {
  en: { tag: 'en', messages: en },
  de: { tag: 'de', messages: de },
  fr: { tag: 'fr', messages: fr },
  es: { tag: 'es', messages: es },
  pt: { tag: 'pt', messages: pt },
  'pt-br': { tag: 'pt-BR', messages: ptBr },
  'zh-cn': { tag: 'zh-CN', messages: zhCn },
};

export type { MailCatalog, MailMessageKey } from './en';

// Building an Intl formatter costs more than rendering a mail; a rush sends thousands in a few languages.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An amount in minor units (`digits` decimals) as the mail's language writes it: "12,50 €", "€12.50". */
export function mailMoney(locale: SupportedLocale, currency: string, digits: number, amount: number): string {
  const tag = mailCatalogs[locale].tag;
  return cached(
    `money|${tag}|${currency}`,
    () => new Intl.NumberFormat(tag, { style: 'currency', currency }),
  ).format(amount / 10 ** digits);
}

/** A date and time in full, in the event's time zone, as the mail's language writes it. */
export function mailDateTime(locale: SupportedLocale, timeZone: string, at: Date): string {
  const tag = mailCatalogs[locale].tag;
  return cached(
    `date|${tag}|${timeZone}`,
    () => new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'short', timeZone }),
  ).format(at);
}
