import { describe, expect, it } from 'vitest';
import { informalMessages } from '../../../web/scripts/formalGerman';
import { de } from './de';

describe('German mails say "Sie" (docs/i18n.md)', () => {
  it('has no informal form in the mail catalogue', () => {
    expect(
      informalMessages(de),
      'write these with "Sie" ("Bestätigen Sie …", "Ihr …"), as the rest of de.ts does',
    ).toEqual([]);
  });
});
