import { describe, expect, it } from 'vitest';
import {
  allCatalogProblems,
  catalogPath,
  catalogProblems,
  readCatalog,
} from '../../../scripts/check-catalogs';
import { EN_JSON } from '../../../scripts/extract-messages';
import { SUPPORTED_LOCALES } from './locale';

const HOW_TO_FIX =
  'translate every new or changed message of en.json in all seven catalogues (docs/i18n.md); ' +
  'node --import tsx web/scripts/check-catalogs.ts lists the gaps';

describe('every locale has every message of en.json', () => {
  it('has a complete catalogue for each offered locale, with the English placeholders', () => {
    expect(allCatalogProblems(), HOW_TO_FIX).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))(
    'keeps %s in the order of en.json',
    (locale) => {
      const order = Object.keys(readCatalog(EN_JSON));
      const keys = Object.keys(readCatalog(catalogPath(locale)));
      expect(keys).toEqual(order.filter((id) => keys.includes(id)));
    },
  );
});

describe('the catalogue check', () => {
  const en = {
    'a.plain': 'Hello {name}',
    'a.count': '{count, plural, one {# ticket} other {# tickets}}',
    'a.link': 'Have an account? <link>Log in</link>',
    'a.role': '{role, select, ADMIN {Admin} other {Organizer}}',
    'a.date': 'On {day, date, medium}',
  };
  const de = {
    'a.plain': 'Hallo {name}',
    'a.count': '{count, plural, one {# Ticket} other {# Tickets}}',
    'a.link': 'Schon ein Konto? <link>Anmelden</link>',
    'a.role': '{role, select, ADMIN {Admin} other {Veranstalter}}',
    'a.date': 'Am {day, date, medium}',
  };

  it('accepts a faithful translation', () => {
    expect(catalogProblems(en, de, 'de')).toEqual([]);
  });

  it('reports a missing and an extra key', () => {
    const { ['a.plain']: _dropped, ...rest } = de;
    expect(catalogProblems(en, { ...rest, 'a.stale': 'Alt' }, 'de')).toEqual([
      'de: a.plain is missing',
      'de: a.stale is not in en.json',
    ]);
  });

  it('reports a renamed placeholder, a changed argument kind and a renamed tag', () => {
    const problems = catalogProblems(
      en,
      {
        ...de,
        'a.plain': 'Hallo {nom}',
        'a.date': 'Am {day}',
        'a.link': 'Schon ein Konto? <a>Anmelden</a>',
      },
      'de',
    );
    expect(problems).toEqual([
      'de: a.plain has placeholders [nom:text] where English has [name:text]',
      'de: a.link has placeholders [a:tag] where English has [link:tag]',
      'de: a.date has placeholders [day:text] where English has [day:date]',
    ]);
  });

  it('reports a message that is not valid ICU, and an empty one', () => {
    const problems = catalogProblems(en, { ...de, 'a.plain': 'Hallo {name', 'a.date': ' ' }, 'de');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^de: a\.plain is not valid ICU/);
    expect(problems[1]).toBe('de: a.date is empty');
  });

  it('reports a plural left as text, renamed select options and plural categories the locale lacks', () => {
    const problems = catalogProblems(
      en,
      {
        ...de,
        'a.count': '{count} Tickets',
        'a.role': '{role, select, ADMINISTRATOR {Admin} other {Veranstalter}}',
      },
      'de',
    );
    expect(problems).toEqual([
      'de: a.count has placeholders [count:text] where English has [count:plural]',
      'de: a.role selects role on [ADMINISTRATOR,other] where English has [ADMIN,other]',
    ]);
    expect(
      catalogProblems(en, { ...de, 'a.count': '{count, plural, one {# 张} other {# 张}}' }, 'zh-cn'),
    ).toEqual(
      expect.arrayContaining(['zh-cn: a.count uses plural categories [one] that zh-cn does not have']),
    );
  });
});
