import { randomBytes } from 'node:crypto';
import { pngFile } from '../../kit/png';

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
  return pngFile({ width, height, bitDepth: 8, colorType: 2 }, raw, options.noise ? 0 : 9);
}
