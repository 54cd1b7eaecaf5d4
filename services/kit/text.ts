/**
 * Characters no text field accepts: C0 controls except tab, newline and carriage return, DEL and the C1
 * controls, the bidi embedding, override and isolate controls (they make text display other than it reads:
 * "Trojan Source"), and lone UTF-16 surrogates (not encodable as UTF-8). PostgreSQL cannot store NUL in text
 * at all, so one such character accepted at the edge used to stop a projection.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;
/** In single-line text (names, titles, query parameters) tab, newline and carriage return are refused too. */
const lineBreakOrTab = /[\t\n\r]/;

/** The first forbidden character of `text` as `U+XXXX`, or null when the text is acceptable. */
export function forbiddenCharacter(text: string, lines: 'single' | 'multi' = 'multi'): string | null {
  const match = forbidden.exec(text) ?? (lines === 'single' ? lineBreakOrTab.exec(text) : null);
  if (!match) return null;
  return `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

export function forbiddenCharacterMessage(codePoint: string): string {
  return `Contains a character that is not allowed (${codePoint})`;
}
