import { imageSize } from 'image-size';
import { Refusal } from '../../kit/refusal';

/** Spec section 5: images under 5 MB, real image types only, and per kind of image its dimension bounds. */
export const maxImageBytes = 5 * 1024 * 1024;

export type ImageType = 'EVENT_COVER' | 'ORGANIZER_LOGO' | 'ORGANIZER_COVER';

export interface DimensionRule {
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
  recommended?: { width: number; height: number };
}

export const dimensionRules: Record<ImageType, DimensionRule> = {
  EVENT_COVER: {
    minWidth: 600,
    minHeight: 300,
    maxWidth: 4000,
    maxHeight: 4000,
    recommended: { width: 2160, height: 1080 },
  },
  ORGANIZER_COVER: {
    minWidth: 900,
    minHeight: 450,
    maxWidth: 4000,
    maxHeight: 4000,
    recommended: { width: 2160, height: 1080 },
  },
  ORGANIZER_LOGO: { minWidth: 100, minHeight: 100, maxWidth: 3000, maxHeight: 2000 },
};

export interface ImageFormat {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

/** The format by its first bytes, never by the file's name or the client's claimed type. */
export function sniffImageFormat(content: Buffer): ImageFormat | undefined {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => content[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { contentType: 'image/png', extension: 'png' };
  if (starts(0xff, 0xd8, 0xff)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (
    content.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    content.subarray(0, 6).toString('latin1') === 'GIF89a'
  ) {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (
    content.subarray(0, 4).toString('latin1') === 'RIFF' &&
    content.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return undefined;
}

export interface InspectedImage extends ImageFormat {
  width: number;
  height: number;
  size: number;
}

/** Checks an upload's bytes against the rules of its kind; refuses with a reason and nothing is stored. */
export function inspectImage(content: Buffer, type: ImageType): InspectedImage {
  if (content.length > maxImageBytes) throw new Refusal('image_too_large');
  const format = sniffImageFormat(content);
  if (!format)
    throw new Refusal('unsupported_image_type', undefined, {
      image: ['Upload a PNG, JPEG, WebP or GIF image'],
    });
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = imageSize(content));
  } catch {
    width = undefined;
  }
  if (!width || !height) {
    throw new Refusal('unsupported_image_type', 'The image could not be read', {
      image: ['The image could not be read'],
    });
  }
  const rule = dimensionRules[type];
  if (width < rule.minWidth || height < rule.minHeight || width > rule.maxWidth || height > rule.maxHeight) {
    const bounds = `between ${rule.minWidth}×${rule.minHeight} and ${rule.maxWidth}×${rule.maxHeight} pixels`;
    throw new Refusal(
      'image_dimensions_invalid',
      `The image is ${width}×${height}; it must be ${bounds}`,
      {
        image: [
          `The image must be ${bounds}${rule.recommended ? ` (${rule.recommended.width}×${rule.recommended.height} recommended)` : ''}`,
        ],
      },
      { width, height, ...rule },
    );
  }
  return { ...format, width, height, size: content.length };
}
