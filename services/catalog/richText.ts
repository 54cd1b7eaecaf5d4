import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (descriptions, checkout messages, email footers) is stored sanitised: only formatting tags, links
 * and images survive; scripts, styles, event handlers and `javascript:` URLs are removed on the server, so the
 * web can render what it receives.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'hr',
    'img',
    'span',
    'div',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Sanitises and turns an empty result into null, so "nothing" is stored one way. */
export function sanitizeOptionalRichText(html: string | null | undefined): string | null | undefined {
  if (html === undefined || html === null) return html;
  const clean = sanitizeRichText(html);
  return clean === '' ? null : clean;
}

const plainTextCache = new Map<string, string>();
const plainTextCacheSize = 500;

/** Plain text of a sanitised fragment (for meta descriptions); memoised, as every public page view asks. */
export function plainText(html: string | null): string {
  if (!html) return '';
  const cached = plainTextCache.get(html);
  if (cached !== undefined) return cached;
  const text = toPlainText(html);
  if (plainTextCache.size >= plainTextCacheSize) plainTextCache.delete(plainTextCache.keys().next().value!);
  plainTextCache.set(html, text);
  return text;
}

function toPlainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (_match, entity: string) => entities[entity] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
