import { randomBytes, randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let offset = pool.length;

/**
 * `size` bytes from the operating system's CSPRNG, served from a pool refilled 4 KB at a time (as Node's own
 * `randomUUID` does): ids and tokens are drawn on every request, and a draw each cost more than the id.
 * Each byte is handed out once; the caller gets its own copy.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (size > pool.length / 8) return randomBytes(size);
  if (offset + size > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}
