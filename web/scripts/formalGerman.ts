/**
 * The product speaks German with "Sie" (docs/i18n.md, as Hi.Events' German does). This finds the informal
 * forms a translation may slip into: the "du"/"ihr" pronouns and possessives, and the imperatives that go with
 * "du" ("Gib …", "Wähle …", "… oder lass …"), whose formal form names "Sie" ("Geben Sie …").
 *
 * Used by the web catalogue's guard (web/src/shared/intl/formalGerman.unit.spec.ts) and the mails'
 * (services/messaging/locales/formalGerman.unit.spec.ts).
 */

/** Word edges that know umlauts and ß (`\b` does not: it would find "geh" in "gehört"). */
const before = '(?<![\\p{L}\\p{N}])';
const after = '(?![\\p{L}\\p{N}])';

const pronouns = new RegExp(
  `${before}(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer|eures)${after}`,
  'iu',
);

/**
 * "du" imperatives a screen or a mail would use. Each is only taken for one where it starts a sentence (or
 * follows "Bitte", "und", "oder"), where German capitalises nouns too: none of these is a noun there.
 */
const imperatives = [
  'aktiviere',
  'akzeptiere',
  'bestätige',
  'benutze',
  'drucke',
  'entferne',
  'erstelle',
  'fülle',
  'füge',
  'gib',
  'geh',
  'halte',
  'hinterlege',
  'klicke',
  'klick',
  'komm',
  'kontaktiere',
  'kopiere',
  'lade',
  'lass',
  'lege',
  'lies',
  'mach',
  'mache',
  'melde',
  'nimm',
  'nutze',
  'öffne',
  'prüfe',
  'scanne',
  'schau',
  'schick',
  'schicke',
  'schreib',
  'schreibe',
  'sende',
  'setze',
  'sieh',
  'speichere',
  'teile',
  'trage',
  'verbinde',
  'vergiss',
  'versuche',
  'verwende',
  'wähle',
  'warte',
  'zahl',
  'zahle',
  'zeige',
  'ändere',
];

const imperativeAtStart = new RegExp(
  `(?:^|[.!?:;]\\s+|${before}(?:bitte|und|oder)\\s+)(${imperatives.join('|')})${after}(?!\\s+Sie${after})`,
  'iu',
);

/** The informal words of one German text, as found (empty when it says "Sie" throughout). */
export function informalGerman(text: string): string[] {
  const found: string[] = [];
  const pronoun = pronouns.exec(text);
  if (pronoun?.[1]) found.push(pronoun[1]);
  const imperative = imperativeAtStart.exec(text);
  if (imperative?.[1]) found.push(imperative[1]);
  return found;
}

/** `key: "text" (informal: …)` for every message of a catalogue that is not in the "Sie" register. */
export function informalMessages(catalog: Readonly<Record<string, string>>): string[] {
  return Object.entries(catalog).flatMap(([key, text]) => {
    const found = informalGerman(text);
    return found.length > 0 ? [`${key}: "${text}" (informal: ${found.join(', ')})`] : [];
  });
}
