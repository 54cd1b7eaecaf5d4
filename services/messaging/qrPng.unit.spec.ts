import { crc32, inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrCodePng } from './qrPng';

/** Undoes the row filters a 1-bit image may use here: none (0) and "Up" (2), the row above added byte by byte. */
function unfilter(raw: Buffer, rowBytes: number, height: number): Buffer {
  const pixels = Buffer.alloc((rowBytes - 1) * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * rowBytes];
    expect([0, 2]).toContain(filter);
    for (let i = 0; i < rowBytes - 1; i++) {
      const above = filter === 2 && y > 0 ? pixels[(y - 1) * (rowBytes - 1) + i]! : 0;
      pixels[y * (rowBytes - 1) + i] = (raw[y * rowBytes + 1 + i]! + above) & 0xff;
    }
  }
  return pixels;
}

/** Reads a PNG's chunks, checking each CRC, and answers its header fields and inflated scanlines. */
function readPng(file: Buffer) {
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const typed = file.subarray(at + 4, at + 8 + length);
    expect(file.readUInt32BE(at + 8 + length)).toBe(crc32(typed));
    chunks.push({ type: typed.subarray(0, 4).toString('latin1'), data: typed.subarray(4) });
    at += 12 + length;
  }
  expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    bitDepth: header[8],
    colorType: header[9],
    interlace: header[12],
    raw: inflateSync(chunks[1]!.data),
  };
}

describe('QR codes as PNG', () => {
  const code = `1${'7'.repeat(248)}`;

  it('paints every module of the code, in whole pixels, inside a white quiet zone', () => {
    const png = readPng(qrCodePng(code, { width: 300, margin: 2, errorCorrectionLevel: 'M' }));
    const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
    const scale = png.width / (modules.size + 4);
    expect(Number.isInteger(scale)).toBe(true);
    expect(png.width).toBeGreaterThanOrEqual(300);
    expect(png).toMatchObject({ height: png.width, bitDepth: 1, colorType: 0, interlace: 0 });
    const rowBytes = 1 + Math.ceil(png.width / 8);
    expect(png.raw.length).toBe(rowBytes * png.height);
    const pixels = unfilter(png.raw, rowBytes, png.height);
    const black = (x: number, y: number) =>
      ((pixels[y * (rowBytes - 1) + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0;
    let dark = 0;
    for (let y = 0; y < png.height; y++)
      for (let x = 0; x < png.width; x++) {
        const moduleX = Math.floor(x / scale) - 2;
        const moduleY = Math.floor(y / scale) - 2;
        const inside = moduleX >= 0 && moduleY >= 0 && moduleX < modules.size && moduleY < modules.size;
        const expected = inside && Boolean(modules.get(moduleY, moduleX));
        if (black(x, y) !== expected)
          throw new Error(`pixel ${x},${y} should be ${expected ? 'black' : 'white'}`);
        if (expected) dark++;
      }
    expect(dark).toBeGreaterThan(0);
  });

  it('is a fraction of the size of the RGBA rendering it replaces', async () => {
    const ours = qrCodePng(code, { width: 300, margin: 2, errorCorrectionLevel: 'M' });
    const theirs = await QRCode.toBuffer(code, {
      type: 'png',
      errorCorrectionLevel: 'M',
      width: 300,
      margin: 2,
    });
    expect(ours.length).toBeLessThan(theirs.length / 2);
  });
});
