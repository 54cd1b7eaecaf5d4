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

/** The pages besides `index.html` the build writes, and the chunks each preloads on top of `public`. */
export const extraPages = [
  // The back office (services/api/web.ts sends it for its paths).
  { file: 'admin.html', chunks: ['admin'] },
  // The check-in scanner: door staff open it on a phone, often on a poor network, and wait for it.
  { file: 'scanner.html', chunks: ['admin', 'ScannerPage'] },
] as const;

/**
 * `index.html` preloads the `public` chunk, which every page needs (the buyers' pages above all); the build
 * also writes the `extraPages`, the same page preloading their chunks too.
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
      const index = await readFile(join(outDir, 'index.html'), 'utf8');
      for (const page of extraPages) {
        const tags = page.chunks.flatMap((name) => {
          const files = chunkFiles(bundle, name);
          if (!files) throw new Error(`${page.file}: the build has no chunk named ${name}`);
          return preloadTags(files);
        });
        await writeFile(join(outDir, page.file), index.replace('  </head>', `${asHtml(tags)}  </head>`));
      }
    },
  };
}
