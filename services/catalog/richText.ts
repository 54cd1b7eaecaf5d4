import sanitizeHtml from 'sanitize-html';
import { storageKeyPattern, uploadsPath } from './images/storage';

/**
 * Rich text (descriptions, checkout messages, email footers and bodies) is stored sanitised: only formatting
 * tags, links and images survive; scripts, styles, event handlers and `javascript:` URLs are removed on the
 * server, so the web can render what it receives.
 */
const formatting: sanitizeHtml.IOptions = {
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

/** `/uploads/<sha256>.<ext>`: a file the platform stores and serves itself (images/storage.ts). */
export function isOwnUpload(src: string | undefined): boolean {
  return (
    src !== undefined && src.startsWith(uploadsPath) && storageKeyPattern.test(src.slice(uploadsPath.length))
  );
}

/**
 * What the platform's own pages show (event, ticket and organizer descriptions, checkout messages): an image
 * from anywhere else would tell its host who opened the page (a tracking pixel), so only the platform's own
 * uploads stay; the Content-Security-Policy (services/api/app.ts) blocks any other source too.
 */
const pageOptions: sanitizeHtml.IOptions = {
  ...formatting,
  allowedSchemesByTag: { img: [] },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnUpload(frame.attribs.src),
};

/** Rich text for the platform's pages: formatting, links, and images only from the platform's own uploads. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, pageOptions).trim();
}

/** Sanitises page rich text and turns an empty result into null, so "nothing" is stored one way. */
export function sanitizeOptionalRichText(html: string | null | undefined): string | null | undefined {
  if (html === undefined || html === null) return html;
  const clean = sanitizeRichText(html);
  return clean === '' ? null : clean;
}

/**
 * Rich text that only goes out by email (messages, email templates): mail programs fetch (or block) remote
 * images on their reader's terms, so https images stay.
 */
export function sanitizeMailRichText(html: string): string {
  return sanitizeHtml(html, formatting).trim();
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
