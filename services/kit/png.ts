import { crc32, deflateSync } from 'node:zlib';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A whole PNG file from its scanlines (`raw`: each row is a filter-type byte, then the row's packed pixels).
 * `bitDepth` and `colorType` as in the PNG specification: 8 and 2 for RGB, 1 and 0 for black and white.
 */
export function pngFile(
  image: { width: number; height: number; bitDepth: 1 | 8; colorType: 0 | 2 },
  raw: Buffer,
  level = 6,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([image.bitDepth, image.colorType, 0, 0, 0], 8);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
