import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

type Bundle = Record<string, { type: string; name?: string; viteMetadata?: { importedCss: Set<string> } }>;

/** The file of the chunk named `name` (a code-splitting group of vite.config.ts) and its styles. */
function chunkFiles(bundle: Bundle, name: string): { script: string; styles: string[] } | undefined {
  for (const [fileName, output] of Object.entries(bundle)) {
    if (output.type === 'chunk' && output.name === name)
      return { script: fileName, styles: [...(output.viteMetadata?.importedCss ?? [])] };
  }
  return undefined;
}

/**
 * Preload links for a chunk: fetched while `index.js` still downloads and runs, instead of a round trip later
 * when the router asks for the route. `crossorigin` as Vite's loader asks for them, so the browser reuses them.
 */
function preloadTags(files: { script: string; styles: string[] }): HtmlTagDescriptor[] {
  return [
    {
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: `/${files.script}` },
      injectTo: 'head',
    },
    ...files.styles.map((style): HtmlTagDescriptor => ({
      tag: 'link',
      attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${style}` },
      injectTo: 'head',
    })),
  ];
}

const asHtml = (tags: HtmlTagDescriptor[]) =>
  tags
    .map((tag) => {
      const attrs = Object.entries(tag.attrs ?? {})
        .map(([key, value]) => (value === true ? key : `${key}="${String(value)}"`))
        .join(' ');
      return `    <${tag.tag} ${attrs}>\n`;
    })
    .join('');

/**
 * `index.html` preloads the `public` chunk, which every page needs (the buyers' pages above all); the build
 * also writes `admin.html`, the same page that preloads the `admin` chunk too, which the server sends for the
 * back office and the scanner (services/api/web.ts).
 */
export function preloadChunks(): Plugin {
  let outDir = '';
  return {
    name: 'ticketing:preload-chunks',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = context.bundle && chunkFiles(context.bundle, 'public');
        return files ? preloadTags(files) : [];
      },
    },
    async writeBundle(_options, bundle) {
      const files = chunkFiles(bundle, 'admin');
      if (!files) return;
      const index = await readFile(join(outDir, 'index.html'), 'utf8');
      await writeFile(
        join(outDir, 'admin.html'),
        index.replace('  </head>', `${asHtml(preloadTags(files))}  </head>`),
      );
    },
  };
}
