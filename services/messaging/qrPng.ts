import { pngFile } from '../kit/png';
import { qrMatrix, type QrLevel } from './qrMatrix';

/** PNG filter types (PNG specification, section 9.2). */
const noFilter = 0;
const sameAsRowAbove = 2;

/**
 * A QR code as a black-and-white PNG (1 bit a pixel) with whole pixels per module: what a ticket mail carries.
 * `qrcode`'s own PNG renderer paints RGBA pixels one by one and filters them through pngjs, which made the
 * ticket mails of an on-sale rush cost more CPU than the orders; this writes the bit rows directly, about
 * 1/32 of the bytes to compress. Each module row is drawn once: the other pixel rows of it are "Up"-filtered
 * rows of zeros (the same as the row above), which deflate shrinks to almost nothing at almost no cost.
 * `width` is the smallest image wanted; the quiet zone is `margin` modules.
 */
export function qrCodePng(
  text: string,
  options: { width: number; margin: number; errorCorrectionLevel: QrLevel },
): Buffer {
  const { size, modules } = qrMatrix(text, options.errorCorrectionLevel);
  const modulesAcross = size + 2 * options.margin;
  const scale = Math.max(1, Math.ceil(options.width / modulesAcross));
  const side = modulesAcross * scale;
  const rowBytes = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(rowBytes * side, 0);
  const row = Buffer.alloc(rowBytes);
  for (let moduleY = -options.margin; moduleY < size + options.margin; moduleY++) {
    // All white (1 bits), then the dark modules of this row cleared.
    row.fill(0xff);
    row[0] = noFilter;
    if (moduleY >= 0 && moduleY < size) {
      for (let moduleX = 0; moduleX < size; moduleX++) {
        if (!modules[moduleY * size + moduleX]) continue;
        const firstColumn = (moduleX + options.margin) * scale;
        for (let x = firstColumn; x < firstColumn + scale; x++) row[1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
      }
    }
    const firstPixelRow = (moduleY + options.margin) * scale;
    row.copy(raw, firstPixelRow * rowBytes);
    for (let y = firstPixelRow + 1; y < firstPixelRow + scale; y++) raw[y * rowBytes] = sameAsRowAbove;
  }
  // Level 1: a seventh larger than level 6 on these rows, in a quarter of the time.
  return pngFile({ width: side, height: side, bitDepth: 1, colorType: 0 }, raw, 1);
}
