import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts in the build are compressed formats already. */
export const precompressedExtensions = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.webmanifest',
]);

/** Below this a compressed copy saves less than its extra headers cost. */
const minimumBytes = 1024;

/**
 * Writes `<file>.br` (brotli at its best quality) and `<file>.gz` (gzip level 9) beside every text file of at
 * least a kilobyte under `directory`, where the copy is smaller; the server sends whichever the browser accepts
 * (services/api/web.ts). Done once at build time, so no request pays for the strongest compression levels.
 */
export async function precompressDirectory(directory: string): Promise<{ files: number }> {
  let files = 0;
  const work: Promise<void>[] = [];
  for (const file of await filesUnder(directory)) {
    if (!precompressedExtensions.has(extname(file))) continue;
    work.push(
      (async () => {
        const content = await readFile(file);
        if (content.length < minimumBytes) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        files++;
      })(),
    );
  }
  await Promise.all(work);
  return { files };
}

async function filesUnder(directory: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(directory)) {
    const path = join(directory, entry);
    if ((await stat(path)).isDirectory()) found.push(...(await filesUnder(path)));
    else found.push(path);
  }
  return found;
}

/** The Vite plugin: pre-compresses the finished build, public files included. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ticketing:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
