import type { Knex } from 'knex';
import { listLiveEventPages, settingsOf } from '../../../projections/events/pages';
import type { PublicEvent } from '../../../projections/events/publicEventCache';
import { plainText } from '../richText';

/**
 * The head of a public event page as the server sends it, so crawlers and link previews that run no
 * JavaScript see the event's SEO title, description, keywords, image and robots rule.
 */
export interface EventHead {
  title: string;
  description: string;
  keywords: string | null;
  imageUrl: string | null;
  canonicalUrl: string;
  indexable: boolean;
}

export const publicEventPath = /^\/(?:e|event)\/([a-z]{2,4}_[0-9a-z]{4,40})(?:\/[^/]*)?\/?$/;

/** The head of a live event's page, from the same presented event the public API answers with. */
export function eventHead(event: PublicEvent, publicUrl: string): EventHead {
  const settings = event.settings;
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  return {
    title: text(settings.seo_title) ?? event.title,
    description: truncate(text(settings.seo_description) ?? plainText(event.description_html), 300),
    keywords: text(settings.seo_keywords),
    imageUrl: event.cover_image_url ? `${publicUrl}${event.cover_image_url}` : null,
    canonicalUrl: `${publicUrl}/event/${event.id}/${event.slug}`,
    indexable: settings.allow_search_engine_indexing !== false,
  };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** index.html with the event's title and meta tags in place of the generic title. */
export function injectHead(indexHtml: string, head: EventHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? meta('name', 'description', head.description) : '',
    head.keywords ? meta('name', 'keywords', head.keywords) : '',
    head.indexable ? '' : meta('name', 'robots', 'noindex, nofollow'),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    head.description ? meta('property', 'og:description', head.description) : '',
    meta('property', 'og:url', head.canonicalUrl),
    head.imageUrl ? meta('property', 'og:image', head.imageUrl) : '',
    meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'),
  ]
    .filter(Boolean)
    .join('\n    ');
  // A function replacement: a string one would read `$&`, `$'` and `` $` `` in the user's text as patterns.
  return indexHtml.replace(/<title>[\s\S]*?<\/title>/, () => tags);
}

/** `/sitemap.xml`: every live event that allows search-engine indexing. */
export async function sitemapXml(db: Knex, publicUrl: string): Promise<string> {
  const rows = await listLiveEventPages(db, 50_000);
  const urls = rows
    .filter(
      (row) =>
        settingsOf(row.settings === null ? undefined : { settings: row.settings }).allowSearchEngineIndexing,
    )
    .map(
      (row) =>
        `  <url><loc>${escapeHtml(`${publicUrl}/event/${row.id}/${row.slug}`)}</loc><lastmod>${row.updated_at.slice(0, 10)}</lastmod></url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}
