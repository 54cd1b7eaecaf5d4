import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reasonMessages } from '../../web/src/shared/api/reasonMessages';
import { reasonCatalog } from './reasons';

const localesDir = join(import.meta.dirname, '../../web/src/shared/intl/locales');

/** Every reason the server can send has one translated message in the web, in every catalogue. */
describe('reason messages', () => {
  it('the web has a message for every server reason, and none for reasons that do not exist', () => {
    expect(Object.keys(reasonMessages).sort()).toEqual(Object.keys(reasonCatalog).sort());
    for (const [reason, message] of Object.entries(reasonMessages))
      expect(message.id).toBe(`reason.${reason}`);
  });

  it('every catalogue translates every reason', () => {
    const files = readdirSync(localesDir).filter((file) => file.endsWith('.json'));
    expect(files).toHaveLength(7);
    for (const file of files) {
      const catalogue = JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as Record<string, string>;
      const missing = Object.keys(reasonCatalog).filter((reason) => !catalogue[`reason.${reason}`]?.trim());
      expect(missing, file).toEqual([]);
    }
  });
});
