import { describe, expect, it } from 'vitest';
import { Refusal } from '../../kit/refusal';
import { inspectImage, sniffImageFormat } from './imageRules';
import { pngImage } from './testing';

function refusalOf(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('uploaded images are checked by content', () => {
  it('reads a real PNG and its dimensions', () => {
    expect(inspectImage(pngImage(2160, 1080), 'EVENT_COVER')).toMatchObject({
      contentType: 'image/png',
      extension: 'png',
      width: 2160,
      height: 1080,
    });
  });

  it('knows JPEG, GIF and WebP by their first bytes, and nothing by a name', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.contentType).toBe('image/jpeg');
    expect(sniffImageFormat(Buffer.from('GIF89a......'))?.contentType).toBe('image/gif');
    expect(
      sniffImageFormat(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))
        ?.contentType,
    ).toBe('image/webp');
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('refuses a file that is not an image, whatever it is called', () => {
    expect(refusalOf(() => inspectImage(Buffer.from('%PDF-1.7 not an image'), 'EVENT_COVER')).reason).toBe(
      'unsupported_image_type',
    );
    const signatureOnly = Buffer.concat([
      pngImage(800, 400).subarray(0, 8),
      Buffer.from('then anything but a header'),
    ]);
    expect(refusalOf(() => inspectImage(signatureOnly, 'EVENT_COVER')).reason).toBe('unsupported_image_type');
  });

  it('refuses a cover below 600×300 or beyond 4000×4000, naming the bounds', () => {
    const small = refusalOf(() => inspectImage(pngImage(599, 300), 'EVENT_COVER'));
    expect(small.reason).toBe('image_dimensions_invalid');
    expect(small.fieldErrors?.image?.[0]).toContain('600×300');
    expect(refusalOf(() => inspectImage(pngImage(4001, 500), 'EVENT_COVER')).reason).toBe(
      'image_dimensions_invalid',
    );
    expect(inspectImage(pngImage(600, 300), 'EVENT_COVER').width).toBe(600);
  });

  it('has its own bounds for organizer covers and logos', () => {
    expect(refusalOf(() => inspectImage(pngImage(800, 400), 'ORGANIZER_COVER')).reason).toBe(
      'image_dimensions_invalid',
    );
    expect(inspectImage(pngImage(300, 300), 'ORGANIZER_LOGO').height).toBe(300);
    expect(refusalOf(() => inspectImage(pngImage(3001, 500), 'ORGANIZER_LOGO')).reason).toBe(
      'image_dimensions_invalid',
    );
  });

  it('refuses 5 MB or more', () => {
    expect(refusalOf(() => inspectImage(pngImage(1400, 1300, { noise: true }), 'EVENT_COVER')).reason).toBe(
      'image_too_large',
    );
  });
});
