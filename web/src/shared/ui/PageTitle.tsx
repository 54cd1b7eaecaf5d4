import { useIntl, type MessageDescriptor } from 'react-intl';
import { uiMessages } from './messages';

export type TitlePart = string | MessageDescriptor | null | undefined;

/** "Orders – Ticket Shop": the page's own parts, most specific first, then the shop's name (spec section 1). */
export function pageTitle(parts: readonly (string | null | undefined)[], productName: string): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), productName].join(' – ');
}

/** The document title for a page from its parts (texts or messages), ending in the shop's name. */
export function usePageTitle(...parts: readonly TitlePart[]): string {
  const intl = useIntl();
  const texts = parts.map((part) => (typeof part === 'object' && part ? intl.formatMessage(part) : part));
  return pageTitle(texts, intl.formatMessage(uiMessages.productName));
}

/** Sets the document title while the page is shown (React hoists `<title>` into the head). */
export function PageTitle({ parts }: { parts: readonly TitlePart[] }) {
  return <title>{usePageTitle(...parts)}</title>;
}
