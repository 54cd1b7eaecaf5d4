import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Next } from 'koa';
import type { Services } from '../kit/http/context';
import { firstLiveEvent } from '../../projections/events';
import { eventHead, injectHead, publicEventPath, sitemapXml } from '../catalog/seo/eventHead';
import { fileStorageFor, storageKeyPattern, uploadsPath } from '../catalog/images/storage';
import type { PublicEventCache } from '../../projections/events/publicEventCache';
import { isShortId } from '../kit/shortIds';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built web app: hashed assets for a year, everything else falls back to index.html so the
 * client router (and its not-found page) takes over. `/` goes to the sample event's public page. Uploaded
 * images (content-addressed, so immutable) are served for a year too; a public event page's HTML carries the
 * event's SEO head; `/sitemap.xml` lists the live, indexable events.
 */
export function serveWeb(services: Services, publicEvents: PublicEventCache) {
  const root = services.config.webDist;
  const storage = fileStorageFor(services.config.dataDir);
  const publicUrl = services.config.publicUrl;
  let cachedIndex: { mtimeMs: number; html: string } | undefined;
  const indexHtml = (file: string): string => {
    const mtimeMs = statSync(file).mtimeMs;
    if (cachedIndex?.mtimeMs !== mtimeMs) cachedIndex = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cachedIndex.html;
  };
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      await next();
      return;
    }
    if (ctx.path === '/') {
      const sample = await firstLiveEvent(services.db);
      ctx.redirect(sample ? `/event/${sample.id}/${sample.slug}` : '/manage/events');
      return;
    }
    if (ctx.path.startsWith(uploadsPath)) {
      const key = ctx.path.slice(uploadsPath.length);
      const stored = storageKeyPattern.test(key) ? await storage.get(key) : undefined;
      if (!stored) {
        await next();
        return;
      }
      ctx.type = contentTypes[extname(key)] ?? 'application/octet-stream';
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.length = stored.size;
      ctx.body = stored.stream;
      return;
    }
    if (ctx.path === '/sitemap.xml') {
      ctx.type = 'application/xml; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = await sitemapXml(services.db, publicUrl);
      return;
    }
    const scannerList = scannerManifestPath.exec(ctx.path)?.[1];
    if (scannerList && isShortId(scannerList)) {
      const template = resolveFile(root, '/check-in.webmanifest');
      if (!template) {
        await next();
        return;
      }
      ctx.type = contentTypes['.webmanifest']!;
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = scannerManifest(readFileSync(template, 'utf8'), scannerList);
      return;
    }
    const file = resolveFile(root, ctx.path);
    if (file) {
      ctx.type = contentTypes[extname(file)] ?? 'application/octet-stream';
      // Vite names every file under /assets/ by its content's hash: a new build makes new names.
      ctx.set(
        'Cache-Control',
        ctx.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      sendFile(ctx, file);
      return;
    }
    if (extname(ctx.path) !== '') {
      await next();
      return;
    }
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built. Run `npm run build`.';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    const eventId = publicEventPath.exec(ctx.path)?.[1];
    const event = eventId ? await publicEvents.get(eventId, services.clock.now()) : null;
    const head = event ? eventHead(event, publicUrl) : undefined;
    if (head && eventId)
      ctx.body = preloadEvent(
        injectHead(indexHtml(index), head),
        eventId,
        ctx.query.promo_code !== undefined,
      );
    else sendFile(ctx, resolveFile(root, pageFor(ctx.path)) ?? index);
  };
}

/**
 * The event page's first data call starts with the page instead of after its scripts ran: on a phone that is
 * the one round trip between the scripts and the tickets (the web's publicEventLoader asks for the same URL,
 * credentials included, so the browser hands it the preloaded answer). With a promo code the loader asks for
 * more, so nothing is preloaded.
 */
function preloadEvent(html: string, eventId: string, withPromoCode: boolean): string {
  if (withPromoCode) return html;
  const href = `/api/public/events/${encodeURIComponent(eventId)}`;
  return html.replace(
    '</head>',
    () => `<link rel="preload" as="fetch" href="${href}" crossorigin="use-credentials" />\n  </head>`,
  );
}

/**
 * The routes under the web's AdminShell (web/src/app/routes.tsx) get a page that also preloads their chunks
 * (web/scripts/preloadChunks.ts): the scanner its own, the back office `admin.html`.
 */
function pageFor(path: string): string {
  if (/^\/check-in\//.test(path)) return '/scanner.html';
  if (/^\/(manage|account|auth|welcome)(\/|$)/.test(path)) return '/admin.html';
  return '/index.html';
}

const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Sends a file of the build, or the copy the build compressed beforehand (web/scripts/precompress.ts) in the
 * best encoding the browser accepts. A streamed body is left alone by the compression middleware (app.ts).
 */
function sendFile(ctx: Context, file: string): void {
  ctx.vary('Accept-Encoding');
  for (const encoding of encodings) {
    const variant = `${file}${encoding.suffix}`;
    if (!existsSync(variant) || ctx.acceptsEncodings(encoding.name, 'identity') !== encoding.name) continue;
    ctx.set('Content-Encoding', encoding.name);
    ctx.length = statSync(variant).size;
    ctx.body = createReadStream(variant);
    return;
  }
  ctx.length = statSync(file).size;
  ctx.body = createReadStream(file);
}

const scannerManifestPath = /^\/check-in\/([^/]+)\/app\.webmanifest$/;

/**
 * The scanning page's web app manifest for one list (web/public/check-in.webmanifest with the list's own
 * `start_url` and `id`): Chromium installs only a manifest that names its start URL, and an installed scanner
 * should open the list it was installed from. The short id is not looked up: the page itself answers an
 * unknown or rotated link.
 */
function scannerManifest(template: string, listShortId: string): string {
  const start = `/check-in/${listShortId}`;
  return JSON.stringify({ ...(JSON.parse(template) as object), id: start, start_url: start });
}

function resolveFile(root: string, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  if (!existsSync(candidate)) return undefined;
  return statSync(candidate).isFile() ? candidate : undefined;
}
