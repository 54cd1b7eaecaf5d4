import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Local disk by default; an S3-compatible store implements the same four calls
 * (put an object, stream it, delete it, its public URL). Keys are content-addressed, so a file is written once
 * however many images (a duplicated event's cover, say) refer to it.
 */
export interface FileStorage {
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A stream of the file and its size, or undefined when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
  /** The URL the file is served at (relative to the site for local disk). */
  url(key: string): string;
}

export const uploadsPath = '/uploads/';

/** `<sha256 of the content>.<ext>`: the same bytes always get the same key. */
export function contentKey(content: Buffer, extension: string): string {
  return `${createHash('sha256').update(content).digest('hex')}.${extension}`;
}

export const storageKeyPattern = /^[0-9a-f]{64}\.(png|jpg|webp|gif)$/;

export class LocalFileStorage implements FileStorage {
  constructor(private readonly directory: string) {}

  private path(key: string): string {
    if (!storageKeyPattern.test(key)) throw new Error(`not a storage key: ${key}`);
    return join(this.directory, key);
  }

  async put(key: string, content: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(this.directory, { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const partial = `${path}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, content);
    await rename(partial, path);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.path(key));
      return true;
    } catch {
      return false;
    }
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    if (!storageKeyPattern.test(key)) return undefined;
    try {
      const info = await stat(this.path(key));
      return { stream: createReadStream(this.path(key)), size: info.size };
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  url(key: string): string {
    return `${uploadsPath}${key}`;
  }
}

const storages = new Map<string, FileStorage>();

/** The platform's storage: `${DATA_DIR}/uploads` on local disk. */
export function fileStorageFor(dataDir: string): FileStorage {
  let storage = storages.get(dataDir);
  if (!storage) {
    storage = new LocalFileStorage(join(dataDir, 'uploads'));
    storages.set(dataDir, storage);
  }
  return storage;
}
