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
