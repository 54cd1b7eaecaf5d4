import { Refusal } from '../../kit/refusal';
import type { ImageFormat } from './imageRules';

/**
 * Uploaded images are published as they are stored, so what a camera or an editor wrote into them (EXIF with
 * the GPS position, XMP, IPTC, comments, text chunks) is removed, and a file that carries anything after the
 * image's end (a ZIP, HTML or script appended to make a polyglot) or whose structure does not add up is
 * refused. A walker over the container format, not a decoder: the pixels are kept byte for byte.
 */
export function stripImageMetadata(content: Buffer, format: ImageFormat): Buffer {
  switch (format.extension) {
    case 'png':
      return stripPng(content);
    case 'jpg':
      return stripJpeg(content);
    case 'webp':
      return stripWebp(content);
    case 'gif':
      return stripGif(content);
  }
}

function malformed(why: string): never {
  throw new Refusal('unsupported_image_type', `The image could not be read: ${why}`, {
    image: ['The image could not be read'],
  });
}

// ---------- PNG: signature, then chunks (length, type, data, CRC) from IHDR to IEND

/** What draws the picture (APNG's animation chunks included); text, EXIF and time chunks go. */
const keptPngChunks = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function stripPng(content: Buffer): Buffer {
  const kept: Buffer[] = [content.subarray(0, 8)];
  let at = 8;
  let first = true;
  for (;;) {
    if (at + 12 > content.length) malformed('a PNG chunk is cut short');
    const length = content.readUInt32BE(at);
    const type = content.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > content.length) malformed('a PNG chunk is cut short');
    if (first && type !== 'IHDR') malformed('a PNG must start with its header');
    first = false;
    if (keptPngChunks.has(type)) kept.push(content.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  if (at !== content.length) malformed('there is data after the end of the PNG');
  return Buffer.concat(kept);
}

// ---------- JPEG: SOI, marker segments, entropy-coded scans, EOI

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;

/** JFIF (APP0), the ICC profile (APP2 `ICC_PROFILE`) and Adobe's colour transform (APP14) affect the pixels. */
function keepsJpegSegment(marker: number, payload: Buffer): boolean {
  if (marker === APP0 || marker === APP14) return true;
  if (marker === APP2) return payload.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0';
  if (marker >= 0xe0 && marker <= 0xef) return false; // EXIF, XMP, IPTC, MPF and other application data
  return marker !== 0xfe; // comments
}

function stripJpeg(content: Buffer): Buffer {
  if (content[0] !== 0xff || content[1] !== SOI) malformed('a JPEG must start with SOI');
  const kept: Buffer[] = [content.subarray(0, 2)];
  let at = 2;
  for (;;) {
    // Fill bytes (0xFF) may precede a marker.
    while (content[at] === 0xff && content[at + 1] === 0xff) at++;
    if (at + 2 > content.length || content[at] !== 0xff) malformed('a JPEG segment is cut short');
    const marker = content[at + 1] ?? 0;
    if (marker === EOI) {
      kept.push(content.subarray(at, at + 2));
      at += 2;
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(content.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > content.length) malformed('a JPEG segment is cut short');
    const length = content.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > content.length) malformed('a JPEG segment is cut short');
    if (keepsJpegSegment(marker, content.subarray(at + 4, end))) kept.push(content.subarray(at, end));
    at = end;
    if (marker === SOS) {
      // The scan's entropy-coded data runs to the next marker that is neither stuffing (FF00) nor a restart.
      const scanStart = at;
      while (at < content.length) {
        if (content[at] === 0xff) {
          const next = content[at + 1] ?? 0;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        at++;
      }
      if (at >= content.length) malformed('a JPEG scan is cut short');
      kept.push(content.subarray(scanStart, at));
    }
  }
  // Phones append further pictures (MPF previews) after the first one's end; those go with the MPF segment.
  // Anything else after the end is someone else's file riding along.
  if (at !== content.length && !(content[at] === 0xff && content[at + 1] === SOI && content[at + 2] === 0xff))
    malformed('there is data after the end of the JPEG');
  return Buffer.concat(kept);
}

// ---------- WebP: RIFF header, then chunks (FourCC, little-endian size, data, pad byte to even)

const keptWebpChunks = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(content: Buffer): Buffer {
  if (content.length < 12) malformed('the WebP header is cut short');
  if (content.readUInt32LE(4) + 8 !== content.length) malformed('the WebP size does not match the file');
  const kept: Buffer[] = [];
  let at = 12;
  while (at < content.length) {
    if (at + 8 > content.length) malformed('a WebP chunk is cut short');
    const fourCc = content.subarray(at, at + 4).toString('latin1');
    const size = content.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > content.length) malformed('a WebP chunk is cut short');
    if (keptWebpChunks.has(fourCc)) {
      const chunk = Buffer.from(content.subarray(at, end));
      if (fourCc === 'VP8X' && size >= 1) chunk[8] = (chunk[8] ?? 0) & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.from(content.subarray(0, 12));
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}

// ---------- GIF: header, screen descriptor, colour table, blocks, trailer

function stripGif(content: Buffer): Buffer {
  if (content.length < 13) malformed('the GIF header is cut short');
  const packed = content[10] ?? 0;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const kept: Buffer[] = [content.subarray(0, at)];
  /** Skips data sub-blocks (size byte, data) up to the zero-size terminator; returns the offset after it. */
  const skipSubBlocks = (from: number): number => {
    let cursor = from;
    for (;;) {
      if (cursor >= content.length) malformed('a GIF block is cut short');
      const size = content[cursor] ?? 0;
      cursor += 1 + size;
      if (size === 0) return cursor;
    }
  };
  for (;;) {
    if (at >= content.length) malformed('the GIF has no trailer');
    const introducer = content[at];
    if (introducer === 0x3b) {
      kept.push(content.subarray(at, at + 1));
      at += 1;
      break;
    }
    if (introducer === 0x2c) {
      if (at + 10 > content.length) malformed('a GIF image is cut short');
      const local = content[at + 9] ?? 0;
      const dataStart = at + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1; // + LZW code size
      const end = skipSubBlocks(dataStart);
      kept.push(content.subarray(at, end));
      at = end;
      continue;
    }
    if (introducer !== 0x21) malformed('the GIF has an unknown block');
    const label = content[at + 1];
    const end = skipSubBlocks(at + 2);
    const application =
      label === 0xff ? content.subarray(at + 3, at + 3 + (content[at + 2] ?? 0)).toString('latin1') : '';
    // Graphic control (timing, transparency) and the looping extension draw the animation; comments,
    // plain text and other application data (XMP) go.
    if (label === 0xf9 || application.startsWith('NETSCAPE2.0') || application.startsWith('ANIMEXTS1.0'))
      kept.push(content.subarray(at, end));
    at = end;
  }
  if (at !== content.length) malformed('there is data after the end of the GIF');
  return Buffer.concat(kept);
}
