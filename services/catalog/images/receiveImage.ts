import type { Context } from 'koa';
import { Refusal } from '../../kit/refusal';
import { inspectImage, type ImageType } from './imageRules';
import type { StoredImage } from './storedImage';
import { contentKey, type FileStorage } from './storage';
import { stripImageMetadata } from './stripMetadata';
import { readImageUpload } from './upload';

/** A checked upload: the fields of its StoredImage except the id and time the command gives it. */
export type ReceivedImage<Type extends ImageType> = Omit<StoredImage<Type>, 'imageId' | 'uploadedAt'>;

/**
 * Reads and checks one uploaded image, strips its metadata (stripMetadata.ts), lets `decide` refuse it against the aggregate's current state (a pure
 * decider call), and only then stores the file and runs `record`, the command that refers to it. So a refused
 * upload stores nothing. A stored file is never deleted here: its key is its content, and another image (a
 * duplicate's, or a concurrent upload of the same bytes) may refer to it.
 */
export async function receiveImage<Type extends ImageType, Result>(
  ctx: Context,
  storage: FileStorage,
  allowed: readonly Type[],
  steps: {
    decide: (image: ReceivedImage<Type>) => void;
    record: (image: ReceivedImage<Type>) => Promise<Result>;
  },
): Promise<Result> {
  const upload = await readImageUpload(ctx);
  const type = (upload.fields.type ?? allowed[0]) as Type;
  if (!allowed.includes(type)) {
    throw new Refusal('validation_failed', undefined, { type: [`Allowed: ${allowed.join(', ')}`] });
  }
  const { contentType, width, height, extension } = inspectImage(upload.content, type);
  const content = stripImageMetadata(upload.content, { contentType, extension });
  const image: ReceivedImage<Type> = {
    type,
    key: contentKey(content, extension),
    contentType,
    size: content.length,
    width,
    height,
  };
  steps.decide(image);
  if (!(await storage.exists(image.key))) await storage.put(image.key, content, contentType);
  return steps.record(image);
}
