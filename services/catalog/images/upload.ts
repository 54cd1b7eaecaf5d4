import type { Context } from 'koa';
import multer from 'multer';
import { Refusal } from '../../kit/refusal';
import { maxImageBytes } from './imageRules';

export interface ImageUpload {
  content: Buffer;
  fields: Record<string, string>;
}

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: maxImageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
}).single('image');

/** Slack for the multipart envelope and the small text fields around the file. */
const envelopeBytes = 64 * 1024;

/**
 * Reads a `multipart/form-data` upload with one file in `image`, into memory only (nothing touches the disk
 * before it is checked). Too large a body is refused from its Content-Length before it is read.
 */
export async function readImageUpload(ctx: Context): Promise<ImageUpload> {
  if (!ctx.is('multipart/form-data')) {
    throw new Refusal(
      'unsupported_media_type',
      'Send the image as multipart/form-data with a field named image',
    );
  }
  if (Number(ctx.get('Content-Length') || 0) > maxImageBytes + envelopeBytes)
    throw new Refusal('image_too_large');
  const request = ctx.req as typeof ctx.req & { file?: Express.Multer.File; body?: Record<string, unknown> };
  await new Promise<void>((resolve, reject) => {
    parser(request as never, ctx.res as never, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(new Refusal('image_too_large'));
        return reject(new Refusal('validation_failed', error.message, { image: [error.message] }));
      }
      reject(
        new Refusal('validation_failed', 'The upload could not be read', {
          image: ['The upload could not be read'],
        }),
      );
    });
  });
  if (!request.file)
    throw new Refusal('validation_failed', undefined, { image: ['Choose an image to upload'] });
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.body ?? {}))
    if (typeof value === 'string') fields[key] = value;
  return { content: request.file.buffer, fields };
}
