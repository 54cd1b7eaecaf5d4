import { describe, expect, it } from 'vitest';
import { informalGerman, informalMessages } from '../../../scripts/formalGerman';
import { catalogPath, readCatalog } from '../../../scripts/check-catalogs';

describe('German says "Sie" (docs/i18n.md)', () => {
  it('has no informal form in the web catalogue', () => {
    expect(
      informalMessages(readCatalog(catalogPath('de'))),
      'write these with "Sie" ("Geben Sie …", "Ihr …"), as the rest of de.json does',
    ).toEqual([]);
  });

  it('finds the informal pronouns and imperatives, and lets the formal forms and look-alikes pass', () => {
    expect(informalGerman('Zahl, was du möchtest, mindestens {amount}')).toEqual(['du', 'Zahl']);
    expect(informalGerman('Dein Betrag für {title}')).toEqual(['Dein']);
    expect(informalGerman('Gib einen Namen ein.')).toEqual(['Gib']);
    expect(informalGerman('Codes für Rabatte. Teile einen Link.')).toEqual(['Teile']);
    expect(informalGerman('Gib eine Zahl ein oder lass das Feld leer.')).toEqual(['Gib']);
    expect(informalGerman('Eine Zahl ab 1, oder lass das Feld leer.')).toEqual(['lass']);
    expect(informalGerman('Bitte wähle ein Ticket.')).toEqual(['wähle']);
    expect(informalGerman('Öffne die Seite.')).toEqual(['Öffne']);
    for (const formal of [
      'Geben Sie einen Namen ein.',
      'Wählen Sie mindestens ein Ticket.',
      'Ihr Betrag für {title}',
      'Teilen Sie einen Link, der den Code anwendet.',
      'Diese Veranstaltung existiert nicht oder gehört zu einem anderen Konto.',
      'Jede teilnehmende Person erhält ihr eigenes Ticket.',
      'Die Zahl der Plätze',
      'Direkt zum Dienst',
    ])
      expect(informalGerman(formal), formal).toEqual([]);
  });
});
