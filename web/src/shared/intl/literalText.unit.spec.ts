import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, WEB_DIR } from '../../../scripts/extract-messages';

/** Props whose text a user reads or a screen reader speaks. */
const TEXT_PROPS = new Set([
  'title',
  'aria-label',
  'aria-description',
  'placeholder',
  'alt',
  'label',
  // Blueprint's text-bearing props
  'text',
  'helperText',
  'labelInfo',
  'description',
  'content',
]);
const LETTER = /\p{L}/u;
/** A bare address such as the `https://` placeholder reads the same in every language. */
const URL_ONLY = /^[a-z][a-z\d+.-]*:\/\/\S*$/i;
const isWords = (text: string) => LETTER.test(text) && !URL_ONLY.test(text.trim());

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith('.tsx') && !/\.(spec|test)\.tsx$/.test(entry.name) ? [full] : [];
  });
}

function literalText(expression: ts.Expression): string | undefined {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return expression.text;
  if (ts.isTemplateExpression(expression))
    return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(' ');
  if (ts.isParenthesizedExpression(expression)) return literalText(expression.expression);
  if (ts.isConditionalExpression(expression))
    return [literalText(expression.whenTrue), literalText(expression.whenFalse)].filter(Boolean).join(' ');
  return undefined;
}

/** `file:line: text` for every piece of user-visible text written into the markup instead of a message. */
export function findLiteralText(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${fileName}:${line + 1}: ${text.trim().replace(/\s+/g, ' ')}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && isWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      const text = literalText(node.expression);
      if (text !== undefined && isWords(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const text = ts.isStringLiteral(init)
        ? init.text
        : ts.isJsxExpression(init) && init.expression
          ? literalText(init.expression)
          : undefined;
      if (text !== undefined && isWords(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('components render text only through FormatJS', () => {
  it('has no literal user-visible text in any component under web/src', () => {
    const found = componentFiles(SRC_DIR).flatMap((file) =>
      findLiteralText(relative(WEB_DIR, file), readFileSync(file, 'utf8')),
    );
    expect(found, 'declare the text with defineMessages and render it with intl.formatMessage').toEqual([]);
  });

  it('catches text nodes, literal expressions and text props, and lets messages, values and symbols pass', () => {
    const found = findLiteralText(
      'x.tsx',
      `const a = <p>Hello there</p>;
       const b = <input placeholder="Your name" aria-label={'Name'} title={\`Hi \${name}\`} />;
       const c = <img alt={ok ? 'Yes' : 'No'} />;
       const d = <span>{'Sold out'}</span>;
       const e = <p>{intl.formatMessage(m.hello)} – {count} · 12 × 3</p>;
       const f = <input placeholder={intl.formatMessage(m.name)} className="field-name" type="email" alt="" />;
       const g = <Button text="B" /> ;
       const h = <input placeholder="https://" />;`,
    );
    expect(found).toEqual([
      'x.tsx:1: Hello there',
      'x.tsx:2: Your name',
      'x.tsx:2: Name',
      'x.tsx:2: Hi',
      'x.tsx:3: Yes No',
      'x.tsx:4: Sold out',
      'x.tsx:7: B',
    ]);
  });
});
