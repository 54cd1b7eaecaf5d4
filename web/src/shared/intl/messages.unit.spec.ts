import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import {
  EN_JSON,
  extractFromSource,
  extractMessages,
  toCatalog,
  type Extraction,
} from '../../../scripts/extract-messages';

const HOW_TO_FIX = 'run: node --import tsx web/scripts/extract-messages.ts';

const extraction = extractMessages();
const en = JSON.parse(readFileSync(EN_JSON, 'utf8')) as Record<string, string>;

describe('every user-visible string is an extracted English message', () => {
  it('declares every message with a literal id and text, one text per id', () => {
    expect(extraction.problems).toEqual([]);
    expect(extraction.messages.size).toBeGreaterThan(50);
  });

  it('has every id used in the code in en.json', () => {
    const missing = [...extraction.usedIds].filter((id) => !(id in en)).sort();
    expect(missing, `ids missing from en.json — ${HOW_TO_FIX}`).toEqual([]);
  });

  it('has no stale ids in en.json', () => {
    const stale = Object.keys(en)
      .filter((id) => !extraction.usedIds.has(id))
      .sort();
    expect(stale, `en.json ids no longer in the code — ${HOW_TO_FIX}`).toEqual([]);
  });

  it('has the current English text for every id', () => {
    expect(en, `en.json texts differ from the code — ${HOW_TO_FIX}`).toEqual(toCatalog(extraction));
  });

  it('has only valid ICU message syntax', () => {
    const intl = createIntl({ locale: 'en', messages: en });
    const broken = Object.entries(en).flatMap(([id, text]) => {
      try {
        intl.formatters.getMessageFormat(text, 'en');
        return [];
      } catch (error) {
        return [`${id}: ${String(error)}`];
      }
    });
    expect(broken).toEqual([]);
  });
});

describe('the extractor', () => {
  const extract = (file: string, code: string): Extraction => {
    const result: Extraction = { messages: new Map(), usedIds: new Set(), problems: [] };
    extractFromSource(file, code, result);
    return result;
  };

  it('reads defineMessages and inline ids', () => {
    const result = extract(
      'x.tsx',
      `const m = defineMessages({ a: { id: 'x.a', defaultMessage: 'A {n}', description: 'd' } });
       const el = <FormattedMessage id="x.inline" />;
       intl.formatMessage({ id: 'x.call' });`,
    );
    expect(result.messages.get('x.a')).toMatchObject({
      id: 'x.a',
      defaultMessage: 'A {n}',
      description: 'd',
    });
    expect([...result.usedIds].sort()).toEqual(['x.a', 'x.call', 'x.inline']);
  });

  it('reports one id declared with two texts', () => {
    const result = extract(
      'y.ts',
      `defineMessages({ a: { id: 'dup', defaultMessage: 'One' } }); defineMessages({ b: { id: 'dup', defaultMessage: 'Two' } });`,
    );
    expect(result.problems).toHaveLength(1);
  });
});
