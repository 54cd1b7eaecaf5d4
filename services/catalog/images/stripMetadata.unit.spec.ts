import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../../kit/refusal';
import { sniffImageFormat } from './imageRules';
import { stripImageMetadata } from './stripMetadata';
import { pngChunk } from '../../kit/png';
import { pngImage } from './testing';

const gps = 'GPSLatitude 52.5200 N; GPSLongitude 13.4050 E';

function strip(content: Buffer): Buffer {
  const format = sniffImageFormat(content);
  if (!format) throw new Error('not an image');
  return stripImageMetadata(content, format);
}

function refusal(content: Buffer): unknown {
  try {
    strip(content);
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Inserts PNG chunks right after IHDR (signature 8 bytes + IHDR chunk 25 bytes). */
function withPngChunks(png: Buffer, ...chunks: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

const segment = (marker: number, payload: Buffer | string) => {
  const data = Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'latin1');
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([header, data]);
};

/** A structurally complete baseline JPEG (the scan's bytes are not a real picture: the walker does not decode). */
function jpeg(...extra: Buffer[]): { clean: Buffer; tagged: Buffer } {
  const soi = Buffer.from([0xff, 0xd8]);
  const app0 = segment(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\0\0');
  const sof0 = segment(0xc0, Buffer.from([8, 0x02, 0x58, 0x03, 0x20, 1, 1, 0x11, 0]));
  const sos = segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0]));
  const scan = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]);
  const eoi = Buffer.from([0xff, 0xd9]);
  return {
    clean: Buffer.concat([soi, app0, sof0, sos, scan, eoi]),
    tagged: Buffer.concat([soi, app0, ...extra, sof0, sos, scan, eoi]),
  };
}

const riffChunk = (fourCc: string, data: Buffer) => {
  const header = Buffer.alloc(8);
  header.write(fourCc, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};
function webp(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
function vp8x(flags: number): Buffer {
  const data = Buffer.alloc(10);
  data[0] = flags;
  data.writeUIntLE(699, 4, 3);
  data.writeUIntLE(399, 7, 3);
  return riffChunk('VP8X', data);
}

describe('stripping image metadata', () => {
  it('removes text and EXIF chunks from a PNG and keeps the picture byte for byte', () => {
    const original = pngImage(700, 400);
    const tagged = withPngChunks(
      original,
      pngChunk('tEXt', Buffer.from(`Comment\0${gps}`, 'latin1')),
      pngChunk('eXIf', Buffer.from(`MM\0*${gps}`, 'latin1')),
      pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>', 'latin1')),
    );
    const clean = strip(tagged);
    expect(clean.toString('latin1')).not.toContain('GPS');
    expect(clean.toString('latin1')).not.toContain('xmpmeta');
    expect(clean.equals(original)).toBe(true);
    expect(imageSize(clean)).toMatchObject({ width: 700, height: 400 });
  });

  it('removes EXIF, XMP, IPTC and comments from a JPEG and keeps its colour profile', () => {
    const icc = segment(0xe2, 'ICC_PROFILE\0\x01\x01profile-bytes');
    const { clean, tagged } = jpeg(
      segment(0xe1, `Exif\0\0${gps}`),
      segment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>'),
      segment(0xed, `Photoshop 3.0\0${gps}`),
      segment(0xfe, 'made at home'),
      icc,
    );
    const stripped = strip(tagged);
    expect(stripped.toString('latin1')).not.toMatch(/GPS|xmpmeta|made at home/);
    expect(stripped.toString('latin1')).toContain('ICC_PROFILE');
    const withoutIcc = Buffer.concat([stripped.subarray(0, 20), stripped.subarray(20 + icc.length)]);
    expect(withoutIcc.equals(clean)).toBe(true);
  });

  it('drops the pictures a phone appends after a JPEG, but refuses anything else after its end', () => {
    const { clean, tagged } = jpeg();
    expect(strip(Buffer.concat([tagged, clean])).equals(clean)).toBe(true);
    const polyglot = Buffer.concat([tagged, Buffer.from('<script>alert(1)</script>')]);
    expect(refusal(polyglot)).toBeInstanceOf(Refusal);
    expect((refusal(polyglot) as Refusal).reason).toBe('unsupported_image_type');
  });

  it('removes EXIF and XMP chunks from a WebP and clears their flags', () => {
    const picture = riffChunk('VP8L', Buffer.from([0x2f, 1, 2, 3, 4]));
    const tagged = webp(
      vp8x(0x10 | 0x08 | 0x04),
      picture,
      riffChunk('EXIF', Buffer.from(gps)),
      riffChunk('XMP ', Buffer.from('<x:xmpmeta/>')),
    );
    const clean = strip(tagged);
    expect(clean.toString('latin1')).not.toMatch(/GPS|xmpmeta/);
    expect(clean.equals(webp(vp8x(0x10), picture))).toBe(true);
    expect(clean.readUInt32LE(4)).toBe(clean.length - 8);
  });

  it('removes comments and XMP from a GIF and keeps the animation loop', () => {
    const header = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0x58, 0x02, 0x90, 0x01, 0, 0, 0]),
    ]);
    const loop = Buffer.from([0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0]);
    const comment = Buffer.from([0x21, 0xfe, gps.length, ...Buffer.from(gps), 0]);
    const xmp = Buffer.from([0x21, 0xff, 11, ...Buffer.from('XMP DataXMP'), 4, ...Buffer.from('<x:>'), 0]);
    const image = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0]);
    const trailer = Buffer.from([0x3b]);
    const clean = strip(Buffer.concat([header, comment, loop, xmp, image, trailer]));
    expect(clean.equals(Buffer.concat([header, loop, image, trailer]))).toBe(true);
    expect(refusal(Buffer.concat([header, loop, image, trailer, Buffer.from('PK\x03\x04')]))).toBeInstanceOf(
      Refusal,
    );
  });

  it('refuses a PNG with a file appended after its end, and cut-short files', () => {
    const original = pngImage(700, 400);
    expect(refusal(Buffer.concat([original, Buffer.from('PK\x03\x04zip')]))).toBeInstanceOf(Refusal);
    expect(refusal(original.subarray(0, original.length - 5))).toBeInstanceOf(Refusal);
    const webpWithTail = Buffer.concat([webp(vp8x(0)), Buffer.from('<html>')]);
    expect(refusal(webpWithTail)).toBeInstanceOf(Refusal);
  });
});
