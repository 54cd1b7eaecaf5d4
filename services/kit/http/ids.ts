import { z } from 'zod';

/** What `IdSource.entity(prefix)` mints after the prefix: 4 (test ids) to 40 lowercase letters and digits. */
const idBody = '[0-9a-z]{4,40}';

/** An entity id of any kind (`ev_k3v9x2m4q8r1`): a 2 to 4 letter prefix, an underscore, the random part. */
export const entityIdPattern = new RegExp(`^[a-z]{2,4}_${idBody}$`);

export const entityId = z.string().regex(entityIdPattern, 'Not a valid id');

/** An entity id of one kind, by its prefix (`tx`, `ca`): an id of another kind is not one. */
export function entityIdOf(prefix: string, message = 'Not a valid id') {
  return z.string().regex(new RegExp(`^${prefix}_${idBody}$`), message);
}
