import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Real PNG files of a given size, made in memory for tests: a solid colour compresses to a few hundred bytes
 * whatever the dimensions; `noise` fills the pixels with random bytes, so the file is about width×height×3;
 * `gradient` paints a dusk-coloured gradient, for screenshots a person can tell apart from a placeholder.
 */
export function pngImage(
  width: number,
  height: number,
  options: { noise?: boolean; gradient?: boolean } = {},
): Buffer {
  const row = 1 + width * 3;
  const raw = options.noise ? randomBytes(row * height) : Buffer.alloc(row * height, 0x80);
  if (options.gradient) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = y * row + 1 + x * 3;
        raw[at] = Math.round(40 + (215 * y) / height);
        raw[at + 1] = Math.round(30 + (120 * x) / width);
        raw[at + 2] = Math.round(120 - (80 * y) / height);
      }
    }
  }
  for (let y = 0; y < height; y++) raw[y * row] = 0; // filter type "none" for each scanline
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: options.noise ? 0 : 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const table = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (table[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
